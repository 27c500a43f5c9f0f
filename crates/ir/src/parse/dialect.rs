//! Dialect attributes and types (`#dialect.name<...>`, `!dialect<...>`), alias
//! uses and alias definitions (`#map = affine_map<...>`, `!t = tuple<...>`).
//!
//! A dialect the context cannot parse keeps its attributes and types as text
//! (upstream's `OpaqueAttr` and `OpaqueType`): the body is scanned for balanced
//! punctuation as upstream does, and the aliases it uses are resolved, so that the
//! printer writes the values they name. When the input names such a value with an
//! alias and the dialect is one upstream knows (whose printer would alias it), the
//! name is kept as a hint for the printer.

use super::types::UNREGISTERED_DIALECT_TAIL;
use super::{PResult, Parser, Tok};
use crate::attrs::{AttrKind, AttrOrType, OpaqueRef};
use crate::types::TypeKind;
use crate::{Attribute, Type};

/// A dialect symbol as written: namespace, symbol data, and where to report it.
struct DialectSymbol<'a> {
    dialect: &'a str,
    /// Upstream's symbol data: `x<1>` for `#d.x<1>`, `x<1>` for `#d<x<1>>`.
    data: &'a str,
    /// Offset of `data` in the source.
    data_start: u32,
    /// Where upstream reports problems with the symbol.
    pos: u32,
}

impl<'a> Parser<'a> {
    /// Parses `!alias` or a dialect type.
    pub(super) fn parse_dialect_type(&mut self) -> PResult<Type> {
        let text = &self.token_text()[1..];
        if let Some(&t) = self.type_aliases.get(text) {
            self.use_alias(self.ctx.type_extent(t), self.pos())?;
            self.advance()?;
            return Ok(t);
        }
        let sym = self.parse_dialect_symbol()?;
        let dialect = sym.dialect;
        if !self.accepts_unknown_symbols(dialect) {
            if self.ctx.is_dialect_registered(dialect) {
                return Err(self.error_at(
                    sym.pos,
                    format!("dialect '{dialect}' provides no type parsing hook"),
                ));
            }
            return Err(self.error_at(
                sym.pos,
                format!(
                    "`!\"{dialect}\"<\"{}\">` type {UNREGISTERED_DIALECT_TAIL}",
                    sym.data
                ),
            ));
        }
        let refs = self.resolve_refs(sym.data, sym.data_start);
        let dialect = self.ctx.sym(dialect);
        Ok(self.ctx.intern_type(TypeKind::Opaque {
            dialect,
            body: sym.data.into(),
            refs,
        }))
    }

    /// Parses `#alias` or a dialect attribute, with its optional `: type`.
    pub(super) fn parse_hash_attribute(&mut self) -> PResult<Attribute> {
        let text = &self.token_text()[1..];
        if let Some(&a) = self.attr_aliases.get(text) {
            self.use_alias(self.ctx.attr_extent(a), self.pos())?;
            self.advance()?;
            return Ok(a);
        }
        let sym = self.parse_dialect_symbol()?;
        let dialect = sym.dialect;
        // Upstream parses the optional type before it looks at the dialect.
        let ty = if self.consume_if(Tok::Colon)? {
            Some(self.parse_type()?)
        } else {
            None
        };
        if let Some(hook) = self.ctx.dialect_attr_hook(dialect) {
            let body = hook(sym.data).map_err(|m| self.error_at(sym.pos, m))?;
            let dialect = self.ctx.sym(dialect);
            let ty = ty.filter(|&t| !matches!(self.ctx.type_kind(t), TypeKind::None));
            return Ok(self.ctx.intern_attr(AttrKind::Opaque {
                dialect,
                body: body.into(),
                refs: Box::default(),
                ty,
            }));
        }
        if !self.accepts_unknown_symbols(dialect) {
            if self.ctx.is_dialect_registered(dialect) {
                return Err(self.error_at(
                    sym.pos,
                    format!("dialect '{dialect}' provides no attribute parsing hook"),
                ));
            }
            let shown = ty.map_or("none".to_string(), |t| self.ctx.ty(t).to_string());
            return Err(self.error_at(
                sym.pos,
                format!(
                    "#\"{dialect}\"<\"{}\"> : '{shown}' attribute {UNREGISTERED_DIALECT_TAIL}",
                    sym.data
                ),
            ));
        }
        let refs = self.resolve_refs(sym.data, sym.data_start);
        let dialect = self.ctx.sym(dialect);
        let ty = ty.filter(|&t| !matches!(self.ctx.type_kind(t), TypeKind::None));
        Ok(self.ctx.intern_attr(AttrKind::Opaque {
            dialect,
            body: sym.data.into(),
            refs,
            ty,
        }))
    }

    /// Whether a dialect's attributes and types may be kept as text: it is not
    /// registered and unregistered dialects are allowed, or it is an open dialect
    /// (like upstream's `test`, whose types we do not define).
    fn accepts_unknown_symbols(&self, dialect: &str) -> bool {
        if self.ctx.dialect_allows_unknown_ops(dialect) {
            return true;
        }
        !self.ctx.is_dialect_registered(dialect) && self.ctx.allows_unregistered()
    }

    /// Parses the dialect symbol at the current `#`/`!` token (upstream's
    /// `parseExtendedSymbol` once it is not an alias).
    fn parse_dialect_symbol(&mut self) -> PResult<DialectSymbol<'a>> {
        let pos = self.pos();
        let ident = &self.token_text()[1..];
        let end = self.tok.end as usize;
        let trailing = self.lex.text_at(end) == Some(b'<');
        let (dialect, rest) = ident.split_once('.').unwrap_or((ident, ""));
        let pretty = ident.contains('.');
        if !trailing && !pretty {
            let at = self.tok.end;
            return Err(self.error_at(at, format!("undefined symbol alias id '{ident}'")));
        }
        if !pretty {
            let body_end = self.scan_symbol_body(end)?;
            let data = self.lex.slice(end + 1, body_end - 1);
            return Ok(DialectSymbol {
                dialect,
                data,
                data_start: offset(end + 1),
                pos,
            });
        }
        let data_start = pos as usize + 2 + dialect.len();
        let data_end = if trailing {
            self.scan_symbol_body(end)?
        } else {
            self.advance()?;
            end
        };
        let _ = rest;
        Ok(DialectSymbol {
            dialect,
            data: self.lex.slice(data_start, data_end),
            data_start: offset(data_start),
            pos: offset(data_start),
        })
    }

    /// Consumes a balanced `<...>` starting at `start` as upstream's
    /// `parseDialectSymbolBody` does (`<[({` nest, `->` is not a closing `>`,
    /// strings are skipped whole); returns the offset just past it.
    fn scan_symbol_body(&mut self, start: usize) -> PResult<usize> {
        let mut stack: Vec<u8> = Vec::new();
        let mut i = start;
        let unbalanced = |p: &Self, c: u8| {
            p.error_at(
                offset(start),
                format!(
                    "unbalanced '{}' character in pretty dialect name",
                    c as char
                ),
            )
        };
        loop {
            let Some(c) = self.lex.text_at(i) else {
                return Err(match stack.last() {
                    Some(&c) => unbalanced(self, c),
                    None => self.error_at(
                        offset(start),
                        "unexpected nul or EOF in pretty dialect name",
                    ),
                });
            };
            i += 1;
            match c {
                b'<' | b'[' | b'(' | b'{' => stack.push(c),
                b'-' if self.lex.text_at(i) == Some(b'>') => i += 1,
                b'>' | b']' | b')' | b'}' => {
                    let open = match c {
                        b'>' => b'<',
                        b']' => b'[',
                        b')' => b'(',
                        _ => b'{',
                    };
                    match stack.last() {
                        Some(&top) if top == open => {
                            stack.pop();
                        }
                        Some(&top) => return Err(unbalanced(self, top)),
                        None => return Err(unbalanced(self, open)),
                    }
                }
                b'"' => {
                    self.lex.reset(i - 1);
                    let tok = self
                        .lex
                        .next_token()
                        .map_err(|e| self.error_at(e.pos, e.message))?;
                    i = tok.end as usize;
                }
                0 => {
                    return Err(match stack.last() {
                        Some(&c) => unbalanced(self, c),
                        None => self.error_at(
                            offset(start),
                            "unexpected nul or EOF in pretty dialect name",
                        ),
                    });
                }
                _ => {}
            }
            if stack.is_empty() {
                break;
            }
        }
        self.lex.reset(i);
        self.advance()?;
        Ok(i)
    }

    /// The aliases (`#name`, `!name`) a symbol body uses, outside strings.
    fn resolve_refs(&mut self, data: &str, data_start: u32) -> Box<[OpaqueRef]> {
        let b = data.as_bytes();
        let mut refs = Vec::new();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                    i += 1;
                }
                c @ (b'#' | b'!') => {
                    let start = i;
                    i += 1;
                    while i < b.len()
                        && (b[i].is_ascii_alphanumeric()
                            || matches!(b[i], b'$' | b'.' | b'_' | b'-'))
                    {
                        i += 1;
                    }
                    let name = &data[start + 1..i];
                    if name.is_empty() || name.contains('.') {
                        continue;
                    }
                    let target = if c == b'!' {
                        self.type_aliases.get(name).map(|&t| AttrOrType::Type(t))
                    } else {
                        self.attr_aliases.get(name).map(|&a| AttrOrType::Attr(a))
                    };
                    if let Some(target) = target {
                        refs.push(OpaqueRef {
                            start: offset(start),
                            end: offset(i),
                            target,
                        });
                    }
                }
                _ => i += 1,
            }
        }
        let _ = data_start;
        refs.into()
    }

    /// Parses `#alias = attr` or `!alias = type` at top level.
    pub(crate) fn parse_alias_definition(&mut self) -> PResult<()> {
        let pos = self.pos();
        let is_type = self.at(Tok::BangIdent);
        let name = &self.token_text()[1..];
        if name.contains('.') {
            return Err(self.error_at(
                pos,
                "expected attribute or type alias name without a dialect prefix",
            ));
        }
        self.advance()?;
        self.expect(Tok::Equal, "=")?;
        if is_type {
            let t = self.parse_type()?;
            if self.type_aliases.insert(name, t).is_some() {
                return Err(self.error_at(pos, format!("redefinition of type alias id '{name}'")));
            }
            if let TypeKind::Opaque { dialect, .. } = self.ctx.type_kind(t)
                && crate::dialects::upstream::is_upstream_dialect(self.ctx.str(*dialect))
            {
                self.ctx.set_alias_hint(AttrOrType::Type(t), name);
            }
            return Ok(());
        }
        let a = if self.at_keyword("loc") {
            let loc = self.parse_location()?;
            self.loc_aliases.insert(name, loc);
            self.ctx.location_attr(loc)
        } else {
            self.parse_attribute()?
        };
        if self.attr_aliases.insert(name, a).is_some() {
            return Err(self.error_at(pos, format!("redefinition of attribute alias id '{name}'")));
        }
        if let AttrKind::Opaque { dialect, .. } = self.ctx.attr_kind(a)
            && crate::dialects::upstream::is_upstream_dialect(self.ctx.str(*dialect))
        {
            self.ctx.set_alias_hint(AttrOrType::Attr(a), name);
        }
        Ok(())
    }
}

fn offset(p: usize) -> u32 {
    u32::try_from(p).unwrap_or(u32::MAX)
}
