//! Row reductions fused into the group that computes their operand
//! (`kernels/row_reduce.rs`) against the same reductions run apart.

use crate::{ElemType, Interpreter, Memory, Tensor};
use half::f16;

fn context() -> tensor_ir::Context {
    let mut ctx = tensor_ir::Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    crate::register(&mut ctx);
    ctx
}

/// `@fused` reduces the rows of `(x - y) * (x - y)` where the group computes
/// them; `@apart` gets the same value from a call, so its reduction runs on
/// its own. With `keep_value`, both also return the value.
fn program(
    e: &str,
    rows: usize,
    row: usize,
    kind: &str,
    keep_dims: bool,
    keep_value: bool,
) -> String {
    let t = format!("tensor<{rows}x{row}x{e}>");
    let y = format!("tensor<{row}x{e}>");
    let (keep, r) = if keep_dims {
        (" keep_dims", format!("tensor<{rows}x1x{e}>"))
    } else {
        ("", format!("tensor<{rows}x{e}>"))
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
  %r = nd.reduce {kind} %b across [1]{keep} : ({t}) -> {r}
  return {returned} : {types}
}}
func.func @apart(%x: {t}, %y: {y}) -> {results} {{
  %b = call @value(%x, %y) : ({t}, {y}) -> {t}
  %r = nd.reduce {kind} %b across [1]{keep} : ({t}) -> {r}
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
/// a block) and 70000 f32s (longer than a fused row may be: not fused), one
/// thread's worth and enough rows to run in parallel: the same shape and the
/// same bits as apart. When nothing else reads the value, the fused run never
/// holds it in memory; that is what tells that it fused.
#[test]
fn fused_row_reductions_are_the_reductions_run_apart() {
    let mut ctx = context();
    let cases = [
        (ElemType::F32, "f32", 3, 2),
        (ElemType::F32, "f32", 7, 3),
        (ElemType::F32, "f32", 1000, 64),
        (ElemType::F32, "f32", 5, 5000),
        (ElemType::F32, "f32", 2, 70000),
        (ElemType::F16, "f16", 700, 64),
        (ElemType::I32, "i32", 900, 3),
    ];
    for (elem, e, rows, row) in cases {
        for kind in ["sum", "prod", "max", "min"] {
            for keep_dims in [false, true] {
                for keep_value in [false, true] {
                    let src = program(e, rows, row, kind, keep_dims, keep_value);
                    let buf = ctx.add_source("t.mlir", &src);
                    let module =
                        tensor_ir::parse::parse_source(&mut ctx, buf, 0..src.len()).unwrap();
                    let args = vec![values(elem, &[rows, row], 7), values(elem, &[row], 8)];
                    let case = format!(
                        "{e} {rows}x{row} {kind} keep_dims={keep_dims} keep_value={keep_value}"
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
                    let value_bytes = rows * row * elem.size();
                    let fuses = row * elem.size() <= crate::kernels::row_reduce::MAX_ROW_BYTES;
                    if !keep_value {
                        assert_eq!(peak < value_bytes, fuses, "{case}: peak {peak}");
                    }
                }
            }
        }
    }
}
