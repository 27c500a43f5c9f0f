//! Builtin types. Types are uniqued in the [`Context`]; a [`Type`] is a cheap handle.

use crate::context::Context;
use crate::{Attribute, Symbol};
use smallvec::SmallVec;
use std::fmt;

/// A uniqued type; equality of handles is equality of types.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Type(pub(crate) u32);

impl Type {
    /// The uniquing-table index (for side tables keyed by type).
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The marker for a dynamic (`?`) dimension, as `ShapedType::kDynamic` upstream.
pub const DYNAMIC: i64 = i64::MIN;

/// The dims of a shaped type; [`DYNAMIC`] marks `?`.
pub type Dims = SmallVec<[i64; 4]>;

/// Signedness semantics of an integer type (`i8`, `si8`, `ui8`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Signedness {
    /// `iN`: no sign semantics.
    Signless,
    /// `siN`.
    Signed,
    /// `uiN`.
    Unsigned,
}

pub use crate::float::FloatKind;

/// Which dims of a vector type are scalable (`vector<[4]xf32>`); empty when none is.
pub type ScalableDims = SmallVec<[bool; 4]>;

/// The structure of a type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum TypeKind {
    /// `iN`, `siN`, `uiN`.
    Integer {
        /// Bit width, 1 or more.
        width: u32,
        /// Sign semantics.
        signedness: Signedness,
    },
    /// `f16`, `bf16`, `f32`, `f64` and the other float formats.
    Float(FloatKind),
    /// `index`.
    Index,
    /// `none`.
    None,
    /// `tensor<4x?xf32>` and rank 0 `tensor<f32>`.
    Tensor {
        /// Dims; [`DYNAMIC`] is `?`.
        dims: Dims,
        /// Element type.
        elem: Type,
        /// Optional encoding attribute.
        encoding: Option<Attribute>,
    },
    /// `tensor<*xf32>`.
    UnrankedTensor {
        /// Element type.
        elem: Type,
    },
    /// `vector<4x4xf32>`, `vector<2x[4]xf32>`: static, positive dims, some of
    /// which may be scalable.
    Vector {
        /// Dims, all static.
        dims: Dims,
        /// Element type.
        elem: Type,
        /// Which dims are scalable; empty when none is (so that equal types are one).
        scalable: ScalableDims,
    },
    /// `memref<4x?xf32, strided<[?, 1]>, 1>`.
    MemRef {
        /// Dims; [`DYNAMIC`] is `?`.
        dims: Dims,
        /// Element type.
        elem: Type,
        /// The layout: an affine map or strided layout attribute; `None` is the
        /// identity (an identity affine map is stored as `None`, as upstream prints it).
        layout: Option<Attribute>,
        /// The memory space; `None` is the default (an integer `0` is stored as `None`).
        memory_space: Option<Attribute>,
    },
    /// `memref<*xf32, 1>`.
    UnrankedMemRef {
        /// Element type.
        elem: Type,
        /// The memory space; `None` is the default.
        memory_space: Option<Attribute>,
    },
    /// `(i32, f32) -> (f32)`.
    Function {
        /// Input types.
        inputs: Vec<Type>,
        /// Result types.
        results: Vec<Type>,
    },
    /// `complex<f32>`.
    Complex {
        /// The element type, an integer or float.
        elem: Type,
    },
    /// `tuple<i32, f32>`.
    Tuple {
        /// The member types.
        types: Vec<Type>,
    },
    /// `!dialect.body` or `!dialect<body>`: a type of a dialect the context cannot
    /// parse, kept as text.
    Opaque {
        /// The dialect namespace.
        dialect: Symbol,
        /// Upstream's symbol data: `foo<1>` for both `!d.foo<1>` and `!d<foo<1>>`.
        body: Box<str>,
        /// Aliases used in the body.
        refs: Box<[crate::attrs::OpaqueRef]>,
    },
}

impl Context {
    /// The integer type of the given width and signedness.
    pub fn int_type(&mut self, width: u32, signedness: Signedness) -> Type {
        self.intern_type(TypeKind::Integer { width, signedness })
    }

    /// A signless integer type, `iN`.
    pub fn i(&mut self, width: u32) -> Type {
        self.int_type(width, Signedness::Signless)
    }

    /// A float type.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.intern_type(TypeKind::Float(kind))
    }

    /// `index`.
    pub fn index_type(&mut self) -> Type {
        if let Some(t) = self.uniq.index {
            return t;
        }
        let t = self.intern_type(TypeKind::Index);
        self.uniq.index = Some(t);
        t
    }

    /// A ranked tensor type without encoding.
    pub fn tensor_type(&mut self, dims: &[i64], elem: Type) -> Type {
        self.intern_type(TypeKind::Tensor {
            dims: dims.into(),
            elem,
            encoding: None,
        })
    }

    /// An unranked tensor type.
    pub fn unranked_tensor_type(&mut self, elem: Type) -> Type {
        self.intern_type(TypeKind::UnrankedTensor { elem })
    }

    /// A function type.
    pub fn function_type(&mut self, inputs: Vec<Type>, results: Vec<Type>) -> Type {
        self.intern_type(TypeKind::Function { inputs, results })
    }

    /// A fixed-size vector type.
    pub fn vector_type(&mut self, dims: &[i64], elem: Type) -> Type {
        self.intern_type(TypeKind::Vector {
            dims: dims.into(),
            elem,
            scalable: ScalableDims::new(),
        })
    }

    /// The element type of a shaped type (tensor, vector or memref), or `None`.
    pub fn element_type(&self, t: Type) -> Option<Type> {
        match self.type_kind(t) {
            TypeKind::Tensor { elem, .. }
            | TypeKind::UnrankedTensor { elem }
            | TypeKind::Vector { elem, .. }
            | TypeKind::MemRef { elem, .. }
            | TypeKind::UnrankedMemRef { elem, .. } => Some(*elem),
            _ => None,
        }
    }

    /// The dims of a ranked shaped type; `None` for unranked or non-shaped types.
    pub fn shape_dims(&self, t: Type) -> Option<&[i64]> {
        match self.type_kind(t) {
            TypeKind::Tensor { dims, .. }
            | TypeKind::Vector { dims, .. }
            | TypeKind::MemRef { dims, .. } => Some(dims),
            _ => None,
        }
    }

    /// True for tensor types, ranked or not.
    pub fn is_tensor(&self, t: Type) -> bool {
        matches!(
            self.type_kind(t),
            TypeKind::Tensor { .. } | TypeKind::UnrankedTensor { .. }
        )
    }

    /// True for vector types.
    pub fn is_vector(&self, t: Type) -> bool {
        matches!(self.type_kind(t), TypeKind::Vector { .. })
    }

    /// The inputs and results of a function type.
    pub fn function_signature(&self, t: Type) -> Option<(&[Type], &[Type])> {
        match self.type_kind(t) {
            TypeKind::Function { inputs, results } => Some((inputs, results)),
            _ => None,
        }
    }

    /// A displayable view of a type, in MLIR syntax.
    pub fn ty(&self, t: Type) -> TypeDisplay<'_> {
        TypeDisplay { ctx: self, ty: t }
    }
}

/// The element count of static dims, `None` if a dim is dynamic or the product overflows.
pub fn num_elements(dims: &[i64]) -> Option<i64> {
    dims.iter().try_fold(
        1i64,
        |acc, &d| if d < 0 { None } else { acc.checked_mul(d) },
    )
}

/// Writes `4x?x` (each dim followed by `x`).
pub(crate) fn write_dims(dims: &[i64], out: &mut dyn fmt::Write) -> fmt::Result {
    for &d in dims {
        if d == DYNAMIC {
            out.write_str("?x")?;
        } else {
            write!(out, "{d}x")?;
        }
    }
    Ok(())
}

/// Displays a type through its context.
pub struct TypeDisplay<'a> {
    ctx: &'a Context,
    ty: Type,
}

impl fmt::Display for TypeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ctx.write_type(self.ty, f)
    }
}
