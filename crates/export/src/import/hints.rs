//! Which `nd` op an upstream op may be the export of: a guess from the `arith`
//! and `math` ops of its body, tried in order. Only a guess: the import keeps
//! an op only if its export is the text ([`super::Importer::replace`]).

use smallvec::SmallVec;
use tensor_dialect_nd::constant::CastOp;
use tensor_dialect_nd::elementwise::{ClampOp, CmpOp, SelectOp};
use tensor_dialect_nd::scalar;
use tensor_ir::Attribute;

use crate::compute::upstream_op;
use tensor_ir::module::OpId;

use super::Importer;

impl Importer<'_> {
    /// The elementwise `nd` ops (and properties) to try for a `linalg.map` with
    /// `n_inputs` inputs and this body: those its ops hint at, in body order
    /// (`nd.cmp` with the predicates of its compares). Only a hint: each is kept
    /// only if its export is the body ([`Self::replace`]).
    pub(super) fn elementwise(&mut self, body: &[OpId], n_inputs: usize) -> Vec<Try> {
        let mut out: Vec<Try> = Vec::new();
        for &o in body {
            let name = self.name(o);
            let float = name == "arith.cmpf";
            for nd in hints(name, n_inputs) {
                let props = if nd == CmpOp::NAME {
                    let word = match (float, self.int_prop(o, "predicate")) {
                        (true, Some(1)) | (false, Some(0)) => "eq",
                        (true, Some(13)) | (false, Some(1)) => "ne",
                        (true, Some(4)) | (false, Some(2)) => "lt",
                        (true, Some(5)) | (false, Some(3)) => "le",
                        (true, Some(2)) | (false, Some(4)) => "gt",
                        (true, Some(3)) | (false, Some(5)) => "ge",
                        _ => continue,
                    };
                    vec![(
                        tensor_dialect_nd::elementwise::CmpOp::PREDICATE,
                        self.b.ctx.string_attr(word),
                    )]
                } else {
                    Vec::new()
                };
                if !out.iter().any(|(n, p)| *n == nd && *p == props) {
                    out.push((nd, props));
                }
            }
        }
        if out.is_empty() && n_inputs == 1 {
            // A body that yields its input: a cast to the same type.
            out.push((CastOp::NAME, Vec::new()));
        }
        out
    }

    /// The `nd.reduce` kinds to try for `linalg.reduce` `op`: the one its body's
    /// first op hints at first (a hint only, as for [`Self::elementwise`]).
    pub(super) fn reduce_kinds(&self, op: OpId) -> Vec<&'static str> {
        let first = self
            .body(op)
            .and_then(|(body, _)| body.first().map(|&o| self.name(o).to_owned()));
        let hinted = match first.as_deref() {
            Some("arith.mulf" | "arith.muli" | "arith.andi") => 1,
            Some("arith.maximumf" | "arith.maxsi" | "arith.ori") => 2,
            Some("arith.minimumf" | "arith.minsi") => 3,
            _ => 0,
        };
        let mut kinds = vec![REDUCTIONS[hinted]];
        kinds.extend(
            REDUCTIONS
                .iter()
                .copied()
                .filter(|&k| k != REDUCTIONS[hinted]),
        );
        kinds
    }
}

/// An `nd` op to try: its name and properties.
pub(super) type Try = (&'static str, Vec<(&'static str, Attribute)>);

/// The `nd.reduce` kinds.
const REDUCTIONS: [&str; 4] = ["sum", "prod", "max", "min"];

/// The elementwise ops a body op of `linalg.map` with `n` inputs hints at: those
/// whose declared function the export writes with it, for floats or integers
/// ([`crate::compute::upstream_op`], the same table read backwards; `math.log`
/// is `nd.log`'s op and marks `nd.log1p`'s body), or `nd.cmp`, `nd.select` and
/// `nd.cast` by their own ops.
fn hints(op: &str, n: usize) -> SmallVec<[&'static str; 4]> {
    let declared: SmallVec<[&'static str; 4]> = scalar::ops()
        .filter(|&(_, f)| {
            f.arity() == n && (upstream_op(f, true) == op || upstream_op(f, false) == op)
        })
        .map(|(name, _)| name)
        .collect();
    if !declared.is_empty() {
        return declared;
    }
    SmallVec::from_iter(hint(op, n))
}

/// The op a body op hints at by its own op, not a declared function.
fn hint(op: &str, n: usize) -> Option<&'static str> {
    match op {
        "arith.select" if n == 3 => Some(SelectOp::NAME),
        // nd.clamp's body is its max then its min; the export of the candidate
        // must be the whole body, wiring included.
        "arith.maximumf" | "arith.maxsi" | "arith.ori" if n == 3 => Some(ClampOp::NAME),
        "arith.cmpf" | "arith.cmpi" if n == 2 => Some(CmpOp::NAME),
        "arith.extf" | "arith.truncf" | "arith.sitofp" | "arith.uitofp" | "arith.fptosi"
        | "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast" | "arith.cmpf"
        | "arith.cmpi"
            if n == 1 =>
        {
            Some(CastOp::NAME)
        }
        _ => None,
    }
}
