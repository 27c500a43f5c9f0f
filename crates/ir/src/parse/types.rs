//! Type grammar: builtin types, function types, dialect types and `!alias` uses.

use super::{PResult, Parser, Tok};
use crate::Type;
use crate::types::{DYNAMIC, Dims, FloatKind, Signedness, TypeKind};

/// The end of upstream's error for a dialect type or attribute without the dialect.
pub(crate) const UNREGISTERED_DIALECT_TAIL: &str = "created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used";

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
        let start = self.tok.start as usize;
        let mut i = self.tok.end as usize;
        if self.lex.text_at(i) != Some(b'<') {
            return None;
        }
        i += 1;
        loop {
            match self.lex.text_at(i)? {
                b'>' => return Some(self.lex.slice(start, i + 1)),
                b if b.is_ascii_alphanumeric() || matches!(b, b'?' | b'*' | b'_') => i += 1,
                _ => return None,
            }
        }
    }

    fn parse_builtin_type(&mut self) -> PResult<Type> {
        let pos = self.pos();
        let text = self.token_text();
        if matches!(text, "tensor" | "vector")
            && let Some(raw) = self.simple_shaped_text()
        {
            if let Some(&t) = self.type_cache.get(raw) {
                self.lex.reset(pos as usize + raw.len());
                self.advance()?;
                return Ok(t);
            }
            let t = self.nested(|p| {
                if text == "tensor" {
                    p.parse_tensor_type()
                } else {
                    p.parse_vector_type()
                }
            })?;
            self.type_cache.insert(raw, t);
            return Ok(t);
        }
        let kind = match text {
            "f16" => TypeKind::Float(FloatKind::F16),
            "bf16" => TypeKind::Float(FloatKind::BF16),
            "f32" => TypeKind::Float(FloatKind::F32),
            "f64" => TypeKind::Float(FloatKind::F64),
            "index" => TypeKind::Index,
            "none" => TypeKind::None,
            "tensor" => return self.nested(|p| p.parse_tensor_type()),
            "complex" => return self.nested(|p| p.parse_complex_type()),
            "tuple" => return self.nested(|p| p.parse_tuple_type()),
            "vector" => return self.nested(|p| p.parse_vector_type()),
            _ => match parse_int_type_name(text) {
                Some(Ok(kind)) => kind,
                Some(Err(msg)) => return Err(self.error_at(pos, msg)),
                None => return Err(self.error("expected non-function type")),
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
        let dims = self.scan_dims(false)?;
        if let Some(&bad) = dims.iter().find(|&&d| d <= 0) {
            return Err(self.error_at(
                pos,
                format!("vector types must have positive constant sizes but got {bad}"),
            ));
        }
        // Upstream verifies the element type (VectorElementTypeInterface: integer, index
        // or float) when building the type, so the error points at `vector`.
        let elem = self.parse_type()?;
        if !matches!(
            self.ctx.type_kind(elem),
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index
        ) {
            return Err(self.error_at(
                pos,
                "failed to verify 'elementType': VectorElementTypeInterface instance",
            ));
        }
        self.parse_token(Tok::Greater, "expected '>' in vector type")?;
        Ok(self.ctx.intern_type(TypeKind::Vector { dims, elem }))
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

    fn parse_dialect_type(&mut self) -> PResult<Type> {
        let pos = self.pos();
        let text = &self.token_text()[1..];
        if let Some(&t) = self.type_aliases.get(text) {
            self.use_alias(self.ctx.type_extent(t), pos)?;
            self.advance()?;
            return Ok(t);
        }
        let end = self.tok.end as usize;
        let dotted = text.split_once('.');
        if dotted.is_none() && self.lex.text_at(end) != Some(b'<') {
            let at = self.tok.end;
            return Err(self.error_at(at, format!("undefined symbol alias id '{text}'")));
        }
        let (dialect, rest) = dotted.unwrap_or((text, ""));
        let angle = self.raw_angle_body(end)?;
        let (body_pos, shown) = self.dialect_body(pos, dialect, dotted.is_some(), rest, &angle);
        if self.ctx.is_dialect_registered(dialect) {
            return Err(self.error_at(
                body_pos,
                format!("dialect '{dialect}' provides no type parsing hook"),
            ));
        }
        if !self.ctx.allows_unregistered() {
            return Err(self.error_at(
                body_pos,
                format!("`!\"{dialect}\"<\"{shown}\">` type {UNREGISTERED_DIALECT_TAIL}"),
            ));
        }
        let body = super::opaque_body(rest, &angle);
        let dialect = self.ctx.sym(dialect);
        Ok(self.ctx.intern_type(TypeKind::Opaque {
            dialect,
            body: body.into(),
        }))
    }

    /// Where upstream reports a problem with a dialect type or attribute `!dialect.rest<..>`
    /// or `!dialect<..>` starting at `pos` (the body after `dialect.`, or the whole
    /// token), and the body as its message shows it (raw, without the outer `<>` of the
    /// second form).
    pub(crate) fn dialect_body(
        &self,
        pos: u32,
        dialect: &str,
        dotted: bool,
        rest: &str,
        angle: &str,
    ) -> (u32, String) {
        if dotted {
            let offset = u32::try_from(dialect.len() + 2).unwrap_or(0);
            (pos.saturating_add(offset), format!("{rest}{angle}"))
        } else {
            let inner = angle
                .strip_prefix('<')
                .and_then(|a| a.strip_suffix('>'))
                .unwrap_or(angle);
            (pos, inner.to_string())
        }
    }

    /// If `<` follows right at `end`, consumes a balanced `<...>` and returns it raw.
    pub(crate) fn raw_angle_body(&mut self, end: usize) -> PResult<String> {
        if self.lex.text_at(end) != Some(b'<') {
            self.advance()?;
            return Ok(String::new());
        }
        let mut depth = 0i32;
        let mut i = end;
        loop {
            match self.lex.text_at(i) {
                Some(b'<') => depth += 1,
                Some(b'>') => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                Some(b'"') => {
                    i += 1;
                    while !matches!(self.lex.text_at(i), Some(b'"') | None) {
                        i += 1;
                    }
                }
                Some(_) => {}
                None => {
                    return Err(self.error_at(
                        u32::try_from(end).unwrap_or(u32::MAX),
                        "unbalanced '<' character in pretty dialect name",
                    ));
                }
            }
            i += 1;
        }
        let body = self.lex.slice(end, i + 1).to_string();
        self.lex.reset(i + 1);
        self.advance()?;
        Ok(body)
    }
}

/// `i32`, `si8`, `ui64`: `None` if not an integer type name.
fn parse_int_type_name(text: &str) -> Option<Result<TypeKind, &'static str>> {
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
