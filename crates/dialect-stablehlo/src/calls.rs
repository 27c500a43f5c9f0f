//! `stablehlo.dot_general` and `stablehlo.custom_call`.

use crate::attrs::{DotDims, DotDimsAttr, PrecisionConfigAttr, dot_dims, print_precisions};
use crate::support::{
    AnyAttr, TENSOR, VResult, dims, operand_ty, parse_functional_types, plain,
    print_functional_types, result_ty, show_dims,
};
use std::fmt;
use tensor_ir::attrs::AttrKind;
use tensor_ir::module::OperationState;
use tensor_ir::ods::attr_types::{AttrType, StrAttr, parse_i64_list};
use tensor_ir::parse::{PResult, Parser, Tok};
use tensor_ir::print::OpPrinter;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, DYNAMIC, Module, NamedAttr, OpId};

/// Reads `[a, b]` as a list.
fn parse_list(p: &mut Parser<'_>) -> PResult<Vec<i64>> {
    let a = parse_i64_list(p)?;
    Ok(p.ctx.as_i64_array(a).unwrap_or_default())
}

/// `[0] x [0]`.
fn parse_pair(p: &mut Parser<'_>) -> PResult<(Vec<i64>, Vec<i64>)> {
    p.expect(Tok::Equal, "=")?;
    let l = parse_list(p)?;
    p.parse_keyword("x")?;
    let r = parse_list(p)?;
    Ok((l, r))
}

/// `%a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1],
/// precision = [DEFAULT, DEFAULT] {attrs} : (A, B) -> R`.
fn parse_dot(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let lhs = p.parse_operand()?;
    p.expect(Tok::Comma, ",")?;
    let rhs = p.parse_operand()?;
    let mut d = DotDims::default();
    let mut precision = None;
    while p.consume_if(Tok::Comma)? {
        if p.parse_optional_keyword("batching_dims")? {
            let (l, r) = parse_pair(p)?;
            d.lists[0] = l;
            d.lists[1] = r;
        } else if p.parse_optional_keyword("contracting_dims")? {
            let (l, r) = parse_pair(p)?;
            d.lists[2] = l;
            d.lists[3] = r;
        } else {
            p.parse_keyword("precision")?;
            p.expect(Tok::Equal, "=")?;
            p.expect(Tok::LSquare, "[")?;
            let mut items = Vec::new();
            p.parse_comma_list(Tok::RSquare, "]", |p| {
                items.push(crate::attrs::parse_keyword(p, &crate::attrs::PRECISION)?);
                Ok(())
            })?;
            precision = Some(p.ctx.intern_attr(AttrKind::Array(items)));
        }
    }
    let value = DotDimsAttr::make(p.ctx, &d);
    let name = p.ctx.sym("dot_dimension_numbers");
    state.props.push(NamedAttr { name, value });
    if let Some(value) = precision {
        let name = p.ctx.sym("precision_config");
        state.props.push(NamedAttr { name, value });
    }
    state.attrs = p.parse_optional_attr_dict()?;
    parse_functional_types(p, state, &[lhs, rhs])?;
    Ok(())
}

fn print_dot(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let (ctx, module) = (p.ctx, p.module);
    p.write(" ");
    p.print_operands(module.operands(op))?;
    let d = module
        .get_attr_named(ctx, op, "dot_dimension_numbers")
        .and_then(|a| dot_dims(ctx, a))
        .unwrap_or_default();
    let mut s = String::new();
    if !d.lists[0].is_empty() || !d.lists[1].is_empty() {
        s.push_str(", batching_dims = ");
        crate::attrs::write_list(&mut s, &d.lists[0]);
        s.push_str(" x ");
        crate::attrs::write_list(&mut s, &d.lists[1]);
    }
    s.push_str(", contracting_dims = ");
    crate::attrs::write_list(&mut s, &d.lists[2]);
    s.push_str(" x ");
    crate::attrs::write_list(&mut s, &d.lists[3]);
    p.write(&s);
    if let Some(a) = module.get_attr_named(ctx, op, "precision_config") {
        p.write(", precision = ");
        print_precisions(p, a);
    }
    p.print_optional_attr_dict(module.op(op).attrs(), &[])?;
    print_functional_types(p, op)
}

/// The dims are in range and distinct, matched sizes agree, and the result has
/// the batch dims, then the free dims of each side (upstream's
/// `verifyDotGeneralOp` / `inferDotGeneralOp`).
fn verify_dot(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(a), Some(b), Some(r)) = (
        operand_ty(module, op, 0),
        operand_ty(module, op, 1),
        result_ty(module, op, 0),
    ) else {
        return Ok(());
    };
    let Some(d) = module
        .get_attr_named(ctx, op, "dot_dimension_numbers")
        .and_then(|x| dot_dims(ctx, x))
    else {
        return Ok(());
    };
    let (Some(ad), Some(bd)) = (dims(ctx, a), dims(ctx, b)) else {
        return Ok(());
    };
    let names = [
        "lhs_batching_dimensions",
        "rhs_batching_dimensions",
        "lhs_contracting_dimensions",
        "rhs_contracting_dimensions",
    ];
    for (i, list) in d.lists.iter().enumerate() {
        let rank = if i % 2 == 0 { ad.len() } else { bd.len() };
        for &v in list {
            if v < 0 || usize::try_from(v).is_ok_and(|u| u >= rank) {
                return plain(
                    module,
                    op,
                    format!("{} value: {v} is out of range: [0, {rank})", names[i]),
                );
            }
        }
    }
    if d.lists[0].len() != d.lists[1].len() {
        return plain(
            module,
            op,
            "lhs and rhs should have the same number of batching dimensions",
        );
    }
    if d.lists[2].len() != d.lists[3].len() {
        return plain(
            module,
            op,
            "lhs and rhs should have the same number of contracting dimensions",
        );
    }
    let size = |ds: &[i64], i: i64| {
        usize::try_from(i)
            .ok()
            .and_then(|u| ds.get(u))
            .copied()
            .unwrap_or(DYNAMIC)
    };
    let mismatch = |l: &[i64], r: &[i64]| {
        l.iter().zip(r).any(|(&x, &y)| {
            let (s, t) = (size(ad, x), size(bd, y));
            s != DYNAMIC && t != DYNAMIC && s != t
        })
    };
    if mismatch(&d.lists[0], &d.lists[1]) {
        return plain(
            module,
            op,
            "batching dimension sizes must match for lhs/rhs",
        );
    }
    if mismatch(&d.lists[2], &d.lists[3]) {
        return plain(
            module,
            op,
            "contracting dimension sizes must match for lhs/rhs",
        );
    }
    let mut inferred: Vec<i64> = d.lists[0].iter().map(|&i| size(ad, i)).collect();
    let free = |ds: &[i64], batch: &[i64], contract: &[i64]| {
        (0..ds.len())
            .filter(|&i| {
                let i = i64::try_from(i).unwrap_or(-1);
                !batch.contains(&i) && !contract.contains(&i)
            })
            .map(|i| ds[i])
            .collect::<Vec<_>>()
    };
    inferred.extend(free(ad, &d.lists[0], &d.lists[2]));
    inferred.extend(free(bd, &d.lists[1], &d.lists[3]));
    if let Some(rd) = dims(ctx, r)
        && !crate::support::shapes_compatible(Some(&inferred), Some(rd))
    {
        return plain(
            module,
            op,
            format!(
                "inferred shape '[{}]' is incompatible with return type of operation '{}'",
                show_dims(&inferred),
                ctx.ty(r)
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// A general dot product: batch dims, contracted dims, and the free dims of
    /// each side.
    ///
    /// ```mlir
    /// %r = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
    /// ```
    pub struct DotGeneralOp = "stablehlo.dot_general" {
        summary: "general dot product",
        traits: [OpTrait::Pure],
        operands: { lhs: TENSOR, rhs: TENSOR },
        results: { result: TENSOR },
        attributes: {
            dot_dimension_numbers: DotDimsAttr,
            precision_config?: PrecisionConfigAttr,
        },
        syntax: Syntax::Custom(parse_dot, print_dot),
        verify: verify_dot,
    }
}

/// The properties of `stablehlo.custom_call` its pretty form writes in the
/// attribute dictionary.
const CALL_PROPS: [&str; 7] = [
    "api_version",
    "backend_config",
    "called_computations",
    "has_side_effect",
    "operand_layouts",
    "output_operand_aliases",
    "result_layouts",
];

/// `@target(%a, %b) {attrs} : (A, B) -> R`.
fn parse_custom_call(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let target = p.parse_symbol_name()?;
    let target = p.ctx.str(target).to_string();
    let value = p.ctx.string_attr(&target);
    let name = p.ctx.sym("call_target_name");
    state.props.push(NamedAttr { name, value });
    p.expect(Tok::LParen, "(")?;
    let mut uses = Vec::new();
    p.parse_comma_list(Tok::RParen, ")", |p| {
        uses.push(p.parse_operand()?);
        Ok(())
    })?;
    for a in p.parse_optional_attr_dict()? {
        if CALL_PROPS.contains(&p.ctx.str(a.name)) {
            state.props.push(a);
        } else {
            state.attrs.push(a);
        }
    }
    tensor_ir::parse::sort_props(p.ctx, &mut state.props);
    parse_functional_types(p, state, &uses)?;
    Ok(())
}

/// Whether `a` is the default of property `name` (upstream's printer leaves
/// those out: `api_version = 1 : i32`, `has_side_effect = false`).
fn is_default(ctx: &Context, name: &str, a: tensor_ir::Attribute) -> bool {
    match (name, ctx.attr_kind(a)) {
        ("api_version", AttrKind::Integer { value, .. }) => *value == 1,
        ("has_side_effect", AttrKind::Bool(b)) => !b,
        _ => false,
    }
}

fn print_custom_call(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let (ctx, module) = (p.ctx, p.module);
    let o = module.op(op);
    let target = module
        .get_attr_named(ctx, op, "call_target_name")
        .and_then(|a| ctx.as_str_attr(a))
        .unwrap_or_default();
    let mut s = String::from(" ");
    tensor_ir::attrs::write_symbol_name(target, &mut s)?;
    p.write(&s);
    p.write("(");
    p.print_operands(module.operands(op))?;
    p.write(")");
    let mut all: Vec<NamedAttr> = o
        .props()
        .iter()
        .filter(|a| !is_default(ctx, ctx.str(a.name), a.value))
        .chain(o.attrs())
        .copied()
        .collect();
    all.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
    p.print_optional_attr_dict(&all, &["call_target_name"])?;
    print_functional_types(p, op)
}

tensor_ir::op! {
    /// A call to a target outside StableHLO. JAX's `@shape_assertion` checks its
    /// first operand at run time and reports `error_message`:
    ///
    /// ```mlir
    /// stablehlo.custom_call @shape_assertion(%ok, %b) {api_version = 2 : i32, error_message = "...", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
    /// ```
    pub struct CustomCallOp = "stablehlo.custom_call" {
        summary: "call to an external target",
        operands: { inputs*: TENSOR },
        results: { results*: TENSOR },
        attributes: {
            api_version?: AnyAttr,
            backend_config?: AnyAttr,
            call_target_name: StrAttr,
            called_computations?: AnyAttr,
            has_side_effect?: AnyAttr,
            operand_layouts?: AnyAttr,
            output_operand_aliases?: AnyAttr,
            result_layouts?: AnyAttr,
        },
        syntax: Syntax::Custom(parse_custom_call, print_custom_call),
    }
}
