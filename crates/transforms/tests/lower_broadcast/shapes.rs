//! A shape interpreter: runs a program on the run-time shapes of its arguments,
//! computing the shape of every tensor and the entries of every shape value, and
//! stops at the first op whose sizes do not broadcast, with that op's location.
//! It is the run-time semantics of the `nd` ops as far as shapes go, written
//! independently of the lowering, so that a program and its lowering can be
//! compared: the same result shapes, or a failure at the same location.

use std::collections::HashMap;
use tensor_ir::{AttrKind, Context, DYNAMIC, Location, Module, OpId, TypeKind, Value};

/// A run-time value, as far as shapes go.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Rt {
    /// A tensor of this shape.
    Tensor(Vec<u64>),
    /// A shape value (`tensor<Nxindex>`) with these entries.
    Shape(Vec<u64>),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The shapes of the returned values.
    Returned(Vec<Vec<u64>>),
    /// An op failed: where, and why.
    Failed(Location, String),
}

impl Outcome {
    /// What must be the same after lowering: the returned shapes, or where the run
    /// failed (the op that fails may differ: a check before the op, or a broadcast).
    pub fn place(&self) -> Result<&[Vec<u64>], Location> {
        match self {
            Outcome::Returned(s) => Ok(s),
            Outcome::Failed(loc, _) => Err(*loc),
        }
    }
}

/// The NumPy broadcast of `shapes`; `onnx` rejects a 0 against a 1 (ONNX's C1).
fn numpy(shapes: &[&[u64]], onnx: bool) -> Option<Vec<u64>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1u64; rank];
    for (j, o) in out.iter_mut().enumerate() {
        let mut size: Option<u64> = None;
        let mut saw_one = false;
        for s in shapes {
            let pad = rank - s.len();
            if j < pad {
                continue;
            }
            match s[j - pad] {
                1 => saw_one = true,
                n => match size {
                    Some(m) if m != n => return None,
                    _ => size = Some(n),
                },
            }
        }
        if onnx && saw_one && size == Some(0) {
            return None;
        }
        *o = size.unwrap_or(1);
    }
    Some(out)
}

/// XLA: the lower-rank of `a` and `b` placed by `dims`, then degenerate broadcasting.
fn xla(a: &[u64], b: &[u64], dims: &[i64]) -> Option<Vec<u64>> {
    let (low, high) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    let targets: Vec<usize> = if low.len() == high.len() && dims.is_empty() {
        (0..low.len()).collect()
    } else {
        dims.iter()
            .map(|&d| usize::try_from(d).ok().filter(|&d| d < high.len()))
            .collect::<Option<_>>()?
    };
    if targets.len() != low.len() || targets.windows(2).any(|w| w[0] >= w[1]) {
        return None;
    }
    let mut placed = vec![1u64; high.len()];
    for (&s, &t) in low.iter().zip(&targets) {
        placed[t] = s;
    }
    numpy(&[&placed, high], false)
}

/// In place: every source broadcasts one way into `dst`.
fn in_place(dst: &[u64], sources: &[&[u64]]) -> Option<Vec<u64>> {
    for s in sources {
        let pad = dst.len().checked_sub(s.len())?;
        if s.iter()
            .enumerate()
            .any(|(i, &n)| n != 1 && n != dst[pad + i])
        {
            return None;
        }
    }
    Some(dst.to_vec())
}

/// NumPy's matmul.
fn matmul(a: &[u64], b: &[u64]) -> Option<Vec<u64>> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let a2: Vec<u64> = if a.len() == 1 {
        vec![1, a[0]]
    } else {
        a.to_vec()
    };
    let b2: Vec<u64> = if b.len() == 1 {
        vec![b[0], 1]
    } else {
        b.to_vec()
    };
    let (ra, rb) = (a2.len(), b2.len());
    if a2[ra - 1] != b2[rb - 2] {
        return None;
    }
    let mut out = numpy(&[&a2[..ra - 2], &b2[..rb - 2]], false)?;
    if a.len() >= 2 {
        out.push(a2[ra - 2]);
    }
    if b.len() >= 2 {
        out.push(b2[rb - 1]);
    }
    Some(out)
}

/// Python's `s[start:end]`.
fn slice(s: &[u64], start: i64, end: Option<i64>) -> Vec<u64> {
    let len = s.len() as i64;
    let clamp = |i: i64| (if i < 0 { len + i } else { i }).clamp(0, len) as usize;
    let (lo, hi) = (clamp(start), end.map_or(s.len(), clamp));
    s[lo..hi.max(lo)].to_vec()
}

struct Interp<'a> {
    ctx: &'a Context,
    module: &'a Module,
    env: HashMap<Value, Rt>,
    /// Elementwise ops, `nd.assign` and the batch dims of `nd.matmul` must not
    /// broadcast: every operand has the shape it is used at (after lowering).
    strict: bool,
}

impl Interp<'_> {
    fn tensor(&self, v: Value) -> Vec<u64> {
        match self.env.get(&v) {
            Some(Rt::Tensor(s)) => s.clone(),
            other => panic!("expected a tensor, found {other:?}"),
        }
    }

    fn shape(&self, v: Value) -> Vec<u64> {
        match self.env.get(&v) {
            Some(Rt::Shape(s)) => s.clone(),
            other => panic!("expected a shape value, found {other:?}"),
        }
    }

    fn attr(&self, op: OpId, name: &str) -> Option<tensor_ir::Attribute> {
        self.module.get_attr(op, self.ctx.lookup_sym(name)?)
    }

    fn i64s(&self, op: OpId, name: &str) -> Option<Vec<i64>> {
        self.ctx.as_i64_array(self.attr(op, name)?)
    }

    fn int(&self, op: OpId, name: &str) -> Option<i64> {
        match self.ctx.attr_kind(self.attr(op, name)?) {
            AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }

    fn str(&self, op: OpId, name: &str) -> Option<String> {
        self.ctx
            .as_str_attr(self.attr(op, name)?)
            .map(str::to_owned)
    }

    /// Whether a run-time shape fits the declared type of `v`.
    fn fits(&self, v: Value, shape: &[u64]) -> bool {
        match self.ctx.type_kind(self.module.value_type(v)) {
            TypeKind::Tensor { dims, .. } => {
                dims.len() == shape.len()
                    && dims
                        .iter()
                        .zip(shape)
                        .all(|(&d, &s)| d == DYNAMIC || d as u64 == s)
            }
            _ => true,
        }
    }

    /// Runs one op; `Err` with a reason if it fails.
    fn step(&mut self, op: OpId) -> Result<Option<Vec<Vec<u64>>>, String> {
        let name = self.ctx.str(self.module.op(op).name()).to_owned();
        let operands: Vec<Value> = self.module.operands(op).to_vec();
        let results: Vec<Value> = self.module.results(op).collect();
        let fail = |what: &str| Err(format!("{name}: {what}"));
        let out: Vec<Rt> = match name.as_str() {
            "func.return" => {
                return Ok(Some(operands.iter().map(|&v| self.tensor(v)).collect()));
            }
            "nd.shape_of" => vec![Rt::Shape(self.tensor(operands[0]))],
            "nd.constant" => {
                let value = self.attr(op, "value").expect("a constant has a value");
                let (ty, values) = self.ctx.as_dense_elements(value).expect("dense");
                match self.ctx.type_kind(ty) {
                    TypeKind::Tensor { dims, elem, .. }
                        if dims.len() == 1
                            && matches!(self.ctx.type_kind(*elem), TypeKind::Index) =>
                    {
                        let n = dims[0] as usize;
                        let get = |i| values.int(if values.is_splat() { 0 } else { i });
                        vec![Rt::Shape(
                            (0..n).map(|i| get(i).expect("index") as u64).collect(),
                        )]
                    }
                    TypeKind::Tensor { dims, .. } => {
                        vec![Rt::Tensor(dims.iter().map(|&d| d as u64).collect())]
                    }
                    _ => return fail("not a tensor constant"),
                }
            }
            "nd.broadcast_shapes" => {
                let shapes: Vec<Vec<u64>> = operands.iter().map(|&v| self.shape(v)).collect();
                let refs: Vec<&[u64]> = shapes.iter().map(Vec::as_slice).collect();
                let r = match (
                    self.str(op, "policy").as_deref(),
                    self.i64s(op, "broadcast_dimensions"),
                ) {
                    (Some("in_place"), _) => in_place(refs[0], &refs[1..]),
                    (Some("onnx"), _) => numpy(&refs, true),
                    (_, Some(dims)) => xla(refs[0], refs[1], &dims),
                    _ => numpy(&refs, false),
                };
                match r {
                    Some(s) => vec![Rt::Shape(s)],
                    None => return fail("shapes do not broadcast"),
                }
            }
            "nd.shape_slice" => {
                let s = self.shape(operands[0]);
                let start = self.int(op, "start").expect("start");
                vec![Rt::Shape(slice(&s, start, self.int(op, "end")))]
            }
            "nd.shape_concat" => {
                vec![Rt::Shape(
                    operands.iter().flat_map(|&v| self.shape(v)).collect(),
                )]
            }
            "nd.broadcast_in_dim" => {
                let x = self.tensor(operands[0]);
                let target: Vec<u64> = match operands.get(1) {
                    Some(&s) => self.shape(s),
                    None => match self.ctx.type_kind(self.module.value_type(results[0])) {
                        TypeKind::Tensor { dims, .. } => dims.iter().map(|&d| d as u64).collect(),
                        _ => return fail("unranked"),
                    },
                };
                if !self.fits(results[0], &target) {
                    return fail("type: the shape is not the result type's");
                }
                let dims = self.i64s(op, "broadcast_dimensions").expect("dims");
                for (i, &d) in dims.iter().enumerate() {
                    let t = target[d as usize];
                    if x[i] != 1 && x[i] != t {
                        return fail("operand size is neither 1 nor the result's");
                    }
                }
                for k in self
                    .i64s(op, "known_nonexpanding_dimensions")
                    .unwrap_or_default()
                {
                    let k = k as usize;
                    assert_eq!(
                        x[k], target[dims[k] as usize],
                        "known_nonexpanding_dimensions lie about dim {k}"
                    );
                }
                vec![Rt::Tensor(target)]
            }
            "nd.broadcast_to" => {
                let x = self.tensor(operands[0]);
                let target = match operands.get(1) {
                    Some(&s) => self.shape(s),
                    None => self
                        .i64s(op, "shape")
                        .expect("shape")
                        .iter()
                        .map(|&d| d as u64)
                        .collect(),
                };
                match in_place(&target, &[&x]) {
                    Some(s) => vec![Rt::Tensor(s)],
                    None => return fail("operand does not broadcast to the shape"),
                }
            }
            "nd.assign" => {
                let (d, s) = (self.tensor(operands[0]), self.tensor(operands[1]));
                if self.strict && d != s {
                    return fail("implicit broadcast at run time");
                }
                match in_place(&d, &[&s]) {
                    Some(r) => vec![Rt::Tensor(r)],
                    None => return fail("source does not broadcast into the destination"),
                }
            }
            "nd.broadcast" => {
                let shapes: Vec<Vec<u64>> = operands.iter().map(|&v| self.tensor(v)).collect();
                let refs: Vec<&[u64]> = shapes.iter().map(Vec::as_slice).collect();
                match numpy(&refs, true) {
                    Some(s) => vec![Rt::Tensor(s); results.len()],
                    None => return fail("operands do not broadcast"),
                }
            }
            "nd.matmul" => {
                let (a, b) = (self.tensor(operands[0]), self.tensor(operands[1]));
                let ranked = operands.iter().all(|&v| {
                    matches!(
                        self.ctx.type_kind(self.module.value_type(v)),
                        TypeKind::Tensor { .. }
                    )
                });
                let batch = |s: &[u64]| s[..s.len().saturating_sub(2)].to_vec();
                if self.strict && ranked && a.len() >= 2 && b.len() >= 2 && batch(&a) != batch(&b) {
                    return fail("implicit broadcast at run time");
                }
                match matmul(&a, &b) {
                    Some(s) => vec![Rt::Tensor(s)],
                    None => return fail("operands do not multiply"),
                }
            }
            _ if name.starts_with("nd.") => {
                let shapes: Vec<Vec<u64>> = operands.iter().map(|&v| self.tensor(v)).collect();
                let refs: Vec<&[u64]> = shapes.iter().map(Vec::as_slice).collect();
                let r = match self.i64s(op, "broadcast_dimensions") {
                    Some(dims) => xla(refs[0], refs[1], &dims),
                    None => numpy(&refs, false),
                };
                if self.strict
                    && let Some(r) = &r
                    && shapes.iter().any(|s| s != r)
                {
                    return fail("implicit broadcast at run time");
                }
                match r {
                    Some(s) => vec![Rt::Tensor(s)],
                    None => return fail("operands do not broadcast"),
                }
            }
            _ => panic!("the shape interpreter does not know {name}"),
        };
        for (&v, rt) in results.iter().zip(out) {
            if let Rt::Tensor(s) = &rt
                && !self.fits(v, s)
            {
                return fail(&format!("type: the shape {s:?} is not the result type's"));
            }
            self.env.insert(v, rt);
        }
        Ok(None)
    }
}

/// Runs the single function of `module` on arguments of the given shapes; `strict`
/// fails an op that broadcasts implicitly.
pub fn run(ctx: &Context, module: &Module, args: &[Vec<u64>], strict: bool) -> Outcome {
    let top = module.top().expect("a module");
    let func = module
        .collect_ops(top)
        .into_iter()
        .find(|&o| ctx.str(module.op(o).name()) == "func.func")
        .expect("a function");
    let region = module.op(func).regions()[0];
    let block = module.region(region).blocks()[0];
    let mut it = Interp {
        ctx,
        module,
        env: HashMap::new(),
        strict,
    };
    for (&a, s) in module.block(block).args().iter().zip(args) {
        assert!(it.fits(a, s), "argument shape {s:?} fits its type");
        it.env.insert(a, Rt::Tensor(s.clone()));
    }
    for op in module.block_ops(block) {
        match it.step(op) {
            Ok(Some(shapes)) => return Outcome::Returned(shapes),
            Ok(None) => {}
            Err(why) => return Outcome::Failed(module.op(op).location(), why),
        }
    }
    panic!("the function has no return");
}
