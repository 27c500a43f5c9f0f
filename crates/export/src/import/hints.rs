//! Which `nd` op an upstream op may be the export of: a guess from the `arith`
//! and `math` ops of its body, tried in order. Only a guess: the import keeps
//! an op only if its export is the text ([`super::Importer::replace`]).

use tensor_ir::Attribute;
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
            let Some(nd) = hint(name, n_inputs) else {
                continue;
            };
            let props = if nd == "nd.cmp" {
                let float = name == "arith.cmpf";
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
        if out.is_empty() && n_inputs == 1 {
            // A body that yields its input: a cast to the same type.
            out.push(("nd.cast", Vec::new()));
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

/// The elementwise op a body op of `linalg.map` with `n` inputs hints at (the
/// export decides). Each op's export has its own `arith` or `math` op, so every
/// body the export writes hints at its op.
fn hint(op: &str, n: usize) -> Option<&'static str> {
    let unary = n == 1;
    Some(match op {
        "arith.addf" | "arith.addi" => "nd.add",
        "arith.subi" if unary => "nd.neg",
        "arith.subf" | "arith.subi" => "nd.sub",
        "arith.mulf" | "arith.muli" => "nd.mul",
        "arith.divf" | "arith.floordivsi" | "arith.divsi" => "nd.div",
        "arith.remf" | "arith.remsi" => "nd.rem",
        "math.powf" | "math.ipowi" => "nd.pow",
        "arith.maximumf" | "arith.maxsi" => "nd.max",
        "arith.minimumf" | "arith.minsi" => "nd.min",
        "arith.andi" => "nd.and",
        "arith.ori" => "nd.or",
        "arith.xori" => "nd.xor",
        "arith.negf" => "nd.neg",
        "math.absf" | "math.absi" => "nd.abs",
        "math.exp" => "nd.exp",
        "math.log" => "nd.log",
        "math.sqrt" => "nd.sqrt",
        "math.tanh" => "nd.tanh",
        "arith.select" if n == 3 => "nd.select",
        "arith.cmpf" | "arith.cmpi" if n == 2 => "nd.cmp",
        "arith.extf" | "arith.truncf" | "arith.sitofp" | "arith.uitofp" | "arith.fptosi"
        | "arith.extsi" | "arith.extui" | "arith.trunci" | "arith.index_cast" | "arith.cmpf"
        | "arith.cmpi"
            if unary =>
        {
            "nd.cast"
        }
        _ => return None,
    })
    .filter(|nd| match n {
        1 => matches!(
            *nd,
            "nd.neg" | "nd.abs" | "nd.exp" | "nd.log" | "nd.sqrt" | "nd.tanh" | "nd.cast"
        ),
        3 => *nd == "nd.select",
        _ => !matches!(
            *nd,
            "nd.neg"
                | "nd.abs"
                | "nd.exp"
                | "nd.log"
                | "nd.sqrt"
                | "nd.tanh"
                | "nd.cast"
                | "nd.select"
        ),
    })
}
