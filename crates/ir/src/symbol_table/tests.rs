//! Unit tests of symbol tables: lookups (flat, nested, nearest), redefinitions,
//! lazily built and unbuilt tables, and invalidation after an edit.

use super::*;
use crate::ods::attr_types::{AttrType, StrAttr};
use crate::parse::parse_source;
use proptest::prelude::*;

/// A registered op that is a symbol but not a symbol table (as `func.func` is, which
/// the core does not know).
static TST: crate::Dialect = crate::Dialect {
    name: "tst",
    description: "",
    ops: &[crate::OpDef {
        traits: &[crate::OpTrait::IsolatedFromAbove],
        attributes: &[
            crate::ods::AttrDef {
                name: "sym_name",
                optional: false,
                constraint: &<StrAttr as AttrType>::CONSTRAINT,
            },
            crate::ods::AttrDef {
                name: "sym_visibility",
                optional: true,
                constraint: &<StrAttr as AttrType>::CONSTRAINT,
            },
        ],
        ..crate::OpDef::named("tst.func")
    }],
};

/// `"tst.func"` named `name`, with `visibility` if given and an empty body.
fn func(name: &str, visibility: Option<&str>) -> String {
    let vis = visibility
        .map(|v| format!(", sym_visibility = \"{v}\""))
        .unwrap_or_default();
    format!("\"tst.func\"() <{{sym_name = \"{name}\"{vis}}}> ({{}}) : () -> ()\n")
}

fn parse(text: &str) -> (Context, Module) {
    let mut ctx = Context::new();
    ctx.register_dialect(&TST);
    ctx.set_allow_unregistered(true);
    let buffer = ctx.add_source("test.mlir", text);
    let module = parse_source(&mut ctx, buffer, 0..text.len()).unwrap();
    (ctx, module)
}

/// The first op under the top op whose `sym_name` is `name`, in pre-order.
fn find(ctx: &Context, m: &Module, name: &str) -> OpId {
    m.collect_ops(m.top().unwrap())
        .into_iter()
        .find(|&op| symbol_name(ctx, m, op) == Some(name))
        .unwrap()
}

fn sym_ref(ctx: &mut Context, path: &[&str]) -> Attribute {
    let root = ctx.sym(path[0]);
    let nested = path[1..].iter().map(|s| ctx.sym(s)).collect();
    ctx.intern_attr(AttrKind::SymbolRef { root, nested })
}

fn nested() -> String {
    format!(
        "{}module @inner {{\n{}module @deeper {{\n{}}}\n}}\n",
        func("f", Some("private")),
        func("g", Some("private")),
        func("h", None).replace("({})", "({\n  \"tst.ret\"() : () -> ()\n})")
    )
}

#[test]
fn nested_references_resolve_through_symbol_tables() {
    let (mut ctx, m) = parse(&nested());
    let top = m.top().unwrap();
    let tables = SymbolTableCollection::build_all(&ctx, &m, top);
    let g = sym_ref(&mut ctx, &["inner", "g"]);
    let h = sym_ref(&mut ctx, &["inner", "deeper", "h"]);
    let f = sym_ref(&mut ctx, &["f"]);
    let through_func = sym_ref(&mut ctx, &["f", "g"]);
    let missing = sym_ref(&mut ctx, &["inner", "missing"]);
    let not_nested_here = sym_ref(&mut ctx, &["g"]);
    assert_eq!(
        tables.lookup_ref_in(&ctx, &m, top, g),
        Some(find(&ctx, &m, "g"))
    );
    assert_eq!(
        tables.lookup_ref_in(&ctx, &m, top, h),
        Some(find(&ctx, &m, "h"))
    );
    assert_eq!(
        tables.lookup_ref_in(&ctx, &m, top, f),
        Some(find(&ctx, &m, "f"))
    );
    // A symbol that is not a symbol table nests nothing.
    assert_eq!(tables.lookup_ref_in(&ctx, &m, top, through_func), None);
    assert_eq!(tables.lookup_ref_in(&ctx, &m, top, missing), None);
    assert_eq!(tables.lookup_ref_in(&ctx, &m, top, not_nested_here), None);
    // A string is not a symbol reference.
    let s = ctx.string_attr("f");
    assert_eq!(tables.lookup_ref_in(&ctx, &m, top, s), None);
}

#[test]
fn lookups_start_in_the_nearest_table() {
    let (mut ctx, m) = parse(&nested());
    let tables = SymbolTableCollection::build_all(&ctx, &m, m.top().unwrap());
    let (inner, deeper, h) = (
        find(&ctx, &m, "inner"),
        find(&ctx, &m, "deeper"),
        find(&ctx, &m, "h"),
    );
    let ret = m.collect_ops(h)[1];
    assert_eq!(nearest_symbol_table(&ctx, &m, ret), Some(deeper));
    // A symbol table is its own nearest.
    assert_eq!(nearest_symbol_table(&ctx, &m, inner), Some(inner));
    let g = sym_ref(&mut ctx, &["g"]);
    let f = sym_ref(&mut ctx, &["f"]);
    assert_eq!(
        tables.lookup_nearest(&ctx, &m, inner, g),
        Some(find(&ctx, &m, "g"))
    );
    // Only the nearest table is searched.
    assert_eq!(tables.lookup_nearest(&ctx, &m, ret, g), None);
    assert_eq!(tables.lookup_nearest(&ctx, &m, inner, f), None);
    let top = m.top().unwrap();
    assert_eq!(
        tables.lookup_nearest(&ctx, &m, top, f),
        Some(find(&ctx, &m, "f"))
    );
}

#[test]
fn unknown_single_region_ops_hide_enclosing_tables() {
    let text = format!(
        "{}\"unknown.op\"() ({{\n  \"unknown.user\"() : () -> ()\n}}) : () -> ()\n",
        func("f", Some("private"))
    );
    let (mut ctx, m) = parse(&text);
    let user = m
        .collect_ops(m.top().unwrap())
        .into_iter()
        .find(|&op| ctx.str(m.op(op).name()) == "unknown.user")
        .unwrap();
    assert_eq!(nearest_symbol_table(&ctx, &m, user), None);
    let tables = SymbolTableCollection::build_all(&ctx, &m, m.top().unwrap());
    let f = sym_ref(&mut ctx, &["f"]);
    assert_eq!(tables.lookup_nearest(&ctx, &m, user, f), None);
}

#[test]
fn visibility_defaults_to_public() {
    let text = format!(
        "{}{}{}\"unknown.op\"() {{sym_name = \"odd\", sym_visibility = \"odd\"}} : () -> ()\n",
        func("pub", None),
        func("priv", Some("private")),
        func("nest", Some("nested"))
    );
    let (ctx, m) = parse(&text);
    let vis = |name| symbol_visibility(&ctx, &m, find(&ctx, &m, name));
    assert_eq!(vis("pub"), Visibility::Public);
    assert_eq!(vis("priv"), Visibility::Private);
    assert_eq!(vis("nest"), Visibility::Nested);
    assert_eq!(vis("odd"), Visibility::Public);
}

#[test]
fn invalidate_drops_a_stale_table() {
    let text = func("f", Some("private")) + &func("g", Some("private"));
    let (ctx, mut m) = parse(&text);
    let top = m.top().unwrap();
    let g = find(&ctx, &m, "g");
    let mut tables = SymbolTableCollection::new();
    assert!(tables.get(top).is_none());
    assert_eq!(tables.get_or_build(&ctx, &m, top).lookup("g"), Some(g));
    assert_eq!(tables.get(top).map(SymbolTable::len), Some(2));
    m.erase_op(g).unwrap();
    tables.invalidate(top);
    assert_eq!(tables.lookup_in(&ctx, &m, top, "g"), None);
    assert_eq!(tables.get_or_build(&ctx, &m, top).lookup("g"), None);
}

/// A module of symbols named from a small alphabet, so names repeat: every other
/// one a `tst.func`, the rest ops of an unknown dialect.
fn symbols_module(names: &[u8]) -> String {
    let mut text = String::new();
    for (i, n) in names.iter().enumerate() {
        let name = char::from(b'a' + n);
        if i % 2 == 0 {
            text.push_str(&func(&name.to_string(), Some("private")));
        } else {
            text.push_str(&format!(
                "\"unknown.sym\"() {{sym_name = \"{name}\"}} : () -> ()\n"
            ));
        }
    }
    text
}

proptest! {
    /// A built table, an unbuilt one (scanned) and a naive scan agree: each name
    /// resolves to its first definition, and the first clash is the redefinition.
    #[test]
    fn table_agrees_with_a_scan(names in prop::collection::vec(0u8..6, 0..24)) {
        let (ctx, m) = parse(&symbols_module(&names));
        let top = m.top().unwrap();
        let ops = m.collect_ops(top);
        let children = &ops[1..];
        let table = SymbolTable::new(&ctx, &m, top);
        let unbuilt = SymbolTableCollection::new();
        for n in 0u8..7 {
            let name = char::from(b'a' + n).to_string();
            let first = names.iter().position(|&x| x == n).map(|i| children[i]);
            prop_assert_eq!(table.lookup(&name), first);
            prop_assert_eq!(unbuilt.lookup_in(&ctx, &m, top, &name), first);
        }
        let clash = (0..names.len()).find_map(|i| {
            names[..i].iter().position(|&x| x == names[i]).map(|j| Redefinition {
                symbol: children[i],
                existing: children[j],
            })
        });
        prop_assert_eq!(table.redefinition(), clash);
        let distinct = names.iter().collect::<std::collections::BTreeSet<_>>().len();
        prop_assert_eq!(table.len(), distinct);
    }
}

#[test]
fn suggests_names_one_edit_away_of_the_accepted_kind() {
    let mut text: String = (0..2000).map(|i| func(&format!("f{i}"), None)).collect();
    text.push_str("\"other.sym\"() {sym_name = \"main\"} : () -> ()\n");
    text.push_str(&func("mains", None));
    let (ctx, m) = parse(&text);
    let table = SymbolTable::new(&ctx, &m, m.top().unwrap());
    let is_func = |op: OpId| ctx.str(m.op(op).name()) == "tst.func";
    assert_eq!(table.suggest("f1999x", is_func), Some("f1999"));
    assert_eq!(table.suggest("f19990", is_func), Some("f1990"));
    // `main` is closer but not a function.
    assert_eq!(table.suggest("mian", is_func), None);
    assert_eq!(table.suggest("mian", |_| true), Some("main"));
    assert_eq!(table.suggest("mainn", is_func), Some("mains"));
    assert_eq!(table.suggest("nothing", |_| true), None);
}
