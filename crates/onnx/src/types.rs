//! Element types, shapes with named and unknown dims, and ONNX's broadcast
//! of shapes, as the import prints them into nd types.

use std::fmt::Write as _;

/// One dim of an imported value: a static size or unknown (`?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dim {
    /// A size known at import.
    Static(i64),
    /// Known only at run time.
    Dynamic,
}

/// An nd element type the import supports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    /// ONNX FLOAT16.
    F16,
    /// ONNX BFLOAT16.
    Bf16,
    /// ONNX FLOAT.
    F32,
    /// ONNX DOUBLE.
    F64,
    /// ONNX BOOL.
    I1,
    /// ONNX INT8.
    I8,
    /// ONNX INT16.
    I16,
    /// ONNX INT32.
    I32,
    /// ONNX INT64.
    I64,
}

impl Elem {
    /// The nd spelling.
    pub fn mlir(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::Bf16 => "bf16",
            Elem::F32 => "f32",
            Elem::F64 => "f64",
            Elem::I1 => "i1",
            Elem::I8 => "i8",
            Elem::I16 => "i16",
            Elem::I32 => "i32",
            Elem::I64 => "i64",
        }
    }

    /// Bytes per element in ONNX's `raw_data` (little-endian); bool is one byte.
    pub fn width(self) -> usize {
        match self {
            Elem::I1 | Elem::I8 => 1,
            Elem::F16 | Elem::Bf16 | Elem::I16 => 2,
            Elem::F32 | Elem::I32 => 4,
            Elem::F64 | Elem::I64 => 8,
        }
    }

    /// Whether the type is a float type.
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::Bf16 | Elem::F32 | Elem::F64)
    }

    /// From `TensorProto.DataType`; `Err` names the ONNX type that nd lacks.
    pub fn from_onnx(code: i32) -> Result<Elem, String> {
        Ok(match code {
            1 => Elem::F32,
            3 => Elem::I8,
            5 => Elem::I16,
            6 => Elem::I32,
            7 => Elem::I64,
            9 => Elem::I1,
            10 => Elem::F16,
            11 => Elem::F64,
            16 => Elem::Bf16,
            2 => return Err("uint8".into()),
            4 => return Err("uint16".into()),
            12 => return Err("uint32".into()),
            13 => return Err("uint64".into()),
            8 => return Err("string".into()),
            14 | 15 => return Err("complex".into()),
            0 => return Err("undefined".into()),
            c => return Err(format!("data type {c}")),
        })
    }
}

/// The type of an imported value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ty {
    /// Element type.
    pub elem: Elem,
    /// Dims, outermost first.
    pub dims: Vec<Dim>,
}

impl Ty {
    /// `tensor<2x?xf32>`.
    pub fn mlir(&self) -> String {
        let mut s = String::from("tensor<");
        for d in &self.dims {
            match d {
                Dim::Static(n) => {
                    let _ = write!(s, "{n}x");
                }
                Dim::Dynamic => s.push_str("?x"),
            }
        }
        s.push_str(self.elem.mlir());
        s.push('>');
        s
    }

    /// The same shape with another element type.
    pub fn with_elem(&self, elem: Elem) -> Ty {
        Ty {
            elem,
            dims: self.dims.clone(),
        }
    }

    /// The static sizes, if every dim is static.
    pub fn static_dims(&self) -> Option<Vec<i64>> {
        self.dims
            .iter()
            .map(|d| match d {
                Dim::Static(n) => Some(*n),
                Dim::Dynamic => None,
            })
            .collect()
    }
}

/// The multidirectional (NumPy) broadcast of `shapes`, as far as it is known
/// at import. Sizes that cannot meet (3 against 4) give `?`: nd's verifier
/// then reports the mismatch at the node, with both sizes.
pub fn broadcast(shapes: &[&[Dim]]) -> Vec<Dim> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    (0..rank)
        .map(|i| {
            let mut out: Option<Dim> = None;
            for s in shapes {
                let Some(pos) = (i + s.len()).checked_sub(rank) else {
                    continue;
                };
                let d = s[pos];
                out = Some(match (out, d) {
                    (None, d) => d,
                    (Some(Dim::Static(1)), d) | (Some(d), Dim::Static(1)) => d,
                    (Some(Dim::Static(a)), Dim::Static(b)) if a == b => Dim::Static(a),
                    _ => Dim::Dynamic,
                });
            }
            out.unwrap_or(Dim::Static(1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broadcast_follows_numpy_and_leaves_mismatches_unknown() {
        let s = |v: &[i64]| v.iter().map(|&n| Dim::Static(n)).collect::<Vec<_>>();
        assert_eq!(broadcast(&[&s(&[2, 1]), &s(&[3])]), s(&[2, 3]));
        assert_eq!(broadcast(&[&s(&[3]), &s(&[4])]), vec![Dim::Dynamic]);
        assert_eq!(
            broadcast(&[&[Dim::Dynamic, Dim::Static(3)], &s(&[1, 3])]),
            vec![Dim::Dynamic, Dim::Static(3)]
        );
    }
}
