use super::*;
use broadcastable::{BroadcastableOp, Policy, Shape, Typed};
use tensor_ir::attrs::AttrKind;
use tensor_ir::module::{OpId, OperationState};
use tensor_ir::registry::Dialect;
use tensor_ir::{Location, Module};

/// Adds `broadcast_dimensions = array<i64: ...>` to `op`.
fn set_broadcast_dimensions(ctx: &mut Context, module: &mut Module, op: OpId, dims: &[i64]) {
    let name = ctx.sym("broadcast_dimensions");
    let value = ctx.i64_array_attr(dims);
    module.set_attr(ctx, op, name, value);
}

static DIALECT: Dialect = Dialect {
    name: "bc",
    description: "",
    ops: &[
        OpDef {
            traits: &[NUMPY],
            ..OpDef::named("bc.add")
        },
        OpDef {
            traits: &[XLA],
            ..OpDef::named("bc.add_in_dim")
        },
        OpDef {
            traits: &[NUMPY_OR_XLA],
            ..OpDef::named("bc.add_maybe_in_dim")
        },
    ],
};

fn build(ctx: &mut Context, name: &str, operands: &[Type], results: &[Type]) -> (Module, OpId) {
    let mut module = Module::new();
    let block = module.create_block(operands, Location::Unknown);
    let args = module.block(block).args().to_vec();
    let mut state = OperationState::new(ctx.sym(name), Location::Unknown);
    state.operands.extend(args);
    state.result_types.extend(results.iter().copied());
    let op = module.create_op(state);
    module.append_op(block, op).expect("fresh op");
    (module, op)
}

#[test]
fn view_reads_types_and_policy() {
    let mut ctx = Context::new();
    ctx.register_dialect(&DIALECT);
    let f32 = ctx.float_type(tensor_ir::FloatKind::F32);
    let a = ctx.tensor_type(&[4, tensor_ir::DYNAMIC], f32);
    let b = ctx.unranked_tensor_type(f32);
    let (module, op) = build(&mut ctx, "bc.add", &[a, b], &[b]);
    let view = OpView::of(&ctx, &module, op).expect("broadcastable");
    assert_eq!(view.num_operands(), 2);
    assert_eq!(view.operand(0), Typed::tensor("4x?".parse().unwrap()));
    assert_eq!(view.operand(1), Typed::tensor(Shape::Unranked));
    assert_eq!(view.policy(), Policy::NumPy);
    assert_eq!(
        view.refined_result(Semantics::Spec),
        Ok(Some("4x?".parse().unwrap()))
    );
    let refined = with_shape(&mut ctx, b, &"4x?".parse().unwrap()).unwrap();
    assert_eq!(ctx.ty(refined).to_string(), "tensor<4x?xf32>");
}

#[test]
fn memo_gives_the_same_verdict_and_located_errors() {
    let mut ctx = Context::new();
    ctx.register_dialect(&DIALECT);
    let f32 = ctx.float_type(tensor_ir::FloatKind::F32);
    let t3 = ctx.tensor_type(&[3], f32);
    let t2 = ctx.tensor_type(&[2], f32);
    let (module, op) = build(&mut ctx, "bc.add", &[t3, t2], &[t3]);
    let mut v = BroadcastVerifier::new();
    for _ in 0..2 {
        let d = v
            .verify(&ctx, &module, op, BroadcastPolicy::NumPy)
            .unwrap_err();
        assert_eq!(
            d.message,
            "'bc.add' op operands don't have broadcast-compatible shapes"
        );
        assert_eq!(
            d.notes[0].message,
            "operand #0 ('tensor<3xf32>') dim 0 has size 3 but operand #1 ('tensor<2xf32>') dim 0 has size 2: they meet in result dim 0 and neither is 1"
        );
    }
    set_semantics(&mut ctx, Semantics::Mlir);
    let mut v = BroadcastVerifier::new();
    let d = v
        .verify(&ctx, &module, op, BroadcastPolicy::NumPy)
        .unwrap_err();
    assert!(d.notes.is_empty());
}

#[test]
fn malformed_explicit_dims_are_reported() {
    let mut ctx = Context::new();
    ctx.register_dialect(&DIALECT);
    let f32 = ctx.float_type(tensor_ir::FloatKind::F32);
    let t23 = ctx.tensor_type(&[2, 3], f32);
    let t3 = ctx.tensor_type(&[3], f32);
    let (mut module, op) = build(&mut ctx, "bc.add_in_dim", &[t23, t3], &[t23]);
    let policy = BroadcastPolicy::Explicit {
        attr: "broadcast_dimensions",
    };
    // Absent: `[]`, which is wrong for different ranks.
    let d = BroadcastVerifier::new()
        .verify(&ctx, &module, op, policy)
        .unwrap_err();
    assert!(d.message.contains("invalid broadcast dimensions"), "{d:?}");
    set_broadcast_dimensions(&mut ctx, &mut module, op, &[1]);
    assert!(
        BroadcastVerifier::new()
            .verify(&ctx, &module, op, policy)
            .is_ok()
    );
    let i32t = ctx.i(32);
    let i32_kind = tensor_ir::ElementKind::of(ctx.type_kind(i32t)).unwrap();
    let bad = ctx.intern_attr(AttrKind::DenseArray {
        elem: i32t,
        values: tensor_ir::ElementValues::from_ints(i32_kind, [1]).unwrap(),
    });
    let name = ctx.sym("broadcast_dimensions");
    module.set_attr(&ctx, op, name, bad);
    let d = BroadcastVerifier::new()
        .verify(&ctx, &module, op, policy)
        .unwrap_err();
    assert_eq!(
        d.message,
        "'bc.add_in_dim' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute"
    );
}

#[test]
fn numpy_or_explicit_switches_on_the_attribute() {
    let mut ctx = Context::new();
    ctx.register_dialect(&DIALECT);
    let f32 = ctx.float_type(tensor_ir::FloatKind::F32);
    let t4 = ctx.tensor_type(&[4], f32);
    let t12 = ctx.tensor_type(&[1, 2], f32);
    let t42 = ctx.tensor_type(&[4, 2], f32);
    let t14 = ctx.tensor_type(&[1, 4], f32);
    let policy = BroadcastPolicy::NumPyOrExplicit {
        attr: "broadcast_dimensions",
    };
    // Without the attribute: NumPy, so 4 with 1x2 is incompatible...
    let (mut module, op) = build(&mut ctx, "bc.add_maybe_in_dim", &[t4, t12], &[t42]);
    let d = BroadcastVerifier::new()
        .verify(&ctx, &module, op, policy)
        .unwrap_err();
    assert!(d.message.contains("broadcast-compatible"), "{d:?}");
    let view = OpView::new(&ctx, &module, op, policy);
    assert_eq!(view.policy(), Policy::NumPy);
    // ...and 4 with 1x4 is 1x4.
    let (numpy, op2) = build(&mut ctx, "bc.add_maybe_in_dim", &[t4, t14], &[t14]);
    assert!(
        BroadcastVerifier::new()
            .verify(&ctx, &numpy, op2, policy)
            .is_ok()
    );
    // With (0): seed 002's composition, 4 with 1x2 gives 4x2.
    set_broadcast_dimensions(&mut ctx, &mut module, op, &[0]);
    let view = OpView::new(&ctx, &module, op, policy);
    assert_eq!(view.policy(), Policy::Explicit([0].into_iter().collect()));
    assert!(
        BroadcastVerifier::new()
            .verify(&ctx, &module, op, policy)
            .is_ok()
    );
}
