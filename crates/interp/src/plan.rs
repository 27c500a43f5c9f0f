//! Compiling a function into steps: kernels looked up once, values numbered into
//! slots, each operand marked when it is its value's last use (so the value is
//! moved, not cloned, and its buffer dies as early as it can), and elementwise
//! chains grouped for fusion.
//!
//! Fusion: an elementwise op all of whose users are elementwise ops of the same
//! element type in one group, in the same block, joins that group (a chain, or
//! a DAG where a value feeds several ops of the group). The group runs where
//! its root (the last op) was, in one pass over memory. An op fused away leaves a
//! shape check in its place when its shapes are dynamic, so that a run-time
//! broadcast error is still reported at the op, in program order. Integer
//! division, remainder and power never fuse: they check their operands first.
//!
//! A group whose result an `nd.reduce` over its last dims reads also carries
//! that reduction ([`RowReduce`]), which it computes row by row as it goes.

use crate::elem::ElemType;
use crate::kernels::elementwise::{GArg, binary_policy_of};
use crate::kernels::{Kernel, KernelFn, type_layout};
use broadcastable::Policy;
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tensor_dialect_nd::scalar::ScalarFn;
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Module, OpId, Type, TypeKind, Value};

/// Groups hold at most this many ops: each node of a chain needs a block buffer.
const MAX_GROUP: usize = 16;

/// An operand of a step.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Use {
    pub slot: u32,
    /// The value's last use: move it out of its slot.
    pub last: bool,
}

/// A node of a fused group.
#[derive(Clone, Debug)]
pub(crate) struct PNode {
    pub op: OpId,
    pub kind: ScalarFn,
    pub args: SmallVec<[GArg; 2]>,
    pub policy: Policy,
    pub ty: Type,
}

/// An `nd.reduce` over the last dims of a group's result, which the group
/// computes row by row as it writes them (`kernels/row_reduce.rs`). The
/// reduction's own step stays in place and runs when the group could not do
/// it (an empty or long row, a result of the wrong shape, no memory), so
/// its errors still come at its op, in program order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowReduce {
    pub op: OpId,
    pub kind: crate::kernels::reduce::Kind,
    pub keep: bool,
    /// How many of the last dims it reduces (a row is their product).
    pub dims: usize,
    pub ty: Type,
    /// The slot of the reduction's result.
    pub result: u32,
    /// The reduction is the group's only reader: its result need not be kept.
    pub only_user: bool,
}

/// An operand of a shape check: a value, or the shape of a fused op's result.
#[derive(Clone, Copy, Debug)]
pub(crate) enum CheckArg {
    Value(u32),
    Shape(u32),
}

/// One step of a plan.
#[derive(Debug)]
pub(crate) enum Step {
    /// An op with its own kernel.
    Op {
        op: OpId,
        kernel: KernelFn,
        operands: Vec<Use>,
        /// Slots of the results (`None`: unused, dropped at once).
        results: Vec<Option<u32>>,
        /// A terminator: its results are the function's.
        ret: bool,
        /// A reduction an earlier group may have computed ([`RowReduce`]):
        /// skipped when its result is there already.
        fused: bool,
    },
    /// A fused elementwise group; the last node is the root.
    Group {
        elem: ElemType,
        nodes: Vec<PNode>,
        operands: Vec<Use>,
        result: Option<u32>,
        /// A reduction over the root result's last dims, computed as its rows are.
        reduce: Option<RowReduce>,
    },
    /// The run-time shape check of an op fused into a later group.
    Check {
        op: OpId,
        policy: Policy,
        args: SmallVec<[CheckArg; 2]>,
        ty: Type,
        result: u32,
    },
}

/// A compiled function.
#[derive(Debug)]
pub(crate) struct Plan {
    pub inputs: Vec<Type>,
    pub slots: usize,
    pub args: Vec<u32>,
    pub steps: Vec<Step>,
    /// True when some step is a shape check (which needs the shape table).
    pub has_checks: bool,
    /// The contract of the arguments' `nd.dim_names`: pairs of (argument, dim)
    /// whose sizes must be equal on entry, the first of its name first.
    pub tied: Vec<Tied>,
}

/// Two argument dims one name ties: `(argument, dim)` each, and the name.
#[derive(Debug)]
pub(crate) struct Tied {
    pub first: (usize, usize),
    pub other: (usize, usize),
    pub name: String,
}

/// True when a type has `?` dims or no rank.
fn is_dynamic(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, .. } => dims.contains(&tensor_ir::DYNAMIC),
        TypeKind::UnrankedTensor { .. } => true,
        _ => false,
    }
}

/// The kernel of an elementwise op, and its element type, if it may be fused.
fn fusable(ctx: &Context, module: &Module, op: OpId) -> Option<(ScalarFn, ElemType)> {
    let Some(Kernel::Elementwise(kind)) = ctx.interface::<Kernel>(module.op(op).name()).copied()
    else {
        return None;
    };
    let ty = module.value_type(module.try_result(op, 0)?);
    let (elem, _) = type_layout(ctx, ty)?;
    (!kind.partial_on_integers() || elem.is_float()).then_some((kind, elem))
}

/// Compiles the body of `func` (a `func.func`).
pub(crate) fn compile(ctx: &Context, module: &Module, func: OpId) -> Result<Plan, Diagnostic> {
    let fail = |op: OpId, m: String| op_error(ctx, module, op, m);
    let (inputs, _) = tensor_dialect_func::function_signature(ctx, module, func)
        .ok_or_else(|| fail(func, "has no function type".into()))?;
    let region = *module
        .op(func)
        .regions()
        .first()
        .ok_or_else(|| fail(func, "has no body".into()))?;
    let blocks = module.region(region).blocks();
    let [block] = blocks[..] else {
        return Err(fail(
            func,
            format!(
                "has {} blocks; the interpreter runs functions of one block",
                blocks.len()
            ),
        ));
    };
    let ops: Vec<OpId> = module.block_ops(block).collect();
    let position: FxHashMap<OpId, usize> = ops.iter().enumerate().map(|(i, &o)| (o, i)).collect();

    // Slots: block arguments, then every result.
    let mut slot_of: FxHashMap<Value, u32> = FxHashMap::default();
    let mut next = 0u32;
    let mut new_slot = |v: Value, slot_of: &mut FxHashMap<Value, u32>| {
        slot_of.insert(v, next);
        next += 1;
        next - 1
    };
    let args: Vec<u32> = module
        .block(block)
        .args()
        .iter()
        .map(|&v| new_slot(v, &mut slot_of))
        .collect();
    for &op in &ops {
        for v in module.results(op) {
            new_slot(v, &mut slot_of);
        }
    }

    // Groups, from the last op back: an op joins its single user's group.
    let mut group_of: FxHashMap<OpId, OpId> = FxHashMap::default();
    let mut group_size: FxHashMap<OpId, usize> = FxHashMap::default();
    for &op in ops.iter().rev() {
        let Some((_, elem)) = fusable(ctx, module, op) else {
            // A checked integer op runs as a group of its own, after its check.
            if let Some(Kernel::Elementwise(_)) = ctx.interface::<Kernel>(module.op(op).name()) {
                group_of.insert(op, op);
                group_size.insert(op, 1);
            }
            continue;
        };
        // Every user of the result (one or several: `h * h`, or GELU's biased
        // input read by four ops) must be in one group, which the op joins.
        let result = module.try_result(op, 0);
        let users: SmallVec<[OpId; 4]> = result
            .map(|v| module.users(v).into_iter().collect())
            .unwrap_or_default();
        let joins = |user: &OpId| {
            position.contains_key(user)
                && fusable(ctx, module, *user).is_some_and(|(_, e)| e == elem)
        };
        let root = match users.first().and_then(|u| group_of.get(u)).copied() {
            Some(r)
                if users
                    .iter()
                    .all(|u| joins(u) && group_of.get(u) == Some(&r))
                    && group_size[&r] < MAX_GROUP =>
            {
                Some(r)
            }
            _ => None,
        };
        let root = root.unwrap_or(op);
        group_of.insert(op, root);
        *group_size.entry(root).or_default() += 1;
    }
    let mut members: FxHashMap<OpId, Vec<OpId>> = FxHashMap::default();
    for &op in &ops {
        if let Some(&root) = group_of.get(&op) {
            members.entry(root).or_default().push(op);
        }
    }

    // A group with any dynamic member checks the shapes of all its fused ops: a
    // check reads the shapes its fused operands' checks computed.
    let op_dynamic = |op: OpId| {
        module
            .results(op)
            .chain(module.operands(op).iter().copied())
            .any(|v| is_dynamic(ctx, module.value_type(v)))
    };
    let group_dynamic: FxHashMap<OpId, bool> = members
        .iter()
        .map(|(&root, ms)| (root, ms.iter().any(|&m| op_dynamic(m))))
        .collect();

    let slot = |v: Value| slot_of.get(&v).copied();
    let missing = |op: OpId| fail(op, "uses a value defined outside its function".into());
    // A group's first reader that reduces its last dims, if that result is used.
    let row_reduce = |root: OpId| -> Option<RowReduce> {
        let v = module.try_result(root, 0)?;
        let users: SmallVec<[OpId; 4]> = module.users(v).into_iter().collect();
        users.iter().find_map(|&q| {
            let (kind, keep, dims) = crate::kernels::reduce::trailing(ctx, module, q)?;
            let r = module.try_result(q, 0)?;
            (position.contains_key(&q) && module.has_uses(r)).then_some(RowReduce {
                op: q,
                kind,
                keep,
                dims,
                ty: module.value_type(r),
                result: slot(r)?,
                only_user: users.iter().all(|&u| u == q),
            })
        })
    };
    let mut fused_reduces: FxHashSet<OpId> = Default::default();
    let mut steps = Vec::with_capacity(ops.len());
    let mut has_checks = false;
    for &op in &ops {
        let name = module.op(op).name();
        let Some(kernel) = ctx.interface::<Kernel>(name).copied() else {
            return Err(fail(
                op,
                "has no kernel: the interpreter executes the ops of 'nd' and 'func'".into(),
            ));
        };
        let results: Vec<Option<u32>> = module
            .results(op)
            .map(|v| if module.has_uses(v) { slot(v) } else { None })
            .collect();
        match (kernel, group_of.get(&op).copied()) {
            (Kernel::Elementwise(kind), Some(root)) if root != op => {
                let ty = module.value_type(module.result(op, 0));
                let operands = module.operands(op);
                if group_dynamic.get(&root).copied().unwrap_or(true) {
                    has_checks = true;
                    let args = operands
                        .iter()
                        .map(|&v| {
                            let s = slot(v).ok_or_else(|| missing(op))?;
                            let fused = match module.value(v).def() {
                                tensor_ir::ValueDef::Result { op: def, .. } => {
                                    group_of.get(&def) == Some(&root)
                                }
                                _ => false,
                            };
                            Ok(if fused {
                                CheckArg::Shape(s)
                            } else {
                                CheckArg::Value(s)
                            })
                        })
                        .collect::<Result<_, Diagnostic>>()?;
                    let _ = kind;
                    steps.push(Step::Check {
                        op,
                        policy: binary_policy_of(ctx, module, op),
                        args,
                        ty,
                        result: slot(module.result(op, 0)).ok_or_else(|| missing(op))?,
                    });
                }
            }
            (Kernel::Elementwise(_), Some(root)) => {
                let group = &members[&root];
                let index: FxHashMap<OpId, usize> =
                    group.iter().enumerate().map(|(i, &o)| (o, i)).collect();
                let mut leaves: Vec<Value> = Vec::new();
                let mut nodes = Vec::with_capacity(group.len());
                for &m in group {
                    let mut node_args = SmallVec::new();
                    for &v in module.operands(m) {
                        let from_member = match module.value(v).def() {
                            tensor_ir::ValueDef::Result { op: def, .. } => index.get(&def).copied(),
                            _ => None,
                        };
                        node_args.push(match from_member {
                            Some(i) => GArg::Node(i),
                            None => {
                                let k = leaves.iter().position(|&l| l == v).unwrap_or_else(|| {
                                    leaves.push(v);
                                    leaves.len() - 1
                                });
                                GArg::Leaf(k)
                            }
                        });
                    }
                    let Some(Kernel::Elementwise(kind)) =
                        ctx.interface::<Kernel>(module.op(m).name()).copied()
                    else {
                        return Err(missing(m));
                    };
                    nodes.push(PNode {
                        op: m,
                        kind,
                        args: node_args,
                        policy: binary_policy_of(ctx, module, m),
                        ty: module.value_type(module.result(m, 0)),
                    });
                }
                let elem = type_layout(ctx, module.value_type(module.result(op, 0)))
                    .map(|(e, _)| e)
                    .ok_or_else(|| {
                        fail(
                            op,
                            "has a result type the interpreter does not execute".into(),
                        )
                    })?;
                // The verifier restricts each op to the kinds its function is
                // defined for; an unverified module still gets a located error.
                if let Some(node) = nodes.iter().find(|n| !n.kind.defined_for(elem.kind())) {
                    return Err(fail(
                        node.op,
                        format!("computes a function the element type {elem} does not have"),
                    ));
                }
                let operands = leaves
                    .iter()
                    .map(|&v| {
                        slot(v)
                            .map(|s| Use {
                                slot: s,
                                last: false,
                            })
                            .ok_or_else(|| missing(op))
                    })
                    .collect::<Result<_, _>>()?;
                let reduce = row_reduce(op);
                if let Some(r) = &reduce {
                    fused_reduces.insert(r.op);
                }
                steps.push(Step::Group {
                    elem,
                    nodes,
                    operands,
                    result: results.first().copied().flatten(),
                    reduce,
                });
            }
            (Kernel::Elementwise(_), None) => {
                return Err(fail(
                    op,
                    "has a result type the interpreter does not execute".into(),
                ));
            }
            (Kernel::Op(kernel), _) => {
                let operands = module
                    .operands(op)
                    .iter()
                    .map(|&v| {
                        slot(v)
                            .map(|s| Use {
                                slot: s,
                                last: false,
                            })
                            .ok_or_else(|| missing(op))
                    })
                    .collect::<Result<_, _>>()?;
                let ret = ctx.str(name) == tensor_dialect_func::ReturnOp::NAME;
                steps.push(Step::Op {
                    op,
                    kernel,
                    operands,
                    results,
                    ret,
                    fused: fused_reduces.contains(&op),
                });
            }
        }
    }
    mark_last_uses(&mut steps, next as usize);
    Ok(Plan {
        inputs,
        slots: next as usize,
        args,
        steps,
        has_checks,
        tied: tensor_dialect_nd::dim_names::tied(&tensor_dialect_nd::dim_names::named_dims(
            ctx, module, func,
        ))
        .into_iter()
        .map(|(f, o)| Tied {
            first: (f.arg, f.dim),
            other: (o.arg, o.dim),
            name: o.name.clone(),
        })
        .collect(),
    })
}

/// Marks, for every slot, the use after which nothing reads it.
fn mark_last_uses(steps: &mut [Step], slots: usize) {
    let mut seen = vec![false; slots];
    for step in steps.iter_mut().rev() {
        let uses: &mut [Use] = match step {
            Step::Op { operands, .. } | Step::Group { operands, .. } => operands,
            Step::Check { .. } => continue,
        };
        for u in uses.iter_mut().rev() {
            let s = u.slot as usize;
            if !seen[s] {
                seen[s] = true;
                u.last = true;
            }
        }
    }
}
