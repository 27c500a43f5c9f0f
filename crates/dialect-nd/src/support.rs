//! Helpers every op family shares: structure and type checks worded for
//! users, attribute access, shapes for the `broadcastable` crate, and the
//! pieces of the custom syntax (`: (A, B) -> R`, `[1, 2]`, attribute
//! dictionaries holding inherent attributes).

use broadcastable::{Dim, Shape};
use smallvec::SmallVec;
use std::fmt;
use tensor_ir::parse::{PResult, Parser, Tok, UnresolvedOperand};
use tensor_ir::print::OpPrinter;
use tensor_ir::traits::broadcastable::typed;
use tensor_ir::verify::op_error;
use tensor_ir::{
    AttrKind, Attribute, Context, Diagnostic, Module, NamedAttr, OpId, OperationState, Signedness,
    Type, TypeKind,
};

/// A verifier's outcome: one diagnostic per failing op.
pub(crate) type VResult = Result<(), Diagnostic>;

/// `'nd.op' op <message>` at the op.
pub(crate) fn fail(
    ctx: &Context,
    module: &Module,
    op: OpId,
    message: impl fmt::Display,
) -> VResult {
    Err(op_error(ctx, module, op, message))
}

/// How many operands an op takes.
#[derive(Clone, Copy)]
pub(crate) enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// Between these (inclusive).
    Between(usize, usize),
    /// At least this many.
    AtLeast(usize),
}

impl Arity {
    fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::Between(lo, hi) => (lo..=hi).contains(&n),
            Arity::AtLeast(k) => n >= k,
        }
    }
}

impl fmt::Display for Arity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arity::Exactly(k) => write!(f, "{k}"),
            Arity::Between(lo, hi) => write!(f, "{lo} or {hi}"),
            Arity::AtLeast(k) => write!(f, "at least {k}"),
        }
    }
}

/// Checks the op has no regions or successors, `operands` operands and
/// `results` results (`None`: as many results as operands).
pub(crate) fn verify_structure(
    ctx: &Context,
    module: &Module,
    op: OpId,
    operands: Arity,
    results: Option<usize>,
) -> VResult {
    let o = module.op(op);
    if !o.regions().is_empty() {
        return fail(ctx, module, op, "requires zero regions");
    }
    if !o.successors().is_empty() {
        return fail(ctx, module, op, "requires zero successors");
    }
    let n = module.operands(op).len();
    if !operands.accepts(n) {
        return fail(
            ctx,
            module,
            op,
            format!("expected {operands} operands, but found {n}"),
        );
    }
    let want = results.unwrap_or(n);
    let got = module.num_results(op);
    if got != want {
        let s = if want == 1 { "" } else { "s" };
        return fail(
            ctx,
            module,
            op,
            format!("expected {want} result{s}, but found {got}"),
        );
    }
    Ok(())
}

/// The type of operand `i` (callers check the count first).
pub(crate) fn operand_type(module: &Module, op: OpId, i: usize) -> Option<Type> {
    module.operands(op).get(i).map(|&v| module.value_type(v))
}

/// The type of result `i`.
pub(crate) fn result_type(module: &Module, op: OpId, i: usize) -> Option<Type> {
    (i < module.num_results(op)).then(|| module.value_type(module.result(op, i)))
}

/// The element type of a tensor type (ranked or not); `None` otherwise.
pub(crate) fn tensor_elem(ctx: &Context, t: Type) -> Option<Type> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { elem, .. } | TypeKind::UnrankedTensor { elem } => Some(*elem),
        _ => None,
    }
}

/// The dims of a ranked tensor type (`tensor_ir::DYNAMIC` for `?`).
pub(crate) fn tensor_dims(ctx: &Context, t: Type) -> Option<&[i64]> {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, .. } => Some(dims),
        _ => None,
    }
}

/// The shape of a type as the broadcasting algebra sees it.
pub(crate) fn shape(ctx: &Context, t: Type) -> Shape {
    typed(ctx, t).shape
}

/// A ranked shape's dims for the algebra.
pub(crate) fn dims_of(dims: &[i64]) -> SmallVec<[Dim; 4]> {
    dims.iter()
        .map(|&d| Dim::from_mlir(d).unwrap_or(Dim::Dynamic))
        .collect()
}

/// `operand #i ('type')` / `result #i ('type')`, for messages.
pub(crate) fn describe(ctx: &Context, what: &str, i: usize, t: Type) -> String {
    format!("{what} #{i} ('{}')", ctx.ty(t))
}

/// Element type classes an op may accept.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum ElemClass {
    /// Any element type.
    Any,
    /// Integers, floats and `index`.
    Numeric,
    /// Integers (including `i1`) and `index`.
    Integer,
    /// Floats.
    Float,
}

impl ElemClass {
    /// Whether `t` belongs to the class.
    pub(crate) fn accepts(self, ctx: &Context, t: Type) -> bool {
        let k = ctx.type_kind(t);
        match self {
            ElemClass::Any => true,
            ElemClass::Numeric => matches!(
                k,
                TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index
            ),
            ElemClass::Integer => matches!(k, TypeKind::Integer { .. } | TypeKind::Index),
            ElemClass::Float => matches!(k, TypeKind::Float(_)),
        }
    }

    /// How messages name the class.
    pub(crate) fn noun(self) -> &'static str {
        match self {
            ElemClass::Any => "any",
            ElemClass::Numeric => "integer, index or float",
            ElemClass::Integer => "integer or index",
            ElemClass::Float => "float",
        }
    }
}

/// Checks that `t` (operand or result `i`) is a tensor whose element type is
/// in `class`; returns the element type.
pub(crate) fn expect_tensor(
    ctx: &Context,
    module: &Module,
    op: OpId,
    (what, i, t): (&str, usize, Type),
    class: ElemClass,
) -> Result<Type, Diagnostic> {
    let Some(elem) = tensor_elem(ctx, t) else {
        return Err(op_error(
            ctx,
            module,
            op,
            format!("{} must be a tensor", describe(ctx, what, i, t)),
        ));
    };
    if !class.accepts(ctx, elem) {
        return Err(op_error(
            ctx,
            module,
            op,
            format!(
                "{} must have {} elements, but has '{}'",
                describe(ctx, what, i, t),
                class.noun(),
                ctx.ty(elem)
            ),
        ));
    }
    Ok(elem)
}

/// True for `i1`.
pub(crate) fn is_i1(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            width: 1,
            signedness: Signedness::Signless
        }
    )
}

/// True for a 1-D tensor of `index` (a shape value).
pub(crate) fn is_shape_tensor(ctx: &Context, t: Type) -> bool {
    match ctx.type_kind(t) {
        TypeKind::Tensor { dims, elem, .. } => {
            dims.len() == 1 && matches!(ctx.type_kind(*elem), TypeKind::Index)
        }
        _ => false,
    }
}

/// Checks that operand `i` is a shape value, `tensor<Nxindex>` (N may be `?`).
pub(crate) fn expect_shape_operand(ctx: &Context, module: &Module, op: OpId, i: usize) -> VResult {
    match operand_type(module, op, i) {
        Some(t) => expect_shape(ctx, module, op, ("operand", i, t)),
        None => Ok(()),
    }
}

/// Checks that the operand or result `(what, i, type)` is a shape, `tensor<Nxindex>`.
pub(crate) fn expect_shape(
    ctx: &Context,
    module: &Module,
    op: OpId,
    (what, i, t): (&str, usize, Type),
) -> VResult {
    if is_shape_tensor(ctx, t) {
        return Ok(());
    }
    fail(
        ctx,
        module,
        op,
        format!(
            "{} must be a shape, a 1-D tensor of index ('tensor<Nxindex>')",
            describe(ctx, what, i, t)
        ),
    )
}

/// Checks that `d` names a dim of operand #0 (of type `t`); `label` says where `d`
/// came from (`index 3`, `dimensions[1] = 3`).
pub(crate) fn expect_dim_of_operand(
    ctx: &Context,
    module: &Module,
    op: OpId,
    t: Type,
    d: i64,
    label: &str,
) -> VResult {
    let rank = tensor_dims(ctx, t).map(<[i64]>::len);
    let in_range = usize::try_from(d)
        .ok()
        .is_some_and(|u| rank.is_none_or(|r| u < r));
    if in_range {
        return Ok(());
    }
    let rank = rank.map_or_else(|| "unknown rank".to_owned(), |r| format!("rank {r}"));
    fail(
        ctx,
        module,
        op,
        format!(
            "{label} is not a dim of {} ({rank})",
            describe(ctx, "operand", 0, t)
        ),
    )
}

/// An attribute (property or discardable) of the op.
pub(crate) fn attr(ctx: &Context, module: &Module, op: OpId, name: &str) -> Option<Attribute> {
    module.get_attr(op, ctx.lookup_sym(name)?)
}

/// The entries of the `array<i64: ...>` attribute `name`, `Ok(None)` if absent.
pub(crate) fn i64_array_attr(
    ctx: &Context,
    module: &Module,
    op: OpId,
    name: &str,
) -> Result<Option<Vec<i64>>, Diagnostic> {
    let Some(a) = attr(ctx, module, op, name) else {
        return Ok(None);
    };
    let is_i64 = matches!(ctx.attr_kind(a), AttrKind::DenseArray { elem, .. }
        if matches!(ctx.type_kind(*elem), TypeKind::Integer { width: 64, signedness: Signedness::Signless }));
    match ctx.as_i64_array(a) {
        Some(v) if is_i64 => Ok(Some(v)),
        _ => Err(op_error(
            ctx,
            module,
            op,
            format!(
                "attribute '{name}' must be an i64 dense array ('array<i64: ...>'), but is '{}'",
                ctx.attr(a)
            ),
        )),
    }
}

/// The value of the integer attribute `name`, if it is one.
pub(crate) fn int_attr(ctx: &Context, module: &Module, op: OpId, name: &str) -> Option<i128> {
    match ctx.attr_kind(attr(ctx, module, op, name)?) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// The string attribute `name`, `Ok(None)` if absent.
pub(crate) fn str_attr<'c>(
    ctx: &'c Context,
    module: &Module,
    op: OpId,
    name: &str,
) -> Result<Option<&'c str>, Diagnostic> {
    let Some(a) = attr(ctx, module, op, name) else {
        return Ok(None);
    };
    ctx.as_str_attr(a).map(Some).ok_or_else(|| {
        op_error(
            ctx,
            module,
            op,
            format!(
                "attribute '{name}' must be a string, but is '{}'",
                ctx.attr(a)
            ),
        )
    })
}

/// A flag attribute: absent is false, `unit` or `true` is true.
pub(crate) fn flag_attr(
    ctx: &Context,
    module: &Module,
    op: OpId,
    name: &str,
) -> Result<bool, Diagnostic> {
    match attr(ctx, module, op, name).map(|a| (a, ctx.attr_kind(a))) {
        None => Ok(false),
        Some((_, AttrKind::Unit)) => Ok(true),
        Some((_, AttrKind::Bool(b))) => Ok(*b),
        Some((a, _)) => Err(op_error(
            ctx,
            module,
            op,
            format!(
                "attribute '{name}' must be a unit or boolean attribute, but is '{}'",
                ctx.attr(a)
            ),
        )),
    }
}

/// An `array<i64: ...>` attribute.
pub(crate) fn i64_array(ctx: &mut Context, values: &[i64]) -> Attribute {
    ctx.i64_array_attr(values)
}

/// Adds a property to the state being parsed.
pub(crate) fn set_prop(
    p: &mut Parser<'_>,
    state: &mut OperationState,
    name: &str,
    value: Attribute,
) {
    let name = p.ctx.sym(name);
    state.props.retain(|a| a.name != name);
    state.props.push(NamedAttr { name, value });
}

/// Parses an optional `{...}` and splits it: `inherent` names become
/// properties (as the generic form does), the rest stay attributes.
pub(crate) fn parse_attr_dict(
    p: &mut Parser<'_>,
    state: &mut OperationState,
    inherent: &[&str],
) -> PResult<()> {
    let attrs = p.parse_optional_attr_dict()?;
    for a in attrs {
        if inherent.contains(&p.ctx.str(a.name)) {
            state.props.retain(|b| b.name != a.name);
            state.props.push(a);
        } else {
            state.attrs.push(a);
        }
    }
    sort_props(p.ctx, state);
    Ok(())
}

/// Sorts properties by name, as the generic parser leaves them.
pub(crate) fn sort_props(ctx: &Context, state: &mut OperationState) {
    state
        .props
        .sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
}

/// Prints ` {...}` with the op's properties and attributes, except `elided`
/// (those the custom form already shows).
pub(crate) fn print_attr_dict(p: &mut OpPrinter<'_>, op: OpId, elided: &[&str]) -> fmt::Result {
    let o = p.module.op(op);
    let all: Vec<NamedAttr> = o.props().iter().chain(o.attrs()).copied().collect();
    p.print_optional_attr_dict(&all, elided)
}

/// Parses `[1, -2, 3]` (possibly empty).
pub(crate) fn parse_i64_list(p: &mut Parser<'_>) -> PResult<Vec<i64>> {
    p.expect(Tok::LSquare, "[")?;
    let mut values = Vec::new();
    p.parse_comma_list(Tok::RSquare, "]", |p| {
        let pos = p.pos();
        let negative = p.consume_if(Tok::Minus)?;
        if !p.at(Tok::Integer) {
            return Err(p.error("expected integer"));
        }
        let text = p.token_text();
        let magnitude = text
            .parse::<i64>()
            .map_err(|_| p.error_at(pos, "integer value too large for i64"))?;
        p.advance()?;
        values.push(if negative { -magnitude } else { magnitude });
        Ok(())
    })?;
    Ok(values)
}

/// Prints `[1, 2]`.
pub(crate) fn print_i64_list(p: &mut OpPrinter<'_>, values: &[i64]) {
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    p.write("[");
    p.write(&items.join(", "));
    p.write("]");
}

/// Parses `: (A, B) -> R` (or `-> (R1, R2)`), or the shorthand `: T` when
/// `shorthand` is allowed and every operand and the one result have type `T`.
/// Resolves `uses` and sets the result types.
pub(crate) fn parse_trailing_types<'a>(
    p: &mut Parser<'a>,
    state: &mut OperationState,
    uses: &[UnresolvedOperand<'a>],
    shorthand: bool,
) -> PResult<()> {
    p.expect(Tok::Colon, ":")?;
    let pos = p.pos();
    let t = p.parse_type()?;
    let (inputs, results) = match p.ctx.function_signature(t) {
        Some((i, r)) => (i.to_vec(), r.to_vec()),
        None if shorthand => (vec![t; uses.len()], vec![t]),
        None => {
            return Err(p.error_at(
                pos,
                "expected '(' and a functional type '(operands) -> results'",
            ));
        }
    };
    state.operands = p.resolve_operands(uses, &inputs, pos)?;
    state.result_types = results.into_iter().collect();
    Ok(())
}

/// Prints ` : (A, B) -> R`, or ` : T` when `shorthand` is allowed and every
/// operand and the single result have type `T`.
pub(crate) fn print_trailing_types(
    p: &mut OpPrinter<'_>,
    op: OpId,
    shorthand: bool,
) -> fmt::Result {
    let inputs = p.module.operand_types(op);
    let results = p.module.result_types(op);
    p.write(" : ");
    if shorthand
        && let [r] = results[..]
        && inputs.iter().all(|&t| t == r)
    {
        return p.print_type(r);
    }
    p.write("(");
    p.print_types(&inputs)?;
    p.write(") -> ");
    p.print_result_types(&results)
}

/// Prints ` %a, %b`.
pub(crate) fn print_operand_list(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let operands = p.module.operands(op);
    if operands.is_empty() {
        return Ok(());
    }
    p.write(" ");
    p.print_operands(operands)
}

/// The op's short name (`add` for `nd.add`), for messages.
pub(crate) fn short_name<'c>(ctx: &'c Context, module: &Module, op: OpId) -> &'c str {
    let name = ctx.str(module.op(op).name());
    name.split_once('.').map_or(name, |(_, n)| n)
}

/// Checks operands `operands` and the result are tensors of `class` with
/// one element type, which is returned (the result's, when `result` is set).
pub(crate) fn same_elements(
    ctx: &Context,
    module: &Module,
    op: OpId,
    operands: std::ops::Range<usize>,
    result: bool,
    class: ElemClass,
) -> Result<Option<Type>, Diagnostic> {
    let mut first: Option<(String, Type)> = None;
    let values = operands
        .filter_map(|i| operand_type(module, op, i).map(|t| ("operand", i, t)))
        .chain(
            result
                .then(|| result_type(module, op, 0).map(|t| ("result", 0, t)))
                .flatten(),
        );
    for (what, i, t) in values {
        let elem = expect_tensor(ctx, module, op, (what, i, t), class)?;
        match &first {
            None => first = Some((describe(ctx, what, i, t), elem)),
            Some((who, e)) if *e != elem => {
                return Err(op_error(
                    ctx,
                    module,
                    op,
                    format!(
                        "{} has element type '{}' but {who} has '{}': '{}' needs one element type",
                        describe(ctx, what, i, t),
                        ctx.ty(elem),
                        ctx.ty(*e),
                        short_name(ctx, module, op),
                    ),
                ));
            }
            Some(_) => {}
        }
    }
    Ok(first.map(|(_, e)| e))
}

/// `%a, %b {attrs} : (A, B) -> R`: the custom form of ops that have no
/// keywords (`nd.broadcast`, `nd.assign`, `nd.shape_of`, `nd.matmul`, ...).
pub(crate) fn parse_operands_and_types(
    p: &mut Parser<'_>,
    state: &mut OperationState,
) -> PResult<()> {
    let uses = p.parse_operand_list()?;
    parse_attr_dict(p, state, &[])?;
    parse_trailing_types(p, state, &uses, false)
}

/// Prints operands, attributes and a functional type (the form
/// [`parse_operands_and_types`] reads).
pub(crate) fn print_operands_and_types(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    print_operand_list(p, op)?;
    print_attr_dict(p, op, &[])?;
    print_trailing_types(p, op, false)
}
