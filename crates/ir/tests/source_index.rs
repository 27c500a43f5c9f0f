//! The source index `parse_source_indexed` records: every SSA name, block label,
//! symbol reference and op, with exact byte ranges.

use tensor_ir::parse::{IndexedSource, NameKind, parse_source, parse_source_indexed};
use tensor_ir::{Context, Module};

fn index(text: &str) -> (Context, IndexedSource) {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(true);
    let buffer = ctx.add_source("t.mlir", text);
    let parsed = parse_source_indexed(&mut ctx, buffer, 0..text.len());
    (ctx, parsed)
}

/// The byte range of the `n`th occurrence (from 0) of `needle`.
fn find(text: &str, needle: &str, n: usize) -> std::ops::Range<u32> {
    let start = text
        .match_indices(needle)
        .nth(n)
        .unwrap_or_else(|| panic!("no occurrence {n} of {needle:?}"))
        .0;
    start as u32..(start + needle.len()) as u32
}

const PROGRAM: &str = r#"builtin.module @outer {
  builtin.module @m {
    "test.fn"() <{sym_name = "g"}> ({}) : () -> ()
  }
  "test.fn"() ({
  ^bb0(%arg: i32):
    %x:2 = "test.two"(%arg) : (i32) -> (i32, i32)
    "test.br"(%later)[^exit] : (i32) -> ()
  ^exit:
    %later = "test.use"(%x#1, %x) : (i32, i32) -> i32
    "test.call"() {callee = @m::@g, other = @m} : () -> ()
  }) : () -> ()
}
"#;

#[test]
fn values_blocks_and_symbols_are_indexed_with_exact_ranges() {
    let (_ctx, parsed) = index(PROGRAM);
    assert!(parsed.error.is_none(), "{:?}", parsed.error);
    let (module, ix) = (&parsed.module, &parsed.index);

    // A block argument: its definition and its use.
    let def = ix.name_at(find(PROGRAM, "%arg", 0).start).expect("def");
    assert_eq!(def.range, find(PROGRAM, "%arg", 0));
    let NameKind::Value {
        value: arg,
        def: true,
        count: 1,
    } = def.kind
    else {
        panic!("{def:?}");
    };
    let use_ = ix.name_at(find(PROGRAM, "%arg", 1).start + 2).expect("use");
    assert_eq!(use_.range, find(PROGRAM, "%arg", 1));
    assert_eq!(
        use_.kind,
        NameKind::Value {
            value: arg,
            count: 1,
            def: false
        }
    );
    assert_eq!(
        ix.value_def(arg).map(|n| n.range.clone()),
        Some(find(PROGRAM, "%arg", 0))
    );

    // A result group `%x:2`: `%x#1` names its second value, defined by `%x`.
    let x1 = ix.name_at(find(PROGRAM, "%x#1", 0).start).expect("%x#1");
    assert_eq!(x1.range, find(PROGRAM, "%x#1", 0), "the range covers `#1`");
    let NameKind::Value { value, .. } = x1.kind else {
        panic!()
    };
    assert_eq!(
        ix.value_def(value).map(|n| n.range.clone()),
        Some(find(PROGRAM, "%x", 0))
    );
    let x_def = ix.value_def(value).expect("def");
    assert!(matches!(
        x_def.kind,
        NameKind::Value {
            count: 2,
            def: true,
            ..
        }
    ));

    // A forward reference resolves to the value defined later.
    let later_use = ix.name_at(find(PROGRAM, "%later", 0).start).expect("use");
    let NameKind::Value {
        value: later,
        def: false,
        ..
    } = later_use.kind
    else {
        panic!()
    };
    assert_eq!(
        ix.value_def(later).map(|n| n.range.clone()),
        Some(find(PROGRAM, "%later", 1))
    );
    assert!(module.value(later).def() != tensor_ir::ValueDef::Placeholder);

    // The successor names the block its label defines.
    let succ = ix
        .name_at(find(PROGRAM, "^exit", 0).start)
        .expect("successor");
    let NameKind::Block { block, def: false } = succ.kind else {
        panic!("{succ:?}")
    };
    assert_eq!(
        ix.block_def(block).map(|n| n.range.clone()),
        Some(find(PROGRAM, "^exit", 1))
    );

    // Nested symbol references carry their path.
    let g = ix.name_at(find(PROGRAM, "@g", 0).start).expect("@g");
    let NameKind::Symbol { path } = &g.kind else {
        panic!()
    };
    let names: Vec<&str> = path.iter().map(|&s| _ctx.str(s)).collect();
    assert_eq!(names, ["m", "g"]);
    let m_ref = ix
        .name_at(find(PROGRAM, "@m", 1).start)
        .expect("@m in @m::@g");
    assert!(matches!(&m_ref.kind, NameKind::Symbol { path } if path.len() == 1));

    // Between names there is nothing.
    assert!(ix.name_at(find(PROGRAM, "test.two", 0).start + 2).is_none());
}

#[test]
fn op_spans_nest_and_find_the_innermost_op() {
    let (ctx, parsed) = index(PROGRAM);
    let (module, ix) = (&parsed.module, &parsed.index);
    let call_at = find(PROGRAM, "@m::@g", 0).start;
    let call = ix.op_at(module, call_at).expect("op");
    assert_eq!(ctx.str(module.op(call).name()), "test.call");
    let span = ix.op_span(call).expect("span");
    assert_eq!(span.name, find(PROGRAM, "\"test.call\"", 0));
    let line = find(
        PROGRAM,
        "\"test.call\"() {callee = @m::@g, other = @m} : () -> ()",
        0,
    );
    assert_eq!(span.range, line);
    // The span of an op with a region ends at its last type, spans of results start
    // at the first result name.
    let two = ix
        .op_at(module, find(PROGRAM, "%x:2", 0).start)
        .expect("op");
    assert_eq!(
        ix.op_span(two).map(|s| s.range.clone()),
        Some(find(
            PROGRAM,
            "%x:2 = \"test.two\"(%arg) : (i32) -> (i32, i32)",
            0
        ))
    );
    // Between ops of a region, the innermost op is the one holding the region.
    let fn_op = ix
        .op_at(module, find(PROGRAM, "^exit:", 0).start)
        .expect("op");
    assert_eq!(ctx.str(module.op(fn_op).name()), "test.fn");
    // The symbol a symbol op declares.
    let m = ix
        .op_at(module, find(PROGRAM, "@m {", 0).start)
        .expect("module");
    assert_eq!(
        ix.symbol_decl(&ctx, module, m).map(|n| n.range.clone()),
        Some(find(PROGRAM, "@m", 0))
    );
    // The top op declares @outer; the call declares nothing.
    assert!(ix.symbol_decl(&ctx, module, call).is_none());
    assert_eq!(ix.op_spans().len(), 8);
}

#[test]
fn a_syntax_error_keeps_what_was_parsed_before_it() {
    let text = "\"test.f\"() ({\n^bb0(%a: i32):\n  %0 = \"test.op\"(%a) : (i32) -> i32\n  %1 = \n}) : () -> ()\n";
    let (_ctx, parsed) = index(text);
    let e = parsed.error.expect("error");
    assert_eq!(e.message, "expected operation name in quotes");
    let use_ = parsed
        .index
        .name_at(find(text, "%a", 1).start)
        .expect("use");
    let NameKind::Value { value, .. } = use_.kind else {
        panic!()
    };
    assert_eq!(
        parsed.index.value_def(value).map(|n| n.range.clone()),
        Some(find(text, "%a", 0))
    );
}

#[test]
fn plain_parsing_is_unchanged() {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(true);
    let buffer = ctx.add_source("t.mlir", PROGRAM);
    let plain: Module = parse_source(&mut ctx, buffer, 0..PROGRAM.len()).expect("parses");
    let (ctx2, indexed) = index(PROGRAM);
    let print = |ctx: &Context, m: &Module| {
        let mut s = String::new();
        tensor_ir::print::print_module(ctx, m, Default::default(), &mut s);
        s
    };
    assert_eq!(print(&ctx, &plain), print(&ctx2, &indexed.module));
}

#[test]
fn op_spans_end_at_the_last_token_not_at_a_slash_pair_in_a_string() {
    let text = "%a = \"test.op\"() {u = \"http://x\"} : () -> i32 // note\n// more\n%b = \"test.op\"(%a) : (i32) -> i32\n";
    let (_ctx, parsed) = index(text);
    assert!(parsed.error.is_none(), "{:?}", parsed.error);
    let (module, ix) = (&parsed.module, &parsed.index);
    let a = ix.op_at(module, find(text, "%a", 0).start).expect("op");
    assert_eq!(
        ix.op_span(a).map(|s| s.range.clone()),
        Some(find(
            text,
            "%a = \"test.op\"() {u = \"http://x\"} : () -> i32",
            0
        ))
    );
    // Inside the string, the op is still found.
    assert_eq!(ix.op_at(module, find(text, "//x", 0).start), Some(a));
}

/// Block arguments remember where they were written (entry arguments in a
/// region's signature and arguments after a block label alike): the location
/// upstream gives an argument without `loc(...)`, for run-time diagnostics.
#[test]
fn block_arguments_have_their_source_locations() {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(true);
    let buffer = ctx.add_source("t.mlir", PROGRAM);
    let module = parse_source(&mut ctx, buffer, 0..PROGRAM.len()).expect("parses");
    let args: Vec<_> = module
        .blocks()
        .flat_map(|(_, b)| b.args().to_vec())
        .collect();
    assert_eq!(args.len(), 1);
    assert_eq!(
        module.arg_location(args[0]),
        Some(tensor_ir::Location::Source {
            buffer,
            offset: find(PROGRAM, "%arg", 0).start,
        })
    );
}
