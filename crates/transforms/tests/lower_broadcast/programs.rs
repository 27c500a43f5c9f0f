//! Random `nd` programs over static, `?` and `*` operands of several element types.
//!
//! Every tensor of a program is shaped after one "full" shape `F`: a ranked value of
//! rank `r` stands for `F`'s last `r` dims, each either `F`'s size or 1, written
//! static or `?`. So any two values broadcast statically, and the program verifies;
//! at run time a `?` is `F`'s size, 1, or (to provoke failures) another size.
//! Matmul operands have their own batch shape and matrix dims.

use broadcastable::{Dim, Policy, Shape};
use proptest::prelude::*;

/// An element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    F32,
    F16,
    I32,
    I1,
}

impl Elem {
    fn text(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F16 => "f16",
            Elem::I32 => "i32",
            Elem::I1 => "i1",
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Elem::F32 | Elem::F16)
    }
}

/// How a value's type is written.
#[derive(Clone, Debug)]
struct Val {
    name: String,
    elem: Elem,
    shape: Shape,
    /// For a ranked value of the elementwise family: the position in `F` of its
    /// dim 0 (its dims are `F[pos..]`).
    pos: Option<usize>,
}

impl Val {
    fn ty(&self) -> String {
        ty(&self.shape, self.elem)
    }
}

/// `tensor<2x?xf32>`, `tensor<*xi1>`.
pub fn ty(shape: &Shape, elem: Elem) -> String {
    match shape {
        Shape::Unranked => format!("tensor<*x{}>", elem.text()),
        Shape::Ranked(dims) => {
            let mut s = String::from("tensor<");
            for d in dims {
                match d {
                    Dim::Static(n) => s.push_str(&format!("{n}x")),
                    Dim::Dynamic => s.push_str("?x"),
                }
            }
            s.push_str(elem.text());
            s.push('>');
            s
        }
    }
}

/// One argument: how many leading dims of `F` it drops, which dims are 1, which are
/// written `?`, whether it is unranked, its element type.
#[derive(Clone, Debug)]
pub struct ArgGen {
    drop: u8,
    ones: u8,
    dynamic: u8,
    unranked: bool,
    elem: u8,
}

fn arg_gen() -> impl Strategy<Value = ArgGen> {
    (any::<u8>(), any::<u8>(), any::<u8>(), 0u8..10, any::<u8>()).prop_map(
        |(drop, ones, dynamic, u, elem)| ArgGen {
            drop,
            ones,
            dynamic,
            unranked: u == 0,
            elem,
        },
    )
}

/// One op, reading values by index (mod the values that fit).
#[derive(Clone, Debug)]
pub enum OpGen {
    Binary(u8, usize, usize, u8),
    Cmp(u8, usize, usize, u8),
    Select(usize, usize, usize, u8),
    Unary(u8, usize, u8),
    Xla(usize, usize, u8, u8),
    Assign(usize, usize),
    Broadcast(Vec<usize>, u8),
    BroadcastTo(usize, u8, u8),
    BroadcastToShape(usize, usize),
    Matmul(usize, usize, u8),
}

fn op_gen() -> impl Strategy<Value = OpGen> {
    let i = any::<usize>;
    let w = any::<u8>;
    prop_oneof![
        4 => (any::<u8>(), i(), i(), w()).prop_map(|(k, a, b, w)| OpGen::Binary(k, a, b, w)),
        1 => (any::<u8>(), i(), i(), w()).prop_map(|(k, a, b, w)| OpGen::Cmp(k, a, b, w)),
        1 => (i(), i(), i(), w()).prop_map(|(c, a, b, w)| OpGen::Select(c, a, b, w)),
        1 => (any::<u8>(), i(), w()).prop_map(|(k, a, w)| OpGen::Unary(k, a, w)),
        2 => (i(), i(), any::<u8>(), w()).prop_map(|(a, b, s, w)| OpGen::Xla(a, b, s, w)),
        1 => (i(), i()).prop_map(|(a, b)| OpGen::Assign(a, b)),
        1 => (prop::collection::vec(i(), 1..4), w()).prop_map(|(v, w)| OpGen::Broadcast(v, w)),
        1 => (i(), any::<u8>(), w()).prop_map(|(a, r, w)| OpGen::BroadcastTo(a, r, w)),
        1 => (i(), i()).prop_map(|(a, b)| OpGen::BroadcastToShape(a, b)),
        1 => (i(), i(), w()).prop_map(|(a, b, w)| OpGen::Matmul(a, b, w)),
    ]
}

/// Everything a program is made from.
#[derive(Clone, Debug)]
pub struct ProgramGen {
    full: Vec<u8>,
    args: Vec<ArgGen>,
    batch: Vec<u8>,
    matrices: Vec<ArgGen>,
    ops: Vec<OpGen>,
}

pub fn program_gen() -> impl Strategy<Value = ProgramGen> {
    (
        prop::collection::vec(1u8..4, 0..4),
        prop::collection::vec(arg_gen(), 3..6),
        prop::collection::vec(1u8..4, 0..3),
        prop::collection::vec(arg_gen(), 2..4),
        prop::collection::vec(op_gen(), 1..12),
    )
        .prop_map(|(full, args, batch, matrices, ops)| ProgramGen {
            full,
            args,
            batch,
            matrices,
            ops,
        })
}

/// A generated program: its text and its arguments' types.
#[derive(Clone, Debug)]
pub struct Program {
    pub text: String,
    pub args: Vec<Shape>,
    /// For each argument: the sizes a `?` stands for, dim by dim (ranked), or the
    /// full shape its unranked value takes a suffix of.
    pub sizes: Vec<Vec<u64>>,
    /// The type of each argument and each result, as written.
    pub arg_types: Vec<String>,
    pub result_types: Vec<String>,
}

/// Weakens a result shape: some static dims become `?`, or the shape unranked.
fn weaken(shape: &Shape, w: u8) -> Shape {
    if w % 8 == 7 {
        return Shape::Unranked;
    }
    match shape {
        Shape::Unranked => Shape::Unranked,
        Shape::Ranked(dims) => Shape::ranked(dims.iter().enumerate().map(|(i, &d)| {
            if w % 4 == 1 && (w >> (2 + i % 6)) & 1 == 1 {
                Dim::Dynamic
            } else {
                d
            }
        })),
    }
}

struct Builder {
    full: Vec<u64>,
    vals: Vec<Val>,
    matrices: Vec<Val>,
    body: String,
    results: Vec<Val>,
    next: usize,
}

impl Builder {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn pick(&self, i: usize, fits: impl Fn(&Val) -> bool) -> Option<Val> {
        let c: Vec<&Val> = self.vals.iter().filter(|v| fits(v)).collect();
        (!c.is_empty()).then(|| c[i % c.len()].clone())
    }

    fn push(&mut self, line: String, v: Val) {
        self.body.push_str("  ");
        self.body.push_str(&line);
        self.body.push('\n');
        self.results.push(v.clone());
        self.vals.push(v);
    }

    /// A value of the elementwise family with `shape`, placed at `pos` in `F`.
    fn val(&mut self, elem: Elem, shape: Shape, pos: Option<usize>) -> Val {
        Val {
            name: self.fresh(),
            elem,
            shape,
            pos,
        }
    }

    /// The position in `F` of the result of broadcasting `vals` (the longest).
    fn pos_of(&self, vals: &[&Val]) -> Option<usize> {
        vals.iter().filter_map(|v| v.pos).min()
    }

    fn elementwise(
        &mut self,
        name: &str,
        operands: &[&Val],
        result_elem: Elem,
        w: u8,
        attrs: &str,
    ) {
        let shapes: Vec<Shape> = operands.iter().map(|v| v.shape.clone()).collect();
        let Ok(inferred) = broadcastable::infer(&Policy::NumPy, &shapes) else {
            return;
        };
        let pos = self.pos_of(operands);
        let result = self.val(result_elem, weaken(&inferred.shape, w), pos);
        let names: Vec<&str> = operands.iter().map(|v| v.name.as_str()).collect();
        let tys: Vec<String> = operands.iter().map(|v| v.ty()).collect();
        let line = format!(
            "{} = {name} {}{attrs} : ({}) -> {}",
            result.name,
            names.join(", "),
            tys.join(", "),
            result.ty()
        );
        self.push(line, result);
    }

    fn op(&mut self, op: &OpGen) {
        match op {
            OpGen::Binary(k, a, b, w) => {
                let Some(a) = self.pick(*a, |v| v.elem != Elem::I1) else {
                    return;
                };
                let Some(b) = self.pick(*b, |v| v.elem == a.elem) else {
                    return;
                };
                let names: &[&str] = if a.elem.is_float() {
                    &["nd.add", "nd.sub", "nd.mul", "nd.max", "nd.min", "nd.div"]
                } else {
                    &["nd.add", "nd.mul", "nd.and", "nd.or", "nd.xor", "nd.max"]
                };
                let name = names[*k as usize % names.len()];
                self.elementwise(name, &[&a, &b], a.elem, *w, "");
            }
            OpGen::Cmp(k, a, b, w) => {
                let Some(a) = self.pick(*a, |v| v.elem != Elem::I1) else {
                    return;
                };
                let Some(b) = self.pick(*b, |v| v.elem == a.elem) else {
                    return;
                };
                let p = ["eq", "ne", "lt", "le", "gt", "ge"][*k as usize % 6];
                let name = format!("nd.cmp {p},");
                self.elementwise(&name, &[&a, &b], Elem::I1, *w, "");
            }
            OpGen::Select(c, a, b, w) => {
                let Some(c) = self.pick(*c, |v| v.elem == Elem::I1) else {
                    return;
                };
                let Some(a) = self.pick(*a, |v| v.elem != Elem::I1) else {
                    return;
                };
                let Some(b) = self.pick(*b, |v| v.elem == a.elem) else {
                    return;
                };
                self.elementwise("nd.select", &[&c, &a, &b], a.elem, *w, "");
            }
            OpGen::Unary(k, a, w) => {
                let Some(a) = self.pick(*a, |v| v.elem != Elem::I1) else {
                    return;
                };
                let names: &[&str] = if a.elem.is_float() {
                    &["nd.neg", "nd.abs", "nd.exp", "nd.tanh"]
                } else {
                    &["nd.neg", "nd.abs"]
                };
                let name = names[*k as usize % names.len()];
                self.elementwise(name, &[&a], a.elem, *w, "");
            }
            OpGen::Xla(a, b, seed, w) => self.xla(*a, *b, *seed, *w),
            OpGen::Assign(d, s) => {
                let Some(dst) = self.pick(*d, |v| v.elem != Elem::I1) else {
                    return;
                };
                let Some(src) = self.pick(*s, |v| v.elem == dst.elem) else {
                    return;
                };
                let shapes = [dst.shape.clone(), src.shape.clone()];
                if broadcastable::infer(&Policy::Unidirectional, &shapes).is_err() {
                    return;
                }
                let result = self.val(dst.elem, dst.shape.clone(), dst.pos);
                let line = format!(
                    "{} = nd.assign {}, {} : ({}, {}) -> {}",
                    result.name,
                    dst.name,
                    src.name,
                    dst.ty(),
                    src.ty(),
                    result.ty()
                );
                self.push(line, result);
            }
            OpGen::Broadcast(picks, w) => {
                let operands: Vec<Val> = picks
                    .iter()
                    .filter_map(|&i| self.pick(i, |_| true))
                    .collect();
                let shapes: Vec<Shape> = operands.iter().map(|v| v.shape.clone()).collect();
                let Ok(common) = broadcastable::onnx::common_shape(&shapes) else {
                    return;
                };
                let refs: Vec<&Val> = operands.iter().collect();
                let pos = self.pos_of(&refs);
                let results: Vec<Val> = operands
                    .iter()
                    .enumerate()
                    .map(|(k, v)| {
                        let w = w.rotate_left(k as u32);
                        self.val(v.elem, weaken(&common.shape, w), pos)
                    })
                    .collect();
                let name = self.fresh();
                let line = format!(
                    "{name}:{} = nd.broadcast {} : ({}) -> ({})",
                    results.len(),
                    operands
                        .iter()
                        .map(|v| v.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                    operands.iter().map(Val::ty).collect::<Vec<_>>().join(", "),
                    results.iter().map(Val::ty).collect::<Vec<_>>().join(", "),
                );
                self.body.push_str("  ");
                self.body.push_str(&line);
                self.body.push('\n');
                for (k, mut r) in results.into_iter().enumerate() {
                    r.name = format!("{name}#{k}");
                    self.results.push(r.clone());
                    self.vals.push(r);
                }
            }
            OpGen::BroadcastTo(a, rank, w) => {
                let Some(a) = self.pick(*a, |_| true) else {
                    return;
                };
                let min = a.shape.rank().unwrap_or(0);
                let n = self.full.len();
                if min > n {
                    return;
                }
                let r = min + (*rank as usize) % (n - min + 1);
                let target: Vec<u64> = self.full[n - r..].to_vec();
                let shape = Shape::ranked(target.iter().map(|&s| Dim::Static(s)));
                let mut result_shape = weaken(&shape, *w);
                if !result_shape.is_ranked() {
                    result_shape = shape;
                }
                let result = self.val(a.elem, result_shape, Some(n - r));
                let sizes: Vec<String> = target.iter().map(u64::to_string).collect();
                let line = format!(
                    "{} = nd.broadcast_to {}, shape = [{}] : ({}) -> {}",
                    result.name,
                    a.name,
                    sizes.join(", "),
                    a.ty(),
                    result.ty()
                );
                self.push(line, result);
            }
            OpGen::BroadcastToShape(a, y) => {
                let Some(a) = self.pick(*a, |_| true) else {
                    return;
                };
                let Some(y) = self.pick(*y, |_| true) else {
                    return;
                };
                if broadcastable::array_api::broadcast_to(&a.shape, &y.shape).is_err() {
                    return;
                }
                let s = self.fresh();
                let len = y
                    .shape
                    .rank()
                    .map_or_else(|| "?".to_owned(), |r| r.to_string());
                self.body.push_str(&format!(
                    "  {s} = nd.shape_of {} : ({}) -> tensor<{len}xindex>\n",
                    y.name,
                    y.ty()
                ));
                let result = self.val(a.elem, y.shape.clone(), y.pos);
                let line = format!(
                    "{} = nd.broadcast_to {}, {s} : ({}, tensor<{len}xindex>) -> {}",
                    result.name,
                    a.name,
                    a.ty(),
                    result.ty()
                );
                self.push(line, result);
            }
            OpGen::Matmul(a, b, w) => self.matmul(*a, *b, *w),
        }
    }

    /// A binary op with XLA `broadcast_dimensions` on two ranked operands, placed
    /// so that the result stays a shape of `F`.
    fn xla(&mut self, a: usize, b: usize, seed: u8, w: u8) {
        let Some(a) = self.pick(a, |v| v.elem != Elem::I1 && v.pos.is_some()) else {
            return;
        };
        let Some(b) = self.pick(b, |v| v.elem == a.elem && v.pos.is_some()) else {
            return;
        };
        let (Some(ra), Some(rb)) = (a.shape.rank(), b.shape.rank()) else {
            return;
        };
        let (lower, higher) = if ra <= rb { (&a, &b) } else { (&b, &a) };
        let (r, h) = (ra.min(rb), ra.max(rb));
        let (lpos, hpos) = (lower.pos.unwrap_or(0), higher.pos.unwrap_or(0));
        // Placements of the lower operand's dims: strictly increasing, each onto a
        // dim of the same size in `F` (or from a 1).
        let fits = |i: usize, t: usize| {
            let low = &lower.shape.dims().unwrap_or(&[])[i];
            *low == Dim::ONE || self.full[lpos + i] == self.full[hpos + t]
        };
        let mut dims: Vec<usize> = (h - r..h).collect();
        if r < h {
            let mut s = seed;
            let mut chosen = Vec::new();
            let mut next = 0usize;
            for i in 0..r {
                // Skip some dims at random, leaving room for the rest.
                while next < h - (r - i) && s & 1 == 1 {
                    next += 1;
                    s >>= 1;
                }
                s >>= 1;
                chosen.push(next);
                next += 1;
            }
            if chosen.iter().enumerate().all(|(i, &t)| fits(i, t)) {
                dims = chosen;
            }
        }
        let bd: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
        let shapes = [a.shape.clone(), b.shape.clone()];
        let Ok(inferred) =
            broadcastable::infer(&Policy::Explicit(bd.iter().copied().collect()), &shapes)
        else {
            return;
        };
        let result = self.val(a.elem, weaken(&inferred.shape, w), Some(hpos));
        let bd_text: Vec<String> = bd.iter().map(i64::to_string).collect();
        let bd_text = if bd.is_empty() {
            "array<i64>".to_owned()
        } else {
            format!("array<i64: {}>", bd_text.join(", "))
        };
        let name = if a.elem.is_float() {
            "nd.mul"
        } else {
            "nd.add"
        };
        let line = format!(
            "{} = {name} {}, {} {{broadcast_dimensions = {bd_text}}} : ({}, {}) -> {}",
            result.name,
            a.name,
            b.name,
            a.ty(),
            b.ty(),
            result.ty()
        );
        self.push(line, result);
    }

    fn matmul(&mut self, a: usize, b: usize, w: u8) {
        if self.matrices.is_empty() {
            return;
        }
        let n = self.matrices.len();
        let (a, b) = (self.matrices[a % n].clone(), self.matrices[b % n].clone());
        // Operands are `batch x 2 x 3` or `3` (lhs), `batch x 3 x 2` or `3` (rhs):
        // every matrix arg is written as an lhs; an rhs is taken transposed-shaped
        // by construction, see `matrix_args`.
        let (Some(ma), Some(mb)) = (matrix_kind(&a), matrix_kind(&b)) else {
            // An unranked operand: the result is unranked.
            if a.elem != b.elem {
                return;
            }
            let result = self.val(a.elem, Shape::Unranked, None);
            let line = format!(
                "{} = nd.matmul {}, {} : ({}, {}) -> {}",
                result.name,
                a.name,
                b.name,
                a.ty(),
                b.ty(),
                result.ty()
            );
            self.body.push_str(&format!("  {line}\n"));
            self.results.push(result);
            return;
        };
        if a.elem != b.elem || ma == MatrixKind::Right || mb == MatrixKind::Left {
            return;
        }
        let (da, db) = (a.shape.dims().unwrap_or(&[]), b.shape.dims().unwrap_or(&[]));
        let batch_a = Shape::ranked(da[..da.len().saturating_sub(2)].iter().copied());
        let batch_b = Shape::ranked(db[..db.len().saturating_sub(2)].iter().copied());
        let Ok(batch) = broadcastable::analyze(&[batch_a, batch_b]) else {
            return;
        };
        let mut dims: Vec<Dim> = batch.shape.dims().map(<[Dim]>::to_vec).unwrap_or_default();
        if da.len() >= 2 {
            dims.push(da[da.len() - 2]);
        }
        if db.len() >= 2 {
            dims.push(db[db.len() - 1]);
        }
        let result = self.val(a.elem, weaken(&Shape::ranked(dims), w), None);
        let line = format!(
            "{} = nd.matmul {}, {} : ({}, {}) -> {}",
            result.name,
            a.name,
            b.name,
            a.ty(),
            b.ty(),
            result.ty()
        );
        self.body.push_str(&format!("  {line}\n"));
        self.results.push(result);
    }
}

/// Whether a matmul argument is a left matrix (`.. x 2 x 3`), a right one
/// (`.. x 3 x 2`) or a vector (`3`, either side); `None` if unranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MatrixKind {
    Left,
    Right,
    Vector,
}

fn matrix_kind(v: &Val) -> Option<MatrixKind> {
    let dims = v.shape.dims()?;
    Some(match dims {
        [_] => MatrixKind::Vector,
        [.., Dim::Static(2), _] => MatrixKind::Left,
        _ => MatrixKind::Right,
    })
}

/// The shape of an argument after `F` (`full`): a suffix, some dims 1, some `?`.
fn arg_shape(full: &[u64], g: &ArgGen) -> (Shape, Vec<u64>, Option<usize>) {
    let n = full.len();
    let drop = (g.drop as usize) % (n + 1);
    let sizes: Vec<u64> = full[drop..]
        .iter()
        .enumerate()
        .map(|(i, &s)| if (g.ones >> (i % 8)) & 1 == 1 { 1 } else { s })
        .collect();
    if g.unranked {
        return (Shape::Unranked, full.to_vec(), None);
    }
    let shape = Shape::ranked(sizes.iter().enumerate().map(|(i, &s)| {
        if (g.dynamic >> (i % 8)) & 1 == 1 {
            Dim::Dynamic
        } else {
            Dim::Static(s)
        }
    }));
    (shape, sizes, Some(drop))
}

/// Generates the program.
pub fn build(g: &ProgramGen) -> Program {
    let full: Vec<u64> = g.full.iter().map(|&s| u64::from(s)).collect();
    let mut b = Builder {
        full: full.clone(),
        vals: Vec::new(),
        matrices: Vec::new(),
        body: String::new(),
        results: Vec::new(),
        next: 0,
    };
    let mut params = Vec::new();
    let mut arg_types = Vec::new();
    let mut args = Vec::new();
    let mut sizes = Vec::new();
    let elems = [Elem::F32, Elem::I32, Elem::F16, Elem::I1];
    for (k, a) in g.args.iter().enumerate() {
        // The first argument is a condition, so that nd.select has one.
        let elem = if k == 0 {
            Elem::I1
        } else {
            elems[a.elem as usize % elems.len()]
        };
        let (shape, s, pos) = arg_shape(&full, a);
        let v = Val {
            name: format!("%a{k}"),
            elem,
            shape,
            pos,
        };
        params.push(format!("{}: {}", v.name, v.ty()));
        arg_types.push(v.ty());
        args.push(v.shape.clone());
        sizes.push(s);
        b.vals.push(v);
    }
    let batch: Vec<u64> = g.batch.iter().map(|&s| u64::from(s)).collect();
    for (k, m) in g.matrices.iter().enumerate() {
        let (bshape, bsizes, _) = arg_shape(&batch, m);
        let elem = if m.elem % 2 == 0 {
            Elem::F32
        } else {
            Elem::I32
        };
        // Left matrices `.. x 2 x 3`, right ones `.. x 3 x 2`, vectors `3`.
        let (shape, s) = match (bshape, m.elem / 2 % 3) {
            (Shape::Unranked, _) => {
                let mut s = bsizes;
                s.extend_from_slice(&[2, 3]);
                (Shape::Unranked, s)
            }
            (_, 2) => (Shape::ranked([Dim::Static(3)]), vec![3]),
            (Shape::Ranked(d), kind) => {
                let tail: [u64; 2] = if kind == 0 { [2, 3] } else { [3, 2] };
                let mut dims = d.to_vec();
                dims.extend(tail.iter().map(|&t| Dim::Static(t)));
                let mut s = bsizes;
                s.extend_from_slice(&tail);
                (Shape::ranked(dims), s)
            }
        };
        let v = Val {
            name: format!("%m{k}"),
            elem,
            shape,
            pos: None,
        };
        params.push(format!("{}: {}", v.name, v.ty()));
        arg_types.push(v.ty());
        args.push(v.shape.clone());
        sizes.push(s);
        b.matrices.push(v);
    }
    for op in &g.ops {
        b.op(op);
    }
    // Some values are not returned: their ops are dead, and lowered all the same.
    let returned: Vec<&Val> = b
        .results
        .iter()
        .enumerate()
        .filter(|(i, _)| i % 4 != 3)
        .map(|(_, v)| v)
        .collect();
    let names: Vec<&str> = returned.iter().map(|v| v.name.as_str()).collect();
    let tys: Vec<String> = returned.iter().map(|v| v.ty()).collect();
    let ret = if names.is_empty() {
        "return".to_owned()
    } else {
        format!("return {} : {}", names.join(", "), tys.join(", "))
    };
    let text = format!(
        "func.func @f({}) -> ({}) {{\n{}  {ret}\n}}\n",
        params.join(", "),
        tys.join(", "),
        b.body,
    );
    Program {
        text,
        args,
        sizes,
        arg_types,
        result_types: tys,
    }
}
