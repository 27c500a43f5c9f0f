//! `--max-remarks`: how many remarks a run shows. A remark costs what it takes
//! to build and render its text, and a person reads only the first few, so a run
//! shows at most a limit and ends with one line counting the rest, as clang's
//! `-ferror-limit` does for errors. Errors and warnings are never withheld.
//!
//! The driver owns the count; it lends the context the number still to be shown
//! before each pass ([`set_remark_budget`]), so that a pass that can report
//! thousands of remarks builds only those that will be shown and counts the
//! others ([`withhold_remarks`]) instead of building text nobody sees.

use crate::context::Context;

/// What the context holds for passes: the remarks still to be shown in this run
/// (`None`: no limit) and how many a pass withheld since the driver last looked.
#[derive(Clone, Copy, Debug, Default)]
struct RemarkBudget {
    remaining: Option<usize>,
    withheld: usize,
}

/// Sets how many more remarks the run shows (`None`: all), clearing the count of
/// withheld ones.
pub fn set_remark_budget(ctx: &mut Context, remaining: Option<usize>) {
    ctx.set_extension(RemarkBudget {
        remaining,
        withheld: 0,
    });
}

/// How many more remarks the run shows; `None` when there is no limit (also for
/// a context the driver did not set up, such as a library caller's).
pub fn remark_budget(ctx: &Context) -> Option<usize> {
    ctx.extension::<RemarkBudget>().and_then(|b| b.remaining)
}

/// Records that a pass left out `count` remarks past the budget; the driver
/// counts them in the run's closing line.
pub fn withhold_remarks(ctx: &mut Context, count: usize) {
    if count == 0 {
        return;
    }
    let mut budget = ctx.extension::<RemarkBudget>().copied().unwrap_or_default();
    budget.withheld = budget.withheld.saturating_add(count);
    budget.remaining = budget.remaining.map(|_| 0);
    ctx.set_extension(budget);
}

/// The remarks withheld by passes since the budget was last set.
pub fn withheld_remarks(ctx: &Context) -> usize {
    ctx.extension::<RemarkBudget>().map_or(0, |b| b.withheld)
}
