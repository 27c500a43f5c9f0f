//! Constants, indices, broadcasts and the structural ops: `constant`, `iota`,
//! `dynamic_iota`, `broadcast_in_dim`, `dynamic_broadcast_in_dim`, `reshape`,
//! `dynamic_reshape`, `transpose`, `concatenate`, `slice`, `dynamic_slice` and
//! `get_dimension_size`.

use crate::support::{
    TENSOR, VResult, dims, operand_ty, parse_functional_types, plain, print_functional_types,
    result_ty,
};
use std::fmt;
use tensor_ir::attrs::AttrKind;
use tensor_ir::module::OperationState;
use tensor_ir::ods::attr_types::{AttrType, DenseI64ArrayAttr, DenseTensor, I64Attr, i64_slice};
use tensor_ir::parse::{PResult, Parser, Tok};
use tensor_ir::print::OpPrinter;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, DYNAMIC, Module, OpId};

/// `functional-type(operands, results)` after the attributes.
macro_rules! fmt_fn {
    ($head:literal) => {
        Syntax::Format(
            concat!($head, " attr-dict `:` functional-type(operands, results)"),
            &[],
        )
    };
}

/// The `array<i64: ...>` property `name` of `op`.
fn i64s<'c>(ctx: &'c Context, module: &Module, op: OpId, name: &str) -> Option<&'c [i64]> {
    let a = module.get_attr_named(ctx, op, name)?;
    i64_slice(ctx, a)
}

fn parse_constant(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    state.attrs = p.parse_optional_attr_dict()?;
    let pos = p.pos();
    let value = DenseTensor::CONSTRAINT.parse;
    let value = value(p)?;
    let ty = match p.ctx.attr_kind(value) {
        AttrKind::DenseElements { ty, .. } => *ty,
        _ => return Err(p.error_at(pos, "expected a dense elements attribute")),
    };
    let name = p.ctx.sym("value");
    state.props.push(tensor_ir::NamedAttr { name, value });
    state.result_types.push(ty);
    Ok(())
}

fn print_constant(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let attrs = p.module.op(op).attrs();
    p.print_optional_attr_dict(attrs, &[])?;
    p.write(" ");
    match p.module.get_attr_named(p.ctx, op, "value") {
        Some(v) => p.print_attr(v),
        None => Ok(()),
    }
}

/// The result has the value's type.
fn verify_constant(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(v), Some(r)) = (
        module.get_attr_named(ctx, op, "value"),
        result_ty(module, op, 0),
    ) else {
        return Ok(());
    };
    if let AttrKind::DenseElements { ty, .. } = ctx.attr_kind(v)
        && *ty != r
    {
        return plain(
            module,
            op,
            format!(
                "'stablehlo.constant' op inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
                ctx.ty(*ty),
                ctx.ty(r)
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// A constant tensor: `%c = stablehlo.constant dense<1> : tensor<i32>`.
    pub struct ConstantOp = "stablehlo.constant" {
        summary: "constant tensor",
        traits: [OpTrait::Pure],
        operands: {},
        results: { output: TENSOR },
        attributes: { value: DenseTensor },
        syntax: Syntax::Custom(parse_constant, print_constant),
        verify: verify_constant,
    }
}

/// `iota_dimension` is a dim of the result.
fn verify_iota(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(d) = module
        .get_attr_named(ctx, op, "iota_dimension")
        .and_then(|a| I64Attr::get(ctx, a))
    else {
        return Ok(());
    };
    let Some(rank) = result_ty(module, op, 0)
        .and_then(|t| dims(ctx, t))
        .map(<[i64]>::len)
    else {
        return Ok(());
    };
    if d < 0 {
        return plain(
            module,
            op,
            "iota dimension cannot go beyond the output rank or be negative.",
        );
    }
    if usize::try_from(d).is_ok_and(|d| d >= rank) {
        return plain(
            module,
            op,
            "iota dimension cannot go beyond the output rank.",
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Indices along `iota_dimension`: `%0 = stablehlo.iota dim = 0 : tensor<4xi32>`.
    pub struct IotaOp = "stablehlo.iota" {
        summary: "indices along a dim",
        traits: [OpTrait::Pure],
        operands: {},
        results: { output: TENSOR },
        attributes: { iota_dimension: I64Attr },
        syntax: Syntax::Format("`dim` `=` $iota_dimension attr-dict `:` type($output)", &[]),
        verify: verify_iota,
    }
}

tensor_ir::op! {
    /// `stablehlo.iota` of a run-time shape:
    /// `%0 = stablehlo.dynamic_iota %shape, dim = 0 : (tensor<2xi32>) -> tensor<?x4xi32>`.
    pub struct DynamicIotaOp = "stablehlo.dynamic_iota" {
        summary: "indices along a dim, of a run-time shape",
        traits: [OpTrait::Pure],
        operands: { output_shape: TENSOR },
        results: { result: TENSOR },
        attributes: { iota_dimension: I64Attr },
        syntax: fmt_fn!("$output_shape `,` `dim` `=` $iota_dimension"),
        verify: verify_iota,
    }
}

/// `broadcast_dimensions` maps each operand dim to a result dim (upstream's
/// `verifyBroadcastInDimOp` and `verifyDynamicBroadcastInDimOp`); with a static
/// result, each operand size is 1 or the result's.
fn verify_broadcast(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(a), Some(r)) = (operand_ty(module, op, 0), result_ty(module, op, 0)) else {
        return Ok(());
    };
    let Some(bd) = i64s(ctx, module, op, "broadcast_dimensions") else {
        return Ok(());
    };
    let (Some(ad), Some(rd)) = (dims(ctx, a), dims(ctx, r)) else {
        return Ok(());
    };
    if bd.len() != ad.len() {
        return plain(
            module,
            op,
            format!(
                "broadcast_dimensions size ({}) does not match operand rank ({})",
                bd.len(),
                ad.len()
            ),
        );
    }
    if rd.len() < ad.len() {
        return plain(
            module,
            op,
            format!(
                "result rank ({}) is less than operand rank ({})",
                rd.len(),
                ad.len()
            ),
        );
    }
    let mut seen = vec![false; rd.len()];
    for (i, &d) in bd.iter().enumerate() {
        let Some(slot) = usize::try_from(d).ok().filter(|&u| u < rd.len()) else {
            return plain(
                module,
                op,
                format!(
                    "broadcast_dimensions contains invalid value {d} for result with rank {}",
                    rd.len()
                ),
            );
        };
        if std::mem::replace(&mut seen[slot], true) {
            return plain(
                module,
                op,
                "broadcast_dimensions should not have duplicates",
            );
        }
        let (s, t) = (ad[i], rd[slot]);
        if s != DYNAMIC && t != DYNAMIC && s != 1 && s != t {
            return plain(
                module,
                op,
                format!(
                    "size of operand dimension {i} ({s}) is not equal to 1 or size of result dimension {slot} ({t})"
                ),
            );
        }
    }
    Ok(())
}

tensor_ir::op! {
    /// Broadcasts `operand` to the static result type, dim `i` of the operand
    /// becoming dim `broadcast_dimensions[i]` of the result:
    /// `stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>`.
    pub struct BroadcastInDimOp = "stablehlo.broadcast_in_dim" {
        summary: "broadcast to a static shape",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR },
        results: { result: TENSOR },
        attributes: { broadcast_dimensions: DenseI64ArrayAttr },
        syntax: fmt_fn!("$operand `,` `dims` `=` $broadcast_dimensions"),
        verify: verify_broadcast,
    }
}

tensor_ir::op! {
    /// `stablehlo.broadcast_in_dim` to the run-time shape `output_dimensions`;
    /// `known_expanding_dimensions` and `known_nonexpanding_dimensions` list the
    /// operand dims known to stretch (from 1) or not to.
    pub struct DynamicBroadcastInDimOp = "stablehlo.dynamic_broadcast_in_dim" {
        summary: "broadcast to a run-time shape",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR, output_dimensions: TENSOR },
        results: { result: TENSOR },
        attributes: {
            broadcast_dimensions: DenseI64ArrayAttr,
            known_expanding_dimensions?: DenseI64ArrayAttr,
            known_nonexpanding_dimensions?: DenseI64ArrayAttr,
        },
        syntax: fmt_fn!("$operand `,` $output_dimensions `,` `dims` `=` $broadcast_dimensions"),
        verify: verify_broadcast,
    }
}

/// Static shapes have the same number of elements.
fn verify_reshape(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(a), Some(r)) = (operand_ty(module, op, 0), result_ty(module, op, 0)) else {
        return Ok(());
    };
    let count = |t| {
        let d = dims(ctx, t)?;
        d.iter().try_fold(
            1i64,
            |n, &s| if s == DYNAMIC { None } else { n.checked_mul(s) },
        )
    };
    if let (Some(n), Some(m)) = (count(a), count(r))
        && n != m
    {
        return plain(
            module,
            op,
            format!(
                "number of output elements ({m}) doesn't match expected number of elements ({n})"
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Reshapes to the static result type:
    /// `stablehlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>`.
    pub struct ReshapeOp = "stablehlo.reshape" {
        summary: "reshape to a static shape",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR },
        results: { result: TENSOR },
        syntax: fmt_fn!("operands"),
        verify: verify_reshape,
    }
}

tensor_ir::op! {
    /// Reshapes to the run-time shape `output_shape`.
    pub struct DynamicReshapeOp = "stablehlo.dynamic_reshape" {
        summary: "reshape to a run-time shape",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR, output_shape: TENSOR },
        results: { result: TENSOR },
        syntax: fmt_fn!("operands"),
    }
}

/// `permutation` is a permutation of the operand's dims.
fn verify_transpose(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let (Some(a), Some(perm)) = (
        operand_ty(module, op, 0),
        i64s(ctx, module, op, "permutation"),
    ) else {
        return Ok(());
    };
    let Some(rank) = dims(ctx, a).map(<[i64]>::len) else {
        return Ok(());
    };
    if !broadcastable::in_dim::is_permutation(perm, rank) {
        let all: Vec<String> = (0..rank).map(|i| i.to_string()).collect();
        let got: Vec<String> = perm.iter().map(i64::to_string).collect();
        return plain(
            module,
            op,
            format!(
                "attribute permutation must be a permutation of [{}] but got {}",
                all.join(", "),
                got.join(", ")
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Permutes dims: `stablehlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>`.
    pub struct TransposeOp = "stablehlo.transpose" {
        summary: "permute dims",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR },
        results: { result: TENSOR },
        attributes: { permutation: DenseI64ArrayAttr },
        syntax: fmt_fn!("$operand `,` `dims` `=` $permutation"),
        verify: verify_transpose,
    }
}

/// The inputs have one rank, and `dimension` is one of their dims.
fn verify_concatenate(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(d) = module
        .get_attr_named(ctx, op, "dimension")
        .and_then(|a| I64Attr::get(ctx, a))
    else {
        return Ok(());
    };
    let ranks: Vec<Option<usize>> = module
        .operand_types(op)
        .iter()
        .map(|&t| dims(ctx, t).map(<[i64]>::len))
        .collect();
    let Some(first) = ranks.iter().flatten().next().copied() else {
        return Ok(());
    };
    if d < 0 || usize::try_from(d).is_ok_and(|u| u >= first) {
        return plain(
            module,
            op,
            format!("dimension {d} is out-of-bounds for input rank {first}"),
        );
    }
    if let Some(j) = ranks.iter().position(|r| r.is_some_and(|r| r != first)) {
        let i = ranks.iter().position(Option::is_some).unwrap_or(0);
        return plain(
            module,
            op,
            format!("operands ({i}) and ({j}) do not match rank"),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Concatenates along `dimension`:
    /// `stablehlo.concatenate %a, %b, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>`.
    pub struct ConcatenateOp = "stablehlo.concatenate" {
        summary: "concatenate along a dim",
        traits: [OpTrait::Pure],
        operands: { inputs*: TENSOR },
        results: { result: TENSOR },
        attributes: { dimension: I64Attr },
        syntax: Syntax::Custom(parse_concatenate, print_concatenate),
        verify: verify_concatenate,
    }
}

const SLICE_ATTRS: [&str; 3] = ["start_indices", "limit_indices", "strides"];

/// `[0:2, 1:3:2]`: `start:limit`, with `:stride` when it is not 1.
fn parse_slice(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let operand = p.parse_operand()?;
    let mut lists: [Vec<i64>; 3] = Default::default();
    p.expect(Tok::LSquare, "[")?;
    p.parse_comma_list(Tok::RSquare, "]", |p| {
        let one = |p: &mut Parser<'_>| -> PResult<i64> {
            let negative = p.consume_if(Tok::Minus)?;
            if !p.at(Tok::Integer) {
                return Err(p.error("expected integer"));
            }
            let v = p
                .token_text()
                .parse::<i64>()
                .map_err(|_| p.error("integer value too large for i64"))?;
            p.advance()?;
            Ok(if negative { -v } else { v })
        };
        let start = one(p)?;
        p.expect(Tok::Colon, ":")?;
        let limit = one(p)?;
        let stride = if p.consume_if(Tok::Colon)? {
            one(p)?
        } else {
            1
        };
        lists[0].push(start);
        lists[1].push(limit);
        lists[2].push(stride);
        Ok(())
    })?;
    for (name, list) in SLICE_ATTRS.iter().zip(&lists) {
        let value = p.ctx.i64_array_attr(list);
        let name = p.ctx.sym(name);
        state.props.push(tensor_ir::NamedAttr { name, value });
    }
    tensor_ir::parse::sort_props(p.ctx, &mut state.props);
    state.attrs = p.parse_optional_attr_dict()?;
    parse_functional_types(p, state, &[operand])?;
    Ok(())
}

fn print_slice(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let (ctx, module) = (p.ctx, p.module);
    p.write(" ");
    if let Some(&v) = module.operands(op).first() {
        p.print_operand(v)?;
    }
    let get = |name| i64s(ctx, module, op, name).unwrap_or_default();
    let (start, limit, strides) = (get("start_indices"), get("limit_indices"), get("strides"));
    let mut s = String::from(" [");
    for (i, (&a, &b)) in start.iter().zip(limit).enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(&format!("{a}:{b}"));
        if let Some(&st) = strides.get(i)
            && st != 1
        {
            s.push_str(&format!(":{st}"));
        }
    }
    s.push(']');
    p.write(&s);
    p.print_optional_attr_dict(module.op(op).attrs(), &[])?;
    print_functional_types(p, op)
}

/// Each `start:limit:stride` fits the operand.
fn verify_slice(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(a) = operand_ty(module, op, 0).and_then(|t| dims(ctx, t)) else {
        return Ok(());
    };
    let get = |name| i64s(ctx, module, op, name).unwrap_or_default();
    let (start, limit, strides) = (get("start_indices"), get("limit_indices"), get("strides"));
    if start.len() != a.len() || limit.len() != a.len() || strides.len() != a.len() {
        return plain(
            module,
            op,
            format!(
                "the number of elements in start_indices ({}) does not match the rank of the operand ({})",
                start.len(),
                a.len()
            ),
        );
    }
    for (i, &size) in a.iter().enumerate() {
        if start[i] < 0 {
            return plain(
                module,
                op,
                format!("negative start index {} in dimension {i}", start[i]),
            );
        }
        if size != DYNAMIC && limit[i] > size {
            return plain(
                module,
                op,
                format!(
                    "limit index {} is larger than dimension size {size} in dimension {i}",
                    limit[i]
                ),
            );
        }
        if start[i] > limit[i] {
            return plain(
                module,
                op,
                format!(
                    "start index {} is larger than limit index {} in dimension {i}",
                    start[i], limit[i]
                ),
            );
        }
        if strides[i] <= 0 {
            return plain(
                module,
                op,
                format!(
                    "stride must be positive but got {} in dimension {i}",
                    strides[i]
                ),
            );
        }
    }
    Ok(())
}

tensor_ir::op! {
    /// A static slice: `stablehlo.slice %x [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>`.
    pub struct SliceOp = "stablehlo.slice" {
        summary: "static slice",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR },
        results: { result: TENSOR },
        attributes: {
            limit_indices: DenseI64ArrayAttr,
            start_indices: DenseI64ArrayAttr,
            strides: DenseI64ArrayAttr,
        },
        syntax: Syntax::Custom(parse_slice, print_slice),
        verify: verify_slice,
    }
}

tensor_ir::op! {
    /// A slice of static sizes at run-time start indices:
    /// `stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 2] : (...) -> tensor<1x2xf32>`.
    pub struct DynamicSliceOp = "stablehlo.dynamic_slice" {
        summary: "slice at run-time indices",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR, start_indices*: TENSOR },
        results: { result: TENSOR },
        attributes: { slice_sizes: DenseI64ArrayAttr },
        syntax: Syntax::Custom(parse_dynamic_slice, print_dynamic_slice),
    }
}

/// `dimension` is a dim of the operand.
fn verify_dim_size(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(d) = module
        .get_attr_named(ctx, op, "dimension")
        .and_then(|a| I64Attr::get(ctx, a))
    else {
        return Ok(());
    };
    let Some(a) = operand_ty(module, op, 0).and_then(|t| dims(ctx, t)) else {
        return Ok(());
    };
    if d < 0 || usize::try_from(d).is_ok_and(|u| u >= a.len()) {
        return plain(
            module,
            op,
            format!(
                "requires dimension attribute in range [0, {}); found ({d})",
                a.len()
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// The run-time size of a dim, as `tensor<i32>`:
    /// `stablehlo.get_dimension_size %x, dim = 0 : (tensor<?x8xf32>) -> tensor<i32>`.
    pub struct GetDimensionSizeOp = "stablehlo.get_dimension_size" {
        summary: "size of a dim",
        traits: [OpTrait::Pure],
        operands: { operand: TENSOR },
        results: { result: TENSOR },
        attributes: { dimension: I64Attr },
        syntax: fmt_fn!("$operand `,` `dim` `=` $dimension"),
        verify: verify_dim_size,
    }
}

/// Operands each followed by `,`, up to the keyword that follows them
/// (upstream's `VariadicOperandWithAttribute`): `%a, %b, dim = 0`.
fn parse_operands_then<'a>(
    p: &mut Parser<'a>,
) -> PResult<Vec<tensor_ir::parse::UnresolvedOperand<'a>>> {
    let mut uses = Vec::new();
    while p.at(Tok::PercentIdent) {
        uses.push(p.parse_operand()?);
        p.expect(Tok::Comma, ",")?;
    }
    Ok(uses)
}

/// `keyword = value {attrs} : (A, B) -> R` after the operands `uses`; the value
/// is read by `value` and stored as property `prop`.
fn parse_keyword_tail<'a>(
    p: &mut Parser<'a>,
    state: &mut OperationState,
    uses: &[tensor_ir::parse::UnresolvedOperand<'a>],
    (keyword, prop): (&str, &str),
    value: fn(&mut Parser<'_>) -> PResult<tensor_ir::Attribute>,
) -> PResult<()> {
    p.parse_keyword(keyword)?;
    p.expect(Tok::Equal, "=")?;
    let value = value(p)?;
    let name = p.ctx.sym(prop);
    state.props.push(tensor_ir::NamedAttr { name, value });
    state.attrs = p.parse_optional_attr_dict()?;
    parse_functional_types(p, state, uses)?;
    Ok(())
}

/// ` %a, %b, keyword = ` then the value, attributes and types.
fn print_keyword_tail(
    p: &mut OpPrinter<'_>,
    op: OpId,
    (keyword, prop): (&str, &str),
    value: fn(&mut OpPrinter<'_>, tensor_ir::Attribute) -> fmt::Result,
) -> fmt::Result {
    let (ctx, module) = (p.ctx, p.module);
    p.write(" ");
    for &v in module.operands(op) {
        p.print_operand(v)?;
        p.write(", ");
    }
    p.write(keyword);
    p.write(" = ");
    if let Some(a) = module.get_attr_named(ctx, op, prop) {
        value(p, a)?;
    }
    p.print_optional_attr_dict(module.op(op).attrs(), &[])?;
    print_functional_types(p, op)
}

fn parse_concatenate(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let uses = parse_operands_then(p)?;
    parse_keyword_tail(
        p,
        state,
        &uses,
        ("dim", "dimension"),
        I64Attr::CONSTRAINT.parse,
    )
}

fn print_concatenate(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    print_keyword_tail(p, op, ("dim", "dimension"), I64Attr::CONSTRAINT.print)
}

fn parse_dynamic_slice(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let uses = parse_operands_then(p)?;
    parse_keyword_tail(
        p,
        state,
        &uses,
        ("sizes", "slice_sizes"),
        DenseI64ArrayAttr::CONSTRAINT.parse,
    )
}

fn print_dynamic_slice(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    print_keyword_tail(
        p,
        op,
        ("sizes", "slice_sizes"),
        DenseI64ArrayAttr::CONSTRAINT.print,
    )
}
