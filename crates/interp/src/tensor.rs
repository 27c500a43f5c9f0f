//! Tensors: typed, shared buffers seen through strided views.
//!
//! A [`Tensor`] is a view: a shape, a stride per dim (in elements) and an offset
//! into a shared buffer. Broadcasting makes views, never copies: a broadcast dim
//! has stride 0, so `nd.broadcast_in_dim` of a row into a 4096x4096 matrix costs
//! nothing, and the elementwise loops read the row once per output row. Constants
//! are views of the `dense<...>` storage of their attribute (no copy), and a splat
//! is one element seen with stride 0 in every dim.

use crate::elem::ElemType;
use crate::memory::Owned;
use half::{bf16, f16};
use smallvec::SmallVec;
use std::sync::Arc;
use tensor_ir::ElementValues;

/// Dims or strides of a view (rank 4 or less stays inline).
pub type Dims = SmallVec<[usize; 4]>;
/// Strides, in elements.
pub type Strides = SmallVec<[isize; 4]>;

/// A buffer: owned by the interpreter, or the storage of a constant.
#[derive(Clone)]
pub(crate) enum Buf<T: bytemuck::Pod + Send> {
    Owned(Arc<Owned<T>>),
    Const(ElementValues),
}

/// Rust types that buffers hold.
pub trait Element:
    bytemuck::Pod + Send + Sync + PartialEq + std::fmt::Debug + private::Sealed + 'static
{
}

mod private {
    pub trait Sealed {}
}

/// The buffer of a tensor, by storage type. `i1` and `ui8` share `U8`.
#[derive(Clone)]
pub(crate) enum Data {
    U8(Buf<u8>),
    I8(Buf<i8>),
    I16(Buf<i16>),
    U16(Buf<u16>),
    I32(Buf<i32>),
    U32(Buf<u32>),
    I64(Buf<i64>),
    U64(Buf<u64>),
    F16(Buf<f16>),
    BF16(Buf<bf16>),
    F32(Buf<f32>),
    F64(Buf<f64>),
}

/// Storage types: how each sits in [`Data`] and in dense attribute storage.
pub(crate) trait Store: Element {
    fn buf(d: &Data) -> Option<&Buf<Self>>;
    fn wrap(b: Buf<Self>) -> Data;
    fn dense(v: &ElementValues) -> Option<&[Self]>;
}

macro_rules! store {
    ($($t:ty => $v:ident),*) => {$(
        impl private::Sealed for $t {}
        impl Element for $t {}
        impl Store for $t {
            #[inline]
            fn buf(d: &Data) -> Option<&Buf<$t>> {
                match d {
                    Data::$v(b) => Some(b),
                    _ => None,
                }
            }
            fn wrap(b: Buf<$t>) -> Data {
                Data::$v(b)
            }
            fn dense(v: &ElementValues) -> Option<&[$t]> {
                v.as_slice::<$t>()
            }
        }
    )*};
}

store!(u8 => U8, i8 => I8, i16 => I16, u16 => U16, i32 => I32, u32 => U32, i64 => I64,
       u64 => U64, f16 => F16, bf16 => BF16, f32 => F32, f64 => F64);

impl<T: Store> Buf<T> {
    #[inline]
    pub(crate) fn slice(&self) -> &[T] {
        match self {
            Buf::Owned(o) => o.as_slice(),
            // Checked when the tensor was made: the kind matches `T`.
            Buf::Const(v) => T::dense(v).unwrap_or(&[]),
        }
    }
}

impl Data {
    /// Elements stored.
    fn len(&self) -> usize {
        macro_rules! len {
            ($($v:ident),*) => {
                match self { $(Data::$v(b) => b.slice().len(),)* }
            };
        }
        len!(U8, I8, I16, U16, I32, U32, I64, U64, F16, BF16, F32, F64)
    }
}

/// A tensor value: an element type, a shape and a strided view of a buffer.
/// Cloning shares the buffer.
#[derive(Clone)]
pub struct Tensor {
    elem: ElemType,
    shape: Dims,
    strides: Strides,
    offset: usize,
    data: Data,
}

impl std::fmt::Debug for Tensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tensor")
            .field("elem", &self.elem)
            .field("shape", &self.shape)
            .field("strides", &self.strides)
            .finish()
    }
}

/// Row-major strides of `shape`.
pub(crate) fn c_strides(shape: &[usize]) -> Strides {
    let mut strides: Strides = SmallVec::from_elem(0, shape.len());
    let mut acc = 1isize;
    for (s, &d) in strides.iter_mut().zip(shape).rev() {
        *s = acc;
        acc = acc.saturating_mul(isize::try_from(d).unwrap_or(isize::MAX));
    }
    strides
}

/// The number of elements of `shape`, `None` on overflow.
pub fn num_elements(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |acc, &d| acc.checked_mul(d))
}

impl Tensor {
    /// A row-major tensor of `shape` over `data` (which has exactly its elements).
    pub(crate) fn from_owned<T: Store>(elem: ElemType, shape: &[usize], data: Owned<T>) -> Tensor {
        Tensor {
            elem,
            shape: shape.into(),
            strides: c_strides(shape),
            offset: 0,
            data: T::wrap(Buf::Owned(Arc::new(data))),
        }
    }

    /// A tensor from a vector in row-major order, outside any memory accounting;
    /// `None` if `T` is not `elem`'s storage type or the length is not the shape's.
    pub fn from_vec<T: Element>(elem: ElemType, shape: &[usize], data: Vec<T>) -> Option<Tensor> {
        let tensor = crate::dispatch_store!(elem, S => {
            let any: Box<dyn std::any::Any> = Box::new(data);
            let data = *any.downcast::<Vec<S>>().ok()?;
            Tensor::from_owned(elem, shape, Owned::unaccounted(data))
        });
        (num_elements(shape) == Some(tensor.data.len())).then_some(tensor)
    }

    /// A tensor of a `dense<...>` value, reading its storage in place; a splat is
    /// one element with stride 0. `None` for element types the interpreter does
    /// not execute, or a length that fits neither.
    pub fn from_dense(elem: ElemType, shape: &[usize], values: &ElementValues) -> Option<Tensor> {
        let data = crate::dispatch_store!(elem, S => {
            S::dense(values)?;
            S::wrap(Buf::Const(values.clone()))
        });
        let n = num_elements(shape)?;
        let strides = if values.is_splat() {
            SmallVec::from_elem(0, shape.len())
        } else if values.len() == n {
            c_strides(shape)
        } else {
            return None;
        };
        Some(Tensor {
            elem,
            shape: shape.into(),
            strides,
            offset: 0,
            data,
        })
    }

    /// The same tensor with element type `elem`, when both share a storage and
    /// a meaning for every value (`i64` and `index`).
    pub fn with_elem(&self, elem: ElemType) -> Option<Tensor> {
        let same = |a: ElemType| matches!(a, ElemType::I64 | ElemType::Index);
        (self.elem == elem || (same(self.elem) && same(elem))).then(|| Tensor {
            elem,
            ..self.clone()
        })
    }

    /// The element type.
    pub fn elem(&self) -> ElemType {
        self.elem
    }

    /// The dims.
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The rank.
    pub fn rank(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements.
    pub fn len(&self) -> usize {
        num_elements(&self.shape).unwrap_or(usize::MAX)
    }

    /// True for a tensor without elements (a dim of size 0).
    pub fn is_empty(&self) -> bool {
        self.shape.contains(&0)
    }

    /// The strides, in elements (0 in broadcast dims).
    pub fn strides(&self) -> &[isize] {
        &self.strides
    }

    pub(crate) fn offset(&self) -> usize {
        self.offset
    }

    /// The buffer as `[T]` (the whole buffer, which the view indexes into).
    pub(crate) fn buffer<T: Store>(&self) -> &[T] {
        T::buf(&self.data).map_or(&[], Buf::slice)
    }

    /// True when the view is row-major and dense: its elements are the buffer's
    /// from the offset on, in order.
    pub fn is_contiguous(&self) -> bool {
        let mut expected = 1isize;
        for (&d, &s) in self.shape.iter().zip(&self.strides).rev() {
            if d == 1 {
                continue;
            }
            if s != expected {
                return false;
            }
            expected = expected.saturating_mul(isize::try_from(d).unwrap_or(isize::MAX));
        }
        true
    }

    /// The elements in row-major order as a slice, when the view is contiguous and
    /// `T` is the storage type.
    pub fn as_slice<T: Element>(&self) -> Option<&[T]> {
        if !self.is_contiguous() {
            return None;
        }
        let n = self.len();
        crate::dispatch_store!(self.elem, S => {
            if std::any::TypeId::of::<S>() != std::any::TypeId::of::<T>() {
                return None;
            }
            let buf: &[S] = self.buffer::<S>();
            let slice = buf.get(self.offset..self.offset.checked_add(n)?)?;
            // The same type: the cast only renames it.
            bytemuck::try_cast_slice(slice).ok()
        })
    }

    /// The elements in row-major order.
    pub fn to_vec<T: Element>(&self) -> Option<Vec<T>> {
        crate::dispatch_store!(self.elem, S => {
            let v: Vec<S> = self.gather::<S>();
            let any: Box<dyn std::any::Any> = Box::new(v);
            any.downcast::<Vec<T>>().ok().map(|b| *b)
        })
    }

    /// The elements in row-major order, copied out of the view.
    pub(crate) fn gather<T: Store>(&self) -> Vec<T> {
        let buf = self.buffer::<T>();
        if let Some(s) = self.as_slice::<T>() {
            return s.to_vec();
        }
        let mut out = Vec::with_capacity(self.len());
        self.for_each_offset(|off| out.push(buf[off]));
        out
    }

    /// Copies the elements in row-major order into `out` (of the view's length),
    /// so a copy counted against the memory limit needs no second buffer.
    pub(crate) fn gather_into<T: Store>(&self, out: &mut [T]) {
        let buf = self.buffer::<T>();
        if let Some(s) = self.as_slice::<T>() {
            out.copy_from_slice(s);
            return;
        }
        let mut slots = out.iter_mut();
        self.for_each_offset(|off| {
            if let Some(o) = slots.next() {
                *o = buf[off];
            }
        });
    }

    /// Calls `f` with the buffer offset of every element, in row-major order.
    pub(crate) fn for_each_offset(&self, mut f: impl FnMut(usize)) {
        if self.is_empty() {
            return;
        }
        let rank = self.rank();
        let mut idx: Dims = SmallVec::from_elem(0, rank);
        let mut off = self.offset as isize;
        loop {
            f(off as usize);
            // Odometer: bump the last dim, carry into earlier ones.
            let mut d = rank;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                idx[d] += 1;
                off += self.strides[d];
                if idx[d] < self.shape[d] {
                    break;
                }
                off -= self.strides[d] * self.shape[d] as isize;
                idx[d] = 0;
            }
        }
    }

    /// Entries of a small integer tensor (a shape value) as `i64`s.
    pub(crate) fn to_i64s(&self) -> Vec<i64> {
        crate::elem::with_num!(self.elem, N => {
            let buf = self.buffer::<<N as tensor_dialect_nd::scalar::ArithScalar>::S>();
            let mut out = Vec::with_capacity(self.len());
            self.for_each_offset(|off| {
                let w = <N as crate::elem::Num>::to_wide(buf[off]);
                out.push(<crate::elem::I64 as crate::elem::Num>::from_wide(w));
            });
            out
        })
    }

    /// This tensor seen in `shape`, where dim `i` of the tensor is dim `map[i]` of
    /// the new view; dims of size 1 that meet larger ones, and the new dims, get
    /// stride 0. The caller has checked that sizes agree (equal, or 1 here).
    pub(crate) fn broadcast_view(&self, shape: &[usize], map: &[usize]) -> Tensor {
        let mut strides: Strides = SmallVec::from_elem(0, shape.len());
        for (i, &to) in map.iter().enumerate() {
            if self.shape[i] != 1 {
                strides[to] = self.strides[i];
            }
        }
        Tensor {
            elem: self.elem,
            shape: shape.into(),
            strides,
            offset: self.offset,
            data: self.data.clone(),
        }
    }

    /// This tensor broadcast to `shape` by NumPy's rule (dims aligned on the right).
    pub(crate) fn numpy_view(&self, shape: &[usize]) -> Tensor {
        let lead = shape.len() - self.rank();
        let map: SmallVec<[usize; 4]> = (0..self.rank()).map(|i| i + lead).collect();
        self.broadcast_view(shape, &map)
    }

    /// The same elements with another shape (row-major), when the view is contiguous.
    pub(crate) fn reshaped(&self, shape: &[usize]) -> Option<Tensor> {
        (self.is_contiguous() && num_elements(shape) == Some(self.len())).then(|| Tensor {
            elem: self.elem,
            shape: shape.into(),
            strides: c_strides(shape),
            offset: self.offset,
            data: self.data.clone(),
        })
    }

    /// The view with dims permuted: dim `i` of the result is dim `perm[i]` here.
    pub(crate) fn permuted(&self, perm: &[usize]) -> Tensor {
        Tensor {
            elem: self.elem,
            shape: perm.iter().map(|&p| self.shape[p]).collect(),
            strides: perm.iter().map(|&p| self.strides[p]).collect(),
            offset: self.offset,
            data: self.data.clone(),
        }
    }

    /// Another view of the same buffer (the caller keeps it in bounds).
    pub(crate) fn with_view(&self, shape: &[usize], strides: &[isize], offset: usize) -> Tensor {
        Tensor {
            elem: self.elem,
            shape: shape.into(),
            strides: strides.into(),
            offset,
            data: self.data.clone(),
        }
    }
}

/// Runs `$body` with `$S` bound to the storage type of `$elem`.
#[macro_export]
#[doc(hidden)]
macro_rules! dispatch_store {
    ($elem:expr, $S:ident => $body:expr) => {{
        use $crate::ElemType as E;
        match $elem {
            E::I1 | E::U8 => {
                type $S = u8;
                $body
            }
            E::I8 => {
                type $S = i8;
                $body
            }
            E::I16 => {
                type $S = i16;
                $body
            }
            E::U16 => {
                type $S = u16;
                $body
            }
            E::I32 => {
                type $S = i32;
                $body
            }
            E::U32 => {
                type $S = u32;
                $body
            }
            E::I64 | E::Index => {
                type $S = i64;
                $body
            }
            E::U64 => {
                type $S = u64;
                $body
            }
            E::F16 => {
                type $S = half::f16;
                $body
            }
            E::BF16 => {
                type $S = half::bf16;
                $body
            }
            E::F32 => {
                type $S = f32;
                $body
            }
            E::F64 => {
                type $S = f64;
                $body
            }
        }
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_broadcast_with_stride_zero() {
        let row = Tensor::from_vec(ElemType::F32, &[3], vec![1.0f32, 2.0, 3.0]).unwrap();
        let m = row.numpy_view(&[2, 3]);
        assert_eq!(m.strides(), &[0, 1]);
        assert_eq!(
            m.to_vec::<f32>().unwrap(),
            vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
        );
        assert!(!m.is_contiguous());
        let col = row
            .reshaped(&[3, 1])
            .unwrap()
            .broadcast_view(&[3, 2], &[0, 1]);
        assert_eq!(
            col.to_vec::<f32>().unwrap(),
            vec![1.0, 1.0, 2.0, 2.0, 3.0, 3.0]
        );
    }

    #[test]
    fn from_vec_checks_type_and_length() {
        assert!(Tensor::from_vec(ElemType::F32, &[2], vec![1.0f64, 2.0]).is_none());
        assert!(Tensor::from_vec(ElemType::F32, &[3], vec![1.0f32, 2.0]).is_none());
        let t = Tensor::from_vec(ElemType::I1, &[2], vec![0u8, 1]).unwrap();
        assert_eq!(t.as_slice::<u8>().unwrap(), &[0, 1]);
    }

    #[test]
    fn splat_constants_are_one_element() {
        let values = ElementValues::from_slice(
            tensor_ir::ElementKind::Float(tensor_ir::FloatKind::F32),
            &[2.5f32],
        )
        .unwrap();
        let t = Tensor::from_dense(ElemType::F32, &[2, 2], &values).unwrap();
        assert_eq!(t.strides(), &[0, 0]);
        assert_eq!(t.to_vec::<f32>().unwrap(), vec![2.5; 4]);
    }
}
