//! ONNX `TensorProto`s (initializers, `Constant` values) as nd `dense<...>`
//! attributes: the bytes in MLIR's hex form, so every value round-trips
//! exactly; booleans as `true`/`false`.

use crate::proto::TensorProto;
use crate::types::{Dim, Elem, Ty};
use std::fmt::Write as _;

/// A decoded constant: its type and little-endian element bytes.
pub struct Constant {
    /// The constant's type (all dims static).
    pub ty: Ty,
    /// `width` bytes per element, little-endian (bool: one byte, 0 or 1).
    pub bytes: Vec<u8>,
}

impl Constant {
    /// The `dense<...> : tensor<...>` attribute.
    pub fn attr(&self) -> String {
        let mut s = String::from("dense<");
        if self.ty.elem == Elem::I1 {
            s.push('[');
            for (i, b) in self.bytes.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                s.push_str(if *b != 0 { "true" } else { "false" });
            }
            s.push(']');
            if self.ty.dims.is_empty() {
                // A 0-D bool is written without brackets.
                s = format!(
                    "dense<{}",
                    if self.bytes.first() == Some(&1) {
                        "true"
                    } else {
                        "false"
                    }
                );
            }
        } else {
            s.push_str("\"0x");
            for b in &self.bytes {
                let _ = write!(s, "{b:02X}");
            }
            s.push('"');
        }
        let _ = write!(s, "> : {}", self.ty.mlir());
        s
    }

    /// The elements as i64 (for shapes, axes and other integer operands).
    pub fn as_i64s(&self) -> Option<Vec<i64>> {
        let w = self.ty.elem.width();
        match self.ty.elem {
            Elem::I8 | Elem::I16 | Elem::I32 | Elem::I64 => Some(
                self.bytes
                    .chunks_exact(w)
                    .map(|c| {
                        let mut b = [0u8; 8];
                        b[..w].copy_from_slice(c);
                        // Sign-extend from the element's width.
                        let v = i64::from_le_bytes(b);
                        let shift = 64 - 8 * w as u32;
                        (v << shift) >> shift
                    })
                    .collect(),
            ),
            _ => None,
        }
    }
}

/// Decodes `t`, checking that its data has exactly as many elements as its
/// dims say, before allocating anything of the claimed size.
pub fn decode(t: &TensorProto) -> Result<Constant, String> {
    let code = t.data_type.unwrap_or(0);
    let elem =
        Elem::from_onnx(code).map_err(|n| format!("tensor of {n} elements is not supported"))?;
    if t.data_location == Some(1) || !t.external_data.is_empty() {
        return Err("tensors stored as external data are not supported".into());
    }
    let mut count: u64 = 1;
    for &d in &t.dims {
        let d = u64::try_from(d).map_err(|_| format!("tensor has a negative dim {d}"))?;
        count = count
            .checked_mul(d)
            .ok_or_else(|| "tensor's element count overflows".to_string())?;
    }
    let w = elem.width();
    let have = if let Some(raw) = &t.raw_data {
        raw.len() as u64 / w as u64
    } else {
        (match elem {
            Elem::F32 => t.float_data.len(),
            Elem::F64 => t.double_data.len(),
            Elem::I64 => t.int64_data.len(),
            _ => t.int32_data.len(),
        }) as u64
    };
    let raw_len_ok = t.raw_data.as_ref().is_none_or(|r| r.len() % w == 0);
    if have != count || !raw_len_ok {
        return Err(format!(
            "tensor's dims {:?} need {count} elements but its data holds {have}",
            t.dims
        ));
    }
    // `count` equals what the message holds, so it is bounded by the input.
    let bytes = if let Some(raw) = &t.raw_data {
        let mut b = raw.clone();
        if elem == Elem::I1 {
            b.iter_mut().for_each(|x| *x = u8::from(*x != 0));
        }
        b
    } else {
        let mut b = Vec::new();
        match elem {
            Elem::F32 => t.float_data.iter().for_each(|v| b.extend(v.to_le_bytes())),
            Elem::F64 => t.double_data.iter().for_each(|v| b.extend(v.to_le_bytes())),
            Elem::I64 => t.int64_data.iter().for_each(|v| b.extend(v.to_le_bytes())),
            Elem::I1 => t.int32_data.iter().for_each(|v| b.push(u8::from(*v != 0))),
            // int8/int16 and the 16-bit floats' bits live in int32_data.
            _ => t
                .int32_data
                .iter()
                .for_each(|v| b.extend(&v.to_le_bytes()[..w])),
        }
        b
    };
    Ok(Constant {
        ty: Ty {
            elem,
            dims: t.dims.iter().map(|&d| Dim::Static(d)).collect(),
        },
        bytes,
    })
}

/// A 0-D constant of `elem` holding `v` (converted to the type).
pub fn scalar(elem: Elem, v: f64) -> Constant {
    let bytes = match elem {
        Elem::F32 => (v as f32).to_le_bytes().to_vec(),
        Elem::F64 => v.to_le_bytes().to_vec(),
        Elem::F16 => f32_to_f16(v as f32).to_le_bytes().to_vec(),
        // Truncation: the import's own constants (0, 1, small alphas) are exact or
        // as ONNX's bf16 reference rounds them only in the last bit.
        Elem::Bf16 => (((v as f32).to_bits() >> 16) as u16).to_le_bytes().to_vec(),
        Elem::I1 => vec![u8::from(v != 0.0)],
        Elem::I8 => (v as i8).to_le_bytes().to_vec(),
        Elem::I16 => (v as i16).to_le_bytes().to_vec(),
        Elem::I32 => (v as i32).to_le_bytes().to_vec(),
        Elem::I64 => (v as i64).to_le_bytes().to_vec(),
    };
    Constant {
        ty: Ty { elem, dims: vec![] },
        bytes,
    }
}

/// A 1-D i64 constant.
pub fn i64s(values: &[i64]) -> Constant {
    Constant {
        ty: Ty {
            elem: Elem::I64,
            dims: vec![Dim::Static(values.len() as i64)],
        },
        bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

/// Round-to-nearest-even f32 → f16 bits, for the small constants the
/// import makes itself (0, 1, alpha); such values are exact in f16.
fn f32_to_f16(v: f32) -> u16 {
    let bits = v.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let man = bits & 0x7f_ffff;
    if v == 0.0 {
        sign
    } else if exp >= 31 {
        sign | 0x7c00
    } else if exp <= 0 {
        sign
    } else {
        sign | ((exp as u16) << 10) | ((man >> 13) as u16)
    }
}

impl Constant {
    /// The same elements with other dims (same count).
    pub fn reshaped(mut self, dims: Vec<i64>) -> Constant {
        self.ty.dims = dims.into_iter().map(Dim::Static).collect();
        self
    }
}
