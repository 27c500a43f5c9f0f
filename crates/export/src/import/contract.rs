//! Reductions and products read back: `linalg.reduce` (then the
//! `tensor.expand_shape` that restores reduced dims as 1s) as `nd.reduce`, and
//! `linalg.matmul`/`linalg.batch_matmul` (with the reshapes of batch dims and of
//! vectors around them) as `nd.matmul`, each kept only if its export is the text.

use super::{IResult, Importer, Try};
use smallvec::SmallVec;
use tensor_dialect_nd::reduce::{MatmulOp, ReduceOp};
use tensor_ir::module::OpId;
use tensor_ir::{AttrKind, Value};

impl Importer<'_> {
    pub(super) fn reduce(&mut self, op: OpId, r: Value) -> IResult<()> {
        let input = self.operand(op, 0)?;
        let src = self.ranked_dims(op, self.b.module.value_type(input))?;
        let dims = self.i64s(op, "dimensions");
        let dims_attr = self.b.ctx.i64_array_attr(&dims);
        // keep_dims: an expand_shape giving back the reduced dims as 1s.
        let keep = self.only_user(r, "tensor.expand_shape").filter(|&e| {
            let ty = self.b.module.value_type(self.b.module.result(e, 0));
            self.b.ctx.shape_dims(ty).is_some_and(|d| {
                d.len() == src.len()
                    && d.iter().enumerate().all(|(i, &n)| {
                        if dims.contains(&i64::try_from(i).unwrap_or(-1)) {
                            n == 1
                        } else {
                            n == src[i]
                        }
                    })
            })
        });
        // An init value: the accumulator is filled with the element of a 0-D
        // tensor (`nd.reduce ... init %c`), not with the identity.
        let init = self
            .b
            .module
            .operands(op)
            .get(1)
            .and_then(|&acc| self.def_op(acc))
            .filter(|&f| self.name(f) == "linalg.fill")
            .and_then(|f| self.b.module.operands(f).first().copied())
            .and_then(|v| self.def_op(v))
            .filter(|&e| self.name(e) == "tensor.extract" && self.b.module.operands(e).len() == 1)
            .and_then(|e| self.b.module.operands(e).first().copied());
        let mut inputs: SmallVec<[Value; 2]> = SmallVec::from_elem(input, 1);
        inputs.extend(init);
        let unit = self.b.ctx.intern_attr(AttrKind::Unit);
        let tries = |im: &mut Self, keep: bool| -> Vec<Try> {
            im.reduce_kinds(op)
                .into_iter()
                .map(|k| {
                    let mut props = vec![
                        (
                            tensor_dialect_nd::reduce::ReduceOp::KIND,
                            im.b.ctx.string_attr(k),
                        ),
                        (tensor_dialect_nd::reduce::ReduceOp::DIMENSIONS, dims_attr),
                    ];
                    if keep {
                        props.push((tensor_dialect_nd::reduce::ReduceOp::KEEP_DIMS, unit));
                    }
                    (ReduceOp::NAME, props)
                })
                .collect()
        };
        let what = "nd.reduce of its input";
        match keep {
            Some(e) => {
                let er = self.b.module.result(e, 0);
                let ty = self.b.module.value_type(er);
                let t = tries(self, true);
                self.replace_first(op, er, t, &inputs, ty, what)?;
                self.replaced.insert(e);
            }
            None => {
                let ty = self.b.module.value_type(r);
                let t = tries(self, false);
                self.replace_first(op, r, t, &inputs, ty, what)?;
            }
        }
        Ok(())
    }

    pub(super) fn matmul(&mut self, op: OpId, r: Value) -> IResult<()> {
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        // Batch dims collapsed into one on both sides and expanded back after.
        let collapsed = |im: &Self, v: Value| {
            im.def_op(v)
                .filter(|&d| im.name(d) == "tensor.collapse_shape")
                .and_then(|d| im.b.module.operands(d).first().copied())
        };
        if let (Some(sa), Some(sb), Some(e)) = (
            collapsed(self, a),
            collapsed(self, b),
            self.only_user(r, "tensor.expand_shape"),
        ) {
            let er = self.b.module.result(e, 0);
            let ty = self.b.module.value_type(er);
            self.replace(op, er, MatmulOp::NAME, &[sa, sb], Vec::new(), ty)?;
            self.replaced.insert(e);
            return Ok(());
        }
        // A vector as a 1-row or 1-column matrix, the unit dim collapsed after.
        let vector = |im: &Self, v: Value| {
            im.def_op(v)
                .filter(|&d| im.name(d) == "tensor.expand_shape")
                .and_then(|d| im.b.module.operands(d).first().copied())
                .filter(|&s| {
                    im.b.ctx
                        .shape_dims(im.b.module.value_type(s))
                        .is_some_and(|d| d.len() == 1)
                })
        };
        let (va, vb) = (vector(self, a), vector(self, b));
        if (va.is_some() || vb.is_some())
            && let Some(c) = self.only_user(r, "tensor.collapse_shape")
        {
            let cr = self.b.module.result(c, 0);
            let ty = self.b.module.value_type(cr);
            let operands = [va.unwrap_or(a), vb.unwrap_or(b)];
            self.replace(op, cr, MatmulOp::NAME, &operands, Vec::new(), ty)?;
            self.replaced.insert(c);
            return Ok(());
        }
        let ty = self.b.module.value_type(r);
        self.replace(op, r, MatmulOp::NAME, &[a, b], Vec::new(), ty)
    }
}
