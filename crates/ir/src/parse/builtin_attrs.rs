//! The builtin attributes with keywords of their own: `strided<...>`,
//! `distinct[N]<...>`, `sparse<...>` and `dense_resource<...>`, as upstream's
//! `AttributeParser` reads them.

use super::dense::DenseLiteral;
use super::{PResult, Parser, Tok};
use crate::Attribute;
use crate::attrs::AttrKind;
use crate::types::{DYNAMIC, TypeKind, num_elements};

impl<'a> Parser<'a> {
    /// `strided<[1, ?], offset: 4>`.
    pub(super) fn parse_strided_layout(&mut self) -> PResult<Attribute> {
        self.advance()?;
        self.parse_token(Tok::Less, "expected '<' after 'strided'")?;
        self.parse_token(Tok::LSquare, "expected '['")?;
        let mut strides = Vec::new();
        if !self.at(Tok::RSquare) {
            loop {
                strides.push(self.parse_stride_or_offset()?);
                if !self.consume_if(Tok::Comma)? {
                    break;
                }
            }
        }
        self.parse_token(Tok::RSquare, "expected ']'")?;
        let mut offset = 0;
        if !self.consume_if(Tok::Greater)? {
            self.parse_token(Tok::Comma, "expected ','")?;
            if !self.parse_optional_keyword("offset")? {
                return Err(self.error("expected 'offset' after comma"));
            }
            self.parse_token(Tok::Colon, "expected ':' after 'offset'")?;
            offset = self.parse_stride_or_offset()?;
            self.parse_token(Tok::Greater, "expected '>'")?;
        }
        Ok(self.ctx.intern_attr(AttrKind::StridedLayout {
            offset,
            strides: strides.into(),
        }))
    }

    /// `?` or a signed 64-bit integer.
    fn parse_stride_or_offset(&mut self) -> PResult<i64> {
        if self.consume_if(Tok::Question)? {
            return Ok(DYNAMIC);
        }
        let pos = self.pos();
        let neg = self.consume_if(Tok::Minus)?;
        let error = |p: &Self| p.error_at(pos, "expected a 64-bit signed integer or '?'");
        if !self.at(Tok::Integer) {
            return Err(error(self));
        }
        let v = self
            .integer_token_u64()
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| error(self))?;
        self.advance()?;
        Ok(if neg { -v } else { v })
    }

    /// `distinct[N]<attr>`: every `N` of a file names one distinct attribute.
    pub(super) fn parse_distinct(&mut self) -> PResult<Attribute> {
        let pos = self.pos();
        self.advance()?;
        self.parse_token(Tok::LSquare, "expected '[' after 'distinct'")?;
        if !self.at(Tok::Integer) {
            return Err(self.error("expected distinct ID"));
        }
        // Upstream reads the ID as an integer token: hex too (0x10 is 16).
        let id = self
            .integer_token_u64()
            .ok_or_else(|| self.error_at(self.pos(), "expected an unsigned 64-bit integer"))?;
        self.advance()?;
        self.parse_token(Tok::RSquare, "expected ']' to close distinct ID")?;
        self.parse_token(Tok::Less, "expected '<' after distinct ID")?;
        let referenced = if self.consume_if(Tok::Greater)? {
            self.ctx.intern_attr(AttrKind::Unit)
        } else {
            let a = self.parse_attribute()?;
            self.parse_token(Tok::Greater, "expected '>' to close distinct attribute")?;
            a
        };
        if let Some(&existing) = self.distinct.get(&id) {
            if let AttrKind::Distinct {
                referenced: prior, ..
            } = self.ctx.attr_kind(existing)
                && *prior != referenced
            {
                let shown = self.ctx.attr(*prior).to_string();
                return Err(self.error_at(
                    pos,
                    format!("referenced attribute does not match previous definition: {shown}"),
                ));
            }
            return Ok(existing);
        }
        let a = self.ctx.distinct_attr(referenced);
        self.distinct.insert(id, a);
        Ok(a)
    }

    /// `dense_resource<key> : type`.
    pub(super) fn parse_dense_resource(&mut self) -> PResult<Attribute> {
        self.advance()?;
        self.parse_token(Tok::Less, "expected '<' after 'dense_resource'")?;
        let key = self.parse_resource_key()?;
        self.parse_token(Tok::Greater, "expected '>'")?;
        let type_pos = self.pos();
        self.parse_token(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        if !matches!(
            self.ctx.type_kind(ty),
            TypeKind::Tensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::Vector { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
        ) {
            return Err(self.error_at(type_pos, "`dense_resource` expected a shaped type"));
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseResource { ty, key }))
    }

    /// A resource key: a bare identifier or a string.
    pub(super) fn parse_resource_key(&mut self) -> PResult<crate::Symbol> {
        let key = match self.tok.kind {
            Tok::BareIdent => self.token_text().to_string(),
            Tok::String => {
                let t = self.token_text();
                super::unescape(&t[1..t.len() - 1])
            }
            _ => return Err(self.error("expected identifier key for 'resource' entry")),
        };
        self.advance()?;
        Ok(self.ctx.sym(&key))
    }

    /// `sparse<indices, values> : type` or `sparse<> : type`.
    pub(super) fn parse_sparse(&mut self) -> PResult<Attribute> {
        let pos = self.pos();
        self.advance()?;
        self.parse_token(Tok::Less, "Expected '<' after 'sparse'")?;
        let i64t = self.ctx.i(64);
        if self.consume_if(Tok::Greater)? {
            self.parse_token(Tok::Colon, "expected ':'")?;
            let ty = self.parse_type()?;
            self.check_elements_type(ty, pos)?;
            let rank = self.ctx.shape_dims(ty).map_or(0, <[i64]>::len) as i64;
            let elem = self.ctx.element_type(ty).unwrap_or(i64t);
            let indices_ty = self.ctx.tensor_type(&[0, rank], i64t);
            let values_ty = self.ctx.tensor_type(&[0], elem);
            let empty = DenseLiteral::default();
            let indices = self.build_dense(&empty, indices_ty, pos)?;
            let values = self.build_dense(&empty, values_ty, pos)?;
            return Ok(self.ctx.intern_attr(AttrKind::Sparse {
                ty,
                indices,
                values,
            }));
        }
        let indices_pos = self.pos();
        let indices_lit = self.parse_dense_literal(false)?;
        self.parse_token(Tok::Comma, "expected ','")?;
        let values_pos = self.pos();
        let values_lit = self.parse_dense_literal(true)?;
        self.parse_token(Tok::Greater, "expected '>'")?;
        self.parse_token(Tok::Colon, "expected ':'")?;
        let ty = self.parse_type()?;
        self.check_elements_type(ty, pos)?;
        let dims: Vec<i64> = self.ctx.shape_dims(ty).unwrap_or(&[]).to_vec();
        let elem = self.ctx.element_type(ty).unwrap_or(i64t);
        let indices_shape = match &indices_lit.shape {
            None => vec![1, dims.len() as i64],
            Some(s) => s.clone(),
        };
        let indices_ty = self.ctx.tensor_type(&indices_shape, i64t);
        let indices = self.build_dense(&indices_lit, indices_ty, indices_pos)?;
        let values_shape = match &values_lit.shape {
            None => vec![indices_shape[0]],
            Some(s) => s.clone(),
        };
        let values_ty = self.ctx.tensor_type(&values_shape, elem);
        let values = self.build_dense(&values_lit, values_ty, values_pos)?;
        self.check_sparse(ty, &dims, &indices_shape, &values_shape, indices, pos)?;
        Ok(self.ctx.intern_attr(AttrKind::Sparse {
            ty,
            indices,
            values,
        }))
    }

    /// Upstream's `SparseElementsAttr::verify`.
    fn check_sparse(
        &self,
        ty: crate::Type,
        dims: &[i64],
        indices_shape: &[i64],
        values_shape: &[i64],
        indices: Attribute,
        pos: u32,
    ) -> PResult<()> {
        let show = |d: &[i64]| d.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        if values_shape.len() != 1 {
            return Err(self.error_at(pos, "expected 1-d tensor for sparse element values"));
        }
        let shape_error = || {
            self.error_at(
                pos,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    show(dims),
                    show(indices_shape),
                    show(values_shape)
                ),
            )
        };
        let rank = dims.len();
        match indices_shape.len() {
            2 if indices_shape[1] == rank as i64 => {}
            1 if rank == 1 => {}
            _ => return Err(shape_error()),
        }
        if indices_shape[0] != values_shape[0] {
            return Err(shape_error());
        }
        let Some((_, values)) = self.ctx.as_dense_elements(indices) else {
            return Ok(());
        };
        let n = usize::try_from(indices_shape[0]).unwrap_or(0);
        let index_of = |i: usize, d: usize| -> u64 {
            let k = if values.is_splat() { 0 } else { i * rank + d };
            values.bits(k).unwrap_or(0) as u64
        };
        let count = if values.is_splat() { n.min(1) } else { n };
        for i in 0..count {
            let index: Vec<u64> = (0..rank).map(|d| index_of(i, d)).collect();
            let inside = index
                .iter()
                .zip(dims)
                .all(|(&x, &d)| i64::try_from(x).is_ok_and(|x| x < d));
            if !inside {
                let shown: Vec<String> = index.iter().map(u64::to_string).collect();
                return Err(self.error_at(
                    pos,
                    format!(
                        "sparse index #{i} is not contained within the value shape, with index=[{}], and type='{}'",
                        shown.join(", "),
                        self.ctx.ty(ty)
                    ),
                ));
            }
        }
        let _ = num_elements;
        Ok(())
    }
}
