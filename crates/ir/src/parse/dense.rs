//! `dense<...>` literals: nested lists of numbers, or upstream's raw data in a hex
//! string. The type comes last, so elements are kept as written (their tokens) and
//! converted straight into typed storage once it is known, with upstream's checks
//! and messages.

use super::{PResult, Parser, Tok};
use crate::attrs::AttrKind;
use crate::dense::{ElementKind, ElementValues, MAX_INT_WIDTH, float_bits, truncate};
use crate::types::{DYNAMIC, FloatKind, Signedness, TypeKind, num_elements};
use crate::{Attribute, Type};

/// Upstream's error for a dense elements literal that is not a number or bool.
const DENSE_ELEMENT: &str = "expected element literal of primitive type";

/// What an element token is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ElemTok {
    Int,
    Float,
    True,
    False,
    Str,
}

/// A tensor literal as written, converted once its type is known.
#[derive(Default)]
pub(super) struct DenseLiteral<'a> {
    raw: Vec<RawElement>,
    /// The shape of nested lists; `None` for a single element.
    pub(super) shape: Option<Vec<i64>>,
    /// A string literal: raw data in hex, or the one string of string elements.
    hex: Option<(u32, &'a str)>,
}

/// An element as written, kept until the type says what it means: 12 bytes, where
/// the stored element may be as small as one.
#[derive(Clone, Copy)]
struct RawElement {
    /// The token, after any `-`.
    start: u32,
    end: u32,
    tok: ElemTok,
    neg: bool,
}

/// The integer type the elements convert to, as upstream's `buildAttributeAPInt`
/// sees it (`index` is 64-bit and signed).
#[derive(Clone, Copy)]
pub(super) struct IntSpec {
    pub(super) width: u32,
    pub(super) signedness: Signedness,
}

impl<'a> Parser<'a> {
    /// Parses `dense<...> : type` (the current token is `dense`).
    pub(super) fn parse_dense(&mut self) -> PResult<Attribute> {
        let pos = self.pos();
        self.advance()?;
        self.expect(Tok::Less, "<")?;
        let lit = if self.at(Tok::Greater) {
            DenseLiteral::default()
        } else {
            self.parse_dense_literal(true)?
        };
        self.expect(Tok::Greater, ">")?;
        self.expect(Tok::Colon, ":")?;
        let ty = self.parse_type()?;
        self.check_elements_type(ty, pos)?;
        self.build_dense(&lit, ty, pos)
    }

    /// Checks that a `dense`/`sparse` literal's type is statically shaped.
    pub(super) fn check_elements_type(&self, ty: Type, pos: u32) -> PResult<()> {
        match self.ctx.type_kind(ty) {
            // Upstream takes any ranked shaped type, memrefs included.
            TypeKind::Tensor { dims, .. }
            | TypeKind::Vector { dims, .. }
            | TypeKind::MemRef { dims, .. } => {
                if dims.contains(&DYNAMIC) {
                    return Err(self.error_at(pos, "elements literal type must have static shape"));
                }
                Ok(())
            }
            _ => Err(self.error_at(pos, "elements literal must be a shaped type")),
        }
    }

    /// Parses a tensor literal: one element, nested lists, or (with `allow_hex`) a
    /// string of raw data in hex.
    pub(super) fn parse_dense_literal(&mut self, allow_hex: bool) -> PResult<DenseLiteral<'a>> {
        let mut lit = DenseLiteral::default();
        match self.tok.kind {
            Tok::String if allow_hex => {
                lit.hex = Some((self.pos(), self.token_text()));
                self.advance()?;
            }
            Tok::LSquare => lit.shape = Some(self.parse_dense_list(&mut lit.raw)?),
            _ => self.parse_raw_element(&mut lit.raw)?,
        }
        Ok(lit)
    }

    /// The attribute a parsed literal is for a statically shaped type (checked), with
    /// upstream's checks and messages at `pos`.
    pub(super) fn build_dense(
        &mut self,
        lit: &DenseLiteral<'a>,
        ty: Type,
        pos: u32,
    ) -> PResult<Attribute> {
        let (dims, elem) = match self.ctx.type_kind(ty) {
            TypeKind::Tensor { dims, elem, .. }
            | TypeKind::Vector { dims, elem, .. }
            | TypeKind::MemRef { dims, elem, .. } => (dims.clone(), *elem),
            _ => return Err(self.error_at(pos, "elements literal must be a shaped type")),
        };
        let count = num_elements(&dims);
        let (complex, part) = match self.ctx.type_kind(elem) {
            TypeKind::Complex { elem } => (true, *elem),
            _ => (false, elem),
        };
        let numeric = matches!(
            self.ctx.type_kind(part),
            TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)
        );
        if let Some((hex_pos, text)) = lit.hex
            && numeric
        {
            let kind = self.dense_element_kind(part, pos)?;
            let quoted = text.get(1..text.len().saturating_sub(1)).unwrap_or("");
            let bytes = crate::dense::decode_hex(quoted).ok_or_else(|| {
                self.error_at(
                    hex_pos,
                    "expected string containing hex digits starting with `0x`",
                )
            })?;
            let count = count.and_then(|c| u64::try_from(c).ok());
            let values = if complex {
                let eb = kind.raw_bytes();
                let parts = if bytes.len() == 2 * eb {
                    Some(2)
                } else {
                    count.and_then(|c| c.checked_mul(2))
                };
                (bytes.len() != eb && kind != ElementKind::Bool)
                    .then(|| ElementValues::from_raw_data(kind, &bytes, parts))
                    .flatten()
            } else {
                ElementValues::from_raw_data(kind, &bytes, count)
            };
            let values = values.ok_or_else(|| {
                self.error_at(
                    pos,
                    format!(
                        "elements hex data size is invalid for provided type: '{}'",
                        self.ctx.ty(ty)
                    ),
                )
            })?;
            return Ok(self.dense_attr(ty, values, complex));
        }
        match &lit.shape {
            Some(shape) if shape.as_slice() != dims.as_slice() => {
                let show = |d: &[i64]| d.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
                return Err(self.error_at(
                    pos,
                    format!(
                        "inferred shape of elements literal ([{}]) does not match type ([{}])",
                        show(shape),
                        show(&dims)
                    ),
                ));
            }
            None if lit.hex.is_none() && lit.raw.is_empty() && count != Some(0) => {
                return Err(self.error_at(
                    pos,
                    format!(
                        "parsed zero elements, but type ('{}') expected at least 1",
                        self.ctx.ty(ty)
                    ),
                ));
            }
            _ => {}
        }
        if !numeric {
            return self.build_dense_strings(lit, ty, pos);
        }
        if complex {
            let splat = lit.shape.is_none() && count != Some(0);
            if splat && lit.raw.len() != 2 {
                return Err(self.error_at(
                    pos,
                    format!(
                        "parsed {} elements, but type ('{}') expected 2 elements",
                        lit.raw.len(),
                        self.ctx.ty(elem)
                    ),
                ));
            }
            let expected = count.map(|c| c.saturating_mul(2));
            if lit.shape.is_some() && expected != i64::try_from(lit.raw.len()).ok() {
                return Err(self.error_at(
                    pos,
                    format!(
                        "parsed {} elements, but type ('{}') expected {} elements",
                        lit.raw.len(),
                        self.ctx.ty(ty),
                        expected.unwrap_or(0)
                    ),
                ));
            }
        }
        let kind = self.dense_element_kind(part, pos)?;
        let values = match kind {
            ElementKind::Float(k) => self.convert(&lit.raw, kind, |p, r| p.float_element(r, k))?,
            _ => {
                let spec = match *self.ctx.type_kind(part) {
                    TypeKind::Integer { width, signedness } => IntSpec { width, signedness },
                    _ => IntSpec {
                        width: 64,
                        signedness: Signedness::Signed,
                    },
                };
                self.convert(&lit.raw, kind, |p, r| p.int_element(r, spec))?
            }
        };
        Ok(self.dense_attr(ty, values, complex))
    }

    /// `dense<"a", ...>` of a non-numeric element type: one string per element.
    fn build_dense_strings(
        &mut self,
        lit: &DenseLiteral<'a>,
        ty: Type,
        pos: u32,
    ) -> PResult<Attribute> {
        let mut values: Vec<Box<[u8]>> = Vec::with_capacity(lit.raw.len());
        if let Some((_, text)) = lit.hex {
            values.push(super::unescape_bytes(&text[1..text.len() - 1]).into());
        }
        for r in &lit.raw {
            if r.tok != ElemTok::Str {
                let spelling = self.raw_text(r);
                let sign = if r.neg { "-" } else { "" };
                let _ = sign;
                return Err(self.error_at(pos, format!("expected string token, got {spelling}")));
            }
            let text = self.raw_text(r);
            values.push(super::unescape_bytes(&text[1..text.len() - 1]).into());
        }
        let uniform = values.len() > 1 && values.iter().all(|v| *v == values[0]);
        if uniform {
            values.truncate(1);
        }
        Ok(self.ctx.intern_attr(AttrKind::DenseString {
            ty,
            values: values.into(),
        }))
    }

    /// Interns a dense attribute, keeping one element when all are equal, as upstream.
    fn dense_attr(&mut self, ty: Type, values: ElementValues, complex: bool) -> Attribute {
        if complex {
            let values = values.into_pair_splat_if_uniform();
            return self.ctx.intern_attr(AttrKind::DenseComplex { ty, values });
        }
        let values = values.into_splat_if_uniform();
        self.ctx.intern_attr(AttrKind::DenseElements { ty, values })
    }

    /// The storage kind of a dense literal's element type, or an error at `pos`.
    fn dense_element_kind(&self, elem: Type, pos: u32) -> PResult<ElementKind> {
        match self.ctx.type_kind(elem) {
            k @ (TypeKind::Integer { .. } | TypeKind::Index | TypeKind::Float(_)) => {
                ElementKind::of(k).ok_or_else(|| self.error_at(pos, self.unsupported_int(elem)))
            }
            _ => Err(self.error("expected integer or float element type")),
        }
    }

    /// The error for integer element types that dense storage does not hold.
    pub(super) fn unsupported_int(&self, elem: Type) -> String {
        format!(
            "integer elements of type '{}' are not supported: widths from 1 to {MAX_INT_WIDTH} bits are",
            self.ctx.ty(elem)
        )
    }

    /// Converts every element straight into storage, stopping at the first error.
    fn convert(
        &self,
        raw: &[RawElement],
        kind: ElementKind,
        mut element: impl FnMut(&Self, &RawElement) -> PResult<u128>,
    ) -> PResult<ElementValues> {
        let mut error = None;
        let bits = raw.iter().map_while(|r| match element(self, r) {
            Ok(b) => Some(b),
            Err(e) => {
                error = Some(e);
                None
            }
        });
        let values = ElementValues::from_bits_iter(kind, bits);
        match error {
            Some(e) => Err(e),
            None => Ok(values),
        }
    }

    fn raw_text(&self, r: &RawElement) -> &'a str {
        self.src.get(r.start as usize..r.end as usize).unwrap_or("")
    }

    /// The bits of an integer element, checked as upstream's `getIntAttrElements`.
    fn int_element(&self, r: &RawElement, spec: IntSpec) -> PResult<u128> {
        if r.neg && spec.signedness == Signedness::Unsigned {
            return Err(self.error_at(
                r.start,
                "expected unsigned integer elements, but parsed negative value",
            ));
        }
        match r.tok {
            ElemTok::Float => Err(self.error_at(
                r.start,
                "expected integer elements, but parsed floating-point",
            )),
            ElemTok::True | ElemTok::False if spec.width != 1 => {
                Err(self.error_at(r.start, "expected i1 type for 'true' or 'false' values"))
            }
            ElemTok::True => Ok(1),
            ElemTok::False => Ok(0),
            ElemTok::Int => parse_magnitude(self.raw_text(r))
                .and_then(|m| int_bits(m, r.neg, spec))
                .ok_or_else(|| self.error_at(r.start, "integer constant out of range for type")),
            ElemTok::Str => Err(self.error_at(r.start, "integer constant out of range for type")),
        }
    }

    /// The bits of a float element, checked as upstream's `parseFloatFromLiteral`.
    fn float_element(&self, r: &RawElement, kind: FloatKind) -> PResult<u128> {
        let text = self.raw_text(r);
        match r.tok {
            ElemTok::Float => {
                let v: f64 = text
                    .parse()
                    .map_err(|_| self.error_at(r.start, "invalid floating point literal"))?;
                Ok(float_bits(if r.neg { -v } else { v }, kind))
            }
            ElemTok::Int if !text.starts_with("0x") => Err(Box::new(
                crate::Diagnostic::error(
                    self.location(r.start),
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(
                    self.location(r.start),
                    "add a trailing dot to make the literal a float",
                ),
            )),
            ElemTok::Int if r.neg => Err(self.error_at(
                r.start,
                "hexadecimal float literal should not have a leading minus",
            )),
            ElemTok::Int => parse_magnitude(text)
                .filter(|&m| truncate(m, kind.width()) == m)
                .map(|m| kind.canonical_hex(m))
                .ok_or_else(|| {
                    self.error_at(r.start, "hexadecimal float constant out of range for type")
                }),
            ElemTok::True | ElemTok::False | ElemTok::Str => {
                Err(self.error_at(r.start, "expected floating point literal"))
            }
        }
    }

    /// Parses one element: `[-]number`, `true`, `false`, a string, or a complex
    /// `(re, im)` (two elements).
    fn parse_raw_element(&mut self, raw: &mut Vec<RawElement>) -> PResult<()> {
        if self.at(Tok::LParen) {
            return self.nested(|p| {
                p.advance()?;
                p.parse_raw_element(raw)?;
                p.parse_token(Tok::Comma, "expected ',' between complex elements")?;
                p.parse_raw_element(raw)?;
                p.parse_token(Tok::RParen, "expected ')' after complex elements")
            });
        }
        let neg = self.consume_if(Tok::Minus)?;
        let tok = match self.tok.kind {
            Tok::Integer => ElemTok::Int,
            Tok::Float => ElemTok::Float,
            _ if neg => {
                return Err(self.error_at(self.pos(), "expected integer or floating point literal"));
            }
            Tok::String => ElemTok::Str,
            _ if self.at_keyword("true") => ElemTok::True,
            _ if self.at_keyword("false") => ElemTok::False,
            _ => return Err(self.error_at(self.pos(), DENSE_ELEMENT)),
        };
        raw.push(RawElement {
            start: self.tok.start,
            end: self.tok.end,
            tok,
            neg,
        });
        self.advance()
    }

    /// Parses `[...]` nested lists of elements; returns the inferred shape.
    fn parse_dense_list(&mut self, raw: &mut Vec<RawElement>) -> PResult<Vec<i64>> {
        self.nested(|p| {
            p.expect(Tok::LSquare, "[")?;
            let mut inner: Option<Vec<i64>> = None;
            let mut count: i64 = 0;
            // Upstream's tensor literal parser says only "expected ']'" here.
            p.parse_comma_list_or(Tok::RSquare, "expected ']'", |p| {
                let shape = if p.at(Tok::LSquare) {
                    p.parse_dense_list(raw)?
                } else {
                    p.parse_raw_element(raw)?;
                    Vec::new()
                };
                match &inner {
                    // Upstream reports this at the token after the element.
                    Some(s) if *s != shape => {
                        return Err(p.error_at(
                            p.pos(),
                            "tensor literal is invalid; ranks are not consistent between elements",
                        ));
                    }
                    Some(_) => {}
                    None => inner = Some(shape),
                }
                count += 1;
                Ok(())
            })?;
            let mut shape = vec![count];
            shape.extend(inner.unwrap_or_default());
            Ok(shape)
        })
    }
}

/// The value of a decimal or `0x` integer token; `None` past 128 bits.
fn parse_magnitude(text: &str) -> Option<u128> {
    match text.strip_prefix("0x") {
        Some(hex) => u128::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// The bits of `±m` in `spec`'s width, or `None` where upstream's
/// `buildAttributeAPInt` finds it out of range: the magnitude must fit the width, a
/// negative value must keep its sign bit (so `-0` is refused, as upstream), and a
/// positive signed or `index` value must not set it.
pub(super) fn int_bits(m: u128, neg: bool, spec: IntSpec) -> Option<u128> {
    let w = spec.width;
    if w == 0 || truncate(m, w) != m {
        return None;
    }
    let sign = 1u128 << (w - 1);
    if neg {
        (m != 0 && m <= sign).then(|| truncate(m.wrapping_neg(), w))
    } else if spec.signedness == Signedness::Signed && m >= sign {
        None
    } else {
        Some(m)
    }
}
