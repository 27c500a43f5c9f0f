//! Type grammar: builtin types, function types, dialect types and `!alias` uses.

use super::{PResult, Parser, Tok};
use crate::Type;
use crate::attrs::AttrKind;
use crate::diag::codes;
use crate::types::{DYNAMIC, Dims, FloatKind, ScalableDims, Signedness, TypeKind};

/// The end of upstream's error for a dialect type or attribute without the dialect.
pub(crate) const UNREGISTERED_DIALECT_TAIL: &str = "created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used";

/// The builtin type keywords, for "did you mean" (integer types beyond these are
/// written `iN`, `siN`, `uiN`).
pub(crate) const TYPE_KEYWORDS: &[&str] = &[
    "f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "i1", "i8", "i16", "i32", "i64", "index",
    "none", "tensor", "memref", "vector", "complex", "tuple",
];

/// Upstream's limit on integer widths.
const MAX_INT_WIDTH: u32 = 16_777_215;

impl<'a> Parser<'a> {
    /// Parses a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        if self.at(Tok::LParen) {
            return self.nested(|p| p.parse_function_type());
        }
        self.parse_non_function_type()
    }

    /// Parses `: type`.
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(Tok::Colon, ":")?;
        self.parse_type()
    }

    /// Parses a type that is not a function type.
    pub fn parse_non_function_type(&mut self) -> PResult<Type> {
        match self.tok.kind {
            Tok::BareIdent => self.parse_builtin_type(),
            Tok::BangIdent => self.parse_dialect_type(),
            _ => Err(self.error("expected non-function type")),
        }
    }

    /// Parses `(t1, t2) -> results`.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        self.expect(Tok::LParen, "(")?;
        let mut inputs = Vec::new();
        self.parse_comma_list(Tok::RParen, ")", |p| {
            inputs.push(p.parse_type()?);
            Ok(())
        })?;
        self.expect(Tok::Arrow, "->")?;
        let results = self.parse_function_result_types()?;
        Ok(self.ctx.function_type(inputs, results))
    }

    /// Parses the results of a function type: one non-function type or `(types)`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.consume_if(Tok::LParen)? {
            let mut results = Vec::new();
            self.parse_comma_list(Tok::RParen, ")", |p| {
                results.push(p.parse_type()?);
                Ok(())
            })?;
            return Ok(results);
        }
        Ok(vec![self.parse_non_function_type()?])
    }

    /// Parses `t1, t2, ...` (at least one).
    pub fn parse_type_list(&mut self) -> PResult<Vec<Type>> {
        let mut types = vec![self.parse_type()?];
        while self.consume_if(Tok::Comma)? {
            types.push(self.parse_type()?);
        }
        Ok(types)
    }

    /// The raw text of a `tensor<...>`/`vector<...>` type at the cursor when it is
    /// simple enough to cache by spelling (no spaces, comments, strings or nesting).
    fn simple_shaped_text(&self) -> Option<&'a str> {
        self.lex
            .simple_shaped_text(self.tok.start as usize, self.tok.end as usize)
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let pos = self.pos();
        let text = self.token_text();
        if matches!(text, "tensor" | "vector" | "memref")
            && let Some(raw) = self.simple_shaped_text()
        {
            if let Some(&t) = self.type_cache.get(&super::lexer::Spelling(raw)) {
                self.lex.reset(pos as usize + raw.len());
                self.advance()?;
                return Ok(t);
            }
            let t = self.nested(|p| match text {
                "tensor" => p.parse_tensor_type(),
                "vector" => p.parse_vector_type(),
                _ => p.parse_memref_type(),
            })?;
            self.type_cache.insert(super::lexer::Spelling(raw), t);
            return Ok(t);
        }
        let kind = match text {
            "index" => TypeKind::Index,
            "none" => TypeKind::None,
            "tensor" => return self.nested(|p| p.parse_tensor_type()),
            "complex" => return self.nested(|p| p.parse_complex_type()),
            "tuple" => return self.nested(|p| p.parse_tuple_type()),
            "vector" => return self.nested(|p| p.parse_vector_type()),
            "memref" => return self.nested(|p| p.parse_memref_type()),
            _ => match parse_int_type_name(text) {
                Some(Ok(kind)) => kind,
                Some(Err(msg)) => return Err(self.error_at(pos, msg)),
                None => match FloatKind::from_keyword(text) {
                    Some(k) => TypeKind::Float(k),
                    None => {
                        let d = (*self.error("expected non-function type"))
                            .with_code(codes::UNKNOWN_TYPE);
                        return Err(Box::new(self.keyword_hint(d, text, TYPE_KEYWORDS, pos)));
                    }
                },
            },
        };
        self.advance()?;
        Ok(self.ctx.intern_type(kind))
    }

    /// After `tensor` or `vector`: positions the lexer just past `<` for raw dim scanning.
    fn open_shaped(&mut self) -> PResult<()> {
        self.advance()?;
        if !self.at(Tok::Less) {
            return Err(self.error("expected '<' in tensor type"));
        }
        self.lex.reset(self.tok.end as usize);
        Ok(())
    }

    /// Scans `dim x dim x ...` up to the element type. Vectors take no `?`: there, as
    /// upstream, the list ends before it and `?` is reported as a bad element type.
    fn scan_dims(&mut self, allow_dynamic: bool) -> PResult<Dims> {
        let raw = self
            .lex
            .scan_dims()
            .map_err(|e| self.error_at(e.pos, e.message))?;
        // A dim not followed by `x` is left at the cursor.
        let stop = self.lex.pos();
        let mut dims = Dims::new();
        for (text, pos) in raw {
            match text {
                None if !allow_dynamic => {
                    return Err(
                        self.error_at(self.wrong_token_pos(pos), "expected non-function type")
                    );
                }
                None => dims.push(DYNAMIC),
                Some(t) => match t.parse::<i64>() {
                    Ok(d) => dims.push(d),
                    Err(_) => return Err(self.error_at(pos, "invalid dimension")),
                },
            }
        }
        match self.lex.text_at(stop) {
            Some(b'?') if !allow_dynamic => {
                let pos = u32::try_from(stop).unwrap_or(u32::MAX);
                return Err(self.error_at(self.wrong_token_pos(pos), "expected non-function type"));
            }
            Some(b) if b == b'?' || b.is_ascii_digit() => {
                let mut end = stop + 1;
                while self.lex.text_at(end).is_some_and(|b| b.is_ascii_digit()) {
                    end += 1;
                }
                let pos = u32::try_from(end).unwrap_or(u32::MAX);
                return Err(
                    self.error_at(self.wrong_token_pos(pos), "expected 'x' in dimension list")
                );
            }
            _ => {}
        }
        self.advance()?;
        Ok(dims)
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        self.open_shaped()?;
        self.lex.skip_trivia();
        let star = self.lex.pos();
        if self.lex.text_at(star) == Some(b'*') {
            self.lex.reset(star + 1);
            self.lex.skip_trivia();
            if self.lex.text_at(self.lex.pos()) != Some(b'x') {
                return Err(self.error_at(
                    u32::try_from(self.lex.pos()).unwrap_or(u32::MAX),
                    "expected 'x' in dimension list",
                ));
            }
            self.lex.reset(self.lex.pos() + 1);
            self.advance()?;
            let elem = self.parse_element_type("tensor")?;
            let encoding = self.consume_if(Tok::Comma)?;
            if encoding {
                self.parse_attribute()?;
            }
            self.parse_token(Tok::Greater, "expected '>' in tensor type")?;
            if encoding {
                // Upstream checks after the whole type, at the token that follows it.
                return Err(self.error_at(self.pos(), "cannot apply encoding to unranked tensor"));
            }
            return Ok(self.ctx.intern_type(TypeKind::UnrankedTensor { elem }));
        }
        let dims = self.scan_dims(true)?;
        let elem = self.parse_element_type("tensor")?;
        let encoding = if self.consume_if(Tok::Comma)? {
            Some(self.parse_attribute()?)
        } else {
            None
        };
        self.parse_token(Tok::Greater, "expected '>' in tensor type")?;
        Ok(self.ctx.intern_type(TypeKind::Tensor {
            dims,
            elem,
            encoding,
        }))
    }

    /// `complex<T>` with an integer or float `T`.
    fn parse_complex_type(&mut self) -> PResult<Type> {
        self.advance()?;
        self.expect(Tok::Less, "<")?;
        let pos = self.pos();
        let elem = self.parse_type()?;
        if !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. } | TypeKind::Float(_)
        ) {
            return Err(self.error_at(pos, "invalid element type for complex"));
        }
        if !self.consume_if(Tok::Greater)? {
            return Err(self.error("expected '>' in complex type"));
        }
        Ok(self.ctx.intern_type(TypeKind::Complex { elem }))
    }

    /// `tuple<T, ...>`, possibly empty.
    fn parse_tuple_type(&mut self) -> PResult<Type> {
        self.advance()?;
        self.expect(Tok::Less, "<")?;
        let mut types = Vec::new();
        self.parse_comma_list_or(Tok::Greater, "expected '>' in tuple type", |p| {
            types.push(p.parse_type()?);
            Ok(())
        })?;
        Ok(self.ctx.intern_type(TypeKind::Tuple { types }))
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        let pos = self.pos();
        self.open_shaped()?;
        let (dims, scalable) = self.scan_vector_dims()?;
        if let Some(&bad) = dims.iter().find(|&&d| d <= 0) {
            let shown: Vec<String> = dims.iter().map(i64::to_string).collect();
            let _ = bad;
            return Err(self.error_at(
                pos,
                format!(
                    "vector types must have positive constant sizes but got {}",
                    shown.join(", ")
                ),
            ));
        }
        // Upstream verifies the element type (VectorElementTypeInterface: integer, index,
        // float, or a dialect type that implements it) when building the type, so the
        // error points at `vector`.
        let elem = self.parse_type()?;
        if !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. }
                | TypeKind::Float(_)
                | TypeKind::Index
                | TypeKind::Opaque { .. }
        ) {
            return Err(self.error_at(
                pos,
                "failed to verify 'elementType': VectorElementTypeInterface instance",
            ));
        }
        self.parse_token(Tok::Greater, "expected '>' in vector type")?;
        let scalable = if scalable.iter().any(|&s| s) {
            scalable
        } else {
            ScalableDims::new()
        };
        Ok(self.ctx.intern_type(TypeKind::Vector {
            dims,
            elem,
            scalable,
        }))
    }

    /// Scans a vector's dims, `4x[8]x` (`[N]` is scalable), up to the element type.
    fn scan_vector_dims(&mut self) -> PResult<(Dims, ScalableDims)> {
        let mut dims = Dims::new();
        let mut scalable = ScalableDims::new();
        loop {
            self.lex.skip_trivia();
            let start = self.lex.pos();
            let open = self.lex.text_at(start) == Some(b'[');
            let mut i = start + usize::from(open);
            if open {
                self.lex.reset(i);
                self.lex.skip_trivia();
                i = self.lex.pos();
            }
            if !self.lex.text_at(i).is_some_and(|b| b.is_ascii_digit()) {
                if open {
                    self.lex.reset(i);
                    self.advance()?;
                    return Err(self.error("invalid dimension"));
                }
                if self.lex.text_at(i) == Some(b'?') {
                    let at = u32::try_from(i).unwrap_or(u32::MAX);
                    return Err(
                        self.error_at(self.wrong_token_pos(at), "expected non-function type")
                    );
                }
                self.lex.reset(start);
                break;
            }
            let digits_start = i;
            while self.lex.text_at(i).is_some_and(|b| b.is_ascii_digit()) {
                i += 1;
            }
            let text = self.lex.slice(digits_start, i);
            let at = u32::try_from(digits_start).unwrap_or(u32::MAX);
            let d = text
                .parse::<i64>()
                .map_err(|_| self.error_at(at, "invalid dimension"))?;
            self.lex.reset(i);
            self.lex.skip_trivia();
            if open {
                if self.lex.text_at(self.lex.pos()) != Some(b']') {
                    let end = u32::try_from(i).unwrap_or(u32::MAX);
                    return Err(self.error_at(end, "missing ']' closing scalable dimension"));
                }
                self.lex.reset(self.lex.pos() + 1);
                self.lex.skip_trivia();
            }
            if self.lex.text_at(self.lex.pos()) != Some(b'x') {
                if !open {
                    // A count not followed by `x`: the element type parser reports it.
                    self.lex.reset(start);
                    break;
                }
                let end = u32::try_from(self.lex.pos()).unwrap_or(u32::MAX);
                return Err(
                    self.error_at(self.wrong_token_pos(end), "expected 'x' in dimension list")
                );
            }
            self.lex.reset(self.lex.pos() + 1);
            dims.push(d);
            scalable.push(open);
        }
        let stop = self.lex.pos();
        if let Some(b) = self.lex.text_at(stop)
            && b.is_ascii_digit()
        {
            let mut end = stop + 1;
            while self.lex.text_at(end).is_some_and(|b| b.is_ascii_digit()) {
                end += 1;
            }
            let pos = u32::try_from(end).unwrap_or(u32::MAX);
            return Err(self.error_at(self.wrong_token_pos(pos), "expected 'x' in dimension list"));
        }
        self.advance()?;
        Ok((dims, scalable))
    }

    /// `memref<4x?xf32, layout, memory-space>` and `memref<*xf32, memory-space>`:
    /// upstream's `parseMemRefType` and `MemRefType::verify`.
    fn parse_memref_type(&mut self) -> PResult<Type> {
        let pos = self.pos();
        self.advance()?;
        if !self.at(Tok::Less) {
            return Err(self.error("expected '<' in memref type"));
        }
        self.lex.reset(self.tok.end as usize);
        self.lex.skip_trivia();
        let star = self.lex.pos();
        let unranked = self.lex.text_at(star) == Some(b'*');
        let dims = if unranked {
            self.lex.reset(star + 1);
            self.lex.skip_trivia();
            if self.lex.text_at(self.lex.pos()) != Some(b'x') {
                let at = u32::try_from(self.lex.pos()).unwrap_or(u32::MAX);
                return Err(self.error_at(at, "expected 'x' in dimension list"));
            }
            self.lex.reset(self.lex.pos() + 1);
            self.advance()?;
            Dims::new()
        } else {
            self.scan_dims(true)?
        };
        let elem_pos = self.pos();
        let elem = self.parse_type()?;
        let valid_elem = matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. }
                | TypeKind::Index
                | TypeKind::Float(_)
                | TypeKind::Complex { .. }
                | TypeKind::MemRef { .. }
                | TypeKind::UnrankedMemRef { .. }
                | TypeKind::Vector { .. }
                | TypeKind::Opaque { .. }
        );
        if !valid_elem {
            return Err(self.error_at(elem_pos, "invalid memref element type"));
        }
        let mut layout = None;
        let mut memory_space = None;
        if !self.consume_if(Tok::Greater)? {
            self.parse_token(Tok::Comma, "expected ',' or '>' in memref type")?;
            loop {
                let a = self.parse_attribute()?;
                let is_layout = matches!(
                    self.ctx.attr_kind(a),
                    AttrKind::AffineMap(_) | AttrKind::StridedLayout { .. }
                );
                if !is_layout {
                    if memory_space.is_some() {
                        return Err(self.error("multiple memory spaces specified in memref type"));
                    }
                    memory_space = Some(a);
                } else {
                    if unranked {
                        return Err(self.error("cannot have affine map for unranked memref type"));
                    }
                    if memory_space.is_some() {
                        return Err(self.error("expected memory space to be last in memref type"));
                    }
                    layout = Some(a);
                }
                if self.consume_if(Tok::Greater)? {
                    break;
                }
                self.parse_token(Tok::Comma, "expected ',' or '>'")?;
            }
        }
        // The default memory space is no memory space; upstream drops an integer 0.
        if let Some(m) = memory_space {
            match self.ctx.attr_kind(m) {
                AttrKind::Integer { value: 0, .. } => memory_space = None,
                AttrKind::Integer { .. }
                | AttrKind::String(_)
                | AttrKind::TypedString { .. }
                | AttrKind::Dictionary(_) => {}
                // Upstream takes attributes of its registered dialects; those of
                // unregistered ones are builtin opaque attributes there.
                AttrKind::Opaque { dialect, .. }
                    if crate::dialects::upstream::is_upstream_dialect(self.ctx.str(*dialect)) => {}
                _ => return Err(self.error_at(pos, "unsupported memory space Attribute")),
            }
        }
        if unranked {
            return Ok(self
                .ctx
                .intern_type(TypeKind::UnrankedMemRef { elem, memory_space }));
        }
        if dims.iter().any(|&d| d < 0 && d != DYNAMIC) {
            return Err(self.error_at(pos, "invalid memref size"));
        }
        match layout.map(|l| self.ctx.attr_kind(l)) {
            Some(AttrKind::AffineMap(map)) => {
                if map.num_dims as usize != dims.len() {
                    let n = map.num_dims;
                    return Err(self.error_at(
                        pos,
                        format!(
                            "memref layout mismatch between rank and affine map: {} != {n}",
                            dims.len()
                        ),
                    ));
                }
                // An identity map is the default layout, which prints as none.
                if map.is_identity(self.ctx) {
                    layout = None;
                }
            }
            Some(AttrKind::StridedLayout { strides, .. }) if strides.len() != dims.len() => {
                return Err(self.error_at(pos, "expected the number of strides to match the rank"));
            }
            _ => {}
        }
        Ok(self.ctx.intern_type(TypeKind::MemRef {
            dims,
            elem,
            layout,
            memory_space,
        }))
    }

    fn parse_element_type(&mut self, container: &str) -> PResult<Type> {
        let pos = self.pos();
        let elem = self.parse_type()?;
        let valid = !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Function { .. }
                | TypeKind::Tensor { .. }
                | TypeKind::UnrankedTensor { .. }
                | TypeKind::Tuple { .. }
                | TypeKind::None
        );
        if !valid {
            return Err(self.error_at(pos, format!("invalid {container} element type")));
        }
        Ok(elem)
    }
}

/// `i32`, `si8`, `ui64`: `None` if not an integer type name.
pub(super) fn parse_int_type_name(text: &str) -> Option<Result<TypeKind, &'static str>> {
    let (signedness, digits) = if let Some(d) = text.strip_prefix("si") {
        (Signedness::Signed, d)
    } else if let Some(d) = text.strip_prefix("ui") {
        (Signedness::Unsigned, d)
    } else {
        (Signedness::Signless, text.strip_prefix('i')?)
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match digits.parse::<u32>() {
        Ok(width) if width <= MAX_INT_WIDTH => Some(Ok(TypeKind::Integer { width, signedness })),
        Ok(_) => Some(Err("integer bitwidth is limited to 16777215 bits")),
        Err(_) => Some(Err("invalid integer width")),
    }
}
