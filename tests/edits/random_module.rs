//! Random modules: functions parsed from a skeleton, whose bodies are filled through
//! the edit API with unregistered `t.*` ops: random operands among the values in
//! scope, up to three results of a few types, nested regions of one or more blocks
//! with arguments, and branches between the blocks of a region.

use crate::Harness;
use crate::model::{Kind, Model};
use crate::oracle::visible_at;
use crate::rules::Point;
use proptest::collection::vec;
use proptest::prelude::*;
use tensor_ir::parse::parse_source;
use tensor_ir::{BlockId, Context, FloatKind, Location, OperationState, RegionId, Type};

/// The types values get, and how they are spelled.
pub const TYPE_NAMES: [&str; 4] = ["i32", "f32", "index", "tensor<2x?xi32>"];

#[derive(Clone, Debug)]
pub struct GenModule {
    pub funcs: Vec<GenFunc>,
}

#[derive(Clone, Debug)]
pub struct GenFunc {
    pub args: Vec<u8>,
    pub body: Vec<GenOp>,
}

#[derive(Clone, Debug)]
pub struct GenOp {
    /// Result types (indices into the type list).
    pub results: Vec<u8>,
    /// Operand picks among the values in scope.
    pub operands: Vec<u32>,
    pub regions: Vec<GenRegion>,
}

#[derive(Clone, Debug)]
pub struct GenRegion {
    pub blocks: Vec<GenBlock>,
}

#[derive(Clone, Debug)]
pub struct GenBlock {
    pub args: Vec<u8>,
    /// Successor picks of the block's terminator (regions of several blocks only;
    /// never the entry block, which may not have predecessors).
    pub succs: Vec<u32>,
    pub ops: Vec<GenOp>,
}

fn gen_region(op: BoxedStrategy<GenOp>) -> impl Strategy<Value = GenRegion> {
    let block = (
        vec(any::<u8>(), 0..=2),
        vec(any::<u32>(), 0..=2),
        vec(op, 0..=3),
    )
        .prop_map(|(args, succs, ops)| GenBlock { args, succs, ops });
    // Mostly one block; sometimes a small CFG.
    prop_oneof![
        3 => vec(block.clone(), 1..=1),
        2 => vec(block, 2..=4),
    ]
    .prop_map(|blocks| GenRegion { blocks })
}

fn gen_op() -> impl Strategy<Value = GenOp> {
    let leaf =
        (vec(any::<u8>(), 0..=3), vec(any::<u32>(), 0..=3)).prop_map(|(results, operands)| GenOp {
            results,
            operands,
            regions: Vec::new(),
        });
    leaf.prop_recursive(3, 24, 4, |inner| {
        (
            vec(any::<u8>(), 0..=3),
            vec(any::<u32>(), 0..=3),
            vec(gen_region(inner), 1..=2),
        )
            .prop_map(|(results, operands, regions)| GenOp {
                results,
                operands,
                regions,
            })
    })
}

pub fn gen_module() -> impl Strategy<Value = GenModule> {
    let func = (vec(any::<u8>(), 0..=3), vec(gen_op(), 1..=6))
        .prop_map(|(args, body)| GenFunc { args, body });
    vec(func, 1..=3).prop_map(|funcs| GenModule { funcs })
}

/// The `func.func` skeleton: one empty function (just `return`) per generated one.
fn skeleton(g: &GenModule) -> String {
    let mut text = String::from("module {\n");
    for (i, f) in g.funcs.iter().enumerate() {
        let args: Vec<String> = f
            .args
            .iter()
            .enumerate()
            .map(|(j, &t)| format!("%a{j}: {}", TYPE_NAMES[t as usize % TYPE_NAMES.len()]))
            .collect();
        text += &format!(
            "  func.func @f{i}({}) {{\n    return\n  }}\n",
            args.join(", ")
        );
    }
    text + "}\n"
}

impl Harness {
    /// Parses the skeleton of `g`, then fills the function bodies through the API,
    /// keeping the model in step.
    pub fn build(g: &GenModule) -> Harness {
        let mut ctx = Context::new();
        tensor_dialect_func::register(&mut ctx);
        ctx.set_allow_unregistered(true);
        let i32 = ctx.i(32);
        let types = vec![
            i32,
            ctx.float_type(FloatKind::F32),
            ctx.index_type(),
            ctx.tensor_type(&[2, tensor_ir::DYNAMIC], i32),
        ];
        let text = skeleton(g);
        let len = text.len();
        let buf = ctx.add_source("skeleton.mlir", text);
        let m = parse_source(&mut ctx, buf, 0..len).expect("the skeleton parses");
        let model = Model::import(&ctx, &m);
        let mut h = Harness {
            ctx,
            m,
            model,
            types,
            names: 0,
        };
        let funcs: Vec<_> = h.model.subtree(h.model.top)[1..]
            .iter()
            .copied()
            .filter(|&op| h.model.op(op).kind == Kind::Func)
            .collect();
        assert_eq!(funcs.len(), g.funcs.len());
        for (&func, gf) in funcs.iter().zip(&g.funcs) {
            let body = h.model.region(h.model.op(func).regions[0]).blocks[0];
            let ret = *h.model.block(body).ops.last().expect("return");
            for op in &gf.body {
                h.gen_op(op, Point::Before(ret));
            }
        }
        h
    }

    pub fn ty(&self, t: u8) -> Type {
        self.types[t as usize % self.types.len()]
    }

    /// A fresh op name, so diagnostics say which op they are about.
    pub fn fresh_name(&mut self, stem: &str) -> String {
        self.names += 1;
        format!("t.{stem}{}", self.names)
    }

    /// Creates a detached region with `blocks` blocks whose arguments have the types
    /// given, in model and module.
    pub fn new_region(&mut self, blocks: &[Vec<Type>]) -> (RegionId, Vec<BlockId>) {
        let r = self.m.create_region();
        self.model.add_region(r);
        let mut ids = Vec::new();
        for types in blocks {
            let b = self.m.create_block(types, Location::Unknown);
            self.model.add_block(&self.m, b, types);
            self.m.append_block(r, b).expect("a fresh block attaches");
            self.model.attach_block(r, b);
            ids.push(b);
        }
        (r, ids)
    }

    /// Creates a detached op in model and module.
    pub fn new_op(&mut self, state: OperationState) -> tensor_ir::OpId {
        let name = self.ctx.str(state.name).to_owned();
        let operands = state.operands.to_vec();
        let types = state.result_types.to_vec();
        let regions = state.regions.to_vec();
        let succs = state.successors.to_vec();
        let op = self.m.create_op(state);
        self.model
            .add_op(&self.m, op, name, Kind::T, operands, &types, regions, succs);
        op
    }

    /// Builds a generated op at `at` (a valid point), then its regions' contents.
    fn gen_op(&mut self, g: &GenOp, at: Point) {
        let (block, pos) = self.model.point(at).expect("a valid point");
        let scope = visible_at(&self.model, block, pos);
        let mut state = OperationState::new(
            {
                let n = self.fresh_name("op");
                self.ctx.sym(&n)
            },
            Location::Unknown,
        );
        if !scope.is_empty() {
            state.operands = g
                .operands
                .iter()
                .map(|&p| scope[p as usize % scope.len()])
                .collect();
        }
        state.result_types = g.results.iter().map(|&t| self.ty(t)).collect();
        let mut regions = Vec::new();
        for gr in &g.regions {
            let types: Vec<Vec<Type>> = gr
                .blocks
                .iter()
                .map(|b| b.args.iter().map(|&t| self.ty(t)).collect())
                .collect();
            let (r, blocks) = self.new_region(&types);
            state.regions.push(r);
            regions.push((gr, blocks));
        }
        let op = self.new_op(state);
        self.insert_checked(op, at);
        for (gr, blocks) in regions {
            // Terminators first, so the CFG (and so what is in scope) is final
            // before the blocks are filled.
            let n = blocks.len();
            let mut ends = Vec::new();
            for (gb, &b) in gr.blocks.iter().zip(&blocks) {
                if n == 1 {
                    ends.push(Point::End(b));
                    continue;
                }
                let name = self.fresh_name("br");
                let mut br = OperationState::new(self.ctx.sym(&name), Location::Unknown);
                br.successors = gb
                    .succs
                    .iter()
                    .map(|&p| blocks[1 + p as usize % (n - 1)])
                    .collect();
                let br = self.new_op(br);
                self.insert_checked(br, Point::End(b));
                ends.push(Point::Before(br));
            }
            for (gb, at) in gr.blocks.iter().zip(ends) {
                for inner in &gb.ops {
                    self.gen_op(inner, at);
                }
            }
        }
    }

    /// Inserts a detached op where the model says it may go.
    pub fn insert_checked(&mut self, op: tensor_ir::OpId, at: Point) {
        let expect = self.model.insert(op, at);
        let got = self.module_insert(op, at);
        expect.check(&got, "building the module");
        assert_eq!(got, Ok(()));
    }
}
