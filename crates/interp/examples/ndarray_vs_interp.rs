//! The measurement behind docs/interpreter.md's choice of own strided kernels
//! over `ndarray`'s arithmetic: the same broadcasting workloads with `ndarray`
//! (`&x + &b`, one op at a time, one core) and with the interpreter.
//!
//! `cargo run --release -p tensor-interp --example ndarray_vs_interp [N]`
//! (a benchmark, not a test).

use ndarray::{Array, Array1, Array2};
use std::time::Instant;
use tensor_interp::{ElemType, Interpreter, Tensor};

fn best_ms(mut f: impl FnMut()) -> f64 {
    (0..10)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn interp_ms(src: &str, args: Vec<Tensor>) -> f64 {
    let mut ctx = tensor_ir::Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    tensor_interp::register(&mut ctx);
    let buffer = ctx.add_source("bench.mlir", src);
    let module = tensor_ir::parse::parse_source(&mut ctx, buffer, 0..src.len()).expect("parses");
    let interp = Interpreter::new(&ctx, &module);
    best_ms(|| {
        let out = interp.run("main", args.clone()).expect("runs");
        std::hint::black_box(out);
    })
}

fn tensor(shape: &[usize], data: Vec<f32>) -> Tensor {
    Tensor::from_vec(ElemType::F32, shape, data).expect("sizes agree")
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(4096);
    let h = n / 2;
    let ramp = |len: usize| {
        (0..len)
            .map(|i| (i % 97) as f32 * 0.5)
            .collect::<Vec<f32>>()
    };

    let x = Array2::from_shape_vec((n, n), ramp(n * n)).expect("shape");
    let b = Array1::from_vec(ramp(n));
    let nd_row = best_ms(|| {
        std::hint::black_box(&x + &b);
    });
    let ti_row = interp_ms(
        &format!(
            "func.func @main(%x: tensor<{n}x{n}xf32>, %b: tensor<{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %y = nd.add %x, %b : (tensor<{n}x{n}xf32>, tensor<{n}xf32>) -> tensor<{n}x{n}xf32>
  return %y : tensor<{n}x{n}xf32>
}}"
        ),
        vec![tensor(&[n, n], ramp(n * n)), tensor(&[n], ramp(n))],
    );

    let c = Array::from_shape_vec((n, 1), ramp(n)).expect("shape");
    let r = Array::from_shape_vec((1, n), ramp(n)).expect("shape");
    let nd_outer = best_ms(|| {
        std::hint::black_box(&c * &r);
    });
    let ti_outer = interp_ms(
        &format!(
            "func.func @main(%c: tensor<{n}x1xf32>, %r: tensor<1x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %y = nd.mul %c, %r : (tensor<{n}x1xf32>, tensor<1x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %y : tensor<{n}x{n}xf32>
}}"
        ),
        vec![tensor(&[n, 1], ramp(n)), tensor(&[1, n], ramp(n))],
    );

    let xc = Array2::from_shape_vec((h, n), ramp(h * n)).expect("shape");
    let m = Array::from_shape_vec((h, 1), ramp(h)).expect("shape");
    let s = Array1::from_vec(ramp(n));
    let nd_chain = best_ms(|| {
        std::hint::black_box(&(&xc - &m) * &s);
    });
    let ti_chain = interp_ms(
        &format!(
            "func.func @main(%x: tensor<{h}x{n}xf32>, %m: tensor<{h}x1xf32>, %s: tensor<{n}xf32>) -> tensor<{h}x{n}xf32> {{
  %d = nd.sub %x, %m : (tensor<{h}x{n}xf32>, tensor<{h}x1xf32>) -> tensor<{h}x{n}xf32>
  %y = nd.mul %d, %s : (tensor<{h}x{n}xf32>, tensor<{n}xf32>) -> tensor<{h}x{n}xf32>
  return %y : tensor<{h}x{n}xf32>
}}"
        ),
        vec![
            tensor(&[h, n], ramp(h * n)),
            tensor(&[h, 1], ramp(h)),
            tensor(&[n], ramp(n)),
        ],
    );

    println!(
        "workload      ndarray ms  interp ms  ndarray/interp  (N = {n}, {} threads)",
        rayon::current_num_threads()
    );
    for (name, a, t) in [
        ("row add", nd_row, ti_row),
        ("outer", nd_outer, ti_outer),
        ("(x-m)*s", nd_chain, ti_chain),
    ] {
        println!("{name:<12} {a:>11.2} {t:>10.2} {:>15.2}", a / t);
    }
}
