use super::DIALECT;

#[test]
fn every_op_broadcasts() {
    for def in DIALECT.ops {
        assert!(
            broadcastable_ir::policy_of(def).is_some(),
            "{} lists no Broadcastable trait",
            def.name
        );
    }
}

#[test]
fn definitions_are_well_formed() {
    for def in DIALECT.ops {
        let problems = tensor_ir::ods::docs::validate(def);
        assert!(problems.is_empty(), "{}: {problems:?}", def.name);
    }
}

#[test]
fn every_broadcasting_op_is_lowered() {
    let mut ctx = tensor_ir::Context::new();
    super::register(&mut ctx);
    let without = ctx.ops_without_interface::<broadcastable_ir::ExplicitBroadcast>("chlo");
    // erf has one operand: nothing to broadcast.
    assert_eq!(without, [crate::ops::ErfOp::NAME]);
}
