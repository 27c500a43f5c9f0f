//! ONNX `TensorProto`s (initializers, `Constant` values) decoded into their
//! element bytes, and made `dense<...>` attributes bit for bit.

use crate::proto::TensorProto;
use crate::types::Elem;
use tensor_ir::{Attribute, Context, ElementValues};

/// A decoded constant: its element type, static dims and little-endian
/// element bytes.
#[derive(Clone, Debug)]
pub struct Constant {
    /// The element type.
    pub elem: Elem,
    /// The dims, all static.
    pub dims: Vec<i64>,
    /// `width` bytes per element, little-endian (bool: one byte, 0 or 1).
    pub bytes: Vec<u8>,
}

impl Constant {
    /// The `dense<...>` attribute of type `ty` (a tensor of these dims and
    /// element type) holding exactly these bits.
    pub fn attr(&self, ctx: &mut Context, ty: tensor_ir::Type) -> Option<Attribute> {
        let values = if self.elem == Elem::I1 {
            ElementValues::from_ints(self.elem.kind(), self.bytes.iter().map(|&b| i128::from(b)))?
        } else {
            let count = u64::try_from(self.bytes.len() / self.elem.width()).ok()?;
            ElementValues::from_raw_data(self.elem.kind(), &self.bytes, Some(count))?
        };
        ctx.dense_elements_attr(ty, values)
    }

    /// The elements as i64 (for shapes, axes and other integer operands).
    pub fn as_i64s(&self) -> Option<Vec<i64>> {
        let w = self.elem.width();
        match self.elem {
            Elem::U8 | Elem::U16 | Elem::U32 => Some(
                self.bytes
                    .chunks_exact(w)
                    .map(|c| {
                        let mut b = [0u8; 8];
                        b[..w].copy_from_slice(c);
                        i64::from_le_bytes(b)
                    })
                    .collect(),
            ),
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

    /// The one element of a 0-D or one-element constant, as f64 (floats of
    /// f32 and f64, and integers), for scalars such as Range's bounds.
    pub fn as_f64(&self) -> Option<f64> {
        if let Some([v]) = self.as_i64s().as_deref() {
            return Some(*v as f64);
        }
        match (self.elem, self.bytes.as_slice()) {
            (Elem::F32, b) if b.len() == 4 => {
                Some(f64::from(f32::from_le_bytes(b.try_into().ok()?)))
            }
            (Elem::F64, b) if b.len() == 8 => Some(f64::from_le_bytes(b.try_into().ok()?)),
            _ => None,
        }
    }

    /// The same elements with other dims (same count).
    pub fn reshaped(mut self, dims: Vec<i64>) -> Constant {
        self.dims = dims;
        self
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
            Elem::U32 | Elem::U64 => t.uint64_data.len(),
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
            Elem::U32 | Elem::U64 => t
                .uint64_data
                .iter()
                .for_each(|v| b.extend(&v.to_le_bytes()[..w])),
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
        elem,
        dims: t.dims.clone(),
        bytes,
    })
}

/// A 0-D constant of `elem` holding `v`, rounded to the type as storing it
/// would (floats to nearest; integers truncated toward zero and saturated).
pub fn scalar(elem: Elem, v: f64) -> Constant {
    let bytes = match elem.float_kind() {
        Some(k) => {
            let values = ElementValues::from_floats(k, [v]);
            let bits = values.bits(0).unwrap_or(0);
            bits.to_le_bytes()[..elem.width()].to_vec()
        }
        None if elem == Elem::I1 => vec![u8::from(v != 0.0)],
        None => {
            // Saturating, so +-inf (a reduction's identity) is the type's bound.
            let bits = 8 * elem.width() as u32;
            let (lo, hi) = match elem.signedness() {
                tensor_ir::Signedness::Unsigned => (0, (1i128 << bits) - 1),
                _ => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
            };
            let n = (v as i128).clamp(lo, hi);
            n.to_le_bytes()[..elem.width()].to_vec()
        }
    };
    Constant {
        elem,
        dims: vec![],
        bytes,
    }
}

/// A 1-D i64 constant.
pub fn i64s(values: &[i64]) -> Constant {
    Constant {
        elem: Elem::I64,
        dims: vec![values.len() as i64],
        bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

/// A 1-D f32 constant.
pub fn f32s(values: &[f32]) -> Constant {
    Constant {
        elem: Elem::F32,
        dims: vec![values.len() as i64],
        bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}
