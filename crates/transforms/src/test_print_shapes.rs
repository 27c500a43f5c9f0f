//! `--test-print-shapes`: the shape analysis made visible, for tests, in the way
//! upstream's `-test-*` passes show an analysis. Every op with a ranked tensor or
//! shape result gets a remark with its results' symbolic sizes: `[n, 4]` for a
//! tensor's dims, `<n, 4>` for what a shape value holds. A dim of a block argument
//! (or an entry of a shape argument) is named `%argK[i]` (a named dim by its `nd.dim_names` name); any other size the program does not fix is `sN`.

use broadcastable::symbolic::SizeId;
use broadcastable_ir::shapes::ShapeAnalysis;
use tensor_ir::module::OpId;
use tensor_ir::pass::{Pass, PassOutcome};
use tensor_ir::{Context, Diagnostic, Diagnostics, Module};

/// The `--test-print-shapes` pass.
#[derive(Default)]
pub struct TestPrintShapes;

impl Pass for TestPrintShapes {
    fn argument(&self) -> &'static str {
        "test-print-shapes"
    }

    fn name(&self) -> &'static str {
        "TestPrintShapes"
    }

    fn description(&self) -> &'static str {
        "Report, at each op, the symbolic sizes the shape analysis gives its results \
         (a test pass)"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let analysis = ShapeAnalysis::run(ctx, module, top);
        let mut remarks = Diagnostics::default();
        module.walk(top, |op| {
            if let Some(text) = describe(&analysis, module, op) {
                remarks.push(Diagnostic::remark(module.op(op).location(), text));
            }
        });
        Ok(PassOutcome::unchanged().with_diagnostics(remarks))
    }
}

/// The remark for `op`, if it has a result the analysis has facts for.
fn describe(analysis: &ShapeAnalysis, module: &Module, op: OpId) -> Option<String> {
    let unnamed = |s: u32| format!("s{s}");
    let list = |sizes: &[SizeId], open: char, close: char| {
        let words: Vec<String> = sizes
            .iter()
            .map(|&s| analysis.render(module, s, &unnamed))
            .collect();
        format!("{open}{}{close}", words.join(", "))
    };
    let mut parts = Vec::new();
    for v in module.results(op) {
        let Some(facts) = analysis.facts(v) else {
            continue;
        };
        match (&facts.entries, &facts.dims) {
            (Some(entries), _) => parts.push(list(entries, '<', '>')),
            (None, Some(dims)) => parts.push(list(dims, '[', ']')),
            (None, None) => {}
        }
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}
