//! `--mlir-timing`: wall time per phase, summed over chunks, in upstream's report layout.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// Accumulates time per named phase, keeping first-seen order.
#[derive(Default)]
pub struct Timer {
    phases: Vec<(&'static str, Duration)>,
    start: Option<Instant>,
}

impl Timer {
    /// Runs `f`, charging its wall time to `phase`.
    pub fn time<T>(&mut self, phase: &'static str, f: impl FnOnce() -> T) -> T {
        self.start.get_or_insert_with(Instant::now);
        let t = Instant::now();
        let r = f();
        let d = t.elapsed();
        match self.phases.iter_mut().find(|(p, _)| *p == phase) {
            Some((_, total)) => *total += d,
            None => self.phases.push((phase, d)),
        }
        r
    }

    /// The report: one line per phase with seconds and share of the total.
    pub fn report(&self) -> String {
        let total = self
            .start
            .map(|s| s.elapsed())
            .unwrap_or_default()
            .as_secs_f64()
            .max(f64::EPSILON);
        let mut s = String::from(
            "===-------------------------------------------------------------------------===\n",
        );
        s.push_str("                         ... Execution time report ...\n");
        s.push_str(
            "===-------------------------------------------------------------------------===\n",
        );
        let _ = writeln!(s, "  Total Execution Time: {total:.4} seconds\n");
        s.push_str("  ----Wall Time----  ----Name----\n");
        for (name, d) in &self.phases {
            let secs = d.as_secs_f64();
            let _ = writeln!(s, "    {secs:.4} ({:5.1}%)  {name}", 100.0 * secs / total);
        }
        let _ = writeln!(s, "    {total:.4} (100.0%)  Total");
        s
    }
}
