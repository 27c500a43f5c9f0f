//! The structural ops the export writes: `linalg.transpose` is `nd.transpose`,
//! `tensor.concat` `nd.concatenate`, `tensor.extract_slice` at static offsets
//! `nd.slice`, `tensor.reshape` `nd.reshape`, each kept only if its export is
//! the text (asserts included); at run-time offsets, `tensor.extract_slice` is
//! `nd.dynamic_slice` of the starts its clamps read. (`nd.iota` and
//! `nd.dot_general` are in [`super::indexed`].)

use smallvec::SmallVec;
use tensor_dialect_nd::slice::{DynamicSliceOp, SliceOp};
use tensor_dialect_nd::structure::{ConcatenateOp, ReshapeOp, TransposeOp};
use tensor_ir::module::OpId;
use tensor_ir::{DYNAMIC, Value};

use super::{IResult, Importer};

impl Importer<'_> {
    /// `linalg.transpose ins(%x) outs(%init) permutation = [...]`: `nd.transpose
    /// %x`, kept if its export is the text (its init sized as the export sizes it).
    pub(super) fn transpose(&mut self, op: OpId, r: Value) -> IResult<()> {
        let x = self.operand(op, 0)?;
        let ty = self.b.module.value_type(r);
        let perm = self
            .prop(op, TransposeOp::PERMUTATION)
            .ok_or_else(|| self.error(op, "has no permutation"))?;
        let props = vec![(TransposeOp::PERMUTATION, perm)];
        if self.try_built(op, r, |im| {
            im.create_nd(op, TransposeOp::NAME, &[x], props, ty)
        }) {
            return Ok(());
        }
        Err(self.error(
            op,
            "has no nd form: no nd.transpose exports to this op (its permutation, its init)",
        ))
    }
}

impl Importer<'_> {
    /// `tensor.concat dim(d)`: `nd.concatenate ... along d`, kept if its export
    /// (with its asserts that the other dims agree) is the text; false (left for
    /// the cleanup, which reports it if used) otherwise.
    pub(super) fn concat(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let operands: SmallVec<[Value; 4]> = self.b.module.operands(op).iter().copied().collect();
        let Some(dim) = self.prop(op, "dim") else {
            return Ok(false);
        };
        let props = vec![(ConcatenateOp::DIMENSION, dim)];
        Ok(self.try_typed(op, r, |im, old| {
            let ty = im.b.module.value_type(old);
            im.create_nd(op, ConcatenateOp::NAME, &operands, props.clone(), ty)
        }))
    }

    /// Tries `build` for the value the export's op gives, as the export casts it to
    /// the declared type (`r`'s only user a `tensor.cast`), then for `r` itself.
    pub(super) fn try_typed(
        &mut self,
        op: OpId,
        r: Value,
        build: impl Fn(&mut Self, Value) -> Option<Value>,
    ) -> bool {
        let users = self.b.module.users(r);
        let cast = match users.as_slice() {
            [u] if self.name(*u) == "tensor.cast" => self.b.module.try_result(*u, 0),
            _ => None,
        };
        if let Some(c) = cast
            && self.try_built(op, c, |im| build(im, c))
        {
            return true;
        }
        self.try_built(op, r, |im| build(im, r))
    }

    /// `tensor.extract_slice` at static offsets: `nd.slice` with the limits the
    /// sizes and strides give, kept if its export is the text. At run-time offsets
    /// (`nd.dynamic_slice`'s export) it is not imported.
    pub(super) fn extract_slice(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let x = self.operand(op, 0)?;
        if self.b.module.operands(op).len() != 1 {
            return self.dynamic_slice(op, r, x);
        }
        let start = self.i64s(op, "static_offsets");
        let sizes = self.i64s(op, "static_sizes");
        let steps = self.i64s(op, "static_strides");
        if start.len() != sizes.len() || steps.len() != sizes.len() {
            return Ok(false);
        }
        // The limit that gives `size` elements from `start` by `step`.
        let limit: Option<Vec<i64>> = start
            .iter()
            .zip(&sizes)
            .zip(&steps)
            .map(|((&s, &n), &k)| match n {
                0 => Some(s),
                n if n > 0 && k > 0 => s.checked_add((n - 1).checked_mul(k)?)?.checked_add(1),
                _ => None,
            })
            .collect();
        let Some(limit) = limit else {
            return Ok(false);
        };
        let props = vec![
            (SliceOp::START_INDICES, self.b.ctx.i64_array_attr(&start)),
            (SliceOp::LIMIT_INDICES, self.b.ctx.i64_array_attr(&limit)),
            (SliceOp::STRIDES, self.b.ctx.i64_array_attr(&steps)),
        ];
        Ok(self.try_typed(op, r, |im, old| {
            let ty = im.b.module.value_type(old);
            im.create_nd(op, SliceOp::NAME, &[x], props.clone(), ty)
        }))
    }

    /// `tensor.extract_slice` at run-time offsets, each the clamp of a start read
    /// from a 0-D tensor (`arith.minsi(arith.maxsi(index_cast(tensor.extract %t),
    /// 0), size - slice size)`): `nd.dynamic_slice %x[%t, ...]`.
    fn dynamic_slice(&mut self, op: OpId, r: Value, x: Value) -> IResult<bool> {
        let offsets: SmallVec<[Value; 4]> = self.b.module.operands(op)[1..].to_vec().into();
        let sizes = self.i64s(op, "static_sizes");
        if offsets.len() != sizes.len() {
            return Ok(false);
        }
        let mut starts: SmallVec<[Value; 4]> = SmallVec::new();
        for &o in &offsets {
            let step = |im: &Self, v: Value, name: &str| {
                im.def_op(v)
                    .filter(|&d| im.name(d) == name)
                    .and_then(|d| im.b.module.operands(d).first().copied())
            };
            let Some(clamped) =
                step(self, o, "arith.minsi").and_then(|v| step(self, v, "arith.maxsi"))
            else {
                return Ok(false);
            };
            let read = step(self, clamped, "arith.index_cast").unwrap_or(clamped);
            let Some(t) = step(self, read, "tensor.extract") else {
                return Ok(false);
            };
            starts.push(t);
        }
        let mut operands: SmallVec<[Value; 5]> = SmallVec::from_elem(x, 1);
        operands.extend(starts);
        let attr = self.b.ctx.i64_array_attr(&sizes);
        Ok(self.try_typed(op, r, |im, old| {
            let ty = im.b.module.value_type(old);
            let props = vec![(DynamicSliceOp::SLICE_SIZES, attr)];
            im.create_nd(op, DynamicSliceOp::NAME, &operands, props, ty)
        }))
    }

    /// The shape tensor the `?` sizes of `v` are read from, when `v` is made by a
    /// `maker` op (`tensor.from_elements`, `tensor.empty`) one of whose operands is
    /// a `tensor.extract` of it (the export's form of a run-time shape).
    pub(super) fn sizes_read_from(&self, v: Value, maker: &str) -> Option<Value> {
        let d = self.def_op(v).filter(|&d| self.name(d) == maker)?;
        self.b.module.operands(d).iter().find_map(|&e| {
            let def = self.def_op(e)?;
            (self.name(def) == "tensor.extract")
                .then(|| self.b.module.operands(def).first().copied())
                .flatten()
        })
    }

    /// `tensor.reshape %x(%shape)`: `nd.reshape %x`, or `nd.reshape %x, %s` with
    /// the shape tensor its `?` entries are read from, kept if its export (with
    /// its asserts) is the text; false otherwise (the rank specialisation's own
    /// reshapes are left to it).
    pub(super) fn reshape(&mut self, op: OpId, r: Value) -> IResult<bool> {
        let x = self.operand(op, 0)?;
        let shape = self.operand(op, 1)?;
        let ty = self.b.module.value_type(r);
        let mut tries: SmallVec<[SmallVec<[Value; 2]>; 2]> = SmallVec::new();
        if self
            .b
            .ctx
            .shape_dims(ty)
            .is_some_and(|d| !d.contains(&DYNAMIC))
        {
            tries.push(SmallVec::from_slice(&[x]));
        }
        if let Some(s) = self.sizes_read_from(shape, "tensor.from_elements") {
            tries.push(SmallVec::from_slice(&[x, s]));
        }
        for operands in tries {
            if self.try_built(op, r, |im| {
                im.create_nd(op, ReshapeOp::NAME, &operands, Vec::new(), ty)
            }) {
                return Ok(true);
            }
        }
        Ok(false)
    }
}
