//! Structure-aware `nd` programs: fuzzer bytes decoded (with `arbitrary`) into a
//! function of `nd` ops over static, `?` and `*` shapes, whose result types are
//! mostly inferred (so most programs verify and reach the passes) and sometimes
//! arbitrary (so the verifiers' error paths are reached too).

use arbitrary::Arbitrary;
use std::fmt::Write as _;

/// At most this many ops, arguments, dims and location levels are rendered: the
/// fuzzer explores kinds of programs, not sizes (the hostile suite does sizes).
const MAX_OPS: usize = 12;
const MAX_ARGS: usize = 4;
const MAX_RANK: usize = 5;
const MAX_LOC_DEPTH: usize = 4;

/// A dim of a type: small sizes (0 and 1 are the interesting ones) or `?`.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// 0
    S0,
    /// 1
    S1,
    /// 2
    S2,
    /// 3
    S3,
    /// 5
    S5,
    /// `?`
    Dyn,
}

impl Dim {
    fn size(self) -> Option<u64> {
        match self {
            Dim::S0 => Some(0),
            Dim::S1 => Some(1),
            Dim::S2 => Some(2),
            Dim::S3 => Some(3),
            Dim::S5 => Some(5),
            Dim::Dyn => None,
        }
    }
}

/// An element type.
#[derive(Arbitrary, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// f32
    F32,
    /// f64
    F64,
    /// i32
    I32,
    /// i8
    I8,
    /// i1
    I1,
    /// index
    Index,
}

impl Elem {
    fn text(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::I32 => "i32",
            Elem::I8 => "i8",
            Elem::I1 => "i1",
            Elem::Index => "index",
        }
    }
}

/// A tensor type as generated.
#[derive(Arbitrary, Clone, Debug)]
pub struct Ty {
    /// `tensor<*x...>`
    pub unranked: bool,
    /// The dims (the first [`MAX_RANK`]).
    pub dims: Vec<Dim>,
    /// The element type.
    pub elem: Elem,
}

/// A type as the renderer tracks it: `None` dims for unranked, `None` dim for `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Known {
    dims: Option<Vec<Option<u64>>>,
    elem: &'static str,
}

impl Known {
    fn of(t: &Ty) -> Known {
        Known {
            dims: (!t.unranked).then(|| t.dims.iter().take(MAX_RANK).map(|d| d.size()).collect()),
            elem: t.elem.text(),
        }
    }

    fn with_elem(&self, elem: &'static str) -> Known {
        Known {
            dims: self.dims.clone(),
            elem,
        }
    }

    fn text(&self) -> String {
        match &self.dims {
            None => format!("tensor<*x{}>", self.elem),
            Some(d) => {
                let mut s = String::from("tensor<");
                for x in d {
                    match x {
                        Some(n) => {
                            let _ = write!(s, "{n}x");
                        }
                        None => s.push_str("?x"),
                    }
                }
                format!("{s}{}>", self.elem)
            }
        }
    }
}

/// The broadcast of two types' dims as the result type would have them.
fn broadcast_dims(a: &Known, b: &Known) -> Option<Vec<Option<u64>>> {
    let (a, b) = (a.dims.as_ref()?, b.dims.as_ref()?);
    let r = a.len().max(b.len());
    let pad = |s: &[Option<u64>]| {
        let mut v = vec![Some(1); r - s.len()];
        v.extend_from_slice(s);
        v
    };
    let (a, b) = (pad(a), pad(b));
    Some(
        a.iter()
            .zip(&b)
            .map(|(&x, &y)| match (x, y) {
                (Some(1), o) | (o, Some(1)) => o,
                (Some(n), _) | (_, Some(n)) => Some(n),
                (None, None) => None,
            })
            .collect(),
    )
}

/// A location, rendered at most [`MAX_LOC_DEPTH`] deep.
#[derive(Arbitrary, Clone, Debug)]
pub enum Loc {
    /// `unknown`
    Unknown,
    /// `"f.mlir":L:C`
    File(u8, u8),
    /// `"n"` or `"n"(loc)`
    Name(u8, Option<Box<Loc>>),
    /// `callsite(a at b)`
    CallSite(Box<Loc>, Box<Loc>),
    /// `fused[...]`
    Fused(Vec<Loc>),
}

impl Loc {
    fn render(&self, depth: usize, out: &mut String) {
        if depth >= MAX_LOC_DEPTH {
            out.push_str("unknown");
            return;
        }
        match self {
            Loc::Unknown => out.push_str("unknown"),
            Loc::File(l, c) => {
                let _ = write!(out, "\"f.mlir\":{l}:{c}");
            }
            Loc::Name(n, inner) => {
                let _ = write!(out, "\"n{}\"", n % 4);
                if let Some(inner) = inner {
                    out.push('(');
                    inner.render(depth + 1, out);
                    out.push(')');
                }
            }
            Loc::CallSite(a, b) => {
                out.push_str("callsite(");
                a.render(depth + 1, out);
                out.push_str(" at ");
                b.render(depth + 1, out);
                out.push(')');
            }
            Loc::Fused(ls) => {
                out.push_str("fused[");
                for (i, l) in ls.iter().take(3).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    l.render(depth + 1, out);
                }
                out.push(']');
            }
        }
    }
}

/// One op; operands index the values defined so far (arguments, then results).
#[derive(Arbitrary, Clone, Debug)]
pub enum Op {
    /// An elementwise binary op (`kind` picks add, sub, ..., xor), maybe with
    /// XLA `broadcast_dimensions`.
    Binary {
        /// Which op.
        kind: u8,
        /// Operands.
        x: u8,
        /// Operands.
        y: u8,
        /// `broadcast_dimensions`
        bdims: Option<Vec<u8>>,
        /// A result type as given, else inferred.
        result: Option<Ty>,
    },
    /// An elementwise unary op.
    Unary {
        /// Which op.
        kind: u8,
        /// Operand.
        x: u8,
    },
    /// `nd.cmp`
    Cmp {
        /// Predicate.
        pred: u8,
        /// Operands.
        x: u8,
        /// Operands.
        y: u8,
    },
    /// `nd.select` on a fresh `nd.cmp` of the two operands.
    Select {
        /// Operands.
        x: u8,
        /// Operands.
        y: u8,
    },
    /// `nd.reduce`
    Reduce {
        /// Which reduction.
        kind: u8,
        /// Operand.
        x: u8,
        /// Dimensions (maybe out of range or repeated).
        dims: Vec<u8>,
        /// `keep_dims`
        keep: bool,
        /// A result type as given, else inferred.
        result: Option<Ty>,
    },
    /// `nd.broadcast_in_dim` adding leading dims (or with dims as given).
    InDim {
        /// Operand.
        x: u8,
        /// The new leading dims.
        lead: Vec<Dim>,
        /// Dimensions as given, else the well-formed ones.
        dims: Option<Vec<u8>>,
    },
    /// `nd.broadcast_to` a static shape: `lead` then the operand's dims.
    BroadcastTo {
        /// Operand.
        x: u8,
        /// The new leading dims.
        lead: Vec<Dim>,
    },
    /// `nd.broadcast` of some values.
    Broadcast {
        /// Operands.
        xs: Vec<u8>,
    },
    /// `nd.matmul`
    Matmul {
        /// Operands.
        x: u8,
        /// Operands.
        y: u8,
        /// The result type.
        result: Ty,
    },
    /// `nd.shape_of`
    ShapeOf {
        /// Operand.
        x: u8,
    },
    /// `nd.cast`
    Cast {
        /// Operand.
        x: u8,
        /// Target type.
        to: Ty,
    },
    /// `nd.constant` splat.
    Constant {
        /// Its type.
        ty: Ty,
        /// Its value.
        v: i8,
    },
    /// `nd.assign`
    Assign {
        /// Destination.
        x: u8,
        /// Source.
        y: u8,
    },
}

/// A generated program: one function `@main`.
#[derive(Arbitrary, Clone, Debug)]
pub struct Program {
    /// Argument types.
    pub args: Vec<Ty>,
    /// The body.
    pub ops: Vec<(Op, Option<Loc>)>,
}

const BINARY: [&str; 12] = [
    "add", "sub", "mul", "div", "max", "min", "pow", "rem", "and", "or", "xor", "atan2",
];
const UNARY: [&str; 6] = ["neg", "abs", "exp", "log", "sqrt", "tanh"];
const PREDICATES: [&str; 6] = ["eq", "ne", "lt", "le", "gt", "ge"];
const REDUCTIONS: [&str; 5] = ["sum", "max", "min", "mean", "prod"];

impl Program {
    /// The program's text.
    pub fn render(&self) -> String {
        let mut values: Vec<Known> = self.args.iter().take(MAX_ARGS).map(Known::of).collect();
        if values.is_empty() {
            values.push(Known {
                dims: Some(vec![Some(2), Some(3)]),
                elem: "f32",
            });
        }
        let params: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, t)| format!("%v{i}: {}", t.text()))
            .collect();
        let mut names: Vec<String> = (0..values.len()).map(|i| format!("%v{i}")).collect();
        let mut body = String::new();
        for (op, loc) in self.ops.iter().take(MAX_OPS) {
            let n = values.len();
            let name = format!("%v{n}");
            let pick = |i: u8| usize::from(i) % n;
            let mut line = String::new();
            let result: Known = match op {
                Op::Binary {
                    kind,
                    x,
                    y,
                    bdims,
                    result,
                } => {
                    let (x, y) = (pick(*x), pick(*y));
                    let (nx, ny) = (&names[x], &names[y]);
                    let (tx, ty) = (&values[x], &values[y]);
                    let r = match result {
                        Some(t) => Known::of(t),
                        None => Known {
                            dims: broadcast_dims(tx, ty),
                            elem: tx.elem,
                        },
                    };
                    let attr = match bdims {
                        Some(d) => {
                            let d: Vec<String> = d
                                .iter()
                                .take(MAX_RANK)
                                .map(|v| (v % 6).to_string())
                                .collect();
                            format!(" {{broadcast_dimensions = array<i64: {}>}}", d.join(", "))
                        }
                        None => String::new(),
                    };
                    let _ = write!(
                        line,
                        "{name} = nd.{} {nx}, {ny}{attr} : ({}, {}) -> {}",
                        BINARY[usize::from(*kind) % BINARY.len()],
                        tx.text(),
                        ty.text(),
                        r.text()
                    );
                    r
                }
                Op::Unary { kind, x } => {
                    let x = pick(*x);
                    let nx = &names[x];
                    let t = values[x].clone();
                    let _ = write!(
                        line,
                        "{name} = nd.{} {nx} : {}",
                        UNARY[usize::from(*kind) % UNARY.len()],
                        t.text()
                    );
                    t
                }
                Op::Cmp { pred, x, y } => {
                    let (x, y) = (pick(*x), pick(*y));
                    let (nx, ny) = (&names[x], &names[y]);
                    let (tx, ty) = (&values[x], &values[y]);
                    let r = Known {
                        dims: broadcast_dims(tx, ty),
                        elem: "i1",
                    };
                    let _ = write!(
                        line,
                        "{name} = nd.cmp {}, {nx}, {ny} : ({}, {}) -> {}",
                        PREDICATES[usize::from(*pred) % PREDICATES.len()],
                        tx.text(),
                        ty.text(),
                        r.text()
                    );
                    r
                }
                Op::Select { x, y } => {
                    let (x, y) = (pick(*x), pick(*y));
                    let (nx, ny) = (&names[x], &names[y]);
                    let (tx, ty) = (&values[x], &values[y]);
                    let dims = broadcast_dims(tx, ty);
                    let c = Known {
                        dims: dims.clone(),
                        elem: "i1",
                    };
                    let r = Known {
                        dims,
                        elem: tx.elem,
                    };
                    let _ = write!(
                        line,
                        "{name}c = nd.cmp lt, {nx}, {ny} : ({}, {}) -> {}\n  {name} = nd.select {name}c, {nx}, {ny} : ({}, {}, {}) -> {}",
                        tx.text(),
                        ty.text(),
                        c.text(),
                        c.text(),
                        tx.text(),
                        ty.text(),
                        r.text()
                    );
                    r
                }
                Op::Reduce {
                    kind,
                    x,
                    dims,
                    keep,
                    result,
                } => {
                    let x = pick(*x);
                    let nx = &names[x];
                    let t = &values[x];
                    let rank = t.dims.as_ref().map_or(2, Vec::len);
                    let ds: Vec<usize> = dims
                        .iter()
                        .take(MAX_RANK)
                        .map(|d| usize::from(*d) % (rank + 1))
                        .collect();
                    let r = match result {
                        Some(r) => Known::of(r),
                        None => Known {
                            dims: t.dims.as_ref().map(|d| {
                                d.iter()
                                    .enumerate()
                                    .filter_map(|(i, &s)| {
                                        if !ds.contains(&i) {
                                            Some(s)
                                        } else if *keep {
                                            Some(Some(1))
                                        } else {
                                            None
                                        }
                                    })
                                    .collect()
                            }),
                            elem: t.elem,
                        },
                    };
                    let ds: Vec<String> = ds.iter().map(usize::to_string).collect();
                    let _ = write!(
                        line,
                        "{name} = nd.reduce {} {nx} across [{}]{} : ({}) -> {}",
                        REDUCTIONS[usize::from(*kind) % REDUCTIONS.len()],
                        ds.join(", "),
                        if *keep { " keep_dims" } else { "" },
                        t.text(),
                        r.text()
                    );
                    r
                }
                Op::InDim { x, lead, dims } => {
                    let x = pick(*x);
                    let nx = &names[x];
                    let t = &values[x];
                    let lead: Vec<Option<u64>> = lead.iter().take(3).map(|d| d.size()).collect();
                    let own = t.dims.clone().unwrap_or_default();
                    let ds: Vec<usize> = match dims {
                        Some(d) => d
                            .iter()
                            .take(MAX_RANK)
                            .map(|v| usize::from(*v % 6))
                            .collect(),
                        None => (0..own.len()).map(|i| lead.len() + i).collect(),
                    };
                    let mut rdims = lead;
                    rdims.extend(own);
                    let r = Known {
                        dims: Some(rdims),
                        elem: t.elem,
                    };
                    let ds: Vec<String> = ds.iter().map(usize::to_string).collect();
                    let _ = write!(
                        line,
                        "{name} = nd.broadcast_in_dim {nx}, dims = [{}] : ({}) -> {}",
                        ds.join(", "),
                        t.text(),
                        r.text()
                    );
                    r
                }
                Op::BroadcastTo { x, lead } => {
                    let x = pick(*x);
                    let nx = &names[x];
                    let t = &values[x];
                    let mut shape: Vec<u64> =
                        lead.iter().take(3).filter_map(|d| d.size()).collect();
                    shape.extend(t.dims.iter().flatten().map(|d| d.unwrap_or(1)));
                    let r = Known {
                        dims: Some(shape.iter().map(|&d| Some(d)).collect()),
                        elem: t.elem,
                    };
                    let s: Vec<String> = shape.iter().map(u64::to_string).collect();
                    let _ = write!(
                        line,
                        "{name} = nd.broadcast_to {nx}, shape = [{}] : ({}) -> {}",
                        s.join(", "),
                        t.text(),
                        r.text()
                    );
                    r
                }
                Op::Broadcast { xs } => {
                    let xs: Vec<usize> = xs.iter().take(3).map(|&x| pick(x)).collect();
                    if xs.is_empty() {
                        continue;
                    }
                    let mut dims = values[xs[0]].clone();
                    for &x in &xs[1..] {
                        dims.dims = broadcast_dims(&dims, &values[x]);
                    }
                    let ts: Vec<String> = xs.iter().map(|&x| values[x].text()).collect();
                    let rs: Vec<String> = xs
                        .iter()
                        .map(|&x| dims.with_elem(values[x].elem).text())
                        .collect();
                    let operands: Vec<String> = xs.iter().map(|&x| names[x].clone()).collect();
                    let _ = write!(
                        line,
                        "{name}{} = nd.broadcast {} : ({}) -> ({})",
                        if xs.len() == 1 {
                            String::new()
                        } else {
                            format!(":{}", xs.len())
                        },
                        operands.join(", "),
                        ts.join(", "),
                        rs.join(", ")
                    );
                    // Later ops use the first result.
                    values.push(dims.with_elem(values[xs[0]].elem));
                    names.push(if xs.len() == 1 {
                        name
                    } else {
                        format!("{name}#0")
                    });
                    push_line(&mut body, &line, loc.as_ref());
                    continue;
                }
                Op::Matmul { x, y, result } => {
                    let (x, y) = (pick(*x), pick(*y));
                    let (nx, ny) = (&names[x], &names[y]);
                    let r = Known::of(result);
                    let _ = write!(
                        line,
                        "{name} = nd.matmul {nx}, {ny} : ({}, {}) -> {}",
                        values[x].text(),
                        values[y].text(),
                        r.text()
                    );
                    r
                }
                Op::ShapeOf { x } => {
                    let x = pick(*x);
                    let nx = &names[x];
                    let t = &values[x];
                    let r = Known {
                        dims: Some(vec![t.dims.as_ref().map(|d| d.len() as u64)]),
                        elem: "index",
                    };
                    let _ = write!(
                        line,
                        "{name} = nd.shape_of {nx} : ({}) -> {}",
                        t.text(),
                        r.text()
                    );
                    r
                }
                Op::Cast { x, to } => {
                    let x = pick(*x);
                    let nx = &names[x];
                    let r = Known::of(to);
                    let _ = write!(
                        line,
                        "{name} = nd.cast {nx} : {} to {}",
                        values[x].text(),
                        r.text()
                    );
                    r
                }
                Op::Constant { ty, v } => {
                    let r = Known::of(ty);
                    let value = match r.elem {
                        "f32" | "f64" => format!("{v}.5"),
                        "i1" => (if *v < 0 { "true" } else { "false" }).to_owned(),
                        _ => v.to_string(),
                    };
                    let _ = write!(line, "{name} = nd.constant dense<{value}> : {}", r.text());
                    r
                }
                Op::Assign { x, y } => {
                    let (x, y) = (pick(*x), pick(*y));
                    let (nx, ny) = (&names[x], &names[y]);
                    let r = values[x].clone();
                    let _ = write!(
                        line,
                        "{name} = nd.assign {nx}, {ny} : ({}, {}) -> {}",
                        r.text(),
                        values[y].text(),
                        r.text()
                    );
                    r
                }
            };
            values.push(result);
            names.push(name);
            push_line(&mut body, &line, loc.as_ref());
        }
        let last = values.len() - 1;
        let rt = values[last].text();
        let ret = &names[last];
        format!(
            "func.func @main({}) -> {rt} {{\n{body}  return {ret} : {rt}\n}}\n",
            params.join(", ")
        )
    }
}

fn push_line(body: &mut String, line: &str, loc: Option<&Loc>) {
    body.push_str("  ");
    body.push_str(line);
    if let Some(loc) = loc {
        body.push_str(" loc(");
        loc.render(0, body);
        body.push(')');
    }
    body.push('\n');
}
