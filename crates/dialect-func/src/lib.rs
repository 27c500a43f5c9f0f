//! The `func` dialect, as upstream MLIR's: `func.func`, `func.return`, `func.call`.
//! Its ops keep hand-written custom forms (function signatures do not fit a
//! declarative format); their operands, results and attributes are declared, so the
//! generic verifier checks them, with upstream's wording.

use std::fmt::{self, Write as _};
use tensor_ir::attrs::{AttrKind, NamedAttr};
use tensor_ir::calls::{CallOpInterface, CallableOpInterface};
use tensor_ir::diag::{Diagnostic, codes, suggest};
use tensor_ir::module::{Module, OpId, OperationState};
use tensor_ir::ods::DiagStyle;
use tensor_ir::ods::attr_types::{
    DictArrayAttr, FlatSymbolRefAttr, FunctionTypeAttr, StrAttr, UnitAttr,
};
use tensor_ir::ods::constraints::ANY_TYPE;
use tensor_ir::parse::{BlockArgDecl, PResult, Parser, Tok};
use tensor_ir::print::OpPrinter;
use tensor_ir::registry::{Dialect, OpTrait, Syntax};
use tensor_ir::symbol_table::{SymbolTableCollection, nearest_symbol_table};
use tensor_ir::verify::{ArgAttrVerifier, op_error};
use tensor_ir::{Attribute, Context, Type};

tensor_ir::op! {
    /// A function: a name, a signature and, unless it is a declaration, a body
    /// whose entry block's arguments match the signature. Isolated from above.
    pub struct FuncOp = "func.func" {
        summary: "a function with a name, a signature and a body",
        adaptor: FuncAdaptor,
        traits: [OpTrait::IsolatedFromAbove, OpTrait::ZeroResults],
        operands: {},
        results: {},
        attributes: {
            arg_attrs?: DictArrayAttr,
            function_type: FunctionTypeAttr,
            res_attrs?: DictArrayAttr,
            sym_name: StrAttr,
            sym_visibility?: StrAttr,
        },
        regions: 1,
        syntax: Syntax::Custom(parse_func, print_func),
        verify: verify_func,
        style: DiagStyle::Ods,
    }
}

tensor_ir::op! {
    /// Returns from the enclosing `func.func`, with values of its result types.
    pub struct ReturnOp = "func.return" {
        summary: "return from a function",
        traits: [OpTrait::Terminator, OpTrait::ZeroResults, OpTrait::ZeroSuccessors],
        operands: { operands*: ANY_TYPE },
        results: {},
        syntax: Syntax::Custom(parse_return, print_return),
        verify: verify_return,
        style: DiagStyle::Ods,
    }
}

tensor_ir::op! {
    /// Calls the function `callee` of the nearest enclosing symbol table, with
    /// operands and results of its signature's types.
    pub struct CallOp = "func.call" {
        summary: "call a function",
        adaptor: CallAdaptor,
        operands: { operands*: ANY_TYPE },
        results: { results*: ANY_TYPE },
        attributes: {
            arg_attrs?: DictArrayAttr,
            callee: FlatSymbolRefAttr,
            no_inline?: UnitAttr,
            res_attrs?: DictArrayAttr,
        },
        syntax: Syntax::Custom(parse_call, print_call),
        verify_symbol_uses: verify_call_symbol_uses,
        style: DiagStyle::Ods,
    }
}

/// The `func` dialect.
pub static DIALECT: Dialect = Dialect {
    name: "func",
    description: "# The `func` dialect\n\nFunctions, calls and returns, as upstream MLIR's `func` dialect.",
    ops: &[FuncOp::DEF, ReturnOp::DEF, CallOp::DEF],
};

impl FuncOp {
    /// Creates `func.func @name` at the builder's insertion point with `body`, a
    /// region built beforehand whose entry block's arguments are the inputs of
    /// `function_type`, and `arg_attrs` (an array of one dictionary per argument),
    /// if any. Importers build the body first, since the result types are known
    /// only at its end.
    ///
    /// # Errors
    /// If the op cannot be inserted there.
    pub fn build_with_body(
        b: &mut tensor_ir::builder::Builder<'_>,
        location: tensor_ir::Location,
        name: &str,
        function_type: Type,
        arg_attrs: Option<Attribute>,
        body: tensor_ir::module::RegionId,
    ) -> Result<FuncOp, tensor_ir::module::EditError> {
        let mut state = OperationState::new(b.ctx.sym(Self::NAME), location);
        let mut props = vec![("function_type", b.ctx.type_attr(function_type))];
        props.push(("sym_name", b.ctx.string_attr(name)));
        if let Some(a) = arg_attrs {
            props.push(("arg_attrs", a));
        }
        for (key, value) in props {
            let name = b.ctx.sym(key);
            state.props.push(NamedAttr { name, value });
        }
        sort_props(b.ctx, &mut state);
        state.regions.push(body);
        b.create(state).map(FuncOp)
    }
}

/// Registers the `func` dialect in `ctx`.
pub fn register(ctx: &mut Context) {
    ctx.register_dialect(&DIALECT);
    // The dialect was registered just above: only a renamed op can fail here.
    ctx.attach_interface(
        CallOp::NAME,
        CallOpInterface {
            callee: |ctx, module, op| ctx.lookup_sym(call_props(ctx, module, op).callee()?),
        },
    )
    .expect("func.call is registered");
    ctx.attach_interface(
        FuncOp::NAME,
        CallableOpInterface {
            body: |module, op| {
                let body = *module.op(op).regions().first()?;
                (!module.region(body).blocks().is_empty()).then_some(body)
            },
        },
    )
    .expect("func.func is registered");
}

fn prop(p: &mut Parser<'_>, state: &mut OperationState, name: &str, value: Attribute) {
    let name = p.ctx.sym(name);
    state.props.push(NamedAttr { name, value });
}

fn sort_props(ctx: &Context, state: &mut OperationState) {
    state
        .props
        .sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
}

/// Parses a type with optional `{attrs}`; returns the attrs as a dictionary.
fn parse_type_and_attrs(p: &mut Parser<'_>) -> PResult<(Type, Attribute)> {
    let t = p.parse_type()?;
    let attrs = p.parse_optional_attr_dict()?;
    let dict = p.ctx.intern_attr(AttrKind::Dictionary(attrs));
    Ok((t, dict))
}

/// `func.func (private|public|nested)? @name(args) (-> results)? (attributes {...})? region?`
fn parse_func(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    for vis in ["private", "public", "nested"] {
        if p.parse_optional_keyword(vis)? {
            let v = p.ctx.string_attr(vis);
            prop(p, state, "sym_visibility", v);
            break;
        }
    }
    let name = p.parse_symbol_name()?;
    let name = p.ctx.str(name).to_string();
    let name_attr = p.ctx.string_attr(&name);
    prop(p, state, "sym_name", name_attr);

    p.expect(Tok::LParen, "(")?;
    let mut named: Vec<BlockArgDecl<'_>> = Vec::new();
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    p.parse_comma_list(Tok::RParen, ")", |p| {
        if p.at(Tok::PercentIdent) {
            if !inputs.is_empty() && named.is_empty() {
                return Err(p.error("expected type instead of SSA identifier"));
            }
            let decl = p.parse_block_arg_decl_no_loc()?;
            inputs.push(decl.ty);
            named.push(decl);
            let attrs = p.parse_optional_attr_dict()?;
            arg_attrs.push(p.ctx.intern_attr(AttrKind::Dictionary(attrs)));
            if p.at_keyword("loc") {
                let loc = p.parse_location()?;
                if let Some(decl) = named.last_mut() {
                    decl.loc = Some(loc);
                }
            }
        } else {
            if !named.is_empty() {
                return Err(p.error("expected SSA identifier"));
            }
            let (t, a) = parse_type_and_attrs(p)?;
            inputs.push(t);
            arg_attrs.push(a);
        }
        Ok(())
    })?;
    let mut results = Vec::new();
    let mut res_attrs = Vec::new();
    if p.consume_if(Tok::Arrow)? {
        if p.consume_if(Tok::LParen)? {
            p.parse_comma_list(Tok::RParen, ")", |p| {
                let (t, a) = parse_type_and_attrs(p)?;
                results.push(t);
                res_attrs.push(a);
                Ok(())
            })?;
        } else {
            // A lone result takes no attributes: `{` would be the body.
            results.push(p.parse_type()?);
            res_attrs.push(p.ctx.intern_attr(AttrKind::Dictionary(Vec::new())));
        }
    }
    let fn_type = p.ctx.function_type(inputs, results);
    let fn_type = p.ctx.type_attr(fn_type);
    prop(p, state, "function_type", fn_type);
    let empty = p.ctx.intern_attr(AttrKind::Dictionary(Vec::new()));
    if arg_attrs.iter().any(|&a| a != empty) {
        let a = p.ctx.intern_attr(AttrKind::Array(arg_attrs));
        prop(p, state, "arg_attrs", a);
    }
    if res_attrs.iter().any(|&a| a != empty) {
        let a = p.ctx.intern_attr(AttrKind::Array(res_attrs));
        prop(p, state, "res_attrs", a);
    }
    let at = p.pos();
    state.attrs = p.parse_optional_attr_dict_with_keyword()?;
    // Upstream's function parser refuses in the dictionary what the signature
    // states, the first of them in this order.
    for inferred in ["sym_visibility", "sym_name", "function_type"] {
        if state.attrs.iter().any(|a| p.ctx.str(a.name) == inferred) {
            return Err(p.error_at(
                at,
                format!(
                    "custom op 'func.func' '{inferred}' is an inferred attribute and should not \
                     be specified in the explicit attribute dictionary"
                ),
            ));
        }
    }
    sort_props(p.ctx, state);
    let region = if p.at(Tok::LBrace) {
        let entry = (!named.is_empty() || !p.next_is_block_label()).then_some(named);
        // Not a name scope of its own: upstream checks isolation in the verifier.
        p.parse_region(entry)?
    } else {
        p.module.create_region()
    };
    state.regions.push(region);
    Ok(())
}

/// Typed reads of a `func.func`'s properties (also of one that does not verify, as
/// the printer may see after a failed pass).
fn func_props<'a>(ctx: &'a Context, module: &'a Module, op: OpId) -> FuncAdaptor<'a> {
    FuncAdaptor::new(ctx, module.op(op).props())
}

/// Typed reads of a `func.call`'s properties.
fn call_props<'a>(ctx: &'a Context, module: &'a Module, op: OpId) -> CallAdaptor<'a> {
    CallAdaptor::new(ctx, module.op(op).props())
}

/// The `(inputs, results)` of a `func.func`'s `function_type`.
pub fn function_signature(
    ctx: &Context,
    module: &Module,
    op: OpId,
) -> Option<(Vec<Type>, Vec<Type>)> {
    let t = func_props(ctx, module, op).function_type()?;
    let (i, r) = ctx.function_signature(t)?;
    Some((i.to_vec(), r.to_vec()))
}

fn print_dict_suffix(p: &mut OpPrinter<'_>, attr: Option<&Attribute>) -> fmt::Result {
    if let Some(&a) = attr
        && let AttrKind::Dictionary(entries) = p.ctx.attr_kind(a)
        && !entries.is_empty()
    {
        let entries = entries.clone();
        p.print_optional_attr_dict(&entries, &[])?;
    }
    Ok(())
}

fn print_func(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let (ctx, module) = (p.ctx, p.module);
    let props = func_props(ctx, module, op);
    if let Some(vis) = props.sym_visibility() {
        p.write(" ");
        p.write(vis);
    }
    let name = props.sym_name().unwrap_or_default();
    let mut buf = String::from(" ");
    tensor_ir::attrs::write_symbol_name(name, &mut buf)?;
    p.write(&buf);
    let (inputs, results) = function_signature(ctx, module, op).unwrap_or_default();
    let arg_attrs = props.arg_attrs().unwrap_or_default();
    let res_attrs = props.res_attrs().unwrap_or_default();
    let o = module.op(op);
    let body = o.regions().first().copied();
    let entry = body.and_then(|r| module.region(r).blocks().first().copied());
    p.write("(");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        if let Some(b) = entry
            && let Some(&arg) = module.block(b).args().get(i)
        {
            p.print_operand(arg)?;
            p.write(": ");
        }
        p.print_type(t)?;
        print_dict_suffix(p, arg_attrs.get(i))?;
        if let Some(b) = entry
            && let Some(&arg) = module.block(b).args().get(i)
        {
            p.print_arg_location(arg)?;
        }
    }
    p.write(")");
    if !results.is_empty() {
        p.write(" -> ");
        let has_attrs = res_attrs
            .iter()
            .any(|&a| matches!(ctx.attr_kind(a), AttrKind::Dictionary(e) if !e.is_empty()));
        let bare = results.len() == 1
            && !has_attrs
            && !matches!(
                ctx.type_kind(results[0]),
                tensor_ir::TypeKind::Function { .. }
            );
        if !bare {
            p.write("(");
        }
        for (i, &t) in results.iter().enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_type(t)?;
            print_dict_suffix(p, res_attrs.get(i))?;
        }
        if !bare {
            p.write(")");
        }
    }
    let attrs = o.attrs();
    p.print_optional_attr_dict_with_keyword(attrs, &[])?;
    if let Some(r) = body
        && !module.region(r).blocks().is_empty()
    {
        p.write(" ");
        p.print_region(r, false)?;
    }
    Ok(())
}

/// Hands each argument attribute to the verifier its dialect attached, if any.
fn verify_arg_attrs(
    ctx: &Context,
    module: &Module,
    op: OpId,
    dicts: Option<&[Attribute]>,
) -> Result<(), Diagnostic> {
    for (i, &d) in dicts.unwrap_or_default().iter().enumerate() {
        let AttrKind::Dictionary(entries) = ctx.attr_kind(d) else {
            continue;
        };
        for e in entries {
            let name = ctx.str(e.name);
            let Some((dialect, _)) = name.split_once('.') else {
                continue;
            };
            if let Some(verify) = ctx.dialect_interface::<ArgAttrVerifier>(dialect) {
                (verify.0)(ctx, module, op, i, name, e.value)?;
            }
        }
    }
    Ok(())
}

fn verify_func(ctx: &Context, module: &Module, op: OpId) -> Result<(), Diagnostic> {
    let Some((inputs, _)) = function_signature(ctx, module, op) else {
        return Err(op_error(
            ctx,
            module,
            op,
            "requires attribute 'function_type'",
        ));
    };
    if func_props(ctx, module, op).sym_name().is_none() {
        return Err(op_error(ctx, module, op, "requires attribute 'sym_name'"));
    }
    let (_, results) = function_signature(ctx, module, op).unwrap_or_default();
    // Upstream's FunctionOpInterface checks these before the body and the symbol.
    let props = func_props(ctx, module, op);
    for (dicts, what, count) in [
        (props.arg_attrs(), "argument", inputs.len()),
        (props.res_attrs(), "result", results.len()),
    ] {
        let Some(dicts) = dicts else {
            continue;
        };
        if dicts.len() != count {
            return Err(op_error(
                ctx,
                module,
                op,
                format!(
                    "expects {what} attribute array to have the same number of elements as the number of function {what}s, got {}, but expected {count}",
                    dicts.len()
                ),
            ));
        }
        let undotted = dicts.iter().any(|&d| match ctx.attr_kind(d) {
            AttrKind::Dictionary(entries) => entries.iter().any(|e| !ctx.str(e.name).contains('.')),
            _ => false,
        });
        if undotted {
            return Err(op_error(
                ctx,
                module,
                op,
                format!("{what}s may only have dialect attributes"),
            ));
        }
    }
    verify_arg_attrs(ctx, module, op, props.arg_attrs())?;
    // Upstream's Symbol verifier: a visibility is one of three words.
    if let Some(vis) = props.sym_visibility()
        && !matches!(vis, "public" | "private" | "nested")
    {
        let mut got = String::new();
        // Writing to a String cannot fail.
        let _ = tensor_ir::attrs::write_escaped_string(vis, &mut got);
        return Err(op_error(
            ctx,
            module,
            op,
            format!(
                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {got}"
            ),
        ));
    }
    // As upstream, an unregistered parent may be a symbol table.
    if let Some(parent) = module.parent_op(op)
        && ctx
            .op_def(module.op(parent).name())
            .is_some_and(|d| !d.has_trait(OpTrait::SymbolTable))
    {
        return Err(op_error(
            ctx,
            module,
            op,
            "symbol's parent must have the SymbolTable trait",
        ));
    }
    let body = module.op(op).regions().first().copied();
    let Some(entry) = body.and_then(|r| module.region(r).blocks().first().copied()) else {
        let vis = func_props(ctx, module, op).sym_visibility();
        if vis.is_none_or(|v| v == "public") {
            return Err(op_error(
                ctx,
                module,
                op,
                "symbol declaration cannot have public visibility",
            ));
        }
        return Ok(());
    };
    let args = &module.block(entry).args();
    if args.len() != inputs.len() {
        return Err(op_error(
            ctx,
            module,
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                inputs.len()
            ),
        ));
    }
    for (i, (&a, &t)) in args.iter().zip(&inputs).enumerate() {
        let at = module.value_type(a);
        if at != t {
            return Err(op_error(
                ctx,
                module,
                op,
                format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    ctx.ty(at),
                    ctx.ty(t)
                ),
            ));
        }
    }
    Ok(())
}

/// `return (%a, %b : t1, t2)?`
fn parse_return(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let uses = p.parse_operand_list()?;
    if !uses.is_empty() {
        p.expect(Tok::Colon, ":")?;
        let pos = p.pos();
        let types = p.parse_type_list()?;
        state.operands = p.resolve_operands(&uses, &types, pos)?;
    }
    state.attrs = p.parse_optional_attr_dict()?;
    Ok(())
}

fn print_operands_with_types(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let operands = p.module.operands(op);
    if operands.is_empty() {
        return Ok(());
    }
    p.write(" ");
    p.print_operands(operands)?;
    p.write(" : ");
    let types = p.module.operand_types(op);
    p.print_types(&types)
}

fn print_return(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    print_operands_with_types(p, op)?;
    let attrs = p.module.op(op).attrs();
    p.print_optional_attr_dict(attrs, &[])
}

fn enclosing_func(ctx: &Context, module: &Module, op: OpId) -> Option<OpId> {
    let parent = module.parent_op(op)?;
    (ctx.str(module.op(parent).name()) == "func.func").then_some(parent)
}

fn verify_return(ctx: &Context, module: &Module, op: OpId) -> Result<(), Diagnostic> {
    let Some(func) = enclosing_func(ctx, module, op) else {
        return Err(op_error(ctx, module, op, "expects parent op 'func.func'"));
    };
    let (_, results) = function_signature(ctx, module, func).unwrap_or_default();
    let name = func_props(ctx, module, func).sym_name().unwrap_or_default();
    let operands = &module.operands(op);
    if operands.len() != results.len() {
        return Err(op_error(
            ctx,
            module,
            op,
            format!(
                "has {} operands, but enclosing function (@{name}) returns {}",
                operands.len(),
                results.len()
            ),
        ));
    }
    for (i, (&v, &t)) in operands.iter().zip(&results).enumerate() {
        let vt = module.value_type(v);
        if vt != t {
            return Err(Diagnostic::error(
                module.op(op).location(),
                format!(
                    "type of return operand {i} ('{}') doesn't match function result type ('{}') in function @{name}",
                    ctx.ty(vt),
                    ctx.ty(t)
                ),
            ));
        }
    }
    Ok(())
}

/// `call @callee(%a) {attrs}? : (t) -> r`
fn parse_call(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    // Any attribute parses here, as upstream's; only a flat reference is a callee.
    let pos = p.pos();
    let callee = p.parse_attribute()?;
    if !matches!(p.ctx.attr_kind(callee), AttrKind::SymbolRef { nested, .. } if nested.is_empty()) {
        return Err(p.error_at(
            pos,
            "custom op 'func.call' invalid kind of attribute specified",
        ));
    }
    prop(p, state, "callee", callee);
    p.expect(Tok::LParen, "(")?;
    let uses = p.parse_operand_list()?;
    p.expect(Tok::RParen, ")")?;
    state.attrs = p.parse_optional_attr_dict()?;
    p.expect(Tok::Colon, ":")?;
    let pos = p.pos();
    let t = p.parse_type()?;
    let Some((inputs, results)) = p.ctx.function_signature(t) else {
        return Err(p.error_at(pos, "expected function type"));
    };
    let (inputs, results) = (inputs.to_vec(), results.to_vec());
    state.operands = p.resolve_operands(&uses, &inputs, pos)?;
    state.result_types = results.into_iter().collect();
    Ok(())
}

fn print_call(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    p.write(" ");
    let mut buf = String::new();
    if let Some(callee) = call_props(p.ctx, p.module, op).callee() {
        tensor_ir::attrs::write_symbol_name(callee, &mut buf)?;
    }
    p.write(&buf);
    p.write("(");
    let operands = p.module.operands(op);
    p.print_operands(operands)?;
    p.write(")");
    let attrs = p.module.op(op).attrs();
    p.print_optional_attr_dict(attrs, &[])?;
    let mut buf = String::from(" : (");
    p.ctx
        .write_type_list(&p.module.operand_types(op), &mut buf)?;
    buf.push_str(") -> ");
    p.ctx
        .write_result_types(&p.module.result_types(op), &mut buf)?;
    let _ = write!(buf, "");
    p.write(&buf);
    Ok(())
}

/// The callee is a `func.func` in the nearest symbol table, with the call's types.
fn verify_call_symbol_uses(
    ctx: &Context,
    module: &Module,
    op: OpId,
    tables: &SymbolTableCollection,
) -> Result<(), Diagnostic> {
    // The generic verifier ran first: the callee is a flat reference.
    let Some(callee) = call_props(ctx, module, op).callee() else {
        return Err(op_error(ctx, module, op, "requires attribute 'callee'"));
    };
    let func = tensor_ir::symbol_table::nearest_symbol_table(ctx, module, op)
        .and_then(|table| tables.lookup_in(ctx, module, table, callee))
        .filter(|&f| ctx.str(module.op(f).name()) == "func.func");
    let Some(func) = func else {
        let name = callee;
        let d = op_error(
            ctx,
            module,
            op,
            format_args!("'{name}' does not reference a valid function"),
        )
        .with_code(codes::UNKNOWN_SYMBOL);
        // A function of the nearest table whose name is one edit away.
        let best = nearest_symbol_table(ctx, module, op)
            .and_then(|t| tables.get(t))
            .and_then(|t| {
                t.suggest(name, |f| ctx.str(module.op(f).name()) == "func.func")
                    .map(str::to_owned)
            });
        return Err(match best {
            Some(best) => {
                let loc = d.location;
                d.with_hint(loc, suggest::did_you_mean(&format!("@{best}")))
            }
            None => d,
        });
    };
    let (inputs, results) = function_signature(ctx, module, func).unwrap_or_default();
    let operands = module.operand_types(op);
    if operands.len() != inputs.len() {
        return Err(op_error(
            ctx,
            module,
            op,
            "incorrect number of operands for callee",
        ));
    }
    for (i, (&a, &e)) in operands.iter().zip(&inputs).enumerate() {
        if a != e {
            return Err(op_error(
                ctx,
                module,
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    ctx.ty(e),
                    ctx.ty(a)
                ),
            ));
        }
    }
    let actual = module.result_types(op);
    if actual.len() != results.len() {
        return Err(op_error(
            ctx,
            module,
            op,
            "incorrect number of results for callee",
        ));
    }
    for (i, (&a, &e)) in actual.iter().zip(&results).enumerate() {
        if a != e {
            return Err(op_error(
                ctx,
                module,
                op,
                format!("result type mismatch at index {i}"),
            )
            .with_note(
                module.op(op).location(),
                format!("      op result types: {}", type_list(ctx, &actual)),
            )
            .with_note(
                module.op(op).location(),
                format!("function result types: {}", type_list(ctx, &results)),
            ));
        }
    }
    Ok(())
}

/// Types as upstream streams a TypeRange into a diagnostic: `'i32', 'f32'`.
fn type_list(ctx: &Context, types: &[Type]) -> String {
    let quoted: Vec<String> = types.iter().map(|&t| format!("'{}'", ctx.ty(t))).collect();
    quoted.join(", ")
}
