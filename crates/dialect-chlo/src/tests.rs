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
