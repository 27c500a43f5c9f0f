//! The parser for MLIR's textual format, split by concept: this file holds the
//! cursor and the helpers custom op parsers use; `types`, `attrs`, `locations`
//! and `ops` hold the grammar.

mod affine;
mod attrs;
mod builtin_attrs;
mod dense;
mod dialect;
mod index;
mod lexer;
mod locations;
mod names;
mod ops;
mod resources;
mod types;
mod wide_int;

pub use index::{Name, NameKind, OpSpan, SourceIndex};
pub use lexer::{Lexer, Tok, Token, unescape, unescape_bytes, unescape_cow, unescape_raw};
pub use ops::{BlockArgDecl, UnresolvedOperand};

use crate::diag::{Diagnostic, codes, suggest};
use crate::location::Location;
use crate::module::Module;
use crate::{Attribute, Context, Type};
use names::{NameTable, Scope};
use rustc_hash::FxHashMap;
use std::ops::Range;

/// A parse failure: one located diagnostic (parsing stops at the first error, as upstream).
pub type PResult<T> = Result<T, Box<Diagnostic>>;

/// How deep types, attributes, locations and regions may nest before the parser
/// gives up instead of exhausting the stack. Levels reached through aliases count:
/// `!t1 = tuple<!t0>` is one level deeper than `!t0`, whatever the text's nesting.
pub const MAX_NESTING: u32 = 256;

/// How many nodes (see [`crate::Extent`]) the aliases used in an input may expand
/// to in all, besides [`ALIAS_EXPANSION_PER_BYTE`] per byte of input. Uniquing keeps
/// `!t40 = tuple<!t39, !t39>` small in memory, but printing it (as upstream, which
/// prints types and attributes in full) would write 2^40 leaves; past this budget
/// the parser reports the alias use instead. Ordinary use of aliases stays far
/// below it.
pub const ALIAS_EXPANSION_BASE: u64 = 1 << 24;

/// The expansion budget's allowance per byte of input (see [`ALIAS_EXPANSION_BASE`]).
pub const ALIAS_EXPANSION_PER_BYTE: u64 = 16;

/// Stack left below which a nesting level first grows the stack.
const STACK_RED_ZONE: usize = 128 * 1024;
/// Size of each stack segment the parser adds.
const STACK_GROWTH: usize = 2 * 1024 * 1024;

/// Parses `ctx.source(buffer)[range]` into a module; top-level ops other than a
/// single `builtin.module` are wrapped in one, as upstream does.
pub fn parse_source(
    ctx: &mut Context,
    buffer: u32,
    range: Range<usize>,
) -> Result<Module, Box<Diagnostic>> {
    // Shares the buffer's text instead of copying it: inputs can be tens of megabytes.
    let text = match ctx.source(buffer) {
        Some(b) => b.shared_text(),
        None => {
            return Err(Box::new(Diagnostic::error(
                Location::Unknown,
                "no such source buffer",
            )));
        }
    };
    ctx.clear_resource_groups();
    let mut module = Module::new();
    module.reserve_for_source(range.len());
    let mut parser = Parser::new(ctx, &mut module, &text, buffer, range)?;
    parser.parse_top_level()?;
    Ok(module)
}

/// Parses `ctx.source(buffer)[range]` as one attribute and nothing after it, such as
/// `dense<[1, 2]> : tensor<2xi32>`: for tools that take attribute values on their
/// command line (`tensor-run --arg`). Errors are located in that buffer.
pub fn parse_attribute_source(
    ctx: &mut Context,
    buffer: u32,
    range: Range<usize>,
) -> PResult<Attribute> {
    let text = match ctx.source(buffer) {
        Some(b) => b.shared_text(),
        None => {
            return Err(Box::new(Diagnostic::error(
                Location::Unknown,
                "no such source buffer",
            )));
        }
    };
    let mut module = Module::new();
    let mut parser = Parser::new(ctx, &mut module, &text, buffer, range)?;
    let attr = parser.parse_attribute()?;
    if !parser.at(Tok::Eof) {
        return Err(parser.error_at(parser.pos(), "expected the end of the attribute"));
    }
    Ok(attr)
}

/// What [`parse_source_indexed`] read: the module, where its names were written, and
/// the syntax error that stopped it, if any.
pub struct IndexedSource {
    /// The module; after an error, the ops parsed before it (not verifiable, but their
    /// values have types).
    pub module: Module,
    /// Names and ops by position.
    pub index: SourceIndex,
    /// The syntax error, as [`parse_source`] reports it.
    pub error: Option<Box<Diagnostic>>,
}

/// [`parse_source`] that also records a [`SourceIndex`], and keeps what it parsed
/// before a syntax error. For editor servers; compilers use [`parse_source`], which
/// records nothing.
pub fn parse_source_indexed(ctx: &mut Context, buffer: u32, range: Range<usize>) -> IndexedSource {
    let mut module = Module::new();
    let text = match ctx.source(buffer) {
        Some(b) => b.shared_text(),
        None => {
            return IndexedSource {
                module,
                index: SourceIndex::default(),
                error: Some(Box::new(Diagnostic::error(
                    Location::Unknown,
                    "no such source buffer",
                ))),
            };
        }
    };
    ctx.clear_resource_groups();
    module.reserve_for_source(range.len());
    let mut index = Box::default();
    let error = match Parser::new(ctx, &mut module, &text, buffer, range) {
        Ok(mut parser) => {
            parser.index = Some(index);
            let r = parser.parse_top_level();
            index = parser.index.take().unwrap_or_default();
            r.err()
        }
        Err(e) => Some(e),
    };
    index.finish();
    IndexedSource {
        module,
        index: *index,
        error,
    }
}

/// The parser state. Custom op parsers (see [`crate::registry::ParseFn`]) call its
/// `parse_*` methods; the fields `ctx` and `module` give access to the IR being built.
pub struct Parser<'a> {
    /// The context, for interning.
    pub ctx: &'a mut Context,
    /// The module being built.
    pub module: &'a mut Module,
    lex: Lexer<'a>,
    tok: Token,
    src: &'a str,
    range: Range<usize>,
    buffer: u32,
    depth: u32,
    scopes: Vec<Scope<'a>>,
    values: NameTable<'a>,
    /// Whether each scope (by id) is still open; names of closed scopes are dead.
    scope_live: Vec<bool>,
    type_aliases: FxHashMap<&'a str, Type>,
    /// Shaped types by exact spelling: programs repeat a few types many times.
    type_cache: FxHashMap<lexer::Spelling<'a>, Type>,
    /// The last generic op's quoted name and its symbol: ops of one name come
    /// in runs, and interning hashes the name.
    last_op_name: Option<(&'a str, crate::Symbol)>,
    attr_aliases: FxHashMap<&'a str, Attribute>,
    /// `distinct[N]<...>` attributes by their `N` in this text.
    distinct: FxHashMap<u64, Attribute>,
    loc_aliases: FxHashMap<&'a str, Location>,
    /// Ops whose `loc(#alias)` names an alias defined later: the op, the name,
    /// where it was used and the nesting depth there.
    deferred_locs: Vec<(crate::module::OpId, &'a str, u32, u32)>,
    /// Ops and block arguments a custom parser made that take the location of the
    /// op it is parsing, once that op's trailing location is known
    /// ([`Parser::inherit_op_location`]).
    inheriting: Vec<Inheritor>,
    /// Each parsed op with the ops and arguments that take its location, applied
    /// when the deferred locations are resolved.
    location_heirs: Vec<(crate::module::OpId, Vec<Inheritor>)>,
    default_dialects: Vec<&'static str>,
    /// Nodes the alias uses so far expand to, and the budget for this input.
    expanded: u64,
    expansion_limit: u64,
    /// Where names were written, when asked for ([`parse_source_indexed`]).
    index: Option<Box<SourceIndex>>,
}

/// An op or a block argument that takes the location of the op being parsed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Inheritor {
    Op(crate::module::OpId),
    Arg(crate::module::Value),
}

impl<'a> Parser<'a> {
    fn new(
        ctx: &'a mut Context,
        module: &'a mut Module,
        src: &'a str,
        buffer: u32,
        range: Range<usize>,
    ) -> PResult<Self> {
        let mut lex = Lexer::new(src, range.start, range.end);
        let first = lex.next_token();
        let mut p = Parser {
            ctx,
            module,
            lex,
            tok: Token {
                kind: Tok::Eof,
                start: 0,
                end: 0,
            },
            src,
            range: range.clone(),
            buffer,
            depth: 0,
            scopes: Vec::new(),
            scope_live: Vec::new(),
            values: NameTable::for_text(range.len()),
            type_aliases: FxHashMap::default(),
            type_cache: FxHashMap::default(),
            last_op_name: None,
            attr_aliases: FxHashMap::default(),
            distinct: FxHashMap::default(),
            loc_aliases: FxHashMap::default(),
            deferred_locs: Vec::new(),
            inheriting: Vec::new(),
            location_heirs: Vec::new(),
            default_dialects: vec!["builtin"],
            expanded: 0,
            expansion_limit: ALIAS_EXPANSION_BASE.saturating_add(
                ALIAS_EXPANSION_PER_BYTE
                    .saturating_mul(u64::try_from(range.len()).unwrap_or(u64::MAX)),
            ),
            index: None,
        };
        p.tok = first.map_err(|e| p.error_at(e.pos, e.message))?;
        Ok(p)
    }

    /// The current token.
    pub fn token(&self) -> Token {
        self.tok
    }

    /// The current token's text.
    pub fn token_text(&self) -> &'a str {
        self.lex.text(self.tok)
    }

    /// The value of the current integer token, decimal or `0x` hex, as upstream's
    /// `Token::getUInt64IntegerValue`; `None` when it does not fit in 64 bits.
    pub fn integer_token_u64(&self) -> Option<u64> {
        let text = self.token_text();
        match text.strip_prefix("0x") {
            Some(hex) => u64::from_str_radix(hex, 16).ok(),
            None => text.parse::<u64>().ok(),
        }
    }

    /// The offset of the current token.
    pub fn pos(&self) -> u32 {
        self.tok.start
    }

    /// A location for an offset in the text being parsed.
    pub fn location(&self, pos: u32) -> Location {
        Location::Source {
            buffer: self.buffer,
            offset: pos,
        }
    }

    /// An error at an offset.
    pub fn error_at(&self, pos: u32, message: impl Into<String>) -> Box<Diagnostic> {
        Box::new(Diagnostic::error(self.location(pos), message))
    }

    /// An error saying the current token is not what was expected. As upstream's
    /// `emitWrongTokenError`, it is placed right after the previous token (skipping back
    /// over blanks, line ends and `//` comments), so that a missing `>` at the end of a
    /// line is reported on that line rather than at whatever comes next.
    pub fn error(&self, message: impl Into<String>) -> Box<Diagnostic> {
        self.error_at(self.wrong_token_pos(self.tok.start), message)
    }

    /// Where upstream reports a wrong token found at `pos`.
    pub fn wrong_token_pos(&self, pos: u32) -> u32 {
        let begin = self.range.start;
        let mut end = (pos as usize).min(self.range.end);
        // At the end of the input, start from its last character.
        if end >= self.range.end && end > begin {
            end -= 1;
        }
        let original = end;
        let end = self.skip_back_trivia(end).unwrap_or(original);
        u32::try_from(end).unwrap_or(pos)
    }

    /// The end of the text before `pos`, skipping back over blanks, line ends and `//`
    /// comments; `None` if only those come before it.
    fn skip_back_trivia(&self, mut end: usize) -> Option<usize> {
        let b = self.src.as_bytes();
        let begin = self.range.start;
        loop {
            while end > begin && matches!(b[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == begin {
                return None;
            }
            if !matches!(b[end - 1], b'\n' | b'\r') {
                return Some(end);
            }
            end -= 1;
            let line_start = b[begin..end]
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .map_or(begin, |i| begin + i);
            if let Some(c) = b[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + c;
            }
        }
    }

    /// Moves to the next token. Out of line with the lexer inlined in it, so the
    /// token goes straight from registers into `self.tok` ([`Lexer::lex_into`]).
    #[inline(never)]
    pub fn advance(&mut self) -> PResult<()> {
        match self.lex.lex_into(&mut self.tok) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.error_at(e.pos, e.message)),
        }
    }

    /// True if the current token is `kind`.
    pub fn at(&self, kind: Tok) -> bool {
        self.tok.kind == kind
    }

    /// Consumes the current token if it is `kind`.
    pub fn consume_if(&mut self, kind: Tok) -> PResult<bool> {
        if self.tok.kind == kind {
            self.advance()?;
            Ok(true)
        } else {
            Ok(false)
        }
    }

    /// Consumes a token of `kind` or fails with `expected '<what>'`.
    pub fn expect(&mut self, kind: Tok, what: &str) -> PResult<()> {
        if self.tok.kind != kind {
            return Err(self.error(format!("expected '{what}'")));
        }
        self.advance()
    }

    /// Consumes a token of `kind` or fails with `message` (upstream's `parseToken`).
    pub fn parse_token(&mut self, kind: Tok, message: &str) -> PResult<()> {
        if self.tok.kind != kind {
            return Err(self.error(message));
        }
        self.advance()
    }

    /// True if the current token is the bare keyword `kw`.
    pub fn at_keyword(&self, kw: &str) -> bool {
        self.tok.kind == Tok::BareIdent && self.token_text() == kw
    }

    /// Consumes the keyword `kw` if present.
    pub fn parse_optional_keyword(&mut self, kw: &str) -> PResult<bool> {
        if self.at_keyword(kw) {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Consumes the keyword `kw` or fails.
    pub fn parse_keyword(&mut self, kw: &str) -> PResult<()> {
        if !self.parse_optional_keyword(kw)? {
            let d = (*self.error(format!("expected '{kw}'"))).with_code(codes::EXPECTED_KEYWORD);
            return Err(Box::new(self.found_keyword_hint(d, [kw])));
        }
        Ok(())
    }

    /// `d` with a "did you mean" hint at the current token when it is a bare word close
    /// to one of `keywords` (a misspelled keyword rather than something else).
    pub fn found_keyword_hint<'k>(
        &self,
        d: Diagnostic,
        keywords: impl IntoIterator<Item = &'k str>,
    ) -> Diagnostic {
        if !self.at(Tok::BareIdent) {
            return d;
        }
        self.keyword_hint(d, self.token_text(), keywords, self.pos())
    }

    /// `d` with a hint at `pos` naming the one of `candidates` closest to `word`, if
    /// one is close.
    pub fn keyword_hint<'k, S: AsRef<str> + ?Sized + 'k>(
        &self,
        d: Diagnostic,
        word: &str,
        candidates: impl IntoIterator<Item = &'k S>,
        pos: u32,
    ) -> Diagnostic {
        match suggest::best_match(word, candidates.into_iter().map(AsRef::as_ref)) {
            Some(best) => d.with_hint(self.location(pos), suggest::did_you_mean(best)),
            None => d,
        }
    }

    /// Parses a comma-separated list until `close`, which is consumed.
    pub fn parse_comma_list(
        &mut self,
        close: Tok,
        close_text: &str,
        item: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        self.comma_list(
            close,
            item,
            |close_text| format!("expected ',' or '{close_text}'"),
            close_text,
        )
    }

    /// Like [`Parser::parse_comma_list`], with the message for a missing separator or close.
    pub fn parse_comma_list_or(
        &mut self,
        close: Tok,
        missing: &str,
        item: impl FnMut(&mut Self) -> PResult<()>,
    ) -> PResult<()> {
        self.comma_list(close, item, str::to_owned, missing)
    }

    /// The list loop; the error message is made only when there is an error (lists
    /// are parsed for every op).
    fn comma_list(
        &mut self,
        close: Tok,
        mut item: impl FnMut(&mut Self) -> PResult<()>,
        message: impl FnOnce(&str) -> String,
        text: &str,
    ) -> PResult<()> {
        if self.consume_if(close)? {
            return Ok(());
        }
        loop {
            item(self)?;
            if self.consume_if(close)? {
                return Ok(());
            }
            if !self.consume_if(Tok::Comma)? {
                return Err(self.error(message(text)));
            }
        }
    }

    /// Enters one nesting level, failing past [`MAX_NESTING`].
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_at(
                self.pos(),
                format!("nesting deeper than {MAX_NESTING} levels"),
            ));
        }
        Ok(())
    }

    /// Accounts for a use, at `pos`, of an alias whose value has `extent`: the value
    /// nests inside what is being parsed, and is written out in full wherever it
    /// is printed.
    pub(crate) fn use_alias(&mut self, extent: crate::Extent, pos: u32) -> PResult<()> {
        if self.depth.saturating_add(extent.depth) > MAX_NESTING {
            return Err(self.error_at(
                pos,
                format!("nesting deeper than {MAX_NESTING} levels (through aliases)"),
            ));
        }
        self.expanded = self.expanded.saturating_add(extent.size);
        if self.expanded > self.expansion_limit {
            return Err(self.error_at(
                pos,
                format!(
                    "aliases expand to more than {} nodes, the limit for this input",
                    self.expansion_limit
                ),
            ));
        }
        Ok(())
    }

    /// Leaves a nesting level.
    pub(crate) fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Runs `f` one nesting level deeper.
    pub(crate) fn nested<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.enter()?;
        // Up to MAX_NESTING levels of custom parsers can be deeper than the caller's
        // stack (a test thread has 2 MiB): grow it rather than overflow.
        let r = stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || f(self));
        self.leave();
        r
    }

    /// Turns a refused edit into an error at the current token. The parser only
    /// attaches fresh ops and blocks, so this reports a parser bug, never bad input.
    pub fn attach(&self, r: Result<(), crate::module::EditError>) -> PResult<()> {
        r.map_err(|e| self.error_at(self.pos(), format!("internal error: {e}")))
    }

    /// Parses `@name` and returns the name.
    pub fn parse_symbol_name(&mut self) -> PResult<crate::Symbol> {
        if !self.at(Tok::AtIdent) {
            return Err(self.error("expected valid '@'-identifier for symbol name"));
        }
        let name = symbol_text(self.token_text());
        let sym = self.ctx.sym(&name);
        if self.index.is_some() {
            let range = self.tok.start..self.tok.end;
            let path = smallvec::smallvec![sym];
            self.index_name(range, NameKind::Symbol { path });
        }
        self.advance()?;
        Ok(sym)
    }
}

/// Sorts properties by name, as the generic parser leaves them.
pub fn sort_props(ctx: &Context, props: &mut [crate::attrs::NamedAttr]) {
    props.sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
}

/// The name in an `@name` / `@"name"` token.
pub(crate) fn symbol_text(tok: &str) -> String {
    let body = &tok[1..];
    if body.starts_with('"') && body.len() >= 2 {
        unescape(&body[1..body.len() - 1])
    } else {
        body.to_string()
    }
}
