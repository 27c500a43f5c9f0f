//! Property test: random broadcasting programs (static, `?` and `*` dims; f32,
//! f64, i8, i32, ui8) run by the interpreter, as written and after
//! `--lower-broadcast`, agree with a naive reference evaluator: the same values,
//! or, for run-time sizes that do not broadcast, an error at the op where the
//! reference fails.
//!
//! The lowered run needs the `lower-broadcast` pass; until it is registered in
//! this build, only the program as written is compared (the test then says so on
//! standard error).

use proptest::prelude::*;
use tensor_interp::{ElemType, Interpreter, Tensor};
use tensor_ir::parse::parse_source;
use tensor_ir::pass::PassRegistry;
use tensor_ir::verify::verify_module;

#[derive(Clone, Copy, Debug)]
enum Elem {
    F32,
    F64,
    I8,
    I32,
    U8,
}

impl Elem {
    fn mlir(self) -> &'static str {
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
        t.expect("the test harness works")
    }

    fn values(self, t: &Tensor) -> Vec<f64> {
        match self {
            Elem::F32 => t
                .to_vec::<f32>()
                .expect("the test harness works")
                .into_iter()
                .map(f64::from)
                .collect(),
            Elem::F64 => t.to_vec::<f64>().expect("the test harness works"),
            Elem::I8 => t
                .to_vec::<i8>()
                .expect("the test harness works")
                .into_iter()
                .map(f64::from)
                .collect(),
            Elem::I32 => t
                .to_vec::<i32>()
                .expect("the test harness works")
                .into_iter()
                .map(f64::from)
                .collect(),
            Elem::U8 => t
                .to_vec::<u8>()
                .expect("the test harness works")
                .into_iter()
                .map(f64::from)
                .collect(),
        }
    }
}

/// An op: `kind` 0..5 a binary op (add, sub, mul, max, min), 5 neg, 6 a
/// `cmp lt` + `select` pair; operands index the values (arguments, then results).
#[derive(Clone, Debug)]
struct Op {
    kind: u8,
    x: usize,
    y: usize,
}

/// A type's dims: `None` unranked, a `None` dim `?`.
type TypeDims = Option<Vec<Option<usize>>>;

#[derive(Clone, Debug)]
struct Case {
    elem: Elem,
    /// Per argument: its run-time shape and its type's dims (`None`: unranked,
    /// a `None` dim: `?`).
    args: Vec<(Vec<usize>, TypeDims)>,
    ops: Vec<Op>,
    seed: u64,
}

/// A naive value: shape and row-major data.
#[derive(Clone, Debug, PartialEq)]
struct Value {
    shape: Vec<usize>,
    data: Vec<f64>,
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
fn reference(case: &Case, inputs: &[Value]) -> Result<Vec<Value>, usize> {
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

fn type_text(dims: &Option<Vec<Option<usize>>>, elem: &str) -> String {
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
fn program(case: &Case) -> (String, Vec<usize>) {
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

fn case_strategy() -> impl Strategy<Value = Case> {
    let elem = prop_oneof![
        Just(Elem::F32),
        Just(Elem::F64),
        Just(Elem::I8),
        Just(Elem::I32),
        Just(Elem::U8)
    ];
    let full = prop::collection::vec(prop_oneof![Just(1usize), Just(2), Just(3)], 0..=3);
    (elem, full, 2usize..=3, any::<u64>())
        .prop_flat_map(|(elem, full, nargs, seed)| {
            let rank = full.len();
            let arg = (
                0..=rank,
                prop::collection::vec(any::<bool>(), 3),
                prop::collection::vec(0u8..10, 3),
                0u8..10,
                0u8..10,
            )
                .prop_map({
                    let full = full.clone();
                    move |(r, ones, kinds, whole, grow)| {
                        let mut shape: Vec<usize> = full[rank - r..]
                            .iter()
                            .zip(&ones)
                            .map(|(&d, &one)| if one { 1 } else { d })
                            .collect();
                        let mut dims: Vec<Option<usize>> = shape
                            .iter()
                            .zip(&kinds)
                            .map(|(&d, &k)| (k >= 4).then_some(d))
                            .collect();
                        // Sometimes a ? dim gets a size that broadcasts with nothing.
                        if grow < 3
                            && let Some(j) = dims.iter().position(Option::is_none)
                        {
                            shape[j] = 5;
                            dims[j] = None;
                        }
                        let ty = (whole >= 2).then_some(dims);
                        (shape, ty)
                    }
                });
            let args = prop::collection::vec(arg, nargs);
            let ops = prop::collection::vec(
                (
                    0u8..7,
                    any::<prop::sample::Index>(),
                    any::<prop::sample::Index>(),
                ),
                1..6,
            );
            (Just(elem), args, ops, Just(seed))
        })
        .prop_map(|(elem, args, raw, seed)| {
            let mut ops = Vec::new();
            for (k, (kind, x, y)) in raw.into_iter().enumerate() {
                let n = args.len() + k;
                ops.push(Op {
                    kind,
                    x: x.index(n),
                    y: y.index(n),
                });
            }
            Case {
                elem,
                args,
                ops,
                seed,
            }
        })
}

/// Deterministic inputs: small integers (so integer ops wrap sometimes) or
/// fractions.
fn inputs(case: &Case) -> Vec<Value> {
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

fn context() -> tensor_ir::Context {
    tensor_opt::tensor_run::run_context()
}

/// Runs the program (lowered first when `lower`): the result, or the rendered
/// error. `None` when lowering is asked for and this build has no such pass.
fn execute(
    text: &str,
    case: &Case,
    inputs: &[Value],
    lower: bool,
) -> Option<Result<Value, String>> {
    let mut ctx = context();
    let buffer = ctx.add_source("p.mlir", text.to_owned());
    let mut module = parse_source(&mut ctx, buffer, 0..text.len()).unwrap_or_else(|d| {
        let mut s = String::new();
        ctx.render_diagnostic(&d, &mut s);
        panic!("does not parse:\n{text}\n{s}")
    });
    let diags = verify_module(&ctx, &module);
    assert!(!diags.has_errors(), "does not verify:\n{text}\n{diags:?}");
    if lower {
        let mut registry = PassRegistry::new();
        tensor_transforms::register_passes(&mut registry).expect("the test harness works");
        let mut pass = registry.create("lower-broadcast", None).ok()?;
        let outcome = pass
            .run(&mut ctx, &mut module)
            .unwrap_or_else(|_| panic!("lowering failed:\n{text}"));
        assert!(
            !outcome.diagnostics.has_errors(),
            "lowering failed:\n{text}"
        );
        assert!(
            !verify_module(&ctx, &module).has_errors(),
            "lowered program does not verify:\n{text}"
        );
    }
    let args = case
        .args
        .iter()
        .zip(inputs)
        .map(|(_, v)| case.elem.tensor(&v.shape, &v.data))
        .collect();
    let interp = Interpreter::new(&ctx, &module);
    Some(match interp.run("main", args) {
        Ok(mut out) => {
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
    })
}

fn same(a: &Value, b: &Value) -> bool {
    a.shape == b.shape
        && a.data.len() == b.data.len()
        && a.data
            .iter()
            .zip(&b.data)
            .all(|(x, y)| x == y || (x.is_nan() && y.is_nan()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn programs_agree_with_the_reference(case in case_strategy()) {
        let (text, lines) = program(&case);
        let ins = inputs(&case);
        let want = reference(&case, &ins);
        for lower in [false, true] {
            let Some(got) = execute(&text, &case, &ins, lower) else {
                continue;
            };
            match (&want, got) {
                (Ok(vals), Ok(v)) => {
                    let w = vals.last().expect("the test harness works");
                    prop_assert!(same(w, &v), "lowered: {lower}\n{text}\nreference {w:?}\ngot {v:?}");
                }
                (Err(k), Err(msg)) => {
                    let at = format!("p.mlir:{}:", lines[*k]);
                    prop_assert!(msg.contains(&at), "lowered: {lower}\n{text}\nexpected an error at {at}, got\n{msg}");
                }
                (Ok(_), Err(msg)) => prop_assert!(false, "lowered: {lower}\n{text}\nunexpected error\n{msg}"),
                (Err(k), Ok(_)) => prop_assert!(false, "lowered: {lower}\n{text}\nexpected an error at op #{k}"),
            }
        }
    }
}

#[test]
fn says_whether_the_lowered_programs_are_compared() {
    let mut registry = PassRegistry::new();
    tensor_transforms::register_passes(&mut registry).expect("the test harness works");
    if registry.create("lower-broadcast", None).is_err() {
        eprintln!(
            "interp_property: no lower-broadcast pass in this build: programs are compared as written only"
        );
    }
}
