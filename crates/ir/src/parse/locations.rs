//! Location grammar: `loc(...)` with file, name, call-site, fused and alias forms.

use super::{PResult, Parser, Tok};
use crate::location::{LocKind, Location};

impl<'a> Parser<'a> {
    /// Parses `loc(...)`.
    pub fn parse_location(&mut self) -> PResult<Location> {
        self.parse_keyword("loc")?;
        self.parse_token(Tok::LParen, "expected '(' in location")?;
        let loc = self.nested(|p| p.parse_location_body())?;
        self.parse_token(Tok::RParen, "expected ')' in location")?;
        Ok(loc)
    }

    /// Parses a trailing `loc(...)` if present; `#alias` references that are defined later
    /// resolve at the end of the file (see `resolve_deferred_locations`).
    pub(crate) fn parse_optional_trailing_location(&mut self) -> PResult<Option<LocOrAlias<'a>>> {
        if !self.at_keyword("loc") {
            return Ok(None);
        }
        self.advance()?;
        self.parse_token(Tok::LParen, "expected '(' in location")?;
        if self.at(Tok::HashIdent) {
            let pos = self.pos();
            let name = &self.token_text()[1..];
            self.advance()?;
            self.parse_token(Tok::RParen, "expected ')' in location")?;
            return Ok(Some(match self.loc_aliases.get(name) {
                Some(&l) => {
                    self.use_alias(self.ctx.location_extent(l), pos)?;
                    LocOrAlias::Loc(l)
                }
                None => LocOrAlias::Alias(name, pos),
            }));
        }
        let loc = self.nested(|p| p.parse_location_body())?;
        self.parse_token(Tok::RParen, "expected ')' in location")?;
        Ok(Some(LocOrAlias::Loc(loc)))
    }

    fn parse_location_body(&mut self) -> PResult<Location> {
        match self.tok.kind {
            Tok::BareIdent if self.token_text() == "unknown" => {
                self.advance()?;
                Ok(Location::Unknown)
            }
            Tok::BareIdent if self.token_text() == "callsite" => {
                self.advance()?;
                self.parse_token(Tok::LParen, "expected '(' in callsite location")?;
                let callee = self.nested(|p| p.parse_location_body())?;
                if !self.parse_optional_keyword("at")? {
                    return Err(self.error("expected 'at' in callsite location"));
                }
                let caller = self.nested(|p| p.parse_location_body())?;
                self.parse_token(Tok::RParen, "expected ')' in callsite location")?;
                Ok(self.ctx.intern_loc(LocKind::CallSite { callee, caller }))
            }
            Tok::BareIdent if self.token_text() == "fused" => {
                self.advance()?;
                let metadata = if self.consume_if(Tok::Less)? {
                    let m = self.parse_attribute()?;
                    self.parse_token(Tok::Greater, "expected '>' after fused location metadata")?;
                    Some(m)
                } else {
                    None
                };
                self.parse_token(Tok::LSquare, "expected '[' in fused location")?;
                let mut locs = Vec::new();
                if !self.consume_if(Tok::RSquare)? {
                    loop {
                        locs.push(self.nested(|p| p.parse_location_body())?);
                        if !self.consume_if(Tok::Comma)? {
                            break;
                        }
                    }
                    self.parse_token(Tok::RSquare, "expected ']' in fused location")?;
                }
                Ok(self.ctx.fused_loc(&locs, metadata))
            }
            Tok::HashIdent => {
                // Upstream reports an undefined alias at the end of its name.
                let (pos, end) = (self.tok.start, self.tok.end);
                let name = &self.token_text()[1..];
                let loc = self.loc_aliases.get(name).copied().or_else(|| {
                    match self.ctx.attr_kind(*self.attr_aliases.get(name)?) {
                        crate::AttrKind::Location(l) => Some(*l),
                        _ => None,
                    }
                });
                if let Some(l) = loc {
                    self.use_alias(self.ctx.location_extent(l), pos)?;
                }
                self.advance()?;
                loc.ok_or_else(|| self.error_at(end, format!("undefined symbol alias id '{name}'")))
            }
            Tok::String => {
                let s = self.parse_string()?;
                let name = self.ctx.sym(&s);
                if self.consume_if(Tok::Colon)? {
                    return self.parse_file_range(name);
                }
                let child = if self.consume_if(Tok::LParen)? {
                    let c = self.nested(|p| p.parse_location_body())?;
                    self.parse_token(Tok::RParen, "expected ')' after child location of NameLoc")?;
                    Some(c)
                } else {
                    None
                };
                Ok(self.ctx.intern_loc(LocKind::Name { name, child }))
            }
            _ => Err(self.error("expected location instance")),
        }
    }

    /// After `"file":`: `line`, `line:col`, `line:col to :col` or
    /// `line:col to line:col`, as upstream's `parseNameOrFileLineColRange`.
    fn parse_file_range(&mut self, file: crate::Symbol) -> PResult<Location> {
        let line = self.parse_u32("expected integer line number in FileLineColRange")?;
        // The column is optional (`"file":3` is column 0), as upstream accepts.
        if !self.consume_if(Tok::Colon)? {
            return Ok(self
                .ctx
                .intern_loc(LocKind::FileLineCol { file, line, col: 0 }));
        }
        let col = self.parse_u32("expected integer column number in FileLineColRange")?;
        if !self.parse_optional_keyword("to")? {
            return Ok(self
                .ctx
                .intern_loc(LocKind::FileLineCol { file, line, col }));
        }
        let end_line = if self.at(Tok::Integer) {
            Some(self.parse_u32("expected integer line number in FileLineColRange")?)
        } else {
            None
        };
        if !self.consume_if(Tok::Colon)? {
            return Err(self.error("expected either integer or `:` post `to` in FileLineColRange"));
        }
        let end_col = self.parse_u32("expected integer column number in FileLineColRange")?;
        let end_line = end_line.unwrap_or(line);
        if end_line == line && end_col == col {
            return Ok(self
                .ctx
                .intern_loc(LocKind::FileLineCol { file, line, col }));
        }
        Ok(self.ctx.intern_loc(LocKind::FileRange {
            file,
            line,
            col,
            end_line,
            end_col,
        }))
    }

    /// A line or column: an integer token, hex too (`0x7F` is 127), as
    /// upstream's `getUnsignedIntegerValue`, which refuses more than 32 bits.
    fn parse_u32(&mut self, msg: &str) -> PResult<u32> {
        if !self.at(Tok::Integer) {
            return Err(self.error(msg));
        }
        let v = self
            .integer_token_u64()
            .and_then(|v| u32::try_from(v).ok())
            .ok_or_else(|| self.error(msg))?;
        self.advance()?;
        Ok(v)
    }
}

/// A trailing location, or a `#loc` alias to resolve once the whole file is read.
pub(crate) enum LocOrAlias<'a> {
    Loc(Location),
    Alias(&'a str, u32),
}
