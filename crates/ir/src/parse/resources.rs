//! The file metadata section: `{-# dialect_resources: {...}, external_resources: {...} #-}`.

use super::{PResult, Parser, Tok};
use crate::resources::{ResourceGroup, ResourceValue, decode_blob};

impl<'a> Parser<'a> {
    /// True at `{-#`.
    pub(super) fn at_file_metadata(&self) -> bool {
        self.at(Tok::LBrace)
            && self
                .lex
                .slice(self.tok.start as usize, self.tok.start as usize + 3)
                == "{-#"
    }

    /// True at `#-}`.
    fn at_file_metadata_end(&self) -> bool {
        self.lex
            .slice(self.tok.start as usize, self.tok.start as usize + 3)
            == "#-}"
    }

    /// Parses `{-# key: {...}, ... #-}` (the current token opens it).
    pub(super) fn parse_file_metadata(&mut self) -> PResult<()> {
        self.lex.reset(self.tok.start as usize + 3);
        self.advance()?;
        let mut first = true;
        loop {
            if self.at_file_metadata_end() {
                self.lex.reset(self.tok.start as usize + 3);
                return self.advance();
            }
            if !first {
                self.parse_token(Tok::Comma, "expected ',' or '#-}'")?;
                if self.at_file_metadata_end() {
                    continue;
                }
            }
            first = false;
            let key_pos = self.pos();
            if !self.at(Tok::BareIdent) {
                return Err(self.error("expected identifier key in file metadata dictionary"));
            }
            let key = self.token_text();
            self.advance()?;
            self.parse_token(Tok::Colon, "expected ':'")?;
            match key {
                "dialect_resources" => self.parse_resource_groups(false)?,
                "external_resources" => self.parse_resource_groups(true)?,
                _ => {
                    return Err(self.error_at(
                        key_pos,
                        format!("unknown key '{key}' in file metadata dictionary"),
                    ));
                }
            }
        }
    }

    /// `{ name: { key: value, ... }, ... }`.
    fn parse_resource_groups(&mut self, external: bool) -> PResult<()> {
        self.parse_token(Tok::LBrace, "expected '{'")?;
        self.parse_comma_list(Tok::RBrace, "}", |p| {
            let name_pos = p.pos();
            if !p.at(Tok::BareIdent) {
                return Err(p.error("expected identifier key for 'resource' entry"));
            }
            let name = p.token_text();
            p.advance()?;
            p.parse_token(Tok::Colon, "expected ':'")?;
            p.parse_token(Tok::LBrace, "expected '{'")?;
            let builtin = !external && name == "builtin";
            if !external
                && !p.ctx.is_dialect_registered(name)
                && !crate::dialects::upstream::is_upstream_dialect(name)
            {
                return Err(p.error_at(name_pos, format!("dialect '{name}' is unknown")));
            }
            let mut group = ResourceGroup {
                name: name.into(),
                entries: Vec::new(),
            };
            p.parse_comma_list(Tok::RBrace, "}", |p| {
                let key = p.parse_resource_key()?;
                p.parse_token(Tok::Colon, "expected ':'")?;
                let value_pos = p.pos();
                let key_text = p.ctx.str(key).to_string();
                let text = p.token_text();
                let value = match p.tok.kind {
                    Tok::String if text.starts_with("\"0x") => {
                        let blob = decode_blob(&text[1..text.len() - 1], &key_text)
                            .map_err(|m| p.error_at(value_pos, m))?;
                        ResourceValue::Blob(blob)
                    }
                    Tok::BareIdent if text == "true" || text == "false" => {
                        ResourceValue::Bool(text == "true")
                    }
                    Tok::String => ResourceValue::String(
                        super::unescape_bytes(&text[1..text.len() - 1]).into(),
                    ),
                    _ => {
                        return Err(p.error_at(
                            value_pos,
                            format!("expected string value for key '{key_text}'"),
                        ));
                    }
                };
                p.advance()?;
                match (builtin, value) {
                    (true, ResourceValue::Blob(blob)) => p.ctx.set_resource_blob(key, blob),
                    (true, _) => {
                        return Err(p.error_at(
                            value_pos,
                            format!("expected hex string blob for key '{key_text}'"),
                        ));
                    }
                    (false, value) => group.entries.push((key_text.into(), value)),
                }
                Ok(())
            })?;
            if !builtin {
                p.ctx.add_resource_group(external, group);
            }
            Ok(())
        })
    }
}
