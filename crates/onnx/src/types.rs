//! ONNX's element types (`TensorProto.DataType`) as nd's element types.

use tensor_ir::ElementKind;
use tensor_ir::{Context, FloatKind, Signedness, Type, TypeKind};

/// An element type the import supports.
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
    /// ONNX UINT8.
    U8,
    /// ONNX UINT16.
    U16,
    /// ONNX UINT32.
    U32,
    /// ONNX UINT64.
    U64,
}

impl Elem {
    /// Bytes per element in ONNX's `raw_data` (little-endian); bool is one byte.
    pub fn width(self) -> usize {
        match self {
            Elem::I1 | Elem::I8 | Elem::U8 => 1,
            Elem::F16 | Elem::Bf16 | Elem::I16 | Elem::U16 => 2,
            Elem::F32 | Elem::I32 | Elem::U32 => 4,
            Elem::F64 | Elem::I64 | Elem::U64 => 8,
        }
    }

    /// Whether the type is a float type.
    pub fn is_float(self) -> bool {
        matches!(self, Elem::F16 | Elem::Bf16 | Elem::F32 | Elem::F64)
    }

    /// The float format, for the float types.
    pub fn float_kind(self) -> Option<FloatKind> {
        Some(match self {
            Elem::F16 => FloatKind::F16,
            Elem::Bf16 => FloatKind::BF16,
            Elem::F32 => FloatKind::F32,
            Elem::F64 => FloatKind::F64,
            _ => return None,
        })
    }

    /// Signless for ONNX's signed integers, unsigned for its unsigned ones.
    pub fn signedness(self) -> Signedness {
        match self {
            Elem::U8 | Elem::U16 | Elem::U32 | Elem::U64 => Signedness::Unsigned,
            _ => Signedness::Signless,
        }
    }

    /// The dense storage kind of the nd type.
    pub fn kind(self) -> ElementKind {
        match self.float_kind() {
            Some(k) => ElementKind::Float(k),
            None if self == Elem::I1 => ElementKind::Bool,
            None => ElementKind::Int {
                width: 8 * self.width() as u32,
                signedness: self.signedness(),
            },
        }
    }

    /// The nd element type.
    pub fn to_type(self, ctx: &mut Context) -> Type {
        match self.float_kind() {
            Some(k) => ctx.float_type(k),
            None if self == Elem::I1 => ctx.i(1),
            None => ctx.int_type(8 * self.width() as u32, self.signedness()),
        }
    }

    /// The element type `t` as one of these, if it is one.
    pub fn of(ctx: &Context, t: Type) -> Option<Elem> {
        Some(match ctx.type_kind(t) {
            TypeKind::Float(FloatKind::F16) => Elem::F16,
            TypeKind::Float(FloatKind::BF16) => Elem::Bf16,
            TypeKind::Float(FloatKind::F32) => Elem::F32,
            TypeKind::Float(FloatKind::F64) => Elem::F64,
            TypeKind::Integer { width: 1, .. } => Elem::I1,
            TypeKind::Integer {
                width,
                signedness: Signedness::Unsigned,
            } => match width {
                8 => Elem::U8,
                16 => Elem::U16,
                32 => Elem::U32,
                64 => Elem::U64,
                _ => return None,
            },
            TypeKind::Integer { width: 8, .. } => Elem::I8,
            TypeKind::Integer { width: 16, .. } => Elem::I16,
            TypeKind::Integer { width: 32, .. } => Elem::I32,
            TypeKind::Integer { width: 64, .. } => Elem::I64,
            _ => return None,
        })
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
            2 => Elem::U8,
            4 => Elem::U16,
            12 => Elem::U32,
            13 => Elem::U64,
            8 => return Err("string".into()),
            14 | 15 => return Err("complex".into()),
            0 => return Err("undefined".into()),
            c => return Err(format!("data type {c}")),
        })
    }
}
