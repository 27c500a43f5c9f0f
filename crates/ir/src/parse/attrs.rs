//! Attribute grammar: literals, arrays, dictionaries, `dense<...>`, `array<...>`,
//! symbol references, type attributes and `#alias` uses.

use super::types::TYPE_KEYWORDS;
use super::{PResult, Parser, Tok, unescape};
use crate::attrs::{AttrKind, ElementKind, ElementValues, NamedAttr};
use crate::diag::codes;
use crate::types::{FloatKind, Signedness, TypeKind};
use crate::{Attribute, Type};

/// The builtin attribute keywords, for "did you mean".
const ATTR_KEYWORDS: &[&str] = &[
    "unit",
    "true",
    "false",
    "dense",
    "array",
    "affine_map",
    "affine_set",
    "strided",
    "distinct",
    "sparse",
    "dense_resource",
    "loc",
];

/// A literal element of `dense<...>`: an integer, a float or a boolean.
#[derive(Clone, Copy, Debug)]
enum Literal {
    /// `value` holds the bits; `wide` marks a magnitude above `i128::MAX`
    /// (valid for 128-bit signless and unsigned types only); `neg` a `-`
    /// (also of `-0`). `big` marks a magnitude `value` cannot hold (above
    /// `u128::MAX`, or `2^127` after a `-`): only types wider than 128 bits take
    /// it, and [`Parser::wide_int_attr`] reads it again from the source.
    Int {
        value: i128,
        hex: bool,
        wide: bool,
        neg: bool,
        big: bool,
    },
    Float(f64),
    Bool(bool),
}

impl<'a> Parser<'a> {
    /// Parses an attribute value.
    pub fn parse_attribute(&mut self) -> PResult<Attribute> {
        let pos = self.pos();
        match self.tok.kind {
            Tok::Integer | Tok::Float | Tok::Minus => {
                let lit = self.parse_literal("expected integer or floating point literal")?;
                let ty = if self.consume_if(Tok::Colon)? {
                    Some(self.parse_type()?)
                } else {
                    None
                };
                self.literal_attr(lit, ty, pos)
            }
            Tok::String => {
                // The bytes as read: a string may hold bytes that are not UTF-8.
                let (start, end) = (self.tok.start as usize + 1, self.tok.end as usize - 1);
                let bytes = match self.ctx.source(self.buffer) {
                    Some(b) => super::unescape_raw(&b.raw_bytes(start, end)),
                    None => Vec::new(),
                };
                self.advance()?;
                if self.consume_if(Tok::Colon)? {
                    let ty = self.parse_type()?;
                    if !matches!(self.ctx.type_kind(ty), TypeKind::None) {
                        return Ok(self.ctx.intern_attr(AttrKind::TypedString {
                            value: bytes.into(),
                            ty,
                        }));
                    }
                }
                Ok(self.ctx.bytes_attr(&bytes))
            }
            Tok::LSquare => self.nested(|p| {
                p.advance()?;
                let mut items = Vec::new();
                p.parse_comma_list(Tok::RSquare, "]", |p| {
                    items.push(p.parse_attribute()?);
                    Ok(())
                })?;
                Ok(p.ctx.intern_attr(AttrKind::Array(items)))
            }),
            Tok::LBrace => self.nested(|p| {
                let entries = p.parse_attr_dict()?;
                Ok(p.ctx.intern_attr(AttrKind::Dictionary(entries)))
            }),
            Tok::AtIdent => {
                let root = self.parse_symbol_name()?;
                let mut nested = Vec::new();
                while self.consume_if(Tok::ColonColon)? {
                    let outer = self.index.as_ref().map(|i| i.last_symbol_path());
                    nested.push(self.parse_symbol_name()?);
                    if let (Some(index), Some(outer)) = (self.index.as_mut(), outer) {
                        index.nest_last_symbol(&outer);
                    }
                }
                Ok(self.ctx.intern_attr(AttrKind::SymbolRef { root, nested }))
            }
            Tok::HashIdent => self.parse_hash_attribute(),
            Tok::BareIdent => match self.token_text() {
                "unit" => {
                    self.advance()?;
                    Ok(self.ctx.intern_attr(AttrKind::Unit))
                }
                "true" | "false" => {
                    let b = self.token_text() == "true";
                    self.advance()?;
                    Ok(self.ctx.intern_attr(AttrKind::Bool(b)))
                }
                "dense" => self.nested(|p| p.parse_dense()),
                "array" => self.nested(|p| p.parse_dense_array()),
                "affine_map" | "affine_set" => self.nested(|p| p.parse_affine_attr()),
                "strided" => self.nested(|p| p.parse_strided_layout()),
                "distinct" => self.nested(|p| p.parse_distinct()),
                "sparse" => self.nested(|p| p.parse_sparse()),
                "dense_resource" => self.nested(|p| p.parse_dense_resource()),
                "loc" => {
                    let loc = self.parse_location()?;
                    Ok(self.ctx.location_attr(loc))
                }
                // As upstream, only a word that starts a type is read as one;
                // another is no attribute value: suggest a keyword.
                word if !starts_builtin_type(word) => {
                    let d = self
                        .error_at(self.wrong_token_pos(pos), "expected attribute value")
                        .with_code(codes::UNKNOWN_ATTRIBUTE);
                    let keywords = ATTR_KEYWORDS.iter().chain(TYPE_KEYWORDS);
                    Err(Box::new(self.keyword_hint(d, word, keywords, pos)))
                }
                word => match self.parse_type() {
                    Ok(t) => Ok(self.ctx.type_attr(t)),
                    // The word is neither a type nor an attribute keyword: suggest either.
                    Err(e) if e.code == Some(codes::UNKNOWN_TYPE) && self.pos() == pos => {
                        let mut d = e.with_code(codes::UNKNOWN_ATTRIBUTE);
                        d.notes.retain(|n| !n.hint);
                        let keywords = ATTR_KEYWORDS.iter().chain(TYPE_KEYWORDS);
                        Err(Box::new(self.keyword_hint(d, word, keywords, pos)))
                    }
                    Err(e) => Err(e),
                },
            },
            Tok::LParen | Tok::BangIdent => {
                let t = self.parse_type()?;
                Ok(self.ctx.type_attr(t))
            }
            _ => Err(self.error("expected attribute value")),
        }
    }

    /// Parses a string literal token into its value.
    pub fn parse_string(&mut self) -> PResult<String> {
        if !self.at(Tok::String) {
            return Err(self.error("expected string"));
        }
        let t = self.token_text();
        let s = unescape(&t[1..t.len() - 1]);
        self.advance()?;
        Ok(s)
    }

    /// Parses `{name = attr, unit_name}` (the braces included), rejecting duplicate keys.
    pub fn parse_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        self.expect(Tok::LBrace, "{")?;
        let mut entries: Vec<NamedAttr> = Vec::new();
        // Names seen so far: a duplicate is found in O(1), so a dictionary of N
        // entries parses in O(N).
        let mut seen = rustc_hash::FxHashSet::default();
        self.parse_comma_list_or(Tok::RBrace, "expected '}' in attribute dictionary", |p| {
            let pos = p.pos();
            let name = match p.tok.kind {
                Tok::BareIdent => p.token_text().to_string(),
                Tok::String => {
                    let t = p.token_text();
                    unescape(&t[1..t.len() - 1])
                }
                _ => return Err(p.error("expected attribute name")),
            };
            if name.is_empty() {
                return Err(p.error("expected valid attribute name"));
            }
            p.advance()?;
            let sym = p.ctx.sym(&name);
            if !seen.insert(sym) {
                return Err(p.error_at(
                    pos,
                    format!("duplicate key '{name}' in dictionary attribute"),
                ));
            }
            let value = if p.consume_if(Tok::Equal)? {
                p.parse_attribute()?
            } else {
                p.ctx.intern_attr(AttrKind::Unit)
            };
            entries.push(NamedAttr { name: sym, value });
            Ok(())
        })?;
        let ctx = &*self.ctx;
        entries.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
        Ok(entries)
    }

    /// Parses an attribute dictionary if the current token opens one.
    pub fn parse_optional_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.at(Tok::LBrace) {
            self.nested(|p| p.parse_attr_dict())
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses `attributes {...}` if present.
    pub fn parse_optional_attr_dict_with_keyword(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.parse_optional_keyword("attributes")? {
            self.nested(|p| p.parse_attr_dict())
        } else {
            Ok(Vec::new())
        }
    }

    /// Parses a number or `true`/`false`; `expected` is the error for anything else.
    fn parse_literal(&mut self, expected: &str) -> PResult<Literal> {
        let pos = self.pos();
        let neg = self.consume_if(Tok::Minus)?;
        let text = self.token_text();
        let lit = match self.tok.kind {
            Tok::Integer => {
                let hex = text.starts_with("0x");
                let magnitude = if hex {
                    u128::from_str_radix(&text[2..], 16)
                } else {
                    text.parse::<u128>()
                };
                // The lexer passed only digits: an error is an overflow.
                let (value, wide, big) = match magnitude {
                    // Down to -2^127, i128::MIN, whose magnitude i128 cannot hold.
                    Ok(m) if neg && m <= 1u128 << 127 => {
                        (m.cast_signed().wrapping_neg(), false, false)
                    }
                    Ok(m) if !neg => (m.cast_signed(), i128::try_from(m).is_err(), false),
                    _ => (0, false, true),
                };
                Literal::Int {
                    value,
                    hex,
                    wide,
                    neg,
                    big,
                }
            }
            Tok::Float => {
                let v: f64 = text
                    .parse()
                    .map_err(|_| self.error_at(pos, "invalid floating point literal"))?;
                Literal::Float(if neg { -v } else { v })
            }
            _ if !neg && self.at_keyword("true") => Literal::Bool(true),
            _ if !neg && self.at_keyword("false") => Literal::Bool(false),
            _ => return Err(self.error_at(pos, expected)),
        };
        self.advance()?;
        Ok(lit)
    }

    fn literal_attr(&mut self, lit: Literal, ty: Option<Type>, pos: u32) -> PResult<Attribute> {
        let ty = match ty {
            Some(t) => t,
            None => match lit {
                Literal::Float(_) => self.ctx.float_type(FloatKind::F64),
                _ => self.ctx.i(64),
            },
        };
        match self.ctx.type_kind(ty).clone() {
            TypeKind::Float(kind) => {
                let bits = self.literal_as_float_bits(lit, kind, pos)?;
                Ok(self.ctx.intern_attr(AttrKind::Float { bits, ty }))
            }
            TypeKind::Integer { .. } | TypeKind::Index => {
                // Upstream reports a float with an integer type after the type.
                if let Literal::Float(_) = lit {
                    return Err(self.error("floating point value not valid for specified type"));
                }
                let wide_type = matches!(
                    self.ctx.type_kind(ty),
                    TypeKind::Integer { width, .. } if *width > 128
                );
                if wide_type || matches!(lit, Literal::Int { big: true, .. }) {
                    return self.wide_int_attr(ty, pos);
                }
                let v = self.literal_as_int(lit, ty, pos)?;
                Ok(self.ctx.int_attr(v, ty))
            }
            _ => Err(self.error_at(pos, "integer literal not valid for specified type")),
        }
    }

    /// The encoding of a float literal in `kind`: a decimal rounds (through an `f64`, as
    /// upstream parses it), a hex integer is the bits.
    fn literal_as_float_bits(&self, lit: Literal, kind: FloatKind, pos: u32) -> PResult<u128> {
        match lit {
            Literal::Float(v) => Ok(kind.from_f64(v)),
            Literal::Int {
                hex: true,
                neg: true,
                ..
            } => Err(self.error_at(
                self.number_pos(pos),
                "hexadecimal float literal should not have a leading minus",
            )),
            Literal::Int {
                hex: true,
                big: true,
                ..
            } => Err(self.error_at(pos, "hexadecimal float constant out of range for type")),
            Literal::Int {
                value,
                hex: true,
                wide,
                ..
            } => (if wide {
                Ok(value.cast_unsigned())
            } else {
                u128::try_from(value)
            })
            .ok()
            .filter(|&b| kind.truncate(b) == b)
            .map(|b| kind.canonical_hex(b))
            .ok_or_else(|| self.error_at(pos, "hexadecimal float constant out of range for type")),
            // Upstream reports this at the number, after any `-`.
            Literal::Int { .. } => Err(Box::new(
                crate::Diagnostic::error(
                    self.location(self.number_pos(pos)),
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(
                    self.location(self.number_pos(pos)),
                    "add a trailing dot to make the literal a float",
                ),
            )),
            Literal::Bool(_) => Err(self.error_at(pos, "expected floating point literal")),
        }
    }

    /// Where the number of a literal at `pos` starts: upstream reports range
    /// errors there, after a `-`.
    pub(super) fn number_pos(&self, pos: u32) -> u32 {
        let b = self.src.as_bytes();
        let mut at = pos as usize;
        if b.get(at) == Some(&b'-') {
            at += 1;
            while b.get(at).is_some_and(|c| c.is_ascii_whitespace()) {
                at += 1;
            }
        }
        u32::try_from(at).unwrap_or(pos)
    }

    /// The value of an integer literal of a type at most 128 bits wide (see
    /// [`int_fits`]); the bits, not sign-extended.
    fn literal_as_int(&self, lit: Literal, ty: Type, pos: u32) -> PResult<i128> {
        let (value, neg) = match lit {
            Literal::Int { value, neg, .. } => (value, neg),
            Literal::Bool(b) => (i128::from(b), false),
            Literal::Float(_) => {
                return Err(self.error_at(pos, "floating point value not valid for specified type"));
            }
        };
        let kind = self.ctx.type_kind(ty);
        if neg
            && let TypeKind::Integer {
                signedness: Signedness::Unsigned,
                ..
            } = kind
        {
            return Err(self.error_at(
                self.number_pos(pos),
                "negative integer literal not valid for unsigned integer type",
            ));
        }
        if !int_fits(value, neg, kind) {
            return Err(self.error_at(
                self.number_pos(pos),
                "integer constant out of range for attribute",
            ));
        }
        Ok(value)
    }

    /// The values of `array<...>` elements, as the element type says.
    /// `flat` holds each literal with its position and the position just after
    /// it, where upstream reports range errors.
    fn element_values(&self, flat: &[(Literal, u32, u32)], elem: Type) -> PResult<ElementValues> {
        let Some(kind) = ElementKind::of(self.ctx.type_kind(elem)) else {
            return Err(self.error("expected integer or float element type"));
        };
        match kind {
            ElementKind::Float(k) => {
                let bits = flat
                    .iter()
                    .map(|&(l, pos, _)| self.literal_as_float_bits(l, k, pos))
                    .collect::<PResult<Vec<_>>>()?;
                Ok(ElementValues::from_bits_iter(
                    ElementKind::Float(k),
                    bits.into_iter(),
                ))
            }
            _ => {
                let vals = flat
                    .iter()
                    .map(|&(l, pos, end)| match (l, kind) {
                        (Literal::Float(_), _) => Err(self
                            .error_at(pos, "expected integer elements, but parsed floating-point")),
                        (Literal::Bool(b), ElementKind::Bool) => Ok(i128::from(b)),
                        (Literal::Bool(_), _) => {
                            Err(self.error_at(pos, "expected i1 type for 'true' or 'false' values"))
                        }
                        (Literal::Int { .. }, ElementKind::Bool) => {
                            Err(self.error_at(end, "expected 'true' or 'false' values for i1 type"))
                        }
                        (Literal::Int { big: true, .. }, _) => {
                            Err(self.error_at(end, "integer constant out of range"))
                        }
                        (Literal::Int { value, neg, .. }, _) => array_int(value, neg, kind)
                            .ok_or_else(|| self.error_at(end, "integer constant out of range")),
                    })
                    .collect::<PResult<Vec<_>>>()?;
                ElementValues::from_ints(kind, vals)
                    .ok_or_else(|| self.error("expected integer or float element type"))
            }
        }
    }

    fn parse_dense_array(&mut self) -> PResult<Attribute> {
        self.advance()?;
        self.expect(Tok::Less, "<")?;
        let type_pos = self.pos();
        let elem = self.parse_type()?;
        if let TypeKind::Integer { width, signedness } = *self.ctx.type_kind(elem) {
            // Upstream stores each element in whole bytes.
            if width != 1 && width % 8 != 0 {
                return Err(
                    self.error_at(type_pos, "element type bitwidth must be a multiple of 8")
                );
            }
            let Some(kind) = ElementKind::of(self.ctx.type_kind(elem)) else {
                return Err(self.error_at(type_pos, self.unsupported_int(elem)));
            };
            let spec = super::dense::IntSpec { width, signedness };
            let mut bits = Vec::new();
            if !self.dense_array_close()? {
                loop {
                    bits.push(self.dense_array_int(spec)?);
                    if !self.consume_if(Tok::Comma)? {
                        break;
                    }
                }
                self.parse_token(Tok::Greater, ARRAY_CLOSE)?;
            }
            let values = ElementValues::from_bits_iter(kind, bits.into_iter());
            return Ok(self.ctx.intern_attr(AttrKind::DenseArray { elem, values }));
        }
        let mut flat = Vec::new();
        let expected = match self.ctx.type_kind(elem) {
            TypeKind::Integer { .. } | TypeKind::Index => "expected integer literal",
            _ => "expected integer or floating point literal",
        };
        if !self.dense_array_close()? {
            loop {
                let pos = self.pos();
                let lit = self.parse_literal(expected)?;
                flat.push((lit, pos, self.pos()));
                if !self.consume_if(Tok::Comma)? {
                    break;
                }
            }
            self.parse_token(Tok::Greater, ARRAY_CLOSE)?;
        }
        let values = self.element_values(&flat, elem)?;
        Ok(self.ctx.intern_attr(AttrKind::DenseArray { elem, values }))
    }

    /// After an `array<...>`'s element type: true at its `>` (no elements,
    /// consumed), false at the `:` before its elements (consumed), else
    /// upstream's error.
    fn dense_array_close(&mut self) -> PResult<bool> {
        if self.consume_if(Tok::Greater)? {
            return Ok(true);
        }
        self.parse_token(Tok::Colon, "expected ':' after dense array type")?;
        Ok(false)
    }

    /// One integer element of `array<iN: ...>`, as upstream's dense array parser
    /// reads it: `true`/`false` only for `i1`; a `-` negates in the element's width
    /// (so `-1` is 255 for `ui8`), and a value that does not fit is reported at the
    /// token after it.
    fn dense_array_int(&mut self, spec: super::dense::IntSpec) -> PResult<u128> {
        if self.at_keyword("true") || self.at_keyword("false") {
            if spec.width != 1 {
                return Err(
                    self.error_at(self.pos(), "expected i1 type for 'true' or 'false' values")
                );
            }
            let b = self.at_keyword("true");
            self.advance()?;
            return Ok(u128::from(b));
        }
        let neg = self.consume_if(Tok::Minus)?;
        if !self.at(Tok::Integer) {
            return Err(self.error_at(self.pos(), "expected integer literal"));
        }
        let text = self.token_text();
        let magnitude = match text.strip_prefix("0x") {
            Some(hex) => u128::from_str_radix(hex, 16).ok(),
            None => text.parse::<u128>().ok(),
        };
        self.advance()?;
        if spec.width == 1 {
            return Err(self.error_at(self.pos(), "expected 'true' or 'false' values for i1 type"));
        }
        magnitude
            .and_then(|m| super::dense::int_bits(m, neg, spec))
            .ok_or_else(|| self.error_at(self.pos(), "integer constant out of range"))
    }
}

/// Upstream's message for an `array<...>` whose elements do not end at `>`.
const ARRAY_CLOSE: &str = "expected '>' to close an array attribute";

/// An `array<...>` integer element as upstream's `buildAttributeAPInt` reads it:
/// the magnitude must fit the width; a negated one must come out negative (so
/// `-0` does not fit, and unsigned types take negative values, wrapped); a
/// signed type takes no positive value with the sign bit set. The bits, wrapped.
fn array_int(value: i128, negative: bool, kind: ElementKind) -> Option<i128> {
    let (width, signed) = match kind {
        ElementKind::Int { width, signedness } => (width, signedness == Signedness::Signed),
        _ => (64, false),
    };
    let magnitude = magnitude_within(value, negative, width)?;
    let sign_bit = 1u128 << (width.min(128) - 1);
    let bits = crate::dense::truncate(
        if negative {
            magnitude.wrapping_neg()
        } else {
            magnitude
        },
        width,
    );
    if negative && bits & sign_bit == 0 || !negative && signed && bits & sign_bit != 0 {
        return None;
    }
    Some(bits.cast_signed())
}

/// The magnitude of a literal read as `value` (negated if `neg`), when it
/// fits in `width` bits.
fn magnitude_within(value: i128, neg: bool, width: u32) -> Option<u128> {
    let magnitude = if neg {
        value.unsigned_abs()
    } else {
        value.cast_unsigned()
    };
    (width >= 128 || magnitude >> width == 0).then_some(magnitude)
}

/// Whether a literal of magnitude `value` (negated if `neg`) fits an integer
/// type at most 128 bits wide, by upstream's rule (`buildAttributeAPInt`): the
/// magnitude fits the width; a negated one comes out negative in it (so `-0`
/// and any negative `i0` do not fit); a signed type or `index` takes no
/// positive value with the sign bit set.
fn int_fits(value: i128, neg: bool, kind: &TypeKind) -> bool {
    let (width, signedness) = match kind {
        // Upstream reads `index` values as signed 64-bit integers.
        TypeKind::Index => (64, Signedness::Signed),
        TypeKind::Integer { width, signedness } if *width <= 128 => (*width, *signedness),
        _ => return false,
    };
    let Some(magnitude) = magnitude_within(value, neg, width) else {
        return false;
    };
    let Some(top) = width.checked_sub(1) else {
        return !neg;
    };
    let sign_bit = 1u128 << top;
    if neg {
        magnitude != 0 && magnitude <= sign_bit
    } else {
        signedness != Signedness::Signed || magnitude < sign_bit
    }
}

/// Whether a bare word is a builtin type's keyword (`tensor`, `i32`, `f8E4M3FN`...).
fn starts_builtin_type(text: &str) -> bool {
    matches!(
        text,
        "tensor" | "vector" | "memref" | "complex" | "tuple" | "index" | "none"
    ) || super::types::parse_int_type_name(text).is_some()
        || crate::types::FloatKind::from_keyword(text).is_some()
}
