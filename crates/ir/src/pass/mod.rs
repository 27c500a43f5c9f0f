//! Passes: a [`Pass`] transforms a module in place and reports a [`PassOutcome`]; a
//! [`PassRegistry`] lists the passes a tool offers, from which the driver builds its
//! command-line flags, `--help` lines, `--mlir-timing` entries and `docs/passes.md`.
//!
//! A pass is added in one place: its definition (a type implementing [`Pass`] and
//! [`Default`]) and one registration line, `registry.register::<MyPass>()?`.
//!
//! ```
//! use tensor_ir::pass::{Pass, PassOutcome, PassRegistry};
//! use tensor_ir::{Context, Diagnostics, Module};
//!
//! /// Counts operations (an example pass).
//! #[derive(Default)]
//! struct CountOps;
//!
//! impl Pass for CountOps {
//!     fn argument(&self) -> &'static str { "count-ops" }
//!     fn name(&self) -> &'static str { "CountOps" }
//!     fn description(&self) -> &'static str { "Count the operations" }
//!     fn run(&mut self, _: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
//!         let n = module.top().map_or(0, |top| module.collect_ops(top).len());
//!         Ok(PassOutcome::unchanged().with_statistic("num-ops", "Operations seen", n as u64))
//!     }
//! }
//!
//! let mut registry = PassRegistry::new();
//! registry.register::<CountOps>().unwrap();
//! assert_eq!(registry.info("count-ops").map(|i| i.name), Some("CountOps"));
//! ```

mod registry;

pub use registry::{PassInfo, PassRegistry, RegistryError};

use crate::diag::Diagnostics;
use crate::{Context, Module};

/// A transformation (or analysis) of a whole module.
///
/// The static description (argument, name, description, option) is read from a
/// fresh instance when the pass is registered; each run of the pass on the command
/// line gets its own instance, configured with [`Pass::set_option`].
pub trait Pass {
    /// The command-line argument: `cse` is run by `--cse`. Lower case, digits and `-`.
    fn argument(&self) -> &'static str;

    /// The display name, in IR dumps and `--mlir-timing` (`CSE`).
    fn name(&self) -> &'static str;

    /// One line for `--help` and `docs/passes.md`.
    fn description(&self) -> &'static str;

    /// The value the flag accepts after `=`, if any (`--verify-broadcast=refine`).
    fn option(&self) -> Option<PassOption> {
        None
    }

    /// Configures this instance with the flag's value (one of [`PassOption::values`];
    /// the option's default when the flag has no `=`). Called before [`Pass::run`],
    /// only for passes with an option.
    ///
    /// # Errors
    /// A message naming what is wrong with `value`.
    fn set_option(&mut self, value: &str) -> Result<(), String> {
        Err(format!(
            "pass '{}' takes no option (got '{value}')",
            self.argument()
        ))
    }

    /// Runs the pass on `module`, which verifies.
    ///
    /// # Errors
    /// The pass failed: its error diagnostics (the IR may be partly transformed, and
    /// the pipeline stops).
    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics>;
}

/// The value a pass flag accepts after `=`: one of a fixed set of words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassOption {
    /// The placeholder shown in `--help` (`mode`).
    pub value_name: &'static str,
    /// The accepted values, each with a one-line meaning.
    pub values: &'static [(&'static str, &'static str)],
    /// The value used when the flag has no `=value`.
    pub default: &'static str,
}

/// What a successful run of a pass reports.
#[derive(Debug, Default)]
pub struct PassOutcome {
    /// Whether the IR changed: the driver verifies the IR again only after a pass
    /// that changed it (a debug build verifies after every pass).
    pub changed: bool,
    /// Warnings and remarks (errors belong in the `Err` of [`Pass::run`]).
    pub diagnostics: Diagnostics,
    /// Counters, as upstream's pass statistics (for `--mlir-pass-statistics`).
    pub statistics: Vec<Statistic>,
    /// Text for standard error, written after the pass's diagnostics (a report such
    /// as `--view-op-graph`'s graph).
    pub output: String,
}

impl PassOutcome {
    /// An outcome that changed nothing.
    pub fn unchanged() -> Self {
        PassOutcome::default()
    }

    /// An outcome that changed the IR if `changed`.
    pub fn changed(changed: bool) -> Self {
        PassOutcome {
            changed,
            ..PassOutcome::default()
        }
    }

    /// Adds a statistic.
    pub fn with_statistic(
        mut self,
        name: &'static str,
        description: &'static str,
        value: u64,
    ) -> Self {
        self.statistics.push(Statistic {
            name,
            description,
            value,
        });
        self
    }

    /// Adds text for standard error.
    pub fn with_output(mut self, text: String) -> Self {
        self.output.push_str(&text);
        self
    }

    /// Adds warnings and remarks.
    pub fn with_diagnostics(mut self, diagnostics: Diagnostics) -> Self {
        self.diagnostics.extend(diagnostics);
        self
    }
}

/// One counter of a pass run (upstream prints them as `(S) 3 num-cse'd - Number of
/// operations CSE'd`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Statistic {
    /// The counter's name (`num-cse'd`).
    pub name: &'static str,
    /// What it counts.
    pub description: &'static str,
    /// Its value.
    pub value: u64,
}
