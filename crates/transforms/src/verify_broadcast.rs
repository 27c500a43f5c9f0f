//! `--verify-broadcast`: infers the result shape of every Broadcastable op
//! and checks the declared result type against it, reporting *every*
//! failing op (not only the first), under the context's semantics.
//!
//! Beyond the trait's own verification it reports, under the `mlir`
//! semantics, ops that upstream accepts but whose operands can never be
//! broadcast at run time (a static `0` meeting a `?` and another static
//! size: see the `broadcastable::upstream` docs, difference 8).
//!
//! # Refine mode
//! `--verify-broadcast=refine` also replaces a less precise declared result
//! type by the inferred one: `tensor<*xf32>` becomes `tensor<?x6x?xf32>`,
//! a `?` becomes a static size where the operands determine it
//! ([`broadcastable::refined_result_shape`] has the exact rules, including
//! why a 1 stays `?` next to an unranked operand).
//!
//! The program stays valid for every user of a refined value, by this rule:
//! **a result is refined only if every use of it is an operand of a
//! Broadcastable op that still verifies — its own type constraints and its
//! broadcasting — with the refined type.** Any other use keeps the declared
//! type: a `func.return` (the function signature fixes the type), a
//! `func.call`, an unregistered op, or an op with no Broadcastable trait.
//! The pass inserts no casts. Ops are visited in program order, so a
//! refined value lets its users refine in turn; a value with no uses is
//! always refined.

use broadcastable::{BroadcastableOp, Semantics, refined_result_shape};
use broadcastable_ir::shapes::{Decision, ShapeAnalysis};
use broadcastable_ir::{BroadcastPolicy, BroadcastVerifier, OpView, codes, policy_of, with_shape};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use tensor_ir::verify::{op_error, with_current_op};
use tensor_ir::{Context, Diagnostic, Diagnostics, Module, OpId, Symbol, Value};

/// What the pass does besides checking.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// Check only (`--verify-broadcast`).
    #[default]
    Check,
    /// Check, then refine result types (`--verify-broadcast=refine`).
    Refine,
}

/// The outcome of one run of the pass.
#[derive(Debug, Default)]
pub struct Report {
    /// One error per failing op, in program order.
    pub diagnostics: Diagnostics,
    /// Broadcastable ops checked.
    pub checked: usize,
    /// Results whose type was refined.
    pub refined: usize,
    /// Results that could have been refined but were kept because a use
    /// would not accept the refined type.
    pub kept: usize,
    /// Run-time obligations reported (one remark each).
    pub obligations: usize,
    /// Run-time obligations the shape analysis proved always hold.
    pub proven: usize,
    /// How many more remarks the run shows (`--max-remarks`; `None`: all). An
    /// obligation past it is counted in `withheld`, and its text never built.
    pub remark_budget: Option<usize>,
    /// Obligations reported without a remark, past `remark_budget`.
    pub withheld: usize,
}

impl Report {
    /// A report for a run that shows at most `remark_budget` remarks.
    fn with_budget(remark_budget: Option<usize>) -> Self {
        Report {
            remark_budget,
            ..Report::default()
        }
    }

    /// Whether the next obligation gets its remark; counts it either way.
    fn take_remark(&mut self) -> bool {
        self.obligations += 1;
        match &mut self.remark_budget {
            None => true,
            Some(0) => {
                self.withheld += 1;
                false
            }
            Some(n) => {
                *n -= 1;
                true
            }
        }
    }
}

impl Report {
    /// Whether the pass changed the IR.
    pub fn changed(&self) -> bool {
        self.refined > 0
    }
}

/// Runs the pass on `module`.
///
/// Nothing is refined when any op fails: a failing program is reported,
/// not transformed. After a refinement, the run-time obligations are those of
/// the refined types (a refined operand can discharge one).
pub fn run(ctx: &mut Context, module: &mut Module, mode: Mode) -> Report {
    let budget = tensor_ir::diag::limit::remark_budget(ctx);
    let mut report = Report::with_budget(budget);
    let Some(top) = module.top() else {
        return report;
    };
    let mut verifier = BroadcastVerifier::new();
    let mut ops: Vec<OpId> = Vec::new();
    let mut verified: Vec<OpId> = Vec::new();
    let collect = (mode == Mode::Refine).then_some((&mut ops, &mut verified));
    check_all(ctx, module, top, &mut verifier, &mut report, collect);
    if mode == Mode::Refine && !report.diagnostics.has_errors() {
        refine(ctx, module, &ops, &verified, &mut verifier, &mut report);
        if report.refined > 0 {
            // No errors: the diagnostics are the obligations' remarks, now stale.
            let mut again = Report::with_budget(budget);
            check_all(ctx, module, top, &mut verifier, &mut again, None);
            report.diagnostics = again.diagnostics;
            report.obligations = again.obligations;
            report.proven = again.proven;
            report.withheld = again.withheld;
        }
    }
    report
}

/// Checks every Broadcastable op under `top` in program order, reporting errors
/// and one remark per run-time obligation; with `collect`, also lists every op
/// and the Broadcastable ops that verified, for the refine step.
fn check_all(
    ctx: &Context,
    module: &Module,
    top: OpId,
    verifier: &mut BroadcastVerifier,
    report: &mut Report,
    mut collect: Option<(&mut Vec<OpId>, &mut Vec<OpId>)>,
) {
    // Ops of one kind come in runs: remember the last name's policy and size
    // checks.
    type Kind = (
        Option<BroadcastPolicy>,
        Option<broadcastable_ir::SizeChecks>,
    );
    let mut last: Option<(Symbol, Kind)> = None;
    // Many failing ops in one function name its values once (linear, not quadratic).
    let _names = tensor_ir::print::cache_generic_names(module);
    // Worked out on demand, for the operands of ops with a run-time obligation
    // and what they derive from: a program without one costs nothing more.
    let mut analysis = ShapeAnalysis::new();
    // The checks of ops with open obligations so far ([`CheckKey`]).
    let mut passed: FxHashSet<CheckKey> = FxHashSet::default();
    module.walk(top, |op| {
        if let Some((ops, _)) = collect.as_mut() {
            ops.push(op);
        }
        let name = module.op(op).name();
        let (policy, own) = match last {
            Some((n, kind)) if n == name => kind,
            _ => {
                let kind = (
                    ctx.op_def(name).and_then(policy_of),
                    ctx.interface::<broadcastable_ir::SizeChecks>(name).copied(),
                );
                last = Some((name, kind));
                kind
            }
        };
        let Some(policy) = policy else {
            if let Some(own) = own {
                report.checked += 1;
                let checks = (own.0)(ctx, module, op);
                own_checks(ctx, module, op, &checks, &mut analysis, report);
            }
            return;
        };
        report.checked += 1;
        match verifier.explained_obligations(ctx, module, op, policy) {
            Err(d) => report.diagnostics.push(with_current_op(ctx, module, op, d)),
            Ok((inferred, obligations)) => {
                if let Some(d) = never_satisfiable(ctx, module, op, &inferred) {
                    report.diagnostics.push(with_current_op(ctx, module, op, d));
                    return;
                }
                // What the verifier accepted on condition: each run-time obligation
                // that the shape analysis cannot prove is a remark at the op, where
                // the program can fail; one it refutes is an error.
                let location = module.op(op).location();
                let mut refuted = None;
                let mut open = Vec::with_capacity(obligations.len());
                let mut key = None;
                if !obligations.is_empty() {
                    let k = CheckKey::of(ctx, module, op, policy);
                    let earlier = passed.contains(&k);
                    key = Some(k);
                    for (check, o) in inferred.checks.iter().zip(obligations.iter()) {
                        let decision = if earlier && on_operands_only(check) {
                            Decision::Proven
                        } else {
                            analysis.decide(ctx, module, op, check)
                        };
                        match decision {
                            Decision::Proven => report.proven += 1,
                            Decision::Open => open.push((check, o)),
                            Decision::Refuted(why) => {
                                refuted.get_or_insert(why);
                            }
                        }
                    }
                }
                if let Some(why) = refuted {
                    let d = op_error(
                        ctx,
                        module,
                        op,
                        format!("operands are not broadcast compatible: {why}"),
                    )
                    .with_code(codes::NEVER_SATISFIABLE);
                    report.diagnostics.push(with_current_op(ctx, module, op, d));
                    return;
                }
                if !open.is_empty()
                    && let Some(k) = key
                {
                    passed.insert(k);
                }
                for (check, o) in open {
                    if !report.take_remark() {
                        continue;
                    }
                    // Named per op, not per signature: the sizes are this op's.
                    let text = broadcastable_ir::obligation_named(ctx, module, op, check, &|d| {
                        analysis.operand_size_name(module, op, d)
                    });
                    let d = Diagnostic::remark(location, text).with_code(codes::RUNTIME_CHECK);
                    report.diagnostics.push(match &o.alignment {
                        Some(text) => d.with_hint(location, text.clone()),
                        None => d,
                    });
                }
                if let Some((_, verified)) = collect.as_mut() {
                    verified.push(op);
                }
            }
        }
    });
}

/// Reports or proves the run-time conditions an op that is not Broadcastable
/// declares ([`broadcastable_ir::SizeChecks`]), as the trait's obligations are:
/// a proven one is counted, a refuted one is an error, an open one a remark
/// prefixed by what it is about.
fn own_checks(
    ctx: &Context,
    module: &Module,
    op: OpId,
    checks: &[broadcastable_ir::SizeCheck],
    analysis: &mut ShapeAnalysis,
    report: &mut Report,
) {
    let location = module.op(op).location();
    let mut open = SmallVec::<[&broadcastable_ir::SizeCheck; 4]>::new();
    for c in checks {
        match analysis.decide_reading(ctx, module, op, &c.check, c.entries_of) {
            Decision::Proven => report.proven += 1,
            Decision::Refuted(why) => {
                let d = op_error(ctx, module, op, format!("{}: {why}", c.what))
                    .with_code(codes::NEVER_SATISFIABLE);
                report.diagnostics.push(with_current_op(ctx, module, op, d));
                return;
            }
            Decision::Open => open.push(c),
        }
    }
    for c in open {
        if report.take_remark() {
            let text = c.describe(ctx, module, op, &|d| {
                analysis.operand_size_name_reading(module, op, d, c.entries_of)
            });
            let d = Diagnostic::remark(location, text).with_code(codes::RUNTIME_CHECK);
            report.diagnostics.push(d);
        }
    }
}

/// What an op's run-time check depends on, besides its result type: the block
/// it runs in, its policy and placement, and its operands. A later op of the same
/// block with the same key cannot fail its check (the earlier one passed, or the
/// block stopped there), and the lowering reuses the earlier check for it.
/// (Operands with the same sizes but different values are not matched: the
/// lowering, which reuses checks by their shape values, would check them again.)
#[derive(PartialEq, Eq, Hash)]
struct CheckKey {
    block: Option<tensor_ir::BlockId>,
    policy: BroadcastPolicy,
    operands: SmallVec<[Value; 3]>,
    placement: Option<tensor_ir::Attribute>,
}

impl CheckKey {
    fn of(ctx: &Context, module: &Module, op: OpId, policy: BroadcastPolicy) -> CheckKey {
        let placement = match policy {
            BroadcastPolicy::Explicit { attr } | BroadcastPolicy::NumPyOrExplicit { attr } => ctx
                .lookup_sym(attr)
                .and_then(|name| module.get_attr(op, name)),
            _ => None,
        };
        CheckKey {
            block: module.op(op).parent(),
            policy,
            operands: module.operands(op).iter().copied().collect(),
            placement,
        }
    }
}

/// Whether `check` is about the operands alone: an earlier op's passed check of
/// the same operands settles it. Checks against the result type are the op's own.
fn on_operands_only(check: &broadcastable::RuntimeCheck) -> bool {
    use broadcastable::RuntimeCheck as C;
    matches!(
        check,
        C::OneOrEqual { .. }
            | C::Equal { .. }
            | C::Agree { .. }
            | C::OneOrMax { .. }
            | C::Unranked { .. }
    )
}

/// The `--verify-broadcast[=check|refine]` pass.
#[derive(Default)]
pub struct VerifyBroadcast {
    mode: Mode,
}

impl tensor_ir::pass::Pass for VerifyBroadcast {
    fn argument(&self) -> &'static str {
        "verify-broadcast"
    }

    fn name(&self) -> &'static str {
        "VerifyBroadcast"
    }

    fn description(&self) -> &'static str {
        "Infer every broadcastable op's result and check the declared type, reporting every failing op"
    }

    fn option(&self) -> Option<tensor_ir::pass::PassOption> {
        Some(tensor_ir::pass::PassOption {
            value_name: "mode",
            values: &[
                ("check", "check only"),
                (
                    "refine",
                    "also replace less precise result types by the inferred ones",
                ),
            ],
            default: "check",
        })
    }

    fn set_option(&mut self, value: &str) -> Result<(), String> {
        self.mode = match value {
            "check" => Mode::Check,
            "refine" => Mode::Refine,
            _ => return Err(format!("unknown mode '{value}' (check or refine)")),
        };
        Ok(())
    }

    fn run(
        &mut self,
        ctx: &mut Context,
        module: &mut Module,
    ) -> Result<tensor_ir::pass::PassOutcome, Diagnostics> {
        let report = run(ctx, module, self.mode);
        tensor_ir::diag::limit::withhold_remarks(ctx, report.withheld);
        if report.diagnostics.has_errors() {
            return Err(report.diagnostics);
        }
        let count = |n: usize| u64::try_from(n).unwrap_or(u64::MAX);
        Ok(tensor_ir::pass::PassOutcome::changed(report.changed())
            .with_diagnostics(report.diagnostics)
            .with_statistic(
                "num-checked",
                "Broadcastable ops checked",
                count(report.checked),
            )
            .with_statistic("num-refined", "Result types refined", count(report.refined))
            .with_statistic(
                "num-kept",
                "Result types kept because a use needs them",
                count(report.kept),
            )
            .with_statistic(
                "num-obligations",
                "Run-time obligations reported",
                count(report.obligations),
            )
            .with_statistic(
                "num-proven",
                "Run-time obligations proved to hold by the shape analysis",
                count(report.proven),
            ))
    }
}

/// An error for an op whose inference found a conflict no run-time size
/// can resolve (only possible under the `mlir` semantics).
fn never_satisfiable(
    ctx: &Context,
    module: &Module,
    op: OpId,
    inferred: &broadcastable::Inferred,
) -> Option<tensor_ir::Diagnostic> {
    // Only upstream's optimistic inference can accept such operands.
    if broadcastable_ir::semantics(ctx) != Semantics::Mlir {
        return None;
    }
    let text = broadcastable::wording::never_satisfiable(inferred)?;
    let d = op_error(ctx, module, op, text.message).with_code(codes::NEVER_SATISFIABLE);
    let loc = d.location;
    Some(match text.note {
        Some(note) => d.with_note(loc, note),
        None => d,
    })
}

/// The refine step over ops that verified (see the module docs).
fn refine(
    ctx: &mut Context,
    module: &mut Module,
    ops: &[OpId],
    verified: &[OpId],
    verifier: &mut BroadcastVerifier,
    report: &mut Report,
) {
    let semantics = broadcastable_ir::semantics(ctx);
    let mut users: FxHashMap<Value, SmallVec<[OpId; 2]>> = FxHashMap::default();
    for &op in ops {
        for &v in module.operands(op) {
            let list = users.entry(v).or_default();
            if list.last() != Some(&op) {
                list.push(op);
            }
        }
    }
    for &op in verified {
        if module.num_results(op) != 1 {
            continue;
        }
        // Re-infer: an operand may have been refined since the check.
        let Some(view) = OpView::of(ctx, module, op) else {
            continue;
        };
        let policy = view.policy();
        let operands = view.operand_types();
        let result = view.result(0);
        let Ok(inferred) = broadcastable::verify_with_policy(
            &policy,
            semantics,
            &operands,
            std::slice::from_ref(&result),
        ) else {
            continue;
        };
        let Some(shape) = refined_result_shape(&policy, semantics, &operands, &result, &inferred)
        else {
            continue;
        };
        let value = module.result(op, 0);
        let declared = module.value_type(value);
        let Some(refined) = with_shape(ctx, declared, &shape) else {
            continue;
        };
        module.set_value_type(value, refined);
        let ok = users
            .get(&value)
            .is_none_or(|list| list.iter().all(|&u| accepts(ctx, module, u, verifier)));
        if ok {
            report.refined += 1;
        } else {
            module.set_value_type(value, declared);
            report.kept += 1;
        }
    }
}

/// Whether `user` is a Broadcastable op that verifies with its current
/// operand types: its own verifier, then the trait.
fn accepts(ctx: &Context, module: &Module, user: OpId, verifier: &mut BroadcastVerifier) -> bool {
    let Some(def) = ctx.op_def(module.op(user).name()) else {
        return false;
    };
    let Some(policy) = policy_of(def) else {
        return false;
    };
    if let Some(verify) = def.verify
        && verify(ctx, module, user).is_err()
    {
        return false;
    }
    // Nor may it become never satisfiable (only possible under `mlir`).
    verifier
        .verify(ctx, module, user, policy)
        .is_ok_and(|inferred| never_satisfiable(ctx, module, user, &inferred).is_none())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tensor_ir::parse::parse_source;
    use tensor_ir::print::{PrintOptions, print_module};
    use tensor_ir::verify::verify_module;

    fn run_on(text: &str, semantics: Semantics, mode: Mode) -> (String, Report) {
        let mut ctx = Context::new();
        tensor_dialect_func::register(&mut ctx);
        tensor_dialect_test::register(&mut ctx);
        broadcastable_ir::set_semantics(&mut ctx, semantics);
        let buffer = ctx.add_source("t.mlir", text);
        let mut module = parse_source(&mut ctx, buffer, 0..text.len()).expect("parses");
        assert!(!verify_module(&ctx, &module).has_errors(), "input verifies");
        let report = run(&mut ctx, &mut module, mode);
        assert!(
            !verify_module(&ctx, &module).has_errors(),
            "output verifies"
        );
        let mut out = String::new();
        print_module(&ctx, &module, PrintOptions::default(), &mut out);
        (out, report)
    }

    #[test]
    fn refines_and_chains() {
        let (out, report) = run_on(
            r#"func.func @f(%a: tensor<?x1x?xf32>, %b: tensor<6x1xf32>) {
  %0 = "test.broadcastable"(%a, %b) : (tensor<?x1x?xf32>, tensor<6x1xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%0, %b) : (tensor<*xf32>, tensor<6x1xf32>) -> tensor<*xf32>
  return
}"#,
            Semantics::Spec,
            Mode::Refine,
        );
        assert_eq!(report.refined, 2, "{out}");
        assert!(out.contains("-> tensor<?x6x?xf32>\n"), "{out}");
        assert!(
            out.contains("(tensor<?x6x?xf32>, tensor<6x1xf32>) -> tensor<?x6x?xf32>"),
            "{out}"
        );
    }

    #[test]
    fn keeps_types_fixed_by_other_users() {
        let (out, report) = run_on(
            r#"func.func @f(%a: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "test.broadcastable"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}"#,
            Semantics::Spec,
            Mode::Refine,
        );
        assert_eq!((report.refined, report.kept), (0, 1));
        assert!(out.contains("-> tensor<*xf32>"), "{out}");
    }

    #[test]
    fn keeps_types_a_broadcastable_user_would_reject() {
        // %1 is valid only while %0 is unranked: refining %0 to 3 would make
        // %1 (declared 4) fail, so %0 keeps its type.
        let (out, report) = run_on(
            r#"func.func @f(%a: tensor<3xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<3xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%0) : (tensor<*xf32>) -> tensor<4xf32>
  return
}"#,
            Semantics::Spec,
            Mode::Refine,
        );
        assert_eq!((report.refined, report.kept), (0, 1), "{out}");
    }

    #[test]
    fn obligations_are_those_of_the_refined_types() {
        // %0 refines from * to ?x6, so %1's operand is no longer unranked.
        let (out, report) = run_on(
            r#"func.func @f(%x: tensor<?x6xf32>, %b: tensor<6xf32>, %s: tensor<1xf32>) {
  %0 = "test.broadcastable"(%x, %b) : (tensor<?x6xf32>, tensor<6xf32>) -> tensor<*xf32>
  %1 = "test.broadcastable"(%0, %s) : (tensor<*xf32>, tensor<1xf32>) -> tensor<*xf32>
  return
}"#,
            Semantics::Spec,
            Mode::Refine,
        );
        assert_eq!(report.refined, 2, "{out}");
        assert_eq!(report.obligations, 0, "{:?}", report.diagnostics);
        assert!(report.diagnostics.is_empty());
        assert_eq!(report.checked, 2);
    }

    #[test]
    fn check_mode_changes_nothing_and_reports_all() {
        let (out, report) = run_on(
            r#"func.func @f(%a: tensor<?xf32>) {
  %0 = "test.broadcastable"(%a) : (tensor<?xf32>) -> tensor<*xf32>
  return
}"#,
            Semantics::Spec,
            Mode::Check,
        );
        assert_eq!((report.checked, report.refined), (1, 0));
        assert!(out.contains("tensor<*xf32>"));

        let mut ctx = Context::new();
        tensor_dialect_func::register(&mut ctx);
        tensor_dialect_test::register(&mut ctx);
        broadcastable_ir::set_semantics(&mut ctx, Semantics::Mlir);
        let text = r#"func.func @f(%z: tensor<0xf32>, %q: tensor<?xf32>, %f: tensor<5xf32>) {
  %0 = "test.broadcastable"(%z, %q, %f) : (tensor<0xf32>, tensor<?xf32>, tensor<5xf32>) -> tensor<5xf32>
  %1 = "test.broadcastable"(%z, %q, %f) : (tensor<0xf32>, tensor<?xf32>, tensor<5xf32>) -> tensor<?xf32>
  return
}"#;
        let buffer = ctx.add_source("t.mlir", text);
        let mut module = parse_source(&mut ctx, buffer, 0..text.len()).expect("parses");
        assert!(!verify_module(&ctx, &module).has_errors());
        let report = run(&mut ctx, &mut module, Mode::Refine);
        assert_eq!(report.diagnostics.len(), 2);
        assert_eq!(report.refined, 0);
        let d = report.diagnostics.iter().next().expect("one");
        assert_eq!(
            d.message,
            "'test.broadcastable' op operands can never be broadcast at run time"
        );
    }
}
