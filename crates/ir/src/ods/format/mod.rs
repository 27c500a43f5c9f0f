//! Declarative assembly formats, a subset of upstream's (`mlir/docs/DefiningDialects/
//! Operations.md#declarative-assembly-format`). A format string is compiled once per
//! op, when its dialect is registered, and drives both the parser and the printer.
//!
//! | element | meaning |
//! | --- | --- |
//! | `` `kw` `` | a keyword or punctuation literal |
//! | `$x` | operand group `x` (one, optional or a comma list), or inherent attribute `x` in its format syntax |
//! | `operands` | every operand, as a comma list |
//! | `attr-dict`, `attr-dict-with-keyword` | the remaining attributes; inherent ones written there become properties |
//! | `type($x)`, `type(operands)`, `type(results)` | types of a group, of all operands, of all results |
//! | `functional-type(operands, results)` | `(operand types) -> result types` |
//! | `custom<Name>` | a [`CustomDirective`] of the op |
//! | `(... $x^ ...)?` | present when its anchor `$x` is (an optional operand, a set attribute); when parsing, a group starting with a literal or an operand is present when that comes next, one starting with an attribute when the literal after the group does not |
//! | `(...):(...)?` | the second group when the anchor is absent |
//!
//! Results not typed by the format come from the op's `infer` hook.

mod parse;
mod print;
mod same_types;

pub use parse::FormatParse;
pub(crate) use parse::parse_with_format;
pub(crate) use print::{print_with_format, printable};
pub use same_types::SAME_OPERANDS_AND_RESULT_TYPE;

use crate::module::OpId;
use crate::ods::GroupKind;
use crate::parse::PResult;
use crate::print::OpPrinter;
use crate::registry::OpDef;
use std::fmt;

/// A piece of syntax a format names with `custom<Name>`, for what the declarative
/// elements cannot say.
#[derive(Debug)]
pub struct CustomDirective {
    /// The name in `custom<Name>`.
    pub name: &'static str,
    /// Parses it, with the state of the op parsed so far.
    pub parse: for<'p, 'a> fn(&mut FormatParse<'p, 'a>) -> PResult<()>,
    /// Prints it (after a separating space, which the format printer writes).
    pub print: fn(&mut OpPrinter<'_>, OpId) -> fmt::Result,
}

/// What `type(...)` and `functional-type(...)` name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TypeArg {
    Operands,
    Results,
    Operand(usize),
    Result(usize),
}

/// What makes an optional group present.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Anchor {
    Operand(usize),
    Attr(usize),
}

/// One compiled element of a format.
#[derive(Clone, Debug)]
pub(crate) enum Elem {
    Literal(&'static str),
    Operand(usize),
    Attr(usize),
    AttrDict {
        keyword: bool,
    },
    Operands,
    Type(TypeArg),
    FunctionalType,
    Custom(&'static CustomDirective),
    Optional {
        anchor: Anchor,
        then: Vec<Elem>,
        otherwise: Vec<Elem>,
    },
}

/// A compiled format.
#[derive(Clone, Debug)]
pub struct Format {
    pub(crate) elems: Vec<Elem>,
}

/// Compiles `text`, the format of `def`, resolving names against its operand groups,
/// result groups and attributes.
///
/// # Errors
/// A message naming what is wrong: unknown names and directives, unbalanced groups,
/// an optional group without exactly one anchor.
pub fn compile(
    def: &'static OpDef,
    text: &'static str,
    directives: &'static [CustomDirective],
) -> Result<Format, String> {
    let mut c = Compiler {
        def,
        text,
        pos: 0,
        directives,
    };
    let elems = c.elements(None)?;
    c.skip_ws();
    if c.pos < text.len() {
        return Err(format!("unexpected '{}'", &text[c.pos..]));
    }
    Ok(Format { elems })
}

struct Compiler {
    def: &'static OpDef,
    text: &'static str,
    pos: usize,
    directives: &'static [CustomDirective],
}

impl Compiler {
    fn skip_ws(&mut self) {
        while self.text[self.pos..].starts_with(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(s) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }

    fn ident(&mut self) -> Result<&'static str, String> {
        self.skip_ws();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        if len == 0 {
            return Err(format!("expected a name at '{rest}'"));
        }
        self.pos += len;
        Ok(&rest[..len])
    }

    /// Elements until `close` (`)` of a group) or the end; an anchor `^` inside a
    /// group is reported through `anchor`.
    fn elements(&mut self, mut anchor: Option<&mut Option<Anchor>>) -> Result<Vec<Elem>, String> {
        let mut elems = Vec::new();
        loop {
            self.skip_ws();
            let rest = &self.text[self.pos..];
            if rest.is_empty() || rest.starts_with(')') {
                return Ok(elems);
            }
            let elem = self.element()?;
            if self.eat("^") {
                let a = match elem {
                    Elem::Operand(g)
                        if matches!(
                            self.def.operands.and_then(|gs| gs.get(g)).map(|g| g.kind),
                            Some(GroupKind::Optional | GroupKind::Variadic)
                        ) =>
                    {
                        Anchor::Operand(g)
                    }
                    Elem::Attr(a) if self.def.attributes.get(a).is_some_and(|a| a.optional) => {
                        Anchor::Attr(a)
                    }
                    _ => return Err("an anchor must be an optional or variadic operand, or an optional attribute".into()),
                };
                match anchor.as_deref_mut() {
                    Some(slot @ None) => *slot = Some(a),
                    Some(Some(_)) => return Err("a group has one anchor".into()),
                    None => return Err("an anchor outside an optional group".into()),
                }
            }
            elems.push(elem);
        }
    }

    fn element(&mut self) -> Result<Elem, String> {
        self.skip_ws();
        let rest = &self.text[self.pos..];
        if let Some(body) = rest.strip_prefix('`') {
            let end = body.find('`').ok_or("unterminated literal")?;
            self.pos += end + 2;
            return Ok(Elem::Literal(&body[..end]));
        }
        if rest.starts_with('$') {
            self.pos += 1;
            let name = self.ident()?;
            return self.variable(name, false);
        }
        if self.eat("(") {
            let mut anchor = None;
            let then = self.elements(Some(&mut anchor))?;
            if !self.eat(")") {
                return Err("expected ')' to close an optional group".into());
            }
            let mut otherwise = Vec::new();
            if self.eat(":") {
                if !self.eat("(") {
                    return Err("expected '(' after ':' of an optional group".into());
                }
                otherwise = self.elements(None)?;
                if !self.eat(")") {
                    return Err("expected ')' to close an else group".into());
                }
            }
            if !self.eat("?") {
                return Err("expected '?' after an optional group".into());
            }
            let anchor = anchor.ok_or("an optional group needs an anchor '^'")?;
            return Ok(Elem::Optional {
                anchor,
                then,
                otherwise,
            });
        }
        let word = self.ident()?;
        match word {
            "attr-dict" => Ok(Elem::AttrDict { keyword: false }),
            "attr-dict-with-keyword" => Ok(Elem::AttrDict { keyword: true }),
            "operands" => Ok(Elem::Operands),
            "type" => {
                self.expect("(")?;
                let arg = self.type_arg()?;
                self.expect(")")?;
                Ok(Elem::Type(arg))
            }
            "functional-type" => {
                self.expect("(")?;
                let a = self.type_arg()?;
                self.expect(",")?;
                let b = self.type_arg()?;
                self.expect(")")?;
                if (a, b) != (TypeArg::Operands, TypeArg::Results) {
                    return Err("only functional-type(operands, results) is supported".into());
                }
                Ok(Elem::FunctionalType)
            }
            "custom" => {
                self.expect("<")?;
                let name = self.ident()?;
                self.expect(">")?;
                self.directives
                    .iter()
                    .find(|d| d.name == name)
                    .map(Elem::Custom)
                    .ok_or_else(|| format!("unknown custom directive '{name}'"))
            }
            _ => Err(format!("unknown directive '{word}'")),
        }
    }

    fn expect(&mut self, s: &str) -> Result<(), String> {
        if self.eat(s) {
            Ok(())
        } else {
            Err(format!("expected '{s}'"))
        }
    }

    fn type_arg(&mut self) -> Result<TypeArg, String> {
        if self.eat("$") {
            let name = self.ident()?;
            return match self.variable(name, true)? {
                Elem::Type(arg) => Ok(arg),
                _ => Err(format!("'${name}' has no type")),
            };
        }
        match self.ident()? {
            "operands" => Ok(TypeArg::Operands),
            "results" => Ok(TypeArg::Results),
            w => Err(format!("unknown type argument '{w}'")),
        }
    }

    /// Resolves `$name`: in a type position to a typed group, else to an operand
    /// group or an attribute.
    fn variable(&self, name: &str, in_type: bool) -> Result<Elem, String> {
        let find = |groups: Option<&[crate::ods::GroupDef]>| {
            groups.and_then(|gs| gs.iter().position(|g| g.name == name))
        };
        if let Some(g) = find(self.def.operands) {
            return Ok(if in_type {
                Elem::Type(TypeArg::Operand(g))
            } else {
                Elem::Operand(g)
            });
        }
        if in_type && let Some(g) = find(self.def.results) {
            return Ok(Elem::Type(TypeArg::Result(g)));
        }
        if !in_type && let Some(a) = self.def.attributes.iter().position(|a| a.name == name) {
            return Ok(Elem::Attr(a));
        }
        Err(format!("'${name}' names no operand, result or attribute"))
    }
}
