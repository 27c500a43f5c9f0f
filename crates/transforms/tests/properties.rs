//! Properties of --cse, --dce and --canonicalize on random straight-line `nd`
//! programs: the output verifies, keeps every op with effects, and is a fixpoint
//! (CSE leaves no two equal Pure ops where one dominates the other, DCE leaves no
//! dead op, canonicalizing again changes nothing).

use proptest::prelude::*;
use tensor_ir::parse::parse_source;
use tensor_ir::pass::Pass;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::rewrite::is_trivially_dead;
use tensor_ir::verify::verify_module;
use tensor_ir::{Context, Module, OpId, OpTrait};
use tensor_transforms::canonicalize::Canonicalize;
use tensor_transforms::cse::Cse;
use tensor_transforms::dce::Dce;

/// One op of a random program, reading earlier values by index (mod their count).
#[derive(Clone, Debug)]
enum Op {
    Binary(&'static str, usize, usize),
    Unary(&'static str, usize),
    Constant(u8),
    CastSame(usize),
    ShapeOf(usize),
    Sink(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (
            prop::sample::select(vec!["nd.add", "nd.sub", "nd.mul"]),
            any::<usize>(),
            any::<usize>()
        )
            .prop_map(|(n, a, b)| Op::Binary(n, a, b)),
        (
            prop::sample::select(vec!["nd.neg", "nd.exp"]),
            any::<usize>()
        )
            .prop_map(|(n, a)| Op::Unary(n, a)),
        (0u8..3).prop_map(Op::Constant),
        any::<usize>().prop_map(Op::CastSame),
        any::<usize>().prop_map(Op::ShapeOf),
        any::<usize>().prop_map(Op::Sink),
    ]
}

/// The program's text; `ret` picks the values returned.
fn program(ops: &[Op], ret: &[usize]) -> String {
    let mut s = String::from("func.func @f(%a0: tensor<4xf32>, %a1: tensor<4xf32>) -> (");
    s.push_str(&vec!["tensor<4xf32>"; ret.len()].join(", "));
    s.push_str(") {\n");
    // Values of type tensor<4xf32>, by name.
    let mut vals: Vec<String> = vec!["%a0".into(), "%a1".into()];
    for (i, op) in ops.iter().enumerate() {
        let pick = |k: usize| vals[k % vals.len()].clone();
        let line = match op {
            Op::Binary(n, a, b) => {
                format!("%v{i} = {n} {}, {} : tensor<4xf32>", pick(*a), pick(*b))
            }
            Op::Unary(n, a) => format!("%v{i} = {n} {} : tensor<4xf32>", pick(*a)),
            Op::Constant(k) => format!("%v{i} = nd.constant dense<{k}.0> : tensor<4xf32>"),
            Op::CastSame(a) => format!(
                "%v{i} = nd.cast {} : tensor<4xf32> to tensor<4xf32>",
                pick(*a)
            ),
            Op::ShapeOf(a) => {
                s.push_str(&format!(
                    "  %s{i} = nd.shape_of {} : (tensor<4xf32>) -> tensor<1xindex>\n  \"test.sink\"(%s{i}) : (tensor<1xindex>) -> ()\n",
                    pick(*a)
                ));
                continue;
            }
            Op::Sink(a) => {
                s.push_str(&format!(
                    "  \"test.sink\"({}) : (tensor<4xf32>) -> ()\n",
                    pick(*a)
                ));
                continue;
            }
        };
        s.push_str("  ");
        s.push_str(&line);
        s.push('\n');
        vals.push(format!("%v{i}"));
    }
    let names: Vec<String> = ret.iter().map(|&k| vals[k % vals.len()].clone()).collect();
    s.push_str(&format!(
        "  return {} : {}\n}}\n",
        names.join(", "),
        vec!["tensor<4xf32>"; ret.len()].join(", ")
    ));
    s
}

fn context() -> Context {
    let mut ctx = Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_test::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    ctx
}

fn parse(ctx: &mut Context, text: &str) -> Module {
    let buffer = ctx.add_source("p.mlir", text.to_owned());
    let module = parse_source(ctx, buffer, 0..text.len()).expect("the generated program parses");
    assert!(
        !verify_module(ctx, &module).has_errors(),
        "the generated program verifies:\n{text}"
    );
    module
}

/// Runs `pass`; checks the output verifies; returns whether it changed the IR.
fn run(pass: &mut dyn Pass, ctx: &mut Context, module: &mut Module) -> bool {
    let outcome = pass.run(ctx, module).expect("the pass succeeds");
    let diags = verify_module(ctx, module);
    assert!(
        !diags.has_errors(),
        "output verifies: {diags:?}\n{}",
        text(ctx, module)
    );
    outcome.changed
}

fn text(ctx: &Context, module: &Module) -> String {
    let mut s = String::new();
    print_module(ctx, module, PrintOptions::default(), &mut s);
    s
}

fn ops(module: &Module) -> Vec<OpId> {
    module
        .top()
        .map(|t| module.collect_ops(t))
        .unwrap_or_default()
}

/// Ops that are not Pure (sinks, the return, the function, the module).
fn effects(ctx: &Context, module: &Module) -> usize {
    ops(module)
        .into_iter()
        .filter(|&o| {
            !ctx.op_def(module.op(o).name())
                .is_some_and(|d| d.has_trait(OpTrait::Pure))
        })
        .count()
}

fn same(module: &Module, a: OpId, b: OpId) -> bool {
    let (x, y) = (module.op(a), module.op(b));
    x.name() == y.name()
        && module.operands(a) == module.operands(b)
        && x.props() == y.props()
        && x.attrs() == y.attrs()
        && module.result_types(a) == module.result_types(b)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn cse_leaves_no_duplicate(ops_ in prop::collection::vec(op(), 0..40), ret in prop::collection::vec(any::<usize>(), 1..4)) {
        let text_in = program(&ops_, &ret);
        let mut ctx = context();
        let mut module = parse(&mut ctx, &text_in);
        let before = effects(&ctx, &module);
        run(&mut Cse, &mut ctx, &mut module);
        prop_assert_eq!(effects(&ctx, &module), before);
        let pure: Vec<OpId> = ops(&module)
            .into_iter()
            .filter(|&o| ctx.op_def(module.op(o).name()).is_some_and(|d| d.has_trait(OpTrait::Pure)))
            .collect();
        for (i, &a) in pure.iter().enumerate() {
            for &b in &pure[i + 1..] {
                prop_assert!(!same(&module, a, b), "duplicates left:\n{}", text(&ctx, &module));
            }
        }
    }

    #[test]
    fn dce_reaches_the_fixpoint_in_one_run(ops_ in prop::collection::vec(op(), 0..40), ret in prop::collection::vec(any::<usize>(), 1..4)) {
        let text_in = program(&ops_, &ret);
        let mut ctx = context();
        let mut module = parse(&mut ctx, &text_in);
        let before = effects(&ctx, &module);
        run(&mut Dce, &mut ctx, &mut module);
        prop_assert_eq!(effects(&ctx, &module), before);
        for o in ops(&module) {
            prop_assert!(!is_trivially_dead(&ctx, &module, o), "dead op left:\n{}", text(&ctx, &module));
        }
        prop_assert!(!run(&mut Dce, &mut ctx, &mut module));
    }

    #[test]
    fn canonicalize_is_idempotent(ops_ in prop::collection::vec(op(), 0..40), ret in prop::collection::vec(any::<usize>(), 1..4)) {
        let text_in = program(&ops_, &ret);
        let mut ctx = context();
        let mut module = parse(&mut ctx, &text_in);
        let before = effects(&ctx, &module);
        run(&mut Canonicalize, &mut ctx, &mut module);
        prop_assert_eq!(effects(&ctx, &module), before);
        for o in ops(&module) {
            prop_assert!(!is_trivially_dead(&ctx, &module, o), "dead op left:\n{}", text(&ctx, &module));
        }
        let once = text(&ctx, &module);
        prop_assert!(!run(&mut Canonicalize, &mut ctx, &mut module), "changed again:\n{once}");
        prop_assert_eq!(text(&ctx, &module), once);
    }
}
