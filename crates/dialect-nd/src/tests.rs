//! Unit tests of the op table; behaviour is tested by the golden tests in
//! `test/Dialect/nd/`.

use super::*;
use broadcastable_ir::{BroadcastPolicy, policy_of};

#[test]
fn every_definition_is_well_formed() {
    let problems: Vec<String> = DIALECT
        .ops
        .iter()
        .flat_map(tensor_ir::ods::docs::validate)
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
    for def in DIALECT.ops {
        assert!(def.name.starts_with("nd."), "{}", def.name);
        assert!(
            !matches!(def.syntax, tensor_ir::registry::Syntax::Generic),
            "{} has no custom form",
            def.name
        );
        assert!(
            !def.description.is_empty(),
            "{} is not documented",
            def.name
        );
        // nd.assert's failure is its effect: pure, it would be erased as unused.
        assert!(
            def.has_trait(tensor_ir::OpTrait::Pure) != (def.name == assert::AssertOp::NAME),
            "{} is pure (all but nd.assert)",
            def.name
        );
    }
}

#[test]
fn names_are_unique_and_the_contract() {
    let mut names: Vec<&str> = DIALECT.ops.iter().map(|d| d.name).collect();
    names.sort_unstable();
    let n = names.len();
    names.dedup();
    assert_eq!(names.len(), n);
    for op in [
        "add",
        "sub",
        "mul",
        "div",
        "rem",
        "pow",
        "max",
        "min",
        "and",
        "or",
        "xor",
        "cmp",
        "select",
        "neg",
        "abs",
        "exp",
        "log",
        "sqrt",
        "tanh",
        "cast",
        "constant",
        "broadcast_in_dim",
        "broadcast_to",
        "broadcast",
        "assign",
        "shape_of",
        "dim",
        "broadcast_shapes",
        "reduce",
        "matmul",
    ] {
        assert!(names.contains(&format!("nd.{op}").as_str()), "{op}");
    }
}

#[test]
fn binary_ops_broadcast_numpy_or_xla() {
    let policy = BroadcastPolicy::NumPyOrExplicit {
        attr: "broadcast_dimensions",
    };
    for def in DIALECT.ops.iter().take(12) {
        assert_eq!(policy_of(def), Some(policy), "{}", def.name);
        assert!(def.is_inherent("broadcast_dimensions"));
    }
}

#[test]
fn registers() {
    let mut ctx = Context::new();
    register(&mut ctx);
    assert!(ctx.is_dialect_registered("nd"));
    assert!(!ctx.dialect_allows_unknown_ops("nd"));
}

/// `docs/dialect.md` is generated from the definitions; `UPDATE_DOCS=1` rewrites it.
#[test]
fn docs_are_in_sync() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/dialect.md");
    let generated = tensor_ir::ods::docs::dialect_markdown(&DIALECT);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &generated).expect("writing docs/dialect.md");
        return;
    }
    let current = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == generated,
        "docs/dialect.md is out of date: run `UPDATE_DOCS=1 cargo test -p tensor-dialect-nd docs_are_in_sync`"
    );
}

/// Every op that can broadcast (the Broadcastable trait, the explicit and N-ary
/// broadcasts, matmul's batch dims) has its lowering entry, and no other op has one.
#[test]
fn every_op_that_can_broadcast_is_lowered() {
    let mut ctx = Context::new();
    register(&mut ctx);
    let can_broadcast = |name: &str| {
        matches!(name, "nd.broadcast" | "nd.broadcast_to" | "nd.matmul")
            || DIALECT
                .ops
                .iter()
                .any(|d| d.name == name && policy_of(d).is_some())
    };
    let without = ctx.ops_without_interface::<broadcastable_ir::ExplicitBroadcast>("nd");
    let missing: Vec<&str> = without
        .iter()
        .copied()
        .filter(|n| can_broadcast(n))
        .collect();
    assert!(missing.is_empty(), "no lowering for {missing:?}");
    for def in DIALECT.ops {
        let has = !without.contains(&def.name);
        assert_eq!(has, can_broadcast(def.name), "{}", def.name);
    }
}

/// Dims of a type as `tensor_ir` spells them (`?` is `DYNAMIC`), or unranked.
fn dims_strategy() -> impl proptest::strategy::Strategy<Value = Option<Vec<i64>>> {
    use proptest::prelude::*;
    prop_oneof![
        1 => Just(None),
        6 => proptest::collection::vec(dim_strategy(), 0..5).prop_map(Some),
    ]
}

/// A dim: `?` or a small static size.
fn dim_strategy() -> impl proptest::strategy::Strategy<Value = i64> {
    use proptest::prelude::*;
    prop_oneof![Just(tensor_ir::DYNAMIC), 0i64..4]
}

/// The algebra's shape of `dims`.
fn shape_of(dims: Option<&[i64]>) -> broadcastable::Shape {
    match dims {
        Some(d) => broadcastable::Shape::ranked(crate::support::dims_of(d)),
        None => broadcastable::Shape::Unranked,
    }
}

proptest::proptest! {
    /// `nd.broadcast_to`'s verifier decides from the dims what
    /// `array_api::broadcast_to` decides from shapes.
    #[test]
    fn broadcasts_into_is_the_algebras_verdict(
        src in dims_strategy(),
        target in dims_strategy(),
    ) {
        let algebra = broadcastable::array_api::broadcast_to(
            &shape_of(src.as_deref()),
            &shape_of(target.as_deref()),
        );
        proptest::prop_assert_eq!(
            crate::broadcast::broadcasts_into(src.as_deref(), target.as_deref()),
            algebra.is_ok()
        );
    }

    /// `nd.broadcast_in_dim`'s verifier accepts from the dims what
    /// `in_dim::validate_in_dim` accepts from shapes.
    #[test]
    fn in_dim_fits_is_the_algebras_verdict(
        src in proptest::collection::vec(dim_strategy(), 0..4),
        res in proptest::collection::vec(dim_strategy(), 0..5),
        entries in proptest::collection::vec(-1i64..6, 5),
        extra in 0usize..2,
    ) {
        // One entry per operand dim half the time, one too many otherwise.
        let bd = &entries[..src.len() + extra];
        let algebra = broadcastable::in_dim::validate_in_dim(
            &crate::support::dims_of(&src),
            &crate::support::dims_of(&res),
            bd,
        );
        proptest::prop_assert_eq!(
            crate::broadcast::in_dim_fits(&src, &res, bd),
            algebra.is_ok()
        );
    }

    /// The length of `nd.broadcast_shapes`'s result under NumPy and ONNX rules is
    /// the rank of `onnx::common_shape` of operands of those ranks.
    #[test]
    fn broadcast_length_is_the_common_rank(
        lengths in proptest::collection::vec(proptest::option::of(0usize..5), 0..4),
    ) {
        let mut ctx = tensor_ir::Context::new();
        let types: Vec<tensor_ir::Type> = lengths
            .iter()
            .map(|n| {
                let len = n.map_or(tensor_ir::DYNAMIC, |n| i64::try_from(n).unwrap());
                crate::support::shape_type(&mut ctx, len)
            })
            .collect();
        let shapes: Vec<broadcastable::Shape> = lengths
            .iter()
            .map(|n| match n {
                Some(n) => broadcastable::Shape::ranked(
                    std::iter::repeat_n(broadcastable::Dim::Dynamic, *n),
                ),
                None => broadcastable::Shape::Unranked,
            })
            .collect();
        let expected = broadcastable::onnx::common_shape(&shapes)
            .ok()
            .and_then(|c| c.shape.rank());
        for policy in ["numpy", "onnx"] {
            proptest::prop_assert_eq!(
                crate::shape::broadcast_length(&ctx, &types, policy),
                expected
            );
        }
    }
}

#[test]
fn every_attribute_name_constant_is_declared_by_its_op() {
    use broadcast::{BroadcastInDimOp, BroadcastToOp};
    use constant::ConstantOp;
    use elementwise::{AddOp, CmpOp};
    use reduce::ReduceOp;
    use shape::BroadcastShapesOp;
    // The constants are the names the layers read; the definitions spell them as
    // identifiers. A renamed attribute fails here, not silently in a layer.
    let declared = [
        (AddOp::DEF, BROADCAST_DIMENSIONS),
        (CmpOp::DEF, BROADCAST_DIMENSIONS),
        (CmpOp::DEF, CmpOp::PREDICATE),
        (BroadcastInDimOp::DEF, BROADCAST_DIMENSIONS),
        (
            BroadcastInDimOp::DEF,
            BroadcastInDimOp::KNOWN_NONEXPANDING_DIMENSIONS,
        ),
        (BroadcastToOp::DEF, BroadcastToOp::SHAPE),
        (BroadcastShapesOp::DEF, BROADCAST_DIMENSIONS),
        (BroadcastShapesOp::DEF, BroadcastShapesOp::POLICY),
        (ReduceOp::DEF, ReduceOp::KIND),
        (ReduceOp::DEF, ReduceOp::DIMENSIONS),
        (ReduceOp::DEF, ReduceOp::KEEP_DIMS),
        (ConstantOp::DEF, ConstantOp::VALUE),
        (shape::DimOp::DEF, shape::DimOp::INDEX),
        (shape::ShapeSliceOp::DEF, shape::ShapeSliceOp::START),
        (shape::ShapeSliceOp::DEF, shape::ShapeSliceOp::END),
    ];
    for (def, name) in declared {
        assert!(
            def.is_inherent(name),
            "{} does not declare {name}",
            def.name
        );
    }
    // Every op whose Broadcastable trait reads explicit dims reads them under the
    // one name.
    for def in DIALECT.ops {
        if let Some(
            BroadcastPolicy::Explicit { attr } | BroadcastPolicy::NumPyOrExplicit { attr },
        ) = policy_of(def)
        {
            assert_eq!(attr, BROADCAST_DIMENSIONS, "{}", def.name);
            assert!(def.is_inherent(attr), "{}", def.name);
        }
    }
}

#[test]
fn shape_sources_are_declared_by_the_ops_that_keep_a_shape() {
    use shape_source::{ShapeSource, declared};
    for def in DIALECT.ops {
        let unary_elementwise = policy_of(def) == Some(BroadcastPolicy::NumPy)
            && def.operands.is_some_and(|g| g.len() == 1);
        let kept = unary_elementwise
            || [constant::CastOp::NAME, broadcast::AssignOp::NAME].contains(&def.name);
        let expected = kept.then_some(ShapeSource { operand: 0 });
        assert_eq!(declared(def), expected, "{}", def.name);
    }
    // Ops whose result shape is not an operand's declare none.
    for def in [
        broadcast::BroadcastToOp::DEF,
        elementwise::AddOp::DEF,
        elementwise::SelectOp::DEF,
        reduce::ReduceOp::DEF,
    ] {
        assert_eq!(declared(&def), None, "{}", def.name);
    }
}

#[test]
fn shape_source_reads_the_declared_operand() {
    let mut ctx = Context::new();
    register(&mut ctx);
    let buffer = ctx.add_source(
        "t.mlir",
        "%0 = nd.constant dense<1.0> : tensor<2xf32>\n\
         %1 = nd.neg %0 : tensor<2xf32>\n\
         %2 = nd.add %1, %1 : tensor<2xf32>\n",
    );
    let len = ctx.source(buffer).map_or(0, |b| b.text().len());
    let module = tensor_ir::parse::parse_source(&mut ctx, buffer, 0..len).expect("parses");
    let mut sources = Vec::new();
    if let Some(top) = module.top() {
        module.walk(top, |op| {
            let name = ctx.str(module.op(op).name()).to_owned();
            let source = shape_source::shape_source(&ctx, &module, op);
            sources.push((name, source.map(|v| module.operands(op)[0] == v)));
        });
    }
    let sources: Vec<(&str, Option<bool>)> =
        sources.iter().map(|(n, s)| (n.as_str(), *s)).collect();
    assert_eq!(
        sources,
        [
            ("builtin.module", None),
            ("nd.constant", None),
            ("nd.neg", Some(true)),
            ("nd.add", None),
        ]
    );
}
