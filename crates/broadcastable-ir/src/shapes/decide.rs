//! What the shape analysis says of a run-time check the broadcast verdict left:
//! that it always holds (the sizes are provably compatible), that it never does,
//! or that only run time can tell.

use broadcastable::symbolic::{Obligation, SizeId};
use broadcastable::{Bound, OperandDim, RuntimeCheck};
use smallvec::SmallVec;
use tensor_ir::Context;
use tensor_ir::module::{Module, OpId};

use super::ShapeAnalysis;

/// The analysis's verdict on one run-time check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// It always holds: no check is needed.
    Proven,
    /// It never holds: the program always fails there. Says why, naming the
    /// operand dims and their sizes.
    Refuted(String),
    /// It depends on run-time sizes.
    Open,
}

impl ShapeAnalysis {
    /// The size of `d` of `op`'s operands, if the analysis reached it: a dim,
    /// or an entry of the shape operand `entries_of` names.
    fn operand_size(
        &self,
        module: &Module,
        op: OpId,
        d: OperandDim,
        entries_of: Option<usize>,
    ) -> Option<SizeId> {
        let v = *module.operands(op).get(d.operand)?;
        if entries_of == Some(d.operand) {
            return self.facts(v)?.entries.as_ref()?.get(d.dim).copied();
        }
        self.dims(v)?.get(d.dim).copied()
    }

    /// Decides `check`, one of the run-time checks of `op`'s broadcast, working
    /// out what it needs of `op`'s operands ([`ShapeAnalysis::ensure`]).
    #[must_use]
    pub fn decide(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        check: &RuntimeCheck,
    ) -> Decision {
        self.decide_reading(ctx, module, op, check, None)
    }

    /// [`ShapeAnalysis::decide`], with the "dims" of operand `entries_of` read as
    /// the entries of the shape it holds: how an explicit broadcast's operand
    /// dims are checked against its shape operand.
    #[must_use]
    pub fn decide_reading(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        check: &RuntimeCheck,
        entries_of: Option<usize>,
    ) -> Decision {
        for &v in module.operands(op) {
            self.ensure(ctx, module, v);
        }
        match check {
            // One way: the subject stretches to `to` or equals it, and `to` does
            // not stretch (a `to` of 1 demands a subject of 1).
            RuntimeCheck::OneOrEqual { subject, to, .. } => {
                self.pair(module, op, entries_of, *subject, *to, |t, a, b| {
                    match (t.constant_of(a), t.constant_of(b)) {
                        _ if t.covers(b, a) => Obligation::Holds,
                        (Some(x), Some(y)) => Obligation::Fails(x, y),
                        _ => Obligation::Open,
                    }
                })
            }
            RuntimeCheck::Equal { subject, to, .. } => {
                self.pair(module, op, entries_of, *subject, *to, |t, a, b| {
                    match (t.constant_of(a), t.constant_of(b)) {
                        _ if a == b => Obligation::Holds,
                        (Some(x), Some(y)) => Obligation::Fails(x, y),
                        _ => Obligation::Open,
                    }
                })
            }
            RuntimeCheck::Agree { dims, .. } => {
                // Sizes agree when one of them covers all the others (each is
                // 1 or that size), as a passed check leaves its operands.
                let sizes: Option<SmallVec<[SizeId; 4]>> = dims
                    .iter()
                    .map(|&d| self.operand_size(module, op, d, entries_of))
                    .collect();
                if let Some(s) = sizes
                    && s.iter()
                        .any(|&k| s.iter().all(|&j| self.sizes.covers(k, j)))
                {
                    return Decision::Proven;
                }
                let mut all = Decision::Proven;
                for (i, &a) in dims.iter().enumerate() {
                    for &b in &dims[i + 1..] {
                        match self.pair(module, op, entries_of, a, Bound::Dim(b), |t, x, y| {
                            t.obligation(x, y)
                        }) {
                            Decision::Proven => {}
                            Decision::Open => all = Decision::Open,
                            refuted @ Decision::Refuted(_) => return refuted,
                        }
                    }
                }
                all
            }
            // ONNX rejects a 0 meeting a 1, so only sizes that are one size
            // are proved; a column with a static 1 is left to run time.
            RuntimeCheck::OneOrMax {
                dims, one_present, ..
            } => {
                let sizes: Option<Vec<SizeId>> = dims
                    .iter()
                    .map(|&d| self.operand_size(module, op, d, entries_of))
                    .collect();
                match sizes {
                    Some(s) if !one_present && s.windows(2).all(|w| w[0] == w[1]) => {
                        Decision::Proven
                    }
                    _ => Decision::Open,
                }
            }
            // An operand of unknown rank broadcasts without changing anything
            // when one operand's shape covers every operand's: each is that
            // shape, or was broadcast into it by a check that passed. Proved
            // only for a result of unknown rank, as the lowering can use it:
            // for a ranked result, it still casts the operand through a check
            // (so the two agree; a finer lowering could drop it).
            RuntimeCheck::Unranked { .. } => {
                let ranked_result = module.results(op).any(|r| {
                    !matches!(self.facts(r).map(|f| f.dims.is_some()), Some(false) | None)
                });
                if ranked_result {
                    return Decision::Open;
                }
                let wholes: Option<Vec<SizeId>> = module
                    .operands(op)
                    .iter()
                    .map(|&v| self.whole_of(v))
                    .collect();
                let covered = wholes.is_some_and(|w| {
                    w.iter()
                        .any(|&k| w.iter().all(|&j| self.sizes.covers(k, j)))
                });
                if covered {
                    Decision::Proven
                } else {
                    Decision::Open
                }
            }
            RuntimeCheck::ResultEquals { .. }
            | RuntimeCheck::ResultRank { .. }
            | RuntimeCheck::Unsatisfiable(_) => Decision::Open,
        }
    }

    /// Decides an obligation between `subject` and `to` with `relate`.
    fn pair(
        &mut self,
        module: &Module,
        op: OpId,
        entries_of: Option<usize>,
        subject: OperandDim,
        to: Bound,
        relate: fn(&broadcastable::symbolic::SizeTable, SizeId, SizeId) -> Obligation,
    ) -> Decision {
        let Some(a) = self.operand_size(module, op, subject, entries_of) else {
            return Decision::Open;
        };
        let b = match to {
            Bound::Size(n) => match i64::try_from(n) {
                Ok(n) => self.sizes.constant(n),
                Err(_) => return Decision::Open,
            },
            Bound::Dim(d) => match self.operand_size(module, op, d, entries_of) {
                Some(b) => b,
                None => return Decision::Open,
            },
        };
        match relate(&self.sizes, a, b) {
            Obligation::Holds => Decision::Proven,
            Obligation::Open => Decision::Open,
            Obligation::Fails(x, y) => Decision::Refuted(match to {
                Bound::Dim(d) => format!(
                    "{} and {} can never broadcast: the program makes them {x} and {y}",
                    place(subject, entries_of),
                    place(d, entries_of)
                ),
                Bound::Size(_) => {
                    format!(
                        "{} can never be 1 or {y}: the program makes it {x}",
                        place(subject, entries_of)
                    )
                }
            }),
        }
    }
}

/// `d` in words: an operand dim, or an entry of the shape operand `entries_of`.
fn place(d: OperandDim, entries_of: Option<usize>) -> String {
    if entries_of == Some(d.operand) {
        format!("entry {} of operand #{}", d.dim, d.operand)
    } else {
        d.to_string()
    }
}
