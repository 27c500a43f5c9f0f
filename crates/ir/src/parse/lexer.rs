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
    /// The bytes of `text` up to the end of the lexed range: every read is
    /// bounded by this slice's length.
    src: &'a [u8],
    pos: usize,
    end: usize,
}

/// Byte classes, one bit each, looked up in [`CLASS`]: a token costs one load
/// per byte instead of a chain of comparisons.
const TRIVIA: u8 = 1;
/// `[a-zA-Z0-9$._]`: the rest of a bare identifier.
const BARE: u8 = 2;
/// [`BARE`] and `-`: the rest of a `%`, `^`, `#` or `!` name.
const SUFFIX: u8 = 4;
/// `[a-zA-Z_]`: what starts a bare identifier.
const IDENT_START: u8 = 8;
/// `"`, `\\`, line ends: where a string literal's plain run stops.
const STRING_STOP: u8 = 16;
/// `[a-zA-Z0-9?*_]`: what a shaped type cached by spelling may hold before `>`.
const SHAPED: u8 = 32;

const fn class_table() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut b = 0usize;
    while b < 256 {
        let c = b as u8;
        let mut k = 0;
        // NUL bytes are skipped as blanks, as upstream's lexer skips them.
        if c.is_ascii_whitespace() || c == 0 {
            k |= TRIVIA;
        }
        let alnum = c.is_ascii_alphanumeric();
        if alnum || matches!(c, b'$' | b'.' | b'_') {
            k |= BARE | SUFFIX;
        }
        if c == b'-' {
            k |= SUFFIX;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            k |= IDENT_START;
        }
        if matches!(c, b'"' | b'\\' | b'\n' | b'\r') {
            k |= STRING_STOP;
        }
        if alnum || matches!(c, b'?' | b'*' | b'_') {
            k |= SHAPED;
        }
        t[b] = k;
        b += 1;
    }
    t
}

static CLASS: [u8; 256] = class_table();

fn is(b: u8, class: u8) -> bool {
    CLASS[b as usize] & class != 0
}

fn offset(p: usize) -> u32 {
    u32::try_from(p).unwrap_or(u32::MAX)
}

impl<'a> Lexer<'a> {
    /// Lexes `src[start..end]`; offsets stay relative to the whole of `src`.
    pub fn new(text: &'a str, start: usize, end: usize) -> Self {
        let bytes = text.as_bytes();
        let end = end.min(bytes.len());
        Lexer {
            text,
            src: &bytes[..end],
            pos: start.min(end),
            end,
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
        self.src.get(self.pos).copied().unwrap_or(0)
    }

    fn peek_at(&self, n: usize) -> u8 {
        self.src.get(self.pos + n).copied().unwrap_or(0)
    }

    /// The offset of the first byte at or after `from` outside `class`.
    fn skip_class(&self, mut from: usize, class: u8) -> usize {
        while let Some(&b) = self.src.get(from)
            && is(b, class)
        {
            from += 1;
        }
        from
    }

    /// Skips blanks, NUL bytes and `//` comments.
    #[inline]
    pub fn skip_trivia(&mut self) {
        let mut p = self.pos;
        loop {
            p = self.skip_class(p, TRIVIA);
            if self.src.get(p) == Some(&b'/') && self.src.get(p + 1) == Some(&b'/') {
                let rest = self.src.get(p..).unwrap_or_default();
                p += memchr::memchr(b'\n', rest).unwrap_or(rest.len());
            } else {
                self.pos = p;
                return;
            }
        }
    }

    /// Lexes the next token.
    #[inline(always)]
    pub fn next_token(&mut self) -> Result<Token, LexError> {
        let mut t = Token {
            kind: Tok::Eof,
            start: 0,
            end: 0,
        };
        self.lex_into(&mut t).map(|()| t)
    }

    /// Lexes the next token into `t` (unchanged on an error). The fields are
    /// stored one by one from registers: a token built in memory and copied
    /// whole is read back in a load wider than the stores that made it, which
    /// stalls until they reach the cache, once per token.
    #[inline(always)]
    pub fn lex_into(&mut self, t: &mut Token) -> Result<(), LexError> {
        self.skip_trivia();
        let start = self.pos;
        let Some(&b) = self.src.get(start) else {
            t.kind = Tok::Eof;
            t.start = offset(start);
            t.end = offset(start);
            return Ok(());
        };
        self.pos = start + 1;
        let kind = match b {
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'{' => Tok::LBrace,
            b'}' => Tok::RBrace,
            b'[' => Tok::LSquare,
            b']' => Tok::RSquare,
            b'<' => Tok::Less,
            b'>' => Tok::Greater,
            b',' => Tok::Comma,
            b'=' => Tok::Equal,
            b'?' => Tok::Question,
            b'*' => Tok::Star,
            b'+' => Tok::Plus,
            b':' if self.peek() == b':' => {
                self.pos += 1;
                Tok::ColonColon
            }
            b':' => Tok::Colon,
            b'-' if self.peek() == b'>' => {
                self.pos += 1;
                Tok::Arrow
            }
            b'-' => Tok::Minus,
            b'%' => {
                self.lex_prefixed(start, "invalid SSA name")?;
                Tok::PercentIdent
            }
            b if is(b, IDENT_START) => {
                self.pos = self.skip_class(self.pos, BARE);
                Tok::BareIdent
            }
            _ => return self.next_token_rare(start, b, t),
        };
        t.kind = kind;
        t.start = offset(start);
        t.end = offset(self.pos);
        Ok(())
    }

    /// The tokens [`Lexer::lex_into`] leaves out of its inlined part, stored
    /// into `t` as it does (the helpers return the kind only, not a token built
    /// in memory).
    #[inline(never)]
    fn next_token_rare(&mut self, start: usize, b: u8, t: &mut Token) -> Result<(), LexError> {
        let kind = match b {
            b'.' if self.peek() == b'.' && self.peek_at(1) == b'.' => {
                self.pos += 2;
                Tok::Ellipsis
            }
            b'"' => {
                self.lex_string()?;
                Tok::String
            }
            b'^' => {
                self.lex_prefixed(start, "invalid block name")?;
                Tok::CaretIdent
            }
            b'#' => {
                self.lex_prefixed(start, "invalid attribute name")?;
                Tok::HashIdent
            }
            b'!' => {
                self.lex_prefixed(start, "invalid type identifier")?;
                Tok::BangIdent
            }
            b'@' => {
                if self.peek() == b'"' {
                    self.pos += 1;
                    self.lex_string()?;
                } else {
                    // As upstream, the name must start with a letter or `_`, and an
                    // error is reported at that first character.
                    if !is(self.peek(), IDENT_START) {
                        return Err(LexError {
                            pos: offset(self.pos),
                            message: "@ identifier expected to start with letter or '_'",
                        });
                    }
                    // Unlike SSA and block names, a symbol name takes no `-`.
                    self.pos = self.skip_class(self.pos, BARE);
                }
                Tok::AtIdent
            }
            b'0'..=b'9' => self.lex_number(start),
            _ => {
                return Err(LexError {
                    pos: offset(start),
                    message: "unexpected character",
                });
            }
        };
        t.kind = kind;
        t.start = offset(start);
        t.end = offset(self.pos);
        Ok(())
    }

    /// Lexes the name after a `%`, `^`, `#` or `!` at `start`.
    fn lex_prefixed(&mut self, start: usize, err: &'static str) -> Result<(), LexError> {
        let body = self.pos;
        let first = self.peek();
        if first.is_ascii_digit() {
            while self.peek().is_ascii_digit() {
                self.pos += 1;
            }
        } else if is(first, SUFFIX) {
            // A suffix starts with a letter or `$._-`, and digits follow: the
            // same class.
            self.pos = self.skip_class(self.pos, SUFFIX);
        }
        if self.pos == body {
            return Err(LexError {
                pos: offset(start),
                message: err,
            });
        }
        Ok(())
    }

    /// Lexes a number at `start`: its kind.
    fn lex_number(&mut self, start: usize) -> Tok {
        if self.src[start] == b'0' && self.peek() == b'x' && self.peek_at(1).is_ascii_hexdigit() {
            self.pos += 1;
            while self.peek().is_ascii_hexdigit() {
                self.pos += 1;
            }
            return Tok::Integer;
        }
        while self.peek().is_ascii_digit() {
            self.pos += 1;
        }
        if self.peek() != b'.' {
            return Tok::Integer;
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
        Tok::Float
    }

    /// Lexes a string literal after its opening quote.
    fn lex_string(&mut self) -> Result<(), LexError> {
        loop {
            // Plain bytes (NUL bytes included) up to a quote, escape or line end.
            self.pos = self.skip_plain_string(self.pos);
            match self.src.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(());
                }
                None | Some(b'\n' | b'\r') => break,
                _ => {
                    // A backslash.
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
            }
        }
        // Upstream reports where the string was cut off, not where it began.
        Err(LexError {
            pos: offset(self.pos),
            message: "expected '\"' in string literal",
        })
    }

    fn skip_plain_string(&self, mut from: usize) -> usize {
        while let Some(&b) = self.src.get(from)
            && !is(b, STRING_STOP)
        {
            from += 1;
        }
        from
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

/// `a == b` for the short strings the parser looks up by spelling (names,
/// types): eight bytes at a time, with no call to the C library's `memcmp`,
/// whose set-up costs more than such a comparison.
pub(crate) fn short_eq(a: &[u8], b: &[u8]) -> bool {
    fn word(s: &[u8], at: usize) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(&s[at..at + 8]);
        u64::from_ne_bytes(w)
    }
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    let mut at = 0;
    while at + 8 <= n {
        if word(a, at) != word(b, at) {
            return false;
        }
        at += 8;
    }
    // The last, overlapping, eight bytes.
    at == n || word(a, n - 8) == word(b, n - 8)
}

/// A spelling as a hash-map key compared with [`short_eq`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spelling<'a>(pub &'a str);

impl PartialEq for Spelling<'_> {
    fn eq(&self, other: &Self) -> bool {
        short_eq(self.0.as_bytes(), other.0.as_bytes())
    }
}

impl Eq for Spelling<'_> {}

impl std::hash::Hash for Spelling<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// Decodes the body of a string literal token (without quotes), borrowing when it has no escapes.
pub fn unescape_cow(raw: &str) -> std::borrow::Cow<'_, str> {
    // A byte loop: names are short, and `str::contains` sets up a memchr.
    if raw.bytes().any(|b| b == b'\\') {
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
        self.src.get(pos).copied()
    }

    /// The text of a `tensor<...>`, `vector<...>` or `memref<...>` type whose
    /// keyword spans `start..kw_end`, when its body holds only letters, digits,
    /// `?`, `*` and `_` up to the closing `>`: a spelling the parser may cache.
    pub fn simple_shaped_text(&self, start: usize, kw_end: usize) -> Option<&'a str> {
        let rest = self.src.get(kw_end..)?;
        if rest.first() != Some(&b'<') {
            return None;
        }
        let body = rest.get(1..)?;
        let n = body.iter().position(|&b| !is(b, SHAPED))?;
        (body[n] == b'>').then(|| self.slice(start, kw_end + n + 2))
    }

    /// A raw slice of the source.
    pub fn slice(&self, start: usize, end: usize) -> &'a str {
        self.text
            .get(start.min(self.end)..end.min(self.end))
            .unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::short_eq;

    #[test]
    fn short_eq_is_slice_equality() {
        let base: Vec<u8> = (0u8..40).map(|i| b'a' + i % 26).collect();
        for n in 0..base.len() {
            let a = &base[..n];
            assert!(short_eq(a, a), "{n}");
            assert!(!short_eq(a, &base[..n + 1]), "{n}");
            for at in 0..n {
                let mut b = a.to_vec();
                b[at] ^= 1;
                assert!(!short_eq(a, &b), "{n} {at}");
            }
        }
    }
}
