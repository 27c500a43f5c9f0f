//! Parsing an op's custom form with its compiled [`Format`].

use super::{Anchor, Elem, Format, TypeArg};
use crate::attrs::NamedAttr;
use crate::module::OperationState;
use crate::ods::GroupKind;
use crate::parse::{PResult, Parser, Tok, UnresolvedOperand};
use crate::registry::OpDef;
use crate::{Attribute, Type};

/// The op being parsed by a format: what custom directives read and fill.
pub struct FormatParse<'p, 'a> {
    /// The parser.
    pub p: &'p mut Parser<'a>,
    /// The op being built.
    pub state: &'p mut OperationState,
    def: &'static OpDef,
    /// Operand uses in order of appearance, with their group (`None`: `operands`).
    uses: Vec<(Option<usize>, UnresolvedOperand<'a>)>,
    /// Types of all operands, and where they were written.
    all_types: Option<(Vec<Type>, u32)>,
    /// Types per operand group.
    group_types: Vec<Option<(Vec<Type>, u32)>>,
    result_types: Option<Vec<Type>>,
}

impl<'p, 'a> FormatParse<'p, 'a> {
    /// How many operands were parsed so far.
    pub fn num_uses(&self) -> usize {
        self.uses.len()
    }

    /// Gives the types of all operands, written at `pos`.
    pub fn set_operand_types(&mut self, types: Vec<Type>, pos: u32) {
        self.all_types = Some((types, pos));
    }

    /// Gives the result types.
    pub fn set_result_types(&mut self, types: Vec<Type>) {
        self.result_types = Some(types);
    }

    /// Sets an inherent attribute (replacing an earlier value).
    pub fn set_prop(&mut self, name: &str, value: Attribute) {
        let name = self.p.ctx.sym(name);
        self.state.props.retain(|a| a.name != name);
        self.state.props.push(NamedAttr { name, value });
    }

    fn run(&mut self, elems: &[Elem]) -> PResult<()> {
        for (i, e) in elems.iter().enumerate() {
            self.element(e, elems.get(i + 1))?;
        }
        Ok(())
    }

    /// Parses one element; `next` is the element after it (an optional group that
    /// starts with an attribute is present unless the next literal comes first).
    fn element(&mut self, e: &Elem, next: Option<&Elem>) -> PResult<()> {
        match e {
            Elem::Literal(l) => parse_literal(self.p, l),
            Elem::Operand(g) => {
                let kind = self.group_kind(*g);
                match kind {
                    GroupKind::Single => {
                        let u = self.p.parse_operand()?;
                        self.uses.push((Some(*g), u));
                    }
                    GroupKind::Optional => {
                        if self.p.at(Tok::PercentIdent) {
                            let u = self.p.parse_operand()?;
                            self.uses.push((Some(*g), u));
                        }
                    }
                    GroupKind::Variadic => {
                        for u in self.p.parse_operand_list()? {
                            self.uses.push((Some(*g), u));
                        }
                    }
                }
                Ok(())
            }
            Elem::Attr(a) => {
                let def = &self.def.attributes[*a];
                let value = (def.constraint.parse)(self.p)?;
                self.set_prop(def.name, value);
                Ok(())
            }
            Elem::AttrDict { keyword } => {
                let attrs = if *keyword {
                    self.p.parse_optional_attr_dict_with_keyword()?
                } else {
                    self.p.parse_optional_attr_dict()?
                };
                for a in attrs {
                    if self.def.is_inherent(self.p.ctx.str(a.name)) {
                        self.state.props.retain(|b| b.name != a.name);
                        self.state.props.push(a);
                    } else {
                        self.state.attrs.push(a);
                    }
                }
                Ok(())
            }
            Elem::Operands => {
                for u in self.p.parse_operand_list()? {
                    self.uses.push((None, u));
                }
                Ok(())
            }
            Elem::Type(arg) => {
                let pos = self.p.pos();
                let types = match arg {
                    TypeArg::Operand(g) if self.group_kind(*g) == GroupKind::Single => {
                        vec![self.p.parse_type()?]
                    }
                    _ => self.p.parse_type_list()?,
                };
                match arg {
                    TypeArg::Operands => self.all_types = Some((types, pos)),
                    TypeArg::Results | TypeArg::Result(_) => self.result_types = Some(types),
                    TypeArg::Operand(g) => {
                        if self.group_types.len() <= *g {
                            self.group_types.resize(*g + 1, None);
                        }
                        self.group_types[*g] = Some((types, pos));
                    }
                }
                Ok(())
            }
            Elem::FunctionalType => {
                let pos = self.p.pos();
                let t = self.p.parse_type()?;
                let Some((inputs, results)) = self.p.ctx.function_signature(t) else {
                    return Err(self.p.error_at(
                        pos,
                        "expected '(' and a functional type '(operands) -> results'",
                    ));
                };
                let (inputs, results) = (inputs.to_vec(), results.to_vec());
                self.all_types = Some((inputs, pos));
                self.result_types = Some(results);
                Ok(())
            }
            Elem::Custom(d) => (d.parse)(self),
            Elem::Optional {
                anchor,
                then,
                otherwise,
            } => {
                let present = match (then.first(), next) {
                    (Some(Elem::Literal(l)), _) => at_literal(self.p, l),
                    (Some(Elem::Operand(_)), _) => self.p.at(Tok::PercentIdent),
                    (Some(Elem::Attr(_)), Some(Elem::Literal(l))) => !at_literal(self.p, l),
                    _ => false,
                };
                if present {
                    self.run(then)?;
                    if let Anchor::Attr(a) = anchor {
                        // A flag anchor is set by its group's presence alone.
                        let def = &self.def.attributes[*a];
                        if !then.iter().any(|e| matches!(e, Elem::Attr(x) if x == a)) {
                            let value = (def.constraint.parse)(self.p)?;
                            self.set_prop(def.name, value);
                        }
                    }
                    Ok(())
                } else {
                    self.run(otherwise)
                }
            }
        }
    }

    fn group_kind(&self, g: usize) -> GroupKind {
        self.def
            .operands
            .and_then(|gs| gs.get(g))
            .map_or(GroupKind::Variadic, |g| g.kind)
    }

    /// Resolves the operands against their types and fills in the results.
    fn finish(mut self, name_pos: u32) -> PResult<()> {
        let uses: Vec<UnresolvedOperand<'a>> = self.uses.iter().map(|(_, u)| *u).collect();
        if let Some((types, pos)) = self.all_types.take() {
            self.state.operands = self.p.resolve_operands(&uses, &types, pos)?;
        } else {
            let mut operands = smallvec::SmallVec::new();
            let mut groups: Vec<Option<usize>> = Vec::new();
            for (g, _) in &self.uses {
                if !groups.contains(g) {
                    groups.push(*g);
                }
            }
            for g in groups {
                let group_uses: Vec<UnresolvedOperand<'a>> = self
                    .uses
                    .iter()
                    .filter(|(h, _)| *h == g)
                    .map(|(_, u)| *u)
                    .collect();
                let typed = g.and_then(|g| self.group_types.get(g).cloned().flatten());
                let Some((types, pos)) = typed else {
                    let at = group_uses.first().map_or(name_pos, |u| u.pos);
                    return Err(self.p.error_at(
                        at,
                        format!(
                            "the format of '{}' gives no type for this operand",
                            self.def.name
                        ),
                    ));
                };
                operands.extend(self.p.resolve_operands(&group_uses, &types, pos)?);
            }
            self.state.operands = operands;
        }
        crate::parse::sort_props(self.p.ctx, &mut self.state.props);
        let results = match self.result_types.take() {
            Some(r) => r,
            None => match self.def.infer {
                Some(infer) => {
                    let operand_types: Vec<Type> = self
                        .state
                        .operands
                        .iter()
                        .map(|&v| self.p.module.value_type(v))
                        .collect();
                    infer(self.p.ctx, &operand_types, &self.state.props).ok_or_else(|| {
                        self.p.error_at(
                            name_pos,
                            format!("cannot infer the result types of '{}'", self.def.name),
                        )
                    })?
                }
                None if self.def.results.is_some_and(<[_]>::is_empty) => Vec::new(),
                None => {
                    return Err(self.p.error_at(
                        name_pos,
                        format!("the format of '{}' gives no result types", self.def.name),
                    ));
                }
            },
        };
        self.state.result_types = results.into_iter().collect();
        Ok(())
    }
}

/// Parses `state`'s custom form with `format`.
pub(crate) fn parse_with_format(
    p: &mut Parser<'_>,
    state: &mut OperationState,
    def: &'static OpDef,
    format: &Format,
) -> PResult<()> {
    let name_pos = p.pos();
    let mut fp = FormatParse {
        p,
        state,
        def,
        uses: Vec::new(),
        all_types: None,
        group_types: Vec::new(),
        result_types: None,
    };
    fp.run(&format.elems)?;
    fp.finish(name_pos)
}

/// The token a punctuation literal is, if it is one.
fn punctuation(l: &str) -> Option<Tok> {
    Some(match l {
        "," => Tok::Comma,
        ":" => Tok::Colon,
        "::" => Tok::ColonColon,
        "[" => Tok::LSquare,
        "]" => Tok::RSquare,
        "(" => Tok::LParen,
        ")" => Tok::RParen,
        "{" => Tok::LBrace,
        "}" => Tok::RBrace,
        "<" => Tok::Less,
        ">" => Tok::Greater,
        "=" => Tok::Equal,
        "->" => Tok::Arrow,
        "?" => Tok::Question,
        "*" => Tok::Star,
        "+" => Tok::Plus,
        "-" => Tok::Minus,
        "..." => Tok::Ellipsis,
        _ => return None,
    })
}

fn parse_literal(p: &mut Parser<'_>, l: &str) -> PResult<()> {
    match punctuation(l) {
        Some(tok) => p.expect(tok, l),
        None => p.parse_keyword(l),
    }
}

fn at_literal(p: &Parser<'_>, l: &str) -> bool {
    match punctuation(l) {
        Some(tok) => p.at(tok),
        None => p.at_keyword(l),
    }
}
