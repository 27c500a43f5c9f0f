//! Tests of the core's greedy pattern driver on a small dialect `t` with folds, a
//! constant, a materializer and patterns (here, where `func` is available to hold
//! them: the core knows no dialect but `builtin`).

// Helpers outside `#[test]` functions set up fixed test dialects.
#![allow(clippy::unwrap_used)]

use smallvec::smallvec;
use std::sync::atomic::{AtomicUsize, Ordering};
use tensor_ir::builder::Builder;
use tensor_ir::module::EditError;
use tensor_ir::parse::parse_source;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::rewrite::*;
use tensor_ir::verify::verify_module;
use tensor_ir::{
    AttrKind, Attribute, Context, Dialect, Location, Module, OpDef, OpId, OpTrait, OperationState,
    Type, Value, ValueDef,
};

static T: Dialect = Dialect {
    name: "t",
    description: "",
    ops: &[
        OpDef {
            traits: &[OpTrait::Pure],
            attributes: &[tensor_ir::ods::AttrDef {
                name: "value",
                optional: false,
                constraint: &tensor_ir::ods::AttrConstraint {
                    summary: "any attribute",
                    check: |_, _, _| None,
                    missing: "",
                    parse: tensor_ir::ods::attr_types::parse_any,
                    print: tensor_ir::ods::attr_types::print_any,
                    is_set: tensor_ir::ods::attr_types::always_set,
                },
            }],
            ..OpDef::named("t.const")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            ..OpDef::named("t.add")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            ..OpDef::named("t.double")
        },
        OpDef {
            traits: &[OpTrait::Pure],
            ..OpDef::named("t.wide")
        },
        OpDef::named("t.sink"),
        OpDef::named("t.killer"),
        OpDef::named("t.victim"),
        OpDef::named("t.toggle"),
        OpDef::named("t.local"),
        OpDef::named("t.mark"),
        OpDef {
            traits: &[OpTrait::Pure, OpTrait::NoTerminator],
            ..OpDef::named("t.pure_region")
        },
    ],
};

fn int_value(ctx: &Context, a: Attribute) -> Option<i128> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => Some(*value),
        _ => None,
    }
}

/// `t.add` folds constants, and `x + 0` to `x`.
fn fold_add(
    ctx: &mut Context,
    module: &Module,
    op: OpId,
    operands: &[Option<Attribute>],
) -> Option<FoldResults> {
    let ty = module.value_type(module.result(op, 0));
    match operands {
        [Some(a), Some(b)] => {
            let sum = int_value(ctx, *a)?.checked_add(int_value(ctx, *b)?)?;
            Some(smallvec![FoldResult::Attribute(ctx.int_attr(sum, ty))])
        }
        [None, Some(b)] if int_value(ctx, *b) == Some(0) => {
            Some(smallvec![FoldResult::Value(module.operands(op)[0])])
        }
        _ => None,
    }
}

/// `t.wide` folds to its operand, of another type (a broken fold hook).
fn fold_wide(
    _: &mut Context,
    m: &Module,
    op: OpId,
    _: &[Option<Attribute>],
) -> Option<FoldResults> {
    Some(smallvec![FoldResult::Value(m.operands(op)[0])])
}

fn materialize(b: &mut Builder<'_>, value: Attribute, ty: Type, loc: Location) -> Option<OpId> {
    // Only i32 constants: anything else cannot be materialized.
    let i32t = b.ctx.i(32);
    if ty != i32t || !matches!(b.ctx.attr_kind(value), AttrKind::Integer { ty: t, .. } if *t == ty)
    {
        return None;
    }
    let mut state = OperationState::new(b.ctx.sym("t.const"), loc);
    state.result_types.push(ty);
    state.props.push(tensor_ir::NamedAttr {
        name: b.ctx.sym("value"),
        value,
    });
    b.create(state).ok()
}

/// `t.double %x` is `t.add %x, %x` (a pattern that creates an op).
struct Double;

impl RewritePattern for Double {
    fn root(&self) -> Option<&'static str> {
        Some("t.double")
    }
    fn name(&self) -> &'static str {
        "Double"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let x = rw.module.operands(op)[0];
        let ty = rw.module.value_type(rw.module.result(op, 0));
        let mut state = OperationState::new(rw.ctx.sym("t.add"), rw.module.op(op).location());
        state.operands.extend([x, x]);
        state.result_types.push(ty);
        rw.replace_op_with_new(op, state)?;
        Ok(true)
    }
}

static VICTIM_VISITS: AtomicUsize = AtomicUsize::new(0);

/// `t.killer` erases the op after it, then itself.
struct Killer;

impl RewritePattern for Killer {
    fn root(&self) -> Option<&'static str> {
        Some("t.killer")
    }
    fn name(&self) -> &'static str {
        "Killer"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        if let Some(next) = rw.module.next_op(op) {
            rw.erase_op(next)?;
        }
        rw.erase_op(op)?;
        Ok(true)
    }
}

/// Counts the visits of `t.victim`.
struct Victim;

impl RewritePattern for Victim {
    fn root(&self) -> Option<&'static str> {
        Some("t.victim")
    }
    fn name(&self) -> &'static str {
        "Victim"
    }
    fn match_and_rewrite(&self, _: OpId, _: &mut Builder<'_>) -> Result<bool, EditError> {
        VICTIM_VISITS.fetch_add(1, Ordering::SeqCst);
        Ok(false)
    }
}

/// Flips a unit attribute on `t.toggle`. With `notify`, through the rewriter: the
/// op re-enters the worklist at once, forever. Without, behind the listener's back
/// (a misbehaving pattern): the op changes again in every iteration.
struct Toggle {
    notify: bool,
}

impl RewritePattern for Toggle {
    fn root(&self) -> Option<&'static str> {
        Some("t.toggle")
    }
    fn name(&self) -> &'static str {
        "Toggle"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let flag = rw.ctx.sym("flag");
        let unit = rw.ctx.intern_attr(AttrKind::Unit);
        let flip = |ctx: &mut Context, m: &mut Module| {
            if m.remove_attr(op, flag).is_none() {
                m.set_attr(ctx, op, flag, unit);
            }
        };
        if self.notify {
            rw.modify_op(op, flip);
        } else {
            flip(rw.ctx, rw.module);
        }
        Ok(true)
    }
}

/// Tags an op with `tag = benefit`, once: shows which pattern ran first.
struct Tag(u16);

impl RewritePattern for Tag {
    fn root(&self) -> Option<&'static str> {
        Some("t.sink")
    }
    fn benefit(&self) -> u16 {
        self.0
    }
    fn name(&self) -> &'static str {
        "Tag"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let tag = rw.ctx.sym("tag");
        if rw.module.get_attr(op, tag).is_some() {
            return Ok(false);
        }
        let i32t = rw.ctx.i(32);
        let v = rw.ctx.int_attr(i128::from(self.0), i32t);
        rw.modify_op(op, |ctx, m| m.set_attr(ctx, op, tag, v));
        Ok(true)
    }
}

/// `t.mark` sets `marked` on the op defining its operand, once: a change in the
/// cone of the ops using that value which does not notify them.
struct MarkDef;

impl RewritePattern for MarkDef {
    fn root(&self) -> Option<&'static str> {
        Some("t.mark")
    }
    fn name(&self) -> &'static str {
        "MarkDef"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let marked = rw.ctx.sym("marked");
        let ValueDef::Result { op: def, .. } = rw.module.value(rw.module.operands(op)[0]).def()
        else {
            return Ok(false);
        };
        if rw.module.get_attr(def, marked).is_some() {
            return Ok(false);
        }
        let unit = rw.ctx.intern_attr(AttrKind::Unit);
        rw.modify_op(def, |ctx, m| m.set_attr(ctx, def, marked, unit));
        Ok(true)
    }
}

thread_local! {
    /// Visits of `t.local` in this test's thread.
    static LOCAL_VISITS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `t.local` sets `seen` on itself, once, when the op defining its operand is
/// `marked`: it reads its cone only, as [`LocalRewrites`] promises.
struct SeeMark;

impl RewritePattern for SeeMark {
    fn root(&self) -> Option<&'static str> {
        Some("t.local")
    }
    fn name(&self) -> &'static str {
        "SeeMark"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        LOCAL_VISITS.with(|c| c.set(c.get() + 1));
        let (marked, seen) = (rw.ctx.sym("marked"), rw.ctx.sym("seen"));
        let ValueDef::Result { op: def, .. } = rw.module.value(rw.module.operands(op)[0]).def()
        else {
            return Ok(false);
        };
        if rw.module.get_attr(def, marked).is_none() || rw.module.get_attr(op, seen).is_some() {
            return Ok(false);
        }
        let unit = rw.ctx.intern_attr(AttrKind::Unit);
        rw.modify_op(op, |ctx, m| m.set_attr(ctx, op, seen, unit));
        Ok(true)
    }
}

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(&T);
    tensor_dialect_func::register(&mut ctx);
    ctx.attach_interface("t.add", Fold(fold_add)).unwrap();
    ctx.attach_interface("t.wide", Fold(fold_wide)).unwrap();
    ctx.attach_interface(
        "t.const",
        ConstantLike(|ctx, m, op| m.get_attr(op, ctx.lookup_sym("value")?)),
    )
    .unwrap();
    ctx.attach_dialect_interface("t", ConstantMaterializer(materialize))
        .unwrap();
    ctx
}

fn patterns(ctx: &mut Context, extra: impl FnOnce(&mut PatternSet)) -> FrozenPatternSet {
    let mut set = PatternSet::new();
    set.add(Double).add(Killer).add(Victim);
    extra(&mut set);
    set.freeze(ctx)
}

/// Runs the driver on `text` and returns the printed result and the outcome.
fn run(
    text: &str,
    extra: impl FnOnce(&mut PatternSet),
    config: GreedyConfig,
) -> (String, GreedyOutcome) {
    run_in(context(), text, extra, config)
}

/// As [`run`], in `ctx`.
fn run_in(
    mut ctx: Context,
    text: &str,
    extra: impl FnOnce(&mut PatternSet),
    config: GreedyConfig,
) -> (String, GreedyOutcome) {
    let buffer = ctx.add_source("t.mlir", text);
    let mut module = parse_source(&mut ctx, buffer, 0..text.len()).expect("parses");
    assert!(!verify_module(&ctx, &module).has_errors(), "input verifies");
    let frozen = patterns(&mut ctx, extra);
    let top = module.top().unwrap();
    let outcome =
        apply_patterns_greedily(&mut ctx, &mut module, top, &frozen, &config).expect("rewrites");
    let diags = verify_module(&ctx, &module);
    assert!(!diags.has_errors(), "output verifies: {diags:?}");
    let mut out = String::new();
    print_module(&ctx, &module, PrintOptions::default(), &mut out);
    (out, outcome)
}

fn body(out: &str) -> Vec<&str> {
    out.lines()
        .map(str::trim)
        .filter(|l| l.starts_with('%') || l.starts_with('"'))
        .collect()
}

#[test]
fn folds_chains_and_materializes_one_hoisted_constant() {
    let (out, outcome) = run(
        r#"func.func @f(%x: i32) -> (i32, i32) {
  "t.sink"(%x) : (i32) -> ()
  %a = "t.const"() <{value = 1 : i32}> : () -> i32
  %b = "t.const"() <{value = 2 : i32}> : () -> i32
  %s = "t.add"(%a, %b) : (i32, i32) -> i32
  %c = "t.const"() <{value = 3 : i32}> : () -> i32
  %t = "t.add"(%s, %c) : (i32, i32) -> i32
  %z = "t.const"() <{value = 0 : i32}> : () -> i32
  %u = "t.add"(%x, %z) : (i32, i32) -> i32
  return %t, %u : i32, i32
}"#,
        |_| {},
        GreedyConfig::default(),
    );
    assert_eq!(
        body(&out),
        [
            r#"%0 = "t.const"() <{value = 6 : i32}> : () -> i32"#,
            r#""t.sink"(%arg0) : (i32) -> ()"#,
        ],
        "{out}"
    );
    assert!(out.contains("return %0, %arg0 : i32, i32"), "{out}");
    // 1 + 2, then (1 + 2) + 3 once its operand was replaced, and x + 0.
    assert_eq!(outcome.folded, 3, "{outcome:?}");
    assert!(outcome.converged && outcome.changed);
    // The second iteration hoists the new constant (as upstream, moving constants
    // while filling the worklist does not call for another iteration).
    assert_eq!(outcome.iterations, 2, "{outcome:?}");
}

#[test]
fn hoisting_a_constant_is_a_change() {
    let (out, outcome) = run(
        r#"func.func @f(%x: i32) {
  "t.sink"(%x) : (i32) -> ()
  %c = "t.const"() <{value = 1 : i32}> : () -> i32
  "t.sink"(%c) : (i32) -> ()
  return
}"#,
        |_| {},
        GreedyConfig::default(),
    );
    assert!(body(&out)[0].contains("t.const"), "{out}");
    assert!(outcome.changed && outcome.converged, "{outcome:?}");
    assert_eq!(outcome.iterations, 1, "{outcome:?}");
}

#[test]
fn ops_created_by_patterns_are_visited() {
    // t.double becomes t.add %c, %c, which then folds.
    let (out, outcome) = run(
        r#"func.func @f() -> i32 {
  %c = "t.const"() <{value = 21 : i32}> : () -> i32
  %d = "t.double"(%c) : (i32) -> i32
  return %d : i32
}"#,
        |_| {},
        GreedyConfig::default(),
    );
    assert_eq!(
        body(&out),
        [r#"%0 = "t.const"() <{value = 42 : i32}> : () -> i32"#],
        "{out}"
    );
    assert_eq!((outcome.rewrites, outcome.folded), (1, 1), "{outcome:?}");
}

#[test]
fn erased_ops_leave_the_worklist() {
    VICTIM_VISITS.store(0, Ordering::SeqCst);
    let (out, _) = run(
        r#"func.func @f() {
  "t.killer"() : () -> ()
  "t.victim"() : () -> ()
  "t.victim"() : () -> ()
  return
}"#,
        |_| {},
        GreedyConfig::default(),
    );
    // The first victim was erased before its turn; the second is visited once per
    // iteration (two: the second confirms convergence).
    assert_eq!(body(&out), [r#""t.victim"() : () -> ()"#], "{out}");
    assert_eq!(VICTIM_VISITS.load(Ordering::SeqCst), 2);
}

#[test]
fn stops_at_the_iteration_bound_without_converging() {
    let config = GreedyConfig {
        max_iterations: 4,
        ..GreedyConfig::default()
    };
    let (_, outcome) = run(
        "func.func @f() {\n  \"t.toggle\"() : () -> ()\n  return\n}",
        |s| {
            s.add(Toggle { notify: false });
        },
        config,
    );
    assert!(!outcome.converged);
    assert_eq!(outcome.iterations, 4);
    assert_eq!(outcome.rewrites, 4);
}

#[test]
fn the_rewrite_bound_stops_an_iteration() {
    let config = GreedyConfig {
        max_iterations: 2,
        max_rewrites: Some(3),
        ..GreedyConfig::default()
    };
    let (_, outcome) = run(
        "func.func @f() {\n  \"t.toggle\"() : () -> ()\n  return\n}",
        |s| {
            s.add(Toggle { notify: true });
        },
        config,
    );
    assert_eq!(outcome.rewrites, 6, "{outcome:?}");
    assert!(!outcome.converged);
}

#[test]
fn higher_benefit_goes_first() {
    let (out, _) = run(
        "func.func @f(%x: i32) {\n  \"t.sink\"(%x) : (i32) -> ()\n  return\n}",
        |s| {
            s.add(Tag(1)).add(Tag(5)).add(Tag(2));
        },
        GreedyConfig::default(),
    );
    assert!(out.contains("{tag = 5 : i32}"), "{out}");
}

#[test]
fn keeps_what_is_not_dead() {
    let (out, outcome) = run(
        r#"func.func @f(%x: i32) {
  %a = "t.add"(%x, %x) : (i32, i32) -> i32
  "t.sink"(%a) : (i32) -> ()
  %b = "t.add"(%x, %x) : (i32, i32) -> i32
  "t.pure_region"() ({
    "t.sink"(%b) : (i32) -> ()
  }) : () -> ()
  %u = "t.add"(%x, %x) : (i32, i32) -> i32
  return
}"#,
        |_| {},
        GreedyConfig::default(),
    );
    // Only the unused Pure op without regions goes.
    assert_eq!(body(&out).len(), 5, "{out}");
    assert_eq!(outcome.erased, 1);
}

#[test]
fn dead_ops_stay_when_asked() {
    let config = GreedyConfig {
        erase_dead_ops: false,
        ..GreedyConfig::default()
    };
    let (out, outcome) = run(
        "func.func @f(%x: i32) {\n  %u = \"t.double\"(%x) : (i32) -> i32\n  return\n}",
        |_| {},
        config,
    );
    // The dead op is still rewritten (t.double becomes t.add), but not erased.
    assert_eq!(
        body(&out),
        [r#"%0 = "t.add"(%arg0, %arg0) : (i32, i32) -> i32"#],
        "{out}"
    );
    assert_eq!(outcome.erased, 0);
}

#[test]
fn a_constant_that_cannot_be_materialized_is_not_folded() {
    // i8 sums fold to an attribute the materializer refuses.
    let (out, outcome) = run(
        r#"func.func @f() -> i8 {
  %a = "t.const"() <{value = 1 : i8}> : () -> i8
  %s = "t.add"(%a, %a) : (i8, i8) -> i8
  return %s : i8
}"#,
        |_| {},
        GreedyConfig::default(),
    );
    assert_eq!(outcome.folded, 0);
    assert!(out.contains(r#""t.add"(%0, %0)"#), "{out}");
}

#[test]
fn a_fold_of_the_wrong_type_is_an_error_at_the_op() {
    let mut ctx = context();
    let text = "func.func @f(%x: i64) -> i32 {\n  %w = \"t.wide\"(%x) : (i64) -> i32\n  return %w : i32\n}";
    let buffer = ctx.add_source("t.mlir", text);
    let mut module = parse_source(&mut ctx, buffer, 0..text.len()).unwrap();
    let frozen = patterns(&mut ctx, |_| {});
    let top = module.top().unwrap();
    let e = apply_patterns_greedily(
        &mut ctx,
        &mut module,
        top,
        &frozen,
        &GreedyConfig::default(),
    )
    .unwrap_err();
    let rendered = ctx.diagnostic_to_string(&e.to_diagnostic());
    assert!(
        rendered.starts_with(
            "t.mlir:2:8: error: 't.wide' op folded result #0 to a value of another type"
        ),
        "{rendered}"
    );
}

#[test]
fn deep_nesting_does_not_recurse() {
    // 100,000 nested regions (deeper than the parser allows), a constant and a
    // foldable add at the bottom.
    let mut ctx = context();
    ctx.set_allow_unregistered(true);
    let i32t = ctx.i(32);
    let mut m = Module::new();
    let region = m.create_region();
    let block = m.create_block(&[], Location::Unknown);
    m.append_block(region, block).unwrap();
    let mut top = OperationState::new(ctx.sym("builtin.module"), Location::Unknown);
    top.regions.push(region);
    let top = m.create_op(top);
    m.set_top(top);
    // Built from the inside out: inserting into a detached block checks nothing.
    let innermost = m.create_block(&[], Location::Unknown);
    let one = ctx.int_attr(1, i32t);
    let mut c = OperationState::new(ctx.sym("t.const"), Location::Unknown);
    c.result_types.push(i32t);
    c.props.push(tensor_ir::NamedAttr {
        name: ctx.sym("value"),
        value: one,
    });
    let c = m.create_op(c);
    m.append_op(innermost, c).unwrap();
    let v: Value = m.result(c, 0);
    let mut add = OperationState::new(ctx.sym("t.add"), Location::Unknown);
    add.operands.extend([v, v]);
    add.result_types.push(i32t);
    let add = m.create_op(add);
    m.append_op(innermost, add).unwrap();
    let sum = m.result(add, 0);
    let mut sink = OperationState::new(ctx.sym("t.sink"), Location::Unknown);
    sink.operands.push(sum);
    let sink = m.create_op(sink);
    m.append_op(innermost, sink).unwrap();
    let mut inner = innermost;
    let mut outer_op = None;
    for _ in 0..100_000 {
        let r = m.create_region();
        m.append_block(r, inner).unwrap();
        let mut nest = OperationState::new(ctx.sym("t.pure_region"), Location::Unknown);
        nest.regions.push(r);
        let op = m.create_op(nest);
        inner = m.create_block(&[], Location::Unknown);
        m.append_op(inner, op).unwrap();
        outer_op = Some(op);
    }
    let outer_op = outer_op.unwrap();
    m.detach_op(outer_op);
    m.append_op(block, outer_op).unwrap();

    let frozen = patterns(&mut ctx, |_| {});
    let outcome =
        apply_patterns_greedily(&mut ctx, &mut m, top, &frozen, &GreedyConfig::default()).unwrap();
    assert_eq!(outcome.folded, 1);
    // The sum is a constant of the innermost region's block... of the module's
    // body: no op on the way is isolated, so constants go to the top.
    let ValueDef::Result { op, .. } = m.value(m.operands(sink)[0]).def() else {
        panic!("the sink reads a result");
    };
    assert_eq!(ctx.str(m.op(op).name()), "t.const");
    assert_eq!(m.op(op).parent(), m.region(region).entry());
}

/// Reports an error and a warning at every `t.sink` it visits, and changes nothing.
struct Report;

impl RewritePattern for Report {
    fn root(&self) -> Option<&'static str> {
        Some("t.sink")
    }
    fn name(&self) -> &'static str {
        "Report"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let at = rw.module.op(op).location();
        rw.report(tensor_ir::Diagnostic::error(at, "proved wrong"));
        rw.report(tensor_ir::Diagnostic::warning(at, "suspicious"));
        Ok(false)
    }
}

/// Adds an empty block, which no branch reaches, to the region of `t.sink`, once
/// (it tags the sink `split`).
struct SplitOff;

impl RewritePattern for SplitOff {
    fn root(&self) -> Option<&'static str> {
        Some("t.sink")
    }
    fn name(&self) -> &'static str {
        "SplitOff"
    }
    fn match_and_rewrite(&self, op: OpId, rw: &mut Builder<'_>) -> Result<bool, EditError> {
        let split = rw.ctx.sym("split");
        if rw.module.get_attr(op, split).is_some() {
            return Ok(false);
        }
        let Some(region) = rw
            .module
            .op(op)
            .parent()
            .and_then(|b| rw.module.block(b).parent())
        else {
            return Ok(false);
        };
        rw.create_block(region, &[], Location::Unknown)?;
        let unit = rw.ctx.intern_attr(AttrKind::Unit);
        rw.modify_op(op, |ctx, m| m.set_attr(ctx, op, split, unit));
        Ok(true)
    }
}

#[test]
fn an_unreachable_block_added_to_a_single_block_region_is_erased() {
    // The region has one block when the iteration starts: the driver must still
    // look for unreachable blocks once a pattern has inserted one.
    let (out, outcome) = run(
        "func.func @f(%x: i32) {\n  \"t.sink\"(%x) : (i32) -> ()\n  return\n}",
        |s| {
            s.add(SplitOff);
        },
        GreedyConfig::default(),
    );
    assert_eq!(outcome.blocks_erased, 1, "{out}");
    assert!(out.contains("split"), "{out}");
    assert!(!out.contains("^bb"), "{out}");
}

#[test]
fn reports_are_collected_once_in_order_over_iterations() {
    let config = GreedyConfig {
        max_iterations: 3,
        ..GreedyConfig::default()
    };
    let mut ctx = context();
    let text = "func.func @f(%x: i32) {\n  \"t.sink\"(%x) : (i32) -> ()\n  \"t.toggle\"() : () -> ()\n  return\n}";
    let buffer = ctx.add_source("t.mlir", text);
    let mut module = parse_source(&mut ctx, buffer, 0..text.len()).unwrap();
    // The toggle changes the IR in every iteration, so the sink is visited thrice.
    let frozen = patterns(&mut ctx, |s| {
        s.add(Report).add(Toggle { notify: false });
    });
    let top = module.top().unwrap();
    let outcome = apply_patterns_greedily(&mut ctx, &mut module, top, &frozen, &config).unwrap();
    assert_eq!(outcome.iterations, 3);
    let rendered: Vec<String> = outcome
        .diagnostics
        .iter()
        .map(|d| ctx.diagnostic_to_string(d))
        .collect();
    assert_eq!(rendered.len(), 2, "{rendered:#?}");
    assert!(
        rendered[0].starts_with("t.mlir:2:3: error: proved wrong"),
        "{rendered:#?}"
    );
    assert!(
        rendered[1].starts_with("t.mlir:2:3: warning: suspicious"),
        "{rendered:#?}"
    );
    assert!(outcome.diagnostics.has_errors());
}

/// `t.mark` changes the op defining `t.local`'s operand after `t.local` was
/// visited, without notifying it. Run with `skip_unchanged`, `t.local` with or
/// without `LocalRewrites`; returns the output, the outcome and its visits.
fn run_skipping(local: bool) -> (String, GreedyOutcome, usize) {
    let mut ctx = context();
    if local {
        ctx.attach_interface("t.local", LocalRewrites).unwrap();
    }
    LOCAL_VISITS.with(|c| c.set(0));
    let (out, outcome) = run_in(
        ctx,
        r#"func.func @f(%x: i32) {
  %a = "t.add"(%x, %x) : (i32, i32) -> i32
  "t.local"(%a) : (i32) -> ()
  "t.mark"(%a) : (i32) -> ()
  return
}"#,
        |s| {
            s.add(MarkDef).add(SeeMark);
        },
        GreedyConfig {
            skip_unchanged: true,
            ..GreedyConfig::default()
        },
    );
    (out, outcome, LOCAL_VISITS.with(std::cell::Cell::get))
}

#[test]
fn a_local_op_whose_cone_changed_is_revisited_and_an_unchanged_one_skipped() {
    let (out, outcome, visits) = run_skipping(true);
    // Iteration 1 marks `%a` after `t.local` was visited; iteration 2 revisits
    // `t.local` since its cone changed: it sees the mark (and is revisited once
    // changed); iteration 3 changes nothing and skips it.
    assert!(out.contains(r#""t.local"(%0) {seen}"#), "{out}");
    assert_eq!(outcome.iterations, 3, "{outcome:?}");
    assert!(outcome.converged, "{outcome:?}");
    assert_eq!(visits, 3);
}

#[test]
fn ops_without_local_rewrites_are_always_revisited() {
    let (local_out, local_outcome, _) = run_skipping(true);
    let (out, outcome, visits) = run_skipping(false);
    // The same rewrites, and a visit in each iteration.
    assert_eq!(out, local_out);
    assert_eq!(outcome, local_outcome);
    assert_eq!(visits, 4);
}
