//! tensor-run as the reference of the JIT tests: it runs a function on literal
//! arguments, writes each result to an `.npy` file, and the files are read back
//! exactly, each element encoded as `jit.rs` encodes the JIT's (integers as `i64`,
//! `i1` as 0 or 1, floats as the bits of the `f64` they are), so the two compare
//! bit for bit.

use super::jit;
use std::path::PathBuf;

/// One result of tensor-run, read from the `.npy` file it wrote.
#[derive(Debug)]
pub struct Reference {
    /// The shape.
    pub shape: Vec<u64>,
    /// The elements in row-major order, encoded as [`jit::Value::elements`].
    pub values: Vec<i64>,
}

/// tensor-run's results of `entry` in `program` on `args` (literals), whose result
/// types are `results`, or its error. `scratch` names the directory (under the
/// test's temporary directory) that holds the program and the `.npy` files;
/// `lower_first` adds `--lower-first`.
pub fn run(
    scratch: &str,
    program: &str,
    entry: &str,
    args: &[String],
    results: &[String],
    lower_first: bool,
) -> Result<Vec<Reference>, String> {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(scratch);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the test harness works");
    let file = dir.join("program.mlir");
    std::fs::write(&file, program).expect("the test harness works");
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_tensor-run"));
    cmd.arg(&file).args(["--entry", entry]);
    if lower_first {
        cmd.arg("--lower-first");
    }
    for lit in args {
        cmd.arg("--arg").arg(lit);
    }
    let outs: Vec<PathBuf> = (0..results.len())
        .map(|k| dir.join(format!("r{k}.npy")))
        .collect();
    for o in &outs {
        cmd.arg("--out").arg(o);
    }
    let out = cmd.output().expect("tensor-run runs");
    if out.status.code() != Some(0) {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(outs
        .iter()
        .zip(results)
        .map(|(o, ty)| read_npy(&std::fs::read(o).expect("tensor-run wrote it"), ty))
        .collect())
}

/// An IEEE half's bits as `f64` (exact).
fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    sign * match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

/// The shape and elements of a little-endian `.npy` file holding a tensor of type
/// `ty` (tensor-run writes version 1 or 2, C order).
pub fn read_npy(bytes: &[u8], ty: &str) -> Reference {
    assert_eq!(&bytes[..6], b"\x93NUMPY", "an .npy file");
    let (len, start) = if bytes[6] == 1 {
        (usize::from(u16::from_le_bytes([bytes[8], bytes[9]])), 10)
    } else {
        let n = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
        (usize::try_from(n).expect("a small header"), 12)
    };
    let header = String::from_utf8_lossy(&bytes[start..start + len]).into_owned();
    let dims = header
        .split("'shape':")
        .nth(1)
        .and_then(|t| t.split(')').next())
        .expect("a shape in the header");
    let shape: Vec<u64> = dims
        .split(|c: char| !c.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .map(|t| t.parse().expect("a size"))
        .collect();
    let data = &bytes[start + len..];
    let elem = jit::element_type(ty);
    let width = match elem {
        "i1" | "i8" => 1,
        "i16" | "f16" | "bf16" => 2,
        "i32" | "f32" => 4,
        _ => 8,
    };
    let values = data
        .chunks_exact(width)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..width].copy_from_slice(c);
            let raw = u64::from_le_bytes(b);
            let float = |f: f64| f.to_bits() as i64;
            match elem {
                "f16" => float(f16_to_f64(raw as u16)),
                "bf16" => float(f64::from(f32::from_bits((raw as u32) << 16))),
                "f32" => float(f64::from(f32::from_bits(raw as u32))),
                "f64" => raw as i64,
                "i8" => i64::from(raw as u8 as i8),
                "i16" => i64::from(raw as u16 as i16),
                "i32" => i64::from(raw as u32 as i32),
                _ => raw as i64,
            }
        })
        .collect();
    Reference { shape, values }
}

/// The largest deviation allowed between two floats, relative to the larger
/// magnitude (at least 1): `None` is bit-exact.
pub type Tolerance = Option<fn(elem: &str) -> f64>;

/// The deviation of the JIT's float `g` from tensor-run's `w` (both as the bits
/// of an `f64`), relative to the larger magnitude and at least 1: 0 when the
/// bits are the same or both are NaN, infinite when only one is finite.
fn deviation(g: i64, w: i64) -> f64 {
    let (g, w) = (f64::from_bits(g as u64), f64::from_bits(w as u64));
    if g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan()) {
        0.0
    } else if g.is_finite() && w.is_finite() {
        (g - w).abs() / g.abs().max(w.abs()).max(1.0)
    } else {
        f64::INFINITY
    }
}

/// The JIT's results (of the types `results`) against tensor-run's: the same
/// shapes, integers the same, floats the same bits (any NaN matching any NaN) or,
/// with a `tolerance`, within it. The largest float deviation seen, or an error
/// describing the first result that differs.
pub fn compare(
    results: &[String],
    jit_values: &[jit::Value],
    reference: &[Reference],
    tolerance: Tolerance,
) -> Result<f64, String> {
    if jit_values.len() != reference.len() {
        return Err(format!(
            "the JIT gives {} results, tensor-run {}",
            jit_values.len(),
            reference.len()
        ));
    }
    let mut worst = 0.0f64;
    for (k, (v, r)) in jit_values.iter().zip(reference).enumerate() {
        let elem = results.get(k).map_or("", |t| jit::element_type(t));
        let float = elem.starts_with('f') || elem == "bf16";
        let allowed = tolerance.map_or(0.0, |t| t(elem));
        let mut same = v.shape == r.shape && v.elements.len() == r.values.len();
        for (&g, &w) in v.elements.iter().zip(&r.values) {
            if float {
                let d = deviation(g, w);
                worst = worst.max(d);
                same &= d <= allowed;
            } else {
                same &= g == w;
            }
        }
        let show = |e: &[i64]| -> String {
            if float {
                format!(
                    "{:?}",
                    e.iter()
                        .map(|&b| f64::from_bits(b as u64))
                        .collect::<Vec<_>>()
                )
            } else {
                format!("{e:?}")
            }
        };
        if !same {
            return Err(format!(
                "result #{k}: the JIT gives {:?} {}, tensor-run {:?} {}",
                v.shape,
                show(&v.elements),
                r.shape,
                show(&r.values),
            ));
        }
    }
    Ok(worst)
}
