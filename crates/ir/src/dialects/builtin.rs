//! The `builtin` dialect: `builtin.module`.

use crate::module::{OpId, OperationState};
use crate::parse::{PResult, Parser, Tok};
use crate::print::OpPrinter;
use crate::registry::{Dialect, OpDef, OpTrait};
use std::fmt;

/// The `builtin` dialect.
pub static DIALECT: Dialect = Dialect {
    name: "builtin",
    ops: &[OpDef {
        traits: &[
            OpTrait::HasOnlyGraphRegion,
            OpTrait::IsolatedFromAbove,
            OpTrait::NoTerminator,
            OpTrait::SingleBlock,
            OpTrait::SymbolTable,
            OpTrait::ZeroResults,
        ],
        inherent_attrs: &["sym_name", "sym_visibility"],
        parse: Some(parse_module),
        print: Some(print_module),
        verify: Some(crate::dialects::func::verify_symbol_table),
        ..OpDef::named("builtin.module")
    }],
};

/// `module @name? (attributes {...})? { ops }`
fn parse_module(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    if p.at(Tok::AtIdent) {
        let name = p.parse_symbol_name()?;
        let name = p.ctx.str(name).to_string();
        let key = p.ctx.sym("sym_name");
        let value = p.ctx.string_attr(&name);
        state.props.push(crate::NamedAttr { name: key, value });
    }
    state.attrs = p.parse_optional_attr_dict_with_keyword()?;
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
    let attrs = o.attrs();
    p.print_optional_attr_dict_with_keyword(attrs, &[])?;
    p.write(" ");
    match o.regions().first() {
        Some(&r) => p.print_region(r, false),
        None => {
            p.write("{\n}");
            Ok(())
        }
    }
}
