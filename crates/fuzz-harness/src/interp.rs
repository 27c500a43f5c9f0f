//! The interpreter's fuzz input: a broadcasting program on small shapes (static,
//! `?` and `*` dims; f32, f64, i8, i32, ui8) with its argument values, and a naive
//! reference evaluator (also the property test's, `tests/interp_property.rs`). The interpreter,
//! on the program as written and after `--lower-broadcast`, must give the
//! reference's values, or, for run-time sizes that do not broadcast, an error at
//! the op where the reference fails.

use arbitrary::Arbitrary;
use tensor_interp::{ElemType, Interpreter, Memory, Tensor};
use tensor_ir::parse::parse_source;
use tensor_ir::pass::PassRegistry;
use tensor_ir::verify::verify_module;

/// One argument as decoded: how its run-time shape and its type derive from the
/// case's full shape (as `tests/interp_property.rs` draws them).
#[derive(Arbitrary, Clone, Debug)]
pub struct ArgGen {
    rank: u8,
    ones: [bool; 3],
    kinds: [u8; 3],
    whole: u8,
    grow: u8,
}

/// The fuzzer's input for the interpreter.
#[derive(Arbitrary, Clone, Debug)]
pub struct InterpInput {
    elem: u8,
    full: Vec<u8>,
    args: Vec<ArgGen>,
    ops: Vec<(u8, u8, u8)>,
    seed: u64,
}

impl InterpInput {
    /// An input drawn from `bits`, a source of random 64-bit words, with every
    /// field in the range the decoding uses (where decoding random bytes gives
    /// mostly rank-0 programs): for tests that draw cases from seeds.
    pub fn draw(mut bits: impl FnMut() -> u64) -> Self {
        let mut byte = || bits() as u8;
        // Mostly ranks 1 to 3, with arguments of the full rank half the time and
        // `?` dims that grow to a size that broadcasts with nothing half the
        // time: programs whose sizes fail at run time are common.
        let rank = 1 + byte() % 3;
        let full = (0..rank).map(|_| byte()).collect();
        let args = (0..2 + byte() % 2)
            .map(|_| ArgGen {
                rank: if byte() % 2 == 0 { rank } else { byte() },
                ones: [byte() % 4 == 0, byte() % 4 == 0, byte() % 4 == 0],
                kinds: [byte(), byte(), byte()],
                whole: byte(),
                grow: if byte() % 2 == 0 { 0 } else { byte() },
            })
            .collect();
        let ops = (0..1 + byte() % 6)
            .map(|_| (byte(), byte(), byte()))
            .collect();
        InterpInput {
            elem: byte(),
            full,
            args,
            ops,
            seed: u64::from(byte()) << 8 | u64::from(byte()),
        }
    }

    /// The program case this input decodes to.
    pub fn case(&self) -> Case {
        let elem =
            [Elem::F32, Elem::F64, Elem::I8, Elem::I32, Elem::U8][usize::from(self.elem) % 5];
        let full: Vec<usize> = self
            .full
            .iter()
            .take(3)
            .map(|d| 1 + usize::from(d % 3))
            .collect();
        let rank = full.len();
        let mut gens: Vec<&ArgGen> = self.args.iter().take(3).collect();
        let filler = ArgGen {
            rank: 0,
            ones: [false; 3],
            kinds: [9; 3],
            whole: 9,
            grow: 9,
        };
        while gens.len() < 2 {
            gens.push(&filler);
        }
        let args = gens
            .iter()
            .map(|g| {
                let r = usize::from(g.rank) % (rank + 1);
                let mut shape: Vec<usize> = full[rank - r..]
                    .iter()
                    .zip(&g.ones)
                    .map(|(&d, &one)| if one { 1 } else { d })
                    .collect();
                let mut dims: Vec<Option<usize>> = shape
                    .iter()
                    .zip(&g.kinds)
                    .map(|(&d, &k)| (k % 10 >= 4).then_some(d))
                    .collect();
                if g.grow % 10 < 3
                    && let Some(j) = dims.iter().position(Option::is_none)
                {
                    shape[j] = 5;
                    dims[j] = None;
                }
                (shape, (g.whole % 10 >= 2).then_some(dims))
            })
            .collect::<Vec<_>>();
        let mut ops = Vec::new();
        for (k, &(kind, x, y)) in self.ops.iter().take(6).enumerate() {
            let n = args.len() + k;
            ops.push(Op {
                kind: kind % 7,
                x: usize::from(x) % n,
                y: usize::from(y) % n,
            });
        }
        if ops.is_empty() {
            ops.push(Op {
                kind: 0,
                x: 0,
                y: 1,
            });
        }
        Case {
            elem,
            args,
            ops,
            seed: self.seed,
        }
    }

    /// The program's text (for the corpus replay's messages and for reading).
    pub fn program(&self) -> String {
        program(&self.case()).0
    }
}

/// An element type of the generated programs.
#[derive(Clone, Copy, Debug)]
pub enum Elem {
    F32,
    F64,
    I8,
    I32,
    U8,
}

impl Elem {
    /// The element type as MLIR writes it.
    pub fn mlir(self) -> &'static str {
        match self {
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::I8 => "i8",
            Elem::I32 => "i32",
            Elem::U8 => "ui8",
        }
    }

    /// A value rounded to the type, as the interpreter stores it.
    fn round(self, v: f64) -> f64 {
        match self {
            Elem::F32 => v as f32 as f64,
            Elem::F64 => v,
            // Integer values are exact in f64 here: at most 32 bits, wrapped.
            Elem::I8 => (v as i64) as i8 as f64,
            Elem::I32 => (v as i64) as i32 as f64,
            Elem::U8 => (v as i64) as u8 as f64,
        }
    }

    /// A product rounded to the type: integers multiply exactly in i64 (every
    /// value fits in 32 bits) before they wrap.
    fn mul(self, a: f64, b: f64) -> f64 {
        match self {
            Elem::F32 | Elem::F64 => self.round(a * b),
            _ => self.round(((a as i64).wrapping_mul(b as i64) as i32) as f64),
        }
    }

    fn tensor(self, shape: &[usize], data: &[f64]) -> Tensor {
        let t = match self {
            Elem::F32 => Tensor::from_vec(
                ElemType::F32,
                shape,
                data.iter().map(|&v| v as f32).collect(),
            ),
            Elem::F64 => Tensor::from_vec(ElemType::F64, shape, data.to_vec()),
            Elem::I8 => {
                Tensor::from_vec(ElemType::I8, shape, data.iter().map(|&v| v as i8).collect())
            }
            Elem::I32 => Tensor::from_vec(
                ElemType::I32,
                shape,
                data.iter().map(|&v| v as i32).collect(),
            ),
            Elem::U8 => {
                Tensor::from_vec(ElemType::U8, shape, data.iter().map(|&v| v as u8).collect())
            }
        };
        t.expect("the harness builds its tensors")
    }

    fn values(self, t: &Tensor) -> Vec<f64> {
        match self {
            Elem::F32 => t
                .to_vec::<f32>()
                .expect("the harness reads its tensors")
                .into_iter()
                .map(f64::from)
                .collect(),
            Elem::F64 => t.to_vec::<f64>().expect("the harness reads its tensors"),
            Elem::I8 => t
                .to_vec::<i8>()
                .expect("the harness reads its tensors")
                .into_iter()
                .map(f64::from)
                .collect(),
            Elem::I32 => t
                .to_vec::<i32>()
                .expect("the harness reads its tensors")
                .into_iter()
                .map(f64::from)
                .collect(),
            Elem::U8 => t
                .to_vec::<u8>()
                .expect("the harness reads its tensors")
                .into_iter()
                .map(f64::from)
                .collect(),
        }
    }
}

/// An op: `kind` 0..5 a binary op (add, sub, mul, max, min), 5 neg, 6 a
/// `cmp lt` + `select` pair; operands index the values (arguments, then results).
#[derive(Clone, Debug)]
pub struct Op {
    /// Which op (see above).
    pub kind: u8,
    /// The first operand.
    pub x: usize,
    /// The second operand.
    pub y: usize,
}

/// A type's dims: `None` unranked, a `None` dim `?`.
pub type TypeDims = Option<Vec<Option<usize>>>;

/// A generated program: its element type, arguments, ops and the seed of its inputs.
#[derive(Clone, Debug)]
pub struct Case {
    /// The element type.
    pub elem: Elem,
    /// Per argument: its run-time shape and its type's dims (`None`: unranked,
    /// a `None` dim: `?`).
    pub args: Vec<(Vec<usize>, TypeDims)>,
    /// The ops, in order.
    pub ops: Vec<Op>,
    /// The seed of the argument values.
    pub seed: u64,
}

/// A naive value: shape and row-major data.
#[derive(Clone, Debug, PartialEq)]
pub struct Value {
    /// The shape.
    pub shape: Vec<usize>,
    /// The elements, row-major.
    pub data: Vec<f64>,
}

fn broadcast(a: &[usize], b: &[usize]) -> Option<Vec<usize>> {
    let r = a.len().max(b.len());
    let pad = |s: &[usize]| [vec![1; r - s.len()], s.to_vec()].concat();
    let (a, b) = (pad(a), pad(b));
    a.iter()
        .zip(&b)
        .map(|(&x, &y)| (x == y || x == 1 || y == 1).then_some(if x == 1 { y } else { x }))
        .collect()
}

/// The element of `v` at the multi-index `idx` of a broadcast result.
fn at(v: &Value, idx: &[usize]) -> f64 {
    let skip = idx.len() - v.shape.len();
    let mut off = 0;
    for (d, &n) in v.shape.iter().enumerate() {
        off = off * n + if n == 1 { 0 } else { idx[skip + d] };
    }
    v.data[off]
}

fn zip(a: &Value, b: &Value, f: impl Fn(f64, f64) -> f64) -> Option<Value> {
    let shape = broadcast(&a.shape, &b.shape)?;
    let n: usize = shape.iter().product();
    let mut idx = vec![0; shape.len()];
    let mut data = Vec::with_capacity(n);
    for _ in 0..n {
        data.push(f(at(a, &idx), at(b, &idx)));
        for d in (0..shape.len()).rev() {
            idx[d] += 1;
            if idx[d] < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    Some(Value { shape, data })
}

/// The reference: every op's value, or the index of the op that fails.
pub fn reference(case: &Case, inputs: &[Value]) -> Result<Vec<Value>, usize> {
    let e = case.elem;
    let mut vals = inputs.to_vec();
    for (k, op) in case.ops.iter().enumerate() {
        let (x, y) = (&vals[op.x], &vals[op.y]);
        let max = |a: f64, b: f64| {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else {
                a.max(b)
            }
        };
        let min = |a: f64, b: f64| {
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else {
                a.min(b)
            }
        };
        let v = match op.kind {
            0 => zip(x, y, |a, b| e.round(a + b)),
            1 => zip(x, y, |a, b| e.round(a - b)),
            2 => zip(x, y, |a, b| e.mul(a, b)),
            3 => zip(x, y, max),
            4 => zip(x, y, min),
            5 => Some(Value {
                shape: x.shape.clone(),
                data: x.data.iter().map(|&a| e.round(-a)).collect(),
            }),
            _ => zip(x, y, |a, b| if a < b { a } else { b }),
        };
        vals.push(v.ok_or(k)?);
    }
    Ok(vals)
}

/// The tensor type of `dims` with element type `elem` (`tensor<*xf32>` for `None`).
pub fn type_text(dims: &Option<Vec<Option<usize>>>, elem: &str) -> String {
    match dims {
        None => format!("tensor<*x{elem}>"),
        Some(d) => {
            let mut s = String::from("tensor<");
            for x in d {
                match x {
                    Some(n) => s += &format!("{n}x"),
                    None => s += "?x",
                }
            }
            format!("{s}{elem}>")
        }
    }
}

fn type_broadcast(
    a: &Option<Vec<Option<usize>>>,
    b: &Option<Vec<Option<usize>>>,
) -> Option<Vec<Option<usize>>> {
    let (a, b) = (a.as_ref()?, b.as_ref()?);
    let r = a.len().max(b.len());
    let pad = |s: &[Option<usize>]| [vec![Some(1); r - s.len()], s.to_vec()].concat();
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

/// The program's text and the line of each op (a select pair: its cmp's).
pub fn program(case: &Case) -> (String, Vec<usize>) {
    let el = case.elem.mlir();
    let mut types: Vec<Option<Vec<Option<usize>>>> =
        case.args.iter().map(|a| a.1.clone()).collect();
    let mut body = String::new();
    let mut lines = Vec::new();
    let mut line = 2;
    for (k, op) in case.ops.iter().enumerate() {
        let (tx, ty) = (type_text(&types[op.x], el), type_text(&types[op.y], el));
        let rt = type_broadcast(&types[op.x], &types[op.y]);
        let r = type_text(&rt, el);
        let (x, y) = (format!("%v{}", op.x), format!("%v{}", op.y));
        let name = format!("%v{}", case.args.len() + k);
        lines.push(line);
        match op.kind {
            0..=4 => {
                let n = ["add", "sub", "mul", "max", "min"][op.kind as usize];
                body += &format!("  {name} = nd.{n} {x}, {y} : ({tx}, {ty}) -> {r}\n");
                line += 1;
                types.push(rt);
            }
            5 => {
                body += &format!("  {name} = nd.neg {x} : {tx}\n");
                line += 1;
                types.push(types[op.x].clone());
            }
            _ => {
                let c = type_text(&rt, "i1");
                body += &format!("  {name}c = nd.cmp lt, {x}, {y} : ({tx}, {ty}) -> {c}\n");
                body +=
                    &format!("  {name} = nd.select {name}c, {x}, {y} : ({c}, {tx}, {ty}) -> {r}\n");
                line += 2;
                types.push(rt);
            }
        }
    }
    let last = types.len() - 1;
    let params: Vec<String> = (0..case.args.len())
        .map(|i| format!("%v{i}: {}", type_text(&types[i], el)))
        .collect();
    let rt = type_text(&types[last], el);
    let text = format!(
        "func.func @main({}) -> {rt} {{\n{body}  return %v{last} : {rt}\n}}\n",
        params.join(", ")
    );
    (text, lines)
}

/// Deterministic inputs: small integers (so integer ops wrap sometimes) or
/// fractions.
pub fn inputs(case: &Case) -> Vec<Value> {
    let mut state = case.seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    case.args
        .iter()
        .map(|(shape, _)| {
            let n: usize = shape.iter().product();
            let data = (0..n)
                .map(|_| {
                    let r = (next() % 256) as f64;
                    match case.elem {
                        Elem::F32 | Elem::F64 => (r - 128.0) / 8.0,
                        Elem::U8 => r,
                        Elem::I8 | Elem::I32 => r - 128.0,
                    }
                })
                .collect();
            Value {
                shape: shape.clone(),
                data,
            }
        })
        .collect()
}

pub fn same(a: &Value, b: &Value) -> bool {
    a.shape == b.shape
        && a.data.len() == b.data.len()
        && a.data
            .iter()
            .zip(&b.data)
            .all(|(x, y)| x == y || (x.is_nan() && y.is_nan()))
}

/// The interpreter's memory limit in the fuzz runs: far above what the small
/// shapes need, so reaching it is a finding.
const MEMORY_LIMIT: usize = 64 << 20;

/// Runs the program (lowered first when `lower`): the result, or the rendered error.
pub fn execute(text: &str, case: &Case, inputs: &[Value], lower: bool) -> Result<Value, String> {
    let mut ctx = tensor_pipeline::run_context(&tensor_pipeline::Options::default());
    let buffer = ctx.add_source("p.mlir", text.to_owned());
    let mut module = parse_source(&mut ctx, buffer, 0..text.len()).unwrap_or_else(|d| {
        let mut s = String::new();
        ctx.render_diagnostic(&d, &mut s);
        panic!("a generated program does not parse:\n{text}\n{s}")
    });
    let diags = verify_module(&ctx, &module);
    assert!(
        !diags.has_errors(),
        "a generated program does not verify:\n{text}\n{diags:?}"
    );
    if lower {
        let mut registry = PassRegistry::new();
        tensor_transforms::register_passes(&mut registry).expect("the passes register");
        let mut pass = registry
            .create("lower-broadcast", None)
            .expect("lower-broadcast is registered");
        let outcome = pass
            .run(&mut ctx, &mut module)
            .unwrap_or_else(|_| panic!("lowering failed:\n{text}"));
        assert!(
            !outcome.diagnostics.has_errors(),
            "lowering failed:\n{text}"
        );
        assert!(
            !verify_module(&ctx, &module).has_errors(),
            "the lowered program does not verify:\n{text}"
        );
    }
    let args = case
        .args
        .iter()
        .zip(inputs)
        .map(|(_, v)| case.elem.tensor(&v.shape, &v.data))
        .collect();
    let interp = Interpreter::new(&ctx, &module).with_memory(Memory::new(MEMORY_LIMIT));
    match interp.run("main", args) {
        Ok(mut out) => {
            assert_eq!(out.len(), 1, "one result:\n{text}");
            let t = out.remove(0);
            Ok(Value {
                shape: t.shape().to_vec(),
                data: case.elem.values(&t),
            })
        }
        Err(d) => {
            let mut s = String::new();
            ctx.render_diagnostic(&d, &mut s);
            Err(s)
        }
    }
}

/// The interpreter target's property on one input (panics on a finding).
pub fn check_interp(input: &InterpInput) {
    let case = input.case();
    let (text, lines) = program(&case);
    let ins = inputs(&case);
    let want = reference(&case, &ins);
    for lower in [false, true] {
        let got = execute(&text, &case, &ins, lower);
        match (&want, got) {
            (Ok(vals), Ok(v)) => {
                let w = vals.last().expect("the reference has a value per op");
                assert!(
                    same(w, &v),
                    "lowered: {lower}\n{text}\nreference {w:?}\ngot {v:?}"
                );
            }
            (Err(k), Err(msg)) => {
                let at = format!("p.mlir:{}:", lines[*k]);
                assert!(
                    msg.contains(&at),
                    "lowered: {lower}\n{text}\nexpected an error at {at}, got\n{msg}"
                );
            }
            (Ok(_), Err(msg)) => panic!("lowered: {lower}\n{text}\nunexpected error\n{msg}"),
            (Err(k), Ok(_)) => panic!("lowered: {lower}\n{text}\nexpected an error at op #{k}"),
        }
    }
}
