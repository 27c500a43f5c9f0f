//! The `builtin` dialect: `builtin.module`. It belongs to the core, as upstream's does.

use crate::module::{OpId, OperationState};
use crate::ods::DiagStyle;
use crate::ods::attr_types::StrAttr;
use crate::parse::{PResult, Parser, Tok};
use crate::print::OpPrinter;
use crate::registry::{Dialect, OpTrait, Syntax};
use std::fmt;

crate::op! {
    /// The top-level container of a program: one region with one block of
    /// operations, a symbol table (its symbols have unique names), isolated from
    /// above. Top-level operations of a file that has no explicit module are wrapped
    /// in one, as upstream does.
    pub struct ModuleOp = "builtin.module" {
        summary: "a top-level container operation",
        traits: [
            OpTrait::HasOnlyGraphRegion,
            OpTrait::IsolatedFromAbove,
            OpTrait::NoTerminator,
            OpTrait::SingleBlock,
            OpTrait::SymbolTable,
            OpTrait::ZeroResults,
        ],
        operands: {},
        results: {},
        attributes: { sym_name?: StrAttr, sym_visibility?: StrAttr },
        regions: 1,
        syntax: Syntax::Custom(parse_module, print_module),
        verify: verify_module,
        style: DiagStyle::Ods,
    }
}

impl ModuleOp {
    /// A new program: an empty `builtin.module` at `location` as the top of a new
    /// [`crate::Module`], and its one block, where an importer builds functions.
    ///
    /// # Errors
    /// Only if the fresh block cannot join the fresh region (never in practice).
    pub fn new_program(
        ctx: &mut crate::Context,
        location: crate::Location,
    ) -> Result<(crate::Module, crate::module::BlockId), crate::module::EditError> {
        let mut module = crate::Module::new();
        let region = module.create_region();
        let block = module.create_block(&[], location);
        module.append_block(region, block)?;
        let mut state = OperationState::new(ctx.sym(Self::NAME), location);
        state.regions.push(region);
        let top = module.create_op(state);
        module.set_top(top);
        Ok((module, block))
    }
}

/// Upstream's region constraint (`SizedRegion<1>`), `NoRegionArguments`, and its
/// verifier: only the symbol attributes may lack a dialect prefix.
fn verify_module(
    ctx: &crate::Context,
    module: &crate::Module,
    op: OpId,
) -> Result<(), crate::Diagnostic> {
    let fail = |message: String| Err(crate::verify::op_error(ctx, module, op, message));
    let blocks = |r: &crate::module::RegionId| module.region(*r).blocks().len();
    if module
        .op(op)
        .regions()
        .first()
        .is_some_and(|r| blocks(r) != 1)
    {
        return fail(
            "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks".into(),
        );
    }
    let has_args = module.op(op).regions().iter().any(|&r| {
        module
            .region(r)
            .entry()
            .is_some_and(|b| !module.block(b).args().is_empty())
    });
    if has_args {
        return fail("region should have no arguments".into());
    }
    // Upstream reads the op's attribute dictionary: inherent and discardable
    // attributes together, sorted by name.
    let o = module.op(op);
    let unprefixed = o
        .props()
        .iter()
        .chain(o.attrs())
        .map(|a| ctx.str(a.name))
        .filter(|n| !n.contains('.') && *n != "sym_name" && *n != "sym_visibility")
        .min();
    if let Some(name) = unprefixed {
        return fail(format!(
            "can only contain attributes with dialect-prefixed names, found: '{name}'"
        ));
    }
    Ok(())
}

crate::op! {
    /// Converts values between type systems that a conversion has not reconciled
    /// yet; it has no semantics of its own, as upstream's.
    pub struct UnrealizedConversionCastOp = "builtin.unrealized_conversion_cast" {
        summary: "an unrealized conversion from one set of types to another",
        traits: [OpTrait::Pure],
        operands: { inputs*: crate::ods::constraints::ANY_TYPE },
        results: { outputs*: crate::ods::constraints::ANY_TYPE },
        attributes: {},
        syntax: Syntax::Format("($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict", &[]),
        verify: verify_cast,
        style: DiagStyle::Ods,
    }
}

/// The `builtin` dialect.
pub static DIALECT: Dialect = Dialect {
    name: "builtin",
    description: "# The `builtin` dialect\n\nThe core's own ops: `builtin.module` and `builtin.unrealized_conversion_cast`.",
    ops: &[ModuleOp::DEF, UnrealizedConversionCastOp::DEF],
};

/// Upstream's verifier: a cast has results.
fn verify_cast(
    ctx: &crate::Context,
    module: &crate::Module,
    op: OpId,
) -> Result<(), crate::Diagnostic> {
    if module.num_results(op) == 0 {
        return Err(crate::verify::op_error(
            ctx,
            module,
            op,
            "expected at least one result for cast operation",
        ));
    }
    Ok(())
}

/// `module @name? (attributes {...})? { ops }`
fn parse_module(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    if p.at(Tok::AtIdent) {
        let name = p.parse_symbol_name()?;
        let name = p.ctx.str(name).to_string();
        let key = p.ctx.sym("sym_name");
        let value = p.ctx.string_attr(&name);
        state.props.push(crate::NamedAttr { name: key, value });
    }
    // Upstream's generated parser checks the inherent attributes written in the
    // dictionary at once, at the dictionary, through the custom parser's errors.
    let at = p.pos();
    state.attrs = p.parse_optional_attr_dict_with_keyword()?;
    for a in &state.attrs {
        let name = p.ctx.str(a.name);
        if let Some(d) = ModuleOp::DEF.attributes.iter().find(|d| d.name == name)
            && let Some(why) = (d.constraint.check)(p.ctx, a.value, d.name)
        {
            let op = ModuleOp::NAME;
            return Err(p.error_at(at, format!("custom op '{op}' '{op}' op {why}")));
        }
    }
    // Not a name scope of its own: upstream checks isolation in the verifier.
    let region = p.parse_region(None)?;
    // A module always has its one block, even when written `module {}`.
    if p.module.region(region).blocks().is_empty() {
        let block = p.module.create_block(&[], state.location);
        let r = p.module.append_block(region, block);
        p.attach(r)?;
    }
    state.regions.push(region);
    Ok(())
}

fn print_module(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let o = p.module.op(op);
    let name_key = p.ctx.lookup_sym("sym_name");
    if let Some(name) = o.props().iter().find(|a| Some(a.name) == name_key)
        && let Some(s) = p.ctx.as_str_attr(name.value)
    {
        p.write(" ");
        let mut buf = String::new();
        crate::attrs::write_symbol_name(s, &mut buf)?;
        p.write(&buf);
    }
    // The dictionary shows the inherent attributes other than the name (as
    // upstream's, which prints the op's attribute dictionary, sorted by name).
    let mut shown: Vec<crate::NamedAttr> = o
        .props()
        .iter()
        .filter(|a| Some(a.name) != name_key)
        .chain(o.attrs())
        .copied()
        .collect();
    shown.sort_by(|a, b| p.ctx.str(a.name).cmp(p.ctx.str(b.name)));
    p.print_optional_attr_dict_with_keyword(&shown, &[])?;
    p.write(" ");
    match o.regions().first() {
        Some(&r) => p.print_region(r, false),
        None => {
            p.write("{\n}");
            Ok(())
        }
    }
}
