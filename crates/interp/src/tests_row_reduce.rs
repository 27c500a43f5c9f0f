//! Row reductions fused into the group that computes their operand
//! (`kernels/row_reduce.rs`) against the same reductions run apart.

use crate::tests::{context, parse};
use crate::{ElemType, Interpreter, Memory, Tensor};
use half::f16;

/// `@fused` reduces the rows (the last `k` dims of `shape`, listed last
/// first) of `(x - y) * (x - y)` where the group computes them; `@apart` gets
/// the same value from a call, so its reduction runs on its own. With
/// `keep_value`, both also return the value.
fn program(
    e: &str,
    shape: &[usize],
    k: usize,
    kind: &str,
    keep_dims: bool,
    keep_value: bool,
) -> String {
    let ty = |dims: &[usize]| {
        let mut t = String::from("tensor<");
        for d in dims {
            t.push_str(&format!("{d}x"));
        }
        format!("{t}{e}>")
    };
    let split = shape.len() - k;
    let t = ty(shape);
    let y = ty(&shape[split..]);
    let across: Vec<String> = (split..shape.len()).rev().map(|d| d.to_string()).collect();
    let across = across.join(", ");
    let (keep, r) = if keep_dims {
        let mut kept = shape[..split].to_vec();
        kept.extend(std::iter::repeat_n(1, k));
        (" keep_dims", ty(&kept))
    } else {
        ("", ty(&shape[..split]))
    };
    let (results, returned, types) = if keep_value {
        (format!("({r}, {t})"), "%r, %b", format!("{r}, {t}"))
    } else {
        (r.clone(), "%r", r.clone())
    };
    format!(
        "func.func private @value(%x: {t}, %y: {y}) -> {t} {{
  %a = nd.sub %x, %y : ({t}, {y}) -> {t}
  %b = nd.mul %a, %a : {t}
  return %b : {t}
}}
func.func @fused(%x: {t}, %y: {y}) -> {results} {{
  %a = nd.sub %x, %y : ({t}, {y}) -> {t}
  %b = nd.mul %a, %a : {t}
  %r = nd.reduce {kind} %b across [{across}]{keep} : ({t}) -> {r}
  return {returned} : {types}
}}
func.func @apart(%x: {t}, %y: {y}) -> {results} {{
  %b = call @value(%x, %y) : ({t}, {y}) -> {t}
  %r = nd.reduce {kind} %b across [{across}]{keep} : ({t}) -> {r}
  return {returned} : {types}
}}"
    )
}

/// A tensor of `n` pseudo-random values of `elem` (small, so that integer
/// products stay in range of a row of 3).
fn values(elem: ElemType, shape: &[usize], seed: u64) -> Tensor {
    let n: usize = shape.iter().product();
    let mut s = seed;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((s >> 33) % 2001) as f64 / 500.0 - 2.0
    };
    let v: Vec<f64> = (0..n).map(|_| next()).collect();
    match elem {
        ElemType::F32 => Tensor::from_vec(elem, shape, v.iter().map(|&x| x as f32).collect()),
        ElemType::F16 => {
            Tensor::from_vec(elem, shape, v.iter().map(|&x| f16::from_f64(x)).collect())
        }
        _ => Tensor::from_vec(elem, shape, v.iter().map(|&x| x.round() as i32).collect()),
    }
    .unwrap()
}

fn bits(t: &Tensor) -> Vec<u64> {
    match t.elem() {
        ElemType::F32 => t
            .to_vec::<f32>()
            .unwrap()
            .iter()
            .map(|x| u64::from(x.to_bits()))
            .collect(),
        ElemType::F16 => t
            .to_vec::<f16>()
            .unwrap()
            .iter()
            .map(|x| u64::from(x.to_bits()))
            .collect(),
        _ => t
            .to_vec::<i32>()
            .unwrap()
            .iter()
            .map(|&x| x as u32 as u64)
            .collect(),
    }
}

/// Every kind, with and without keep_dims, with the value kept or not, over
/// rows of 2 and 3 (shorter than a block), 64 (a softmax's), 5000 (longer than
/// a block) and 70000 f32s (longer than a fused row may be: not fused), rows
/// of two dims, one thread's worth and enough rows to run in parallel: the
/// same shape and the same bits as apart. When nothing else reads the value,
/// the fused run never holds it in memory; that is what tells that it fused.
#[test]
fn fused_row_reductions_are_the_reductions_run_apart() {
    let mut ctx = context();
    let cases: [(ElemType, &str, &[usize], usize); 9] = [
        (ElemType::F32, "f32", &[3, 2], 1),
        (ElemType::F32, "f32", &[7, 3], 1),
        (ElemType::F32, "f32", &[1000, 64], 1),
        (ElemType::F32, "f32", &[5, 5000], 1),
        (ElemType::F32, "f32", &[2, 70000], 1),
        (ElemType::F32, "f32", &[4, 30, 8, 8], 2),
        (ElemType::F32, "f32", &[3, 1, 5], 2),
        (ElemType::F16, "f16", &[700, 64], 1),
        (ElemType::I32, "i32", &[900, 3], 1),
    ];
    for (elem, e, shape, k) in cases {
        let row: usize = shape[shape.len() - k..].iter().product();
        for kind in ["sum", "prod", "max", "min"] {
            for keep_dims in [false, true] {
                for keep_value in [false, true] {
                    let src = program(e, shape, k, kind, keep_dims, keep_value);
                    let module = parse(&mut ctx, &src);
                    let args = vec![
                        values(elem, shape, 7),
                        values(elem, &shape[shape.len() - k..], 8),
                    ];
                    let case = format!(
                        "{e} {shape:?} over {k} {kind} keep_dims={keep_dims} keep_value={keep_value}"
                    );
                    let run = |entry: &str| {
                        let memory = Memory::new(1 << 30);
                        let interp = Interpreter::new(&ctx, &module).with_memory(memory.clone());
                        let out = interp.run(entry, args.clone()).unwrap();
                        (out, memory.peak())
                    };
                    let (fused, peak) = run("fused");
                    let (apart, _) = run("apart");
                    assert_eq!(fused.len(), apart.len(), "{case}");
                    for (f, a) in fused.iter().zip(&apart) {
                        assert_eq!(f.shape(), a.shape(), "{case}");
                        assert_eq!(bits(f), bits(a), "{case}");
                    }
                    let value_bytes = shape.iter().product::<usize>() * elem.size();
                    let fuses = row * elem.size() <= crate::kernels::row_reduce::MAX_ROW_BYTES;
                    if !keep_value {
                        assert_eq!(peak < value_bytes, fuses, "{case}: peak {peak}");
                    }
                }
            }
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 200, ..Default::default() })]

    /// Random ranks, sizes (0 and 1 among them: empty rows, rows too short to
    /// fuse), numbers of reduced dims, kinds and element types: `@fused` and
    /// `@apart` both fail (an empty `max`) or give the same shapes and bits.
    #[test]
    fn random_fused_row_reductions_are_the_reductions_run_apart(
        shape in proptest::collection::vec(0usize..=5, 1..=4),
        k in 1usize..=4,
        kind in 0usize..4,
        keep_dims: bool,
        keep_value: bool,
        elem in 0usize..3,
        seed: u64,
    ) {
        let k = 1 + (k - 1) % shape.len();
        let (elem, e) = [(ElemType::F32, "f32"), (ElemType::F16, "f16"), (ElemType::I32, "i32")][elem];
        let kind = ["sum", "prod", "max", "min"][kind];
        let mut ctx = context();
        let src = program(e, &shape, k, kind, keep_dims, keep_value);
        let module = parse(&mut ctx, &src);
        let args = vec![
            values(elem, &shape, seed),
            values(elem, &shape[shape.len() - k..], seed ^ 1),
        ];
        let interp = Interpreter::new(&ctx, &module);
        let fused = interp.run("fused", args.clone());
        let apart = interp.run("apart", args);
        match (fused, apart) {
            (Ok(f), Ok(a)) => {
                proptest::prop_assert_eq!(f.len(), a.len());
                for (f, a) in f.iter().zip(&a) {
                    proptest::prop_assert_eq!(f.shape(), a.shape());
                    proptest::prop_assert_eq!(bits(f), bits(a));
                }
            }
            (Err(f), Err(a)) => proptest::prop_assert_eq!(&f.message, &a.message),
            (f, a) => proptest::prop_assert!(false, "fused {:?} but apart {:?}", f.is_ok(), a.is_ok()),
        }
    }
}
