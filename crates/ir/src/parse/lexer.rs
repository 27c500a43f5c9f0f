//! The lexer: a cursor over bytes producing tokens that are offsets into the source.

/// Token kinds of MLIR's textual format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tok {
    /// End of the input range.
    Eof,
    /// `foo`, `foo.bar`, keywords.
    BareIdent,
    /// `%name`.
    PercentIdent,
    /// `^name`.
    CaretIdent,
    /// `#name`.
    HashIdent,
    /// `!name`.
    BangIdent,
    /// `@name` or `@"name"`.
    AtIdent,
    /// Decimal or hex integer.
    Integer,
    /// Float literal.
    Float,
    /// String literal.
    String,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `[`
    LSquare,
    /// `]`
    RSquare,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `::`
    ColonColon,
    /// `=`
    Equal,
    /// `?`
    Question,
    /// `*`
    Star,
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `->`
    Arrow,
    /// `...`
    Ellipsis,
}

/// A token: its kind and byte range in the buffer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Token {
    /// Kind.
    pub kind: Tok,
    /// Start offset.
    pub start: u32,
    /// End offset (exclusive).
    pub end: u32,
}

/// Dims as written: the digits (`None` for `?`) and their offset.
pub type RawDims<'a> = smallvec::SmallVec<[(Option<&'a str>, u32); 4]>;

/// A lexing error: where, and what upstream would say.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LexError {
    /// Offset of the problem.
    pub pos: u32,
    /// Message.
    pub message: &'static str,
}

/// A cursor over `src[..end]`.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    text: &'a str,
    src: &'a [u8],
    pos: usize,
    end: usize,
}

fn is_suffix_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_' | b'-')
}

fn is_bare_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'$' | b'.' | b'_')
}

fn offset(p: usize) -> u32 {
    u32::try_from(p).unwrap_or(u32::MAX)
}

impl<'a> Lexer<'a> {
    /// Lexes `src[start..end]`; offsets stay relative to the whole of `src`.
    pub fn new(text: &'a str, start: usize, end: usize) -> Self {
        let src = text.as_bytes();
        Lexer {
            text,
            src,
            pos: start,
            end: end.min(src.len()),
        }
    }

    /// The current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Moves the cursor (to re-lex from a token start).
    pub fn reset(&mut self, pos: usize) {
        self.pos = pos.min(self.end);
    }

    fn peek(&self) -> u8 {
        if self.pos < self.end {
            self.src[self.pos]
        } else {
            0
        }
    }

    fn peek_at(&self, n: usize) -> u8 {
        let p = self.pos + n;
        if p < self.end { self.src[p] } else { 0 }
    }

    /// Skips blanks, NUL bytes and `//` comments.
    pub fn skip_trivia(&mut self) {
        loop {
            // NUL bytes are skipped as blanks, as upstream's lexer skips them.
            while self.pos < self.end
                && (self.src[self.pos].is_ascii_whitespace() || self.src[self.pos] == 0)
            {
                self.pos += 1;
            }
            if self.peek() == b'/' && self.peek_at(1) == b'/' {
                while self.pos < self.end && self.src[self.pos] != b'\n' {
                    self.pos += 1;
                }
            } else {
                return;
            }
        }
    }

    fn tok(&self, kind: Tok, start: usize) -> Token {
        Token {
            kind,
            start: offset(start),
            end: offset(self.pos),
        }
    }

    /// Lexes the next token.
    pub fn next_token(&mut self) -> Result<Token, LexError> {
        self.skip_trivia();
        let start = self.pos;
        if self.pos >= self.end {
            return Ok(self.tok(Tok::Eof, start));
        }
        let b = self.src[self.pos];
        self.pos += 1;
        let punct = |l: &mut Self, k| Ok(l.tok(k, start));
        match b {
            b'(' => punct(self, Tok::LParen),
            b')' => punct(self, Tok::RParen),
            b'{' => punct(self, Tok::LBrace),
            b'}' => punct(self, Tok::RBrace),
            b'[' => punct(self, Tok::LSquare),
            b']' => punct(self, Tok::RSquare),
            b'<' => punct(self, Tok::Less),
            b'>' => punct(self, Tok::Greater),
            b',' => punct(self, Tok::Comma),
            b'=' => punct(self, Tok::Equal),
            b'?' => punct(self, Tok::Question),
            b'*' => punct(self, Tok::Star),
            b'+' => punct(self, Tok::Plus),
            b':' => {
                if self.peek() == b':' {
                    self.pos += 1;
                    return punct(self, Tok::ColonColon);
                }
                punct(self, Tok::Colon)
            }
            b'-' => {
                if self.peek() == b'>' {
                    self.pos += 1;
                    return punct(self, Tok::Arrow);
                }
                punct(self, Tok::Minus)
            }
            b'.' if self.peek() == b'.' && self.peek_at(1) == b'.' => {
                self.pos += 2;
                punct(self, Tok::Ellipsis)
            }
            b'"' => self.lex_string(start),
            b'%' => self.lex_prefixed(start, Tok::PercentIdent, "invalid SSA name"),
            b'^' => self.lex_prefixed(start, Tok::CaretIdent, "invalid block name"),
            b'#' => self.lex_prefixed(start, Tok::HashIdent, "invalid attribute name"),
            b'!' => self.lex_prefixed(start, Tok::BangIdent, "invalid type identifier"),
            b'@' => {
                if self.peek() == b'"' {
                    self.pos += 1;
                    self.lex_string(self.pos - 1)?;
                    return Ok(self.tok(Tok::AtIdent, start));
                }
                // As upstream, the name must start with a letter or `_`, and an
                // error is reported at that first character.
                let first = self.peek();
                if !first.is_ascii_alphabetic() && first != b'_' {
                    return Err(LexError {
                        pos: offset(self.pos),
                        message: "@ identifier expected to start with letter or '_'",
                    });
                }
                // Unlike SSA and block names, a symbol name takes no `-`.
                while self.pos < self.end && is_bare_char(self.src[self.pos]) {
                    self.pos += 1;
                }
                Ok(self.tok(Tok::AtIdent, start))
            }
            b'0'..=b'9' => self.lex_number(start),
            b if b.is_ascii_alphabetic() || b == b'_' => {
                while self.pos < self.end && is_bare_char(self.src[self.pos]) {
                    self.pos += 1;
                }
                Ok(self.tok(Tok::BareIdent, start))
            }
            _ => Err(LexError {
                pos: offset(start),
                message: "unexpected character",
            }),
        }
    }

    fn lex_prefixed(
        &mut self,
        start: usize,
        kind: Tok,
        err: &'static str,
    ) -> Result<Token, LexError> {
        let body = self.pos;
        let first = self.peek();
        if first.is_ascii_digit() {
            while self.peek().is_ascii_digit() {
                self.pos += 1;
            }
        } else if first.is_ascii_alphabetic() || matches!(first, b'$' | b'.' | b'_' | b'-') {
            while self.pos < self.end && is_suffix_char(self.src[self.pos]) {
                self.pos += 1;
            }
        }
        if self.pos == body {
            return Err(LexError {
                pos: offset(start),
                message: err,
            });
        }
        Ok(self.tok(kind, start))
    }

    fn lex_number(&mut self, start: usize) -> Result<Token, LexError> {
        if self.src[start] == b'0' && self.peek() == b'x' && self.peek_at(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek().is_ascii_hexdigit() {
                self.pos += 1;
            }
            return Ok(self.tok(Tok::Integer, start));
        }
        while self.peek().is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek() != b'.' {
            return Ok(self.tok(Tok::Integer, start));
        }
        self.pos += 1;
        while self.peek().is_ascii_digit() {
            self.pos += 1;
        }
        if matches!(self.peek(), b'e' | b'E') {
            let sign = usize::from(matches!(self.peek_at(1), b'+' | b'-'));
            if self.peek_at(1 + sign).is_ascii_digit() {
                self.pos += 1 + sign;
                while self.peek().is_ascii_digit() {
                    self.pos += 1;
                }
            }
        }
        Ok(self.tok(Tok::Float, start))
    }

    fn lex_string(&mut self, start: usize) -> Result<Token, LexError> {
        loop {
            match self.peek() {
                b'"' => {
                    self.pos += 1;
                    return Ok(self.tok(Tok::String, start));
                }
                0 if self.pos >= self.end => break,
                b'\n' | b'\r' => break,
                b'\\' => {
                    let e = self.peek_at(1);
                    if matches!(e, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 2;
                    } else if e.is_ascii_hexdigit() && self.peek_at(2).is_ascii_hexdigit() {
                        self.pos += 3;
                    } else {
                        return Err(LexError {
                            pos: offset(self.pos),
                            message: "unknown escape in string literal",
                        });
                    }
                }
                _ => self.pos += 1,
            }
        }
        // Upstream reports where the string was cut off, not where it began.
        Err(LexError {
            pos: offset(self.pos),
            message: "expected '\"' in string literal",
        })
    }

    /// Scans a dimension list `4x?x` (each dim followed by `x`) starting at the cursor.
    /// Returns the dims (`None` for `?`) and leaves the cursor after the last `x`.
    /// Stops before anything that is not a dim followed by `x`.
    pub fn scan_dims(&mut self) -> Result<RawDims<'a>, LexError> {
        let mut dims = smallvec::SmallVec::new();
        loop {
            self.skip_trivia();
            let start = self.pos;
            if self.peek() == b'?' {
                self.pos += 1;
            } else if self.peek().is_ascii_digit() {
                while self.peek().is_ascii_digit() {
                    self.pos += 1;
                }
            } else {
                return Ok(dims);
            }
            let text = self.text.get(start..self.pos).unwrap_or("");
            let digits_end = self.pos;
            self.skip_trivia();
            if self.peek() != b'x' {
                // Not a dim: the caller re-lexes from here (e.g. `tensor<4>` is an error there).
                self.pos = start;
                let _ = digits_end;
                return Ok(dims);
            }
            self.pos += 1;
            dims.push(((text != "?").then_some(text), offset(start)));
        }
    }

    /// The source slice of a token.
    pub fn text(&self, t: Token) -> &'a str {
        // Tokens start and end at ASCII bytes, so these are char boundaries.
        self.text
            .get(t.start as usize..t.end as usize)
            .unwrap_or("")
    }
}

/// Decodes the body of a string literal token (without quotes), borrowing when it has no escapes.
pub fn unescape_cow(raw: &str) -> std::borrow::Cow<'_, str> {
    if raw.contains('\\') {
        std::borrow::Cow::Owned(unescape(raw))
    } else {
        std::borrow::Cow::Borrowed(raw)
    }
}

/// Decodes the body of a string literal token (without quotes), applying escapes.
pub fn unescape(raw: &str) -> String {
    String::from_utf8_lossy(&unescape_bytes(raw)).into_owned()
}

/// Decodes the body of a string literal token into raw bytes (`\FF` is one byte).
pub fn unescape_bytes(raw: &str) -> Vec<u8> {
    unescape_raw(raw.as_bytes())
}

/// [`unescape_bytes`] of a body that may hold any bytes.
pub fn unescape_raw(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 1 < bytes.len() {
            match bytes[i + 1] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                _ => {
                    let hex =
                        std::str::from_utf8(&bytes[i + 1..(i + 3).min(bytes.len())]).unwrap_or("");
                    out.push(u8::from_str_radix(hex, 16).unwrap_or(0));
                    i += 3;
                    continue;
                }
            }
            i += 2;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

impl<'a> Lexer<'a> {
    /// The byte at an offset, if inside the lexed range.
    pub fn text_at(&self, pos: usize) -> Option<u8> {
        (pos < self.end).then(|| self.src[pos])
    }

    /// A raw slice of the source.
    pub fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text
            .get(start.min(self.end)..end.min(self.end))
            .unwrap_or("")
    }
}
