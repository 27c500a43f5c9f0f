//! Operation grammar: results, generic and custom forms, regions, blocks, and SSA
//! name scopes with forward references.

use super::index::{NameKind, OpSpan};
use super::locations::LocOrAlias;
use super::{PResult, Parser, Tok};
use crate::Type;
use crate::diag::{Diagnostic, codes, suggest};
use crate::location::Location;
use crate::module::{BlockId, OpId, OperationState, RegionId};
use smallvec::SmallVec;

/// A use of an SSA name before it is resolved to a value: `%name` or `%name#3`.
#[derive(Clone, Copy, Debug)]
pub struct UnresolvedOperand<'a> {
    /// The name without `%`.
    pub name: &'a str,
    /// The result number (`#N`), 0 if absent.
    pub number: u32,
    /// Where it was written.
    pub pos: u32,
}

/// A declared block argument: `%name: type loc(...)`.
#[derive(Clone, Debug)]
pub struct BlockArgDecl<'a> {
    /// The name without `%`.
    pub name: &'a str,
    /// The type.
    pub ty: Type,
    /// Where it was written.
    pub pos: u32,
    /// Its `loc(...)`, if written; else it is located where it was written.
    pub loc: Option<Location>,
}

struct ResultDecl<'a> {
    name: &'a str,
    count: u32,
    pos: u32,
}

impl<'a> Parser<'a> {
    /// Parses the whole input: alias definitions and operations, wrapped in a module.
    pub(crate) fn parse_top_level(&mut self) -> PResult<()> {
        let start = self.pos();
        let region = self.module.create_region();
        let block = self.module.create_block(&[], Location::Unknown);
        let r = self.module.append_block(region, block);
        self.attach(r)?;
        self.push_scope();
        while !self.at(Tok::Eof) {
            match self.tok.kind {
                Tok::LBrace if self.at_file_metadata() => self.parse_file_metadata()?,
                Tok::HashIdent | Tok::BangIdent => self.parse_alias_definition()?,
                _ => {
                    self.parse_operation(block)?;
                }
            }
        }
        self.pop_scope()?;
        self.resolve_deferred_locations()?;

        let module_name = self.ctx.sym("builtin.module");
        let mut ops = self.module.block_ops(block);
        if let (Some(only), None) = (ops.next(), ops.next())
            && self.module.op(only).name() == module_name
        {
            // The explicit module becomes the top: it leaves the implicit wrapper block.
            self.module.detach_op(only);
            self.module.set_top(only);
            return Ok(());
        }
        let mut state = OperationState::new(module_name, self.location(start));
        state.regions.push(region);
        let top = self.module.create_op(state);
        self.module.set_top(top);
        Ok(())
    }

    fn resolve_deferred_locations(&mut self) -> PResult<()> {
        for (op, name, pos, depth) in std::mem::take(&mut self.deferred_locs) {
            let loc =
                self.loc_aliases.get(name).copied().ok_or_else(|| {
                    self.error_at(pos, "operation location alias was never defined")
                })?;
            // Checked at the depth of the op that used it.
            self.depth = depth;
            let used = self.use_alias(self.ctx.location_extent(loc), pos);
            self.depth = 0;
            used?;
            self.module.set_location(op, loc);
        }
        for (op, heirs) in std::mem::take(&mut self.location_heirs) {
            let loc = self.module.op(op).location();
            for heir in heirs {
                match heir {
                    super::Inheritor::Op(o) => self.module.set_location(o, loc),
                    super::Inheritor::Arg(v) => self.module.set_arg_location(v, loc),
                }
            }
        }
        Ok(())
    }

    /// Gives `ops` and the block arguments `args`, which a custom parser made for
    /// the op it is parsing, that op's location once it is known: upstream's
    /// compact forms (`stablehlo.reduce ... applies stablehlo.add`) build their
    /// region from the op's trailing location, which may name an alias defined
    /// later in the file.
    pub fn inherit_op_location(&mut self, ops: &[OpId], args: &[crate::module::Value]) {
        self.inheriting
            .extend(ops.iter().map(|&o| super::Inheritor::Op(o)));
        self.inheriting
            .extend(args.iter().map(|&v| super::Inheritor::Arg(v)));
    }

    /// Parses one operation, with its results and trailing location, into `block`.
    pub fn parse_operation(&mut self, block: BlockId) -> PResult<OpId> {
        let results = self.parse_result_decls()?;
        let name_pos = self.pos();
        let name_end = self.tok.end;
        let heirs_mark = self.inheriting.len();
        let mut state = match self.tok.kind {
            Tok::String => self.parse_generic_operation()?,
            Tok::BareIdent => self.parse_custom_operation()?,
            _ => return Err(self.error("expected operation name in quotes")),
        };
        let deferred = match self.parse_optional_trailing_location()? {
            Some(LocOrAlias::Loc(l)) => {
                state.location = l;
                None
            }
            Some(LocOrAlias::Alias(name, pos)) => Some((name, pos)),
            None => None,
        };
        let declared: u32 = results.iter().map(|r| r.count).sum();
        if !results.is_empty() && declared as usize != state.result_types.len() {
            let pos = results.first().map_or(name_pos, |r| r.pos);
            return Err(self.error_at(
                pos,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    state.result_types.len(),
                    declared
                ),
            ));
        }
        let op = self.module.create_op(state);
        let r = self.module.append_op(block, op);
        self.attach(r)?;
        if let Some((name, pos)) = deferred {
            self.deferred_locs.push((op, name, pos, self.depth));
        }
        if self.inheriting.len() > heirs_mark {
            let heirs = self.inheriting.split_off(heirs_mark);
            self.location_heirs.push((op, heirs));
        }
        if self.index.is_some() {
            let start = results.first().map_or(name_pos, |r| r.pos);
            let end = self.end_of_previous_token().max(name_end);
            if let Some(index) = self.index.as_mut() {
                index.op(OpSpan {
                    op,
                    name: name_pos..name_end,
                    range: start..end,
                });
            }
        }
        let mut next = 0usize;
        for r in &results {
            let first = self.module.result(op, next);
            self.define_value(r.name, first, r.count, r.pos)?;
            next += r.count as usize;
        }
        Ok(op)
    }

    fn parse_result_decls(&mut self) -> PResult<SmallVec<[ResultDecl<'a>; 1]>> {
        let mut results = SmallVec::new();
        if !self.at(Tok::PercentIdent) {
            return Ok(results);
        }
        loop {
            let pos = self.pos();
            let name = &self.token_text()[1..];
            self.advance()?;
            let mut count = 1;
            if self.consume_if(Tok::Colon)? {
                if !self.at(Tok::Integer) {
                    return Err(self.error("expected integer number of results"));
                }
                count = self
                    .token_text()
                    .parse::<u32>()
                    .ok()
                    .filter(|&c| c > 0)
                    .ok_or_else(|| {
                        self.error("expected named operation to have at least 1 result")
                    })?;
                self.advance()?;
            }
            results.push(ResultDecl { name, count, pos });
            if !self.consume_if(Tok::Comma)? {
                break;
            }
            if !self.at(Tok::PercentIdent) {
                return Err(self.error("expected valid ssa identifier"));
            }
        }
        self.expect(Tok::Equal, "=")?;
        Ok(results)
    }

    fn parse_generic_operation(&mut self) -> PResult<OperationState> {
        let name_pos = self.pos();
        let raw = self.token_text();
        let name_text = super::unescape_cow(&raw[1..raw.len() - 1]);
        self.advance()?;
        if name_text.is_empty() {
            return Err(self.error_at(name_pos, "empty operation name is invalid"));
        }
        let name = match self.last_op_name {
            Some((last, sym)) if super::lexer::short_eq(last.as_bytes(), raw.as_bytes()) => sym,
            _ => {
                let sym = self.ctx.sym(&name_text);
                self.last_op_name = Some((raw, sym));
                sym
            }
        };
        let def = self.ctx.op_def(name);
        if def.is_none() {
            let dialect = name_text.split_once('.').map_or(&*name_text, |(d, _)| d);
            if !self.ctx.allows_unregistered() && !self.ctx.is_dialect_registered(dialect) {
                let d = *self.error(
                    "operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used",
                );
                let d = d.with_code(codes::UNKNOWN_OP);
                return Err(Box::new(self.op_name_hint(d, &name_text, None, name_pos)));
            }
        }
        let mut state = OperationState::new(name, self.location(name_pos));
        self.expect(Tok::LParen, "(")?;
        let mut uses: SmallVec<[UnresolvedOperand<'a>; 4]> = SmallVec::new();
        self.parse_comma_list(Tok::RParen, ")", |p| {
            uses.push(p.parse_operand()?);
            Ok(())
        })?;
        if self.at(Tok::LSquare) {
            // A registered op knows whether it may have successors; unregistered ops may.
            if def.is_some_and(|d| !d.has_trait(crate::registry::OpTrait::Terminator)) {
                return Err(self.error("successors in non-terminator"));
            }
            self.advance()?;
            self.parse_comma_list(Tok::RSquare, "]", |p| {
                let b = p.parse_successor()?;
                state.successors.push(b);
                Ok(())
            })?;
        }
        if self.consume_if(Tok::Less)? {
            state.props = self.nested(|p| p.parse_attr_dict())?;
            // Upstream keeps an unregistered op's dictionary, empty or not; the
            // ops of dialects mlir-opt registers drop an empty one.
            state.props_written = def.is_none()
                && !crate::dialects::upstream::is_upstream_dialect(
                    name_text.split_once('.').map_or(&*name_text, |(d, _)| d),
                );
            self.expect(Tok::Greater, ">")?;
            if let Some(d) = def
                && d.attributes.is_empty()
            {
                let dict = self
                    .ctx
                    .intern_attr(crate::attrs::AttrKind::Dictionary(state.props.clone()));
                return Err(self.error_at(
                    name_pos,
                    format!(
                        "invalid properties {} for op {}: this operation does not support properties",
                        self.ctx.attr(dict),
                        d.name
                    ),
                ));
            }
        }
        if self.at(Tok::LParen) {
            // Upstream's parser keeps outer names visible even in regions of ops that are
            // IsolatedFromAbove; the verifier reports such uses.
            self.advance()?;
            self.parse_comma_list(Tok::RParen, ")", |p| {
                let r = p.parse_region(None)?;
                state.regions.push(r);
                Ok(())
            })?;
        }
        state.attrs = self.parse_optional_attr_dict()?;
        if let Some(def) = def {
            let moved = move_inherent_attrs(&mut state, def, self.ctx);
            self.check_inherent_attrs(def, &moved, name_pos)?;
        }
        self.expect(Tok::Colon, ":")?;
        let ty_pos = self.pos();
        // The op's `(inputs) -> results` is read directly, without interning a function type.
        if !self.at(Tok::LParen) {
            return Err(self.error_at(ty_pos, "expected function type"));
        }
        let mut inputs: SmallVec<[Type; 4]> = SmallVec::new();
        self.nested(|p| {
            p.advance()?;
            p.parse_comma_list(Tok::RParen, ")", |p| {
                inputs.push(p.parse_type()?);
                Ok(())
            })?;
            p.expect(Tok::Arrow, "->")?;
            if p.consume_if(Tok::LParen)? {
                p.parse_comma_list(Tok::RParen, ")", |p| {
                    state.result_types.push(p.parse_type()?);
                    Ok(())
                })
            } else {
                state.result_types.push(p.parse_non_function_type()?);
                Ok(())
            }
        })?;
        state.operands = self.resolve_operands(&uses, &inputs, ty_pos)?;
        Ok(state)
    }

    fn parse_custom_operation(&mut self) -> PResult<OperationState> {
        let pos = self.pos();
        let text = self.token_text();
        let mut def = self.ctx.lookup_sym(text).and_then(|s| self.ctx.op_def(s));
        let mut tried = None;
        if def.is_none() && !text.contains('.') {
            let dialect = self.default_dialects.last().copied().unwrap_or("builtin");
            let full = format!("{dialect}.{text}");
            def = self.ctx.lookup_sym(&full).and_then(|s| self.ctx.op_def(s));
            tried = Some(full);
        }
        if let Some(d) = def
            && matches!(d.syntax, crate::registry::Syntax::Generic)
        {
            return Err(self.error_at(
                pos,
                format!("custom op '{}' has no custom assembly form", d.name),
            ));
        }
        let Some(def) = def else {
            if let Some((dialect, _)) = text.split_once('.')
                && !self.ctx.is_dialect_registered(dialect)
            {
                let mut names: Vec<&str> = self.ctx.dialects().map(|d| d.name).collect();
                names.sort_unstable();
                let d = Diagnostic::error(
                    self.location(pos),
                    format!("Dialect `{dialect}' not found for custom op '{text}' "),
                )
                .with_code(codes::UNKNOWN_OP)
                .with_note(
                    self.location(pos),
                    format!(
                        "Available dialects: {} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management",
                        names.join(", ")
                    ),
                );
                return Err(Box::new(self.op_name_hint(d, text, None, pos)));
            }
            let also = tried
                .map(|t| format!(" (tried '{t}' as well)"))
                .unwrap_or_default();
            let d = Diagnostic::error(
                self.location(pos),
                format!("custom op '{text}' is unknown{also}"),
            )
            .with_code(codes::UNKNOWN_OP);
            let default = self.default_dialects.last().copied();
            return Err(Box::new(self.op_name_hint(d, text, default, pos)));
        };
        let name = self.ctx.sym(def.name);
        self.advance()?;
        let mut state = OperationState::new(name, self.location(pos));
        self.default_dialects.push(def.dialect());
        let r = self.parse_custom_form(def, name, &mut state, pos);
        self.default_dialects.pop();
        r?;
        // As upstream, inherent attributes a custom form leaves in the dictionary
        // (`attributes {arg_attrs = ...}`) are properties.
        move_inherent_attrs(&mut state, def, self.ctx);
        Ok(state)
    }

    /// "did you mean" the registered op closest to `text`: by full name, or, for a name
    /// without a dialect, by its name within the `default` dialect (spelled as written).
    fn op_name_hint(
        &self,
        d: Diagnostic,
        text: &str,
        default: Option<&str>,
        pos: u32,
    ) -> Diagnostic {
        let full = self.ctx.registered_ops().map(|(_, def)| def.name);
        let best = match default.filter(|_| !text.contains('.')) {
            Some(dialect) => suggest::best_match(
                text,
                self.ctx
                    .registered_ops()
                    .filter(|(_, def)| def.dialect() == dialect)
                    .filter_map(|(_, def)| def.name.split_once('.').map(|(_, n)| n))
                    .chain(full),
            ),
            None => suggest::best_match(text, full),
        };
        match best {
            Some(best) => d.with_hint(self.location(pos), suggest::did_you_mean(best)),
            None => d,
        }
    }

    /// Parses the custom form of `def` after its name: by its format, or by its
    /// hand-written parser.
    fn parse_custom_form(
        &mut self,
        def: &'static crate::OpDef,
        name: crate::Symbol,
        state: &mut OperationState,
        pos: u32,
    ) -> PResult<()> {
        match def.syntax {
            crate::registry::Syntax::Custom(parse, _) => parse(self, state),
            crate::registry::Syntax::Format(..) => {
                let kind = self.ctx.op_kind(name);
                let format = kind.and_then(|k| self.ctx.format_of_kind(k)).cloned();
                match format {
                    Some(Ok(format)) => {
                        crate::ods::format::parse_with_format(self, state, def, &format)
                    }
                    Some(Err(e)) => Err(self.error_at(
                        pos,
                        format!("custom op '{}' has an invalid format: {e}", def.name),
                    )),
                    None => Err(self.error_at(pos, "custom op has no custom assembly form")),
                }
            }
            crate::registry::Syntax::Generic => {
                Err(self.error_at(pos, "custom op has no custom assembly form"))
            }
        }
    }

    /// Parses `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'a>> {
        if !self.at(Tok::PercentIdent) {
            return Err(self.error("expected SSA operand"));
        }
        let pos = self.pos();
        let name = &self.token_text()[1..];
        self.advance()?;
        let mut number = 0;
        if self.at(Tok::HashIdent) && self.tok.start == self.lex_end_of_prev(pos, name) {
            let t = &self.token_text()[1..];
            number = t
                .parse::<u32>()
                .map_err(|_| self.error_at(self.pos(), "invalid SSA value result number"))?;
            self.advance()?;
        }
        Ok(UnresolvedOperand { name, number, pos })
    }

    fn lex_end_of_prev(&self, pos: u32, name: &str) -> u32 {
        pos + 1 + u32::try_from(name.len()).unwrap_or(0)
    }

    /// Parses operands separated by commas, possibly none.
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let mut list = Vec::new();
        if !self.at(Tok::PercentIdent) {
            return Ok(list);
        }
        list.push(self.parse_operand()?);
        while self.consume_if(Tok::Comma)? {
            list.push(self.parse_operand()?);
        }
        Ok(list)
    }

    /// Parses `^bb` as a successor reference, creating the block if not yet seen.
    pub fn parse_successor(&mut self) -> PResult<BlockId> {
        if !self.at(Tok::CaretIdent) {
            return Err(self.error("expected block name"));
        }
        let pos = self.pos();
        let end = self.tok.end;
        let name = &self.token_text()[1..];
        self.advance()?;
        let block = self.block_ref(name, pos);
        self.index_name(pos..end, NameKind::Block { block, def: false });
        Ok(block)
    }

    /// Parses `{ blocks }`. `entry_args`, when given, are the entry block's arguments
    /// declared outside the region (as `func.func`'s signature does). The region sees the
    /// names of all enclosing regions, even for isolated ops: the verifier rejects uses
    /// that cross isolation, with upstream's message.
    pub fn parse_region(&mut self, entry_args: Option<Vec<BlockArgDecl<'a>>>) -> PResult<RegionId> {
        self.nested(|p| p.parse_region_inner(entry_args))
    }

    fn parse_region_inner(
        &mut self,
        entry_args: Option<Vec<BlockArgDecl<'a>>>,
    ) -> PResult<RegionId> {
        self.expect(Tok::LBrace, "{")?;
        let region = self.module.create_region();
        self.push_scope();
        let mut entry = None;
        if let Some(args) = entry_args {
            let types: Vec<Type> = args.iter().map(|a| a.ty).collect();
            let block = self.module.create_block(&types, Location::Unknown);
            for (i, a) in args.iter().enumerate() {
                if let Some(prev) = self.lookup_value(a.name) {
                    return Err(Box::new(
                        Diagnostic::error(
                            self.location(a.pos),
                            format!("region entry argument '%{}' is already in use", a.name),
                        )
                        .with_note(self.location(prev.pos), "previously referenced here"),
                    ));
                }
                let v = self.module.block(block).args()[i];
                let loc = a.loc.unwrap_or_else(|| self.location(a.pos));
                self.module.set_arg_location(v, loc);
                self.define_value(a.name, v, 1, a.pos)?;
            }
            let r = self.module.append_block(region, block);
            self.attach(r)?;
            entry = Some(block);
            if self.at(Tok::CaretIdent) {
                return Err(self.error_at(
                    self.pos(),
                    "invalid block name in region with named arguments",
                ));
            }
        }
        if !self.at(Tok::RBrace) && !self.at(Tok::CaretIdent) && entry.is_none() {
            let block = self.module.create_block(&[], self.location(self.pos()));
            let r = self.module.append_block(region, block);
            self.attach(r)?;
            entry = Some(block);
        }
        if let Some(block) = entry {
            self.parse_block_body(block)?;
        }
        while self.at(Tok::CaretIdent) {
            let block = self.parse_block_label()?;
            let r = self.module.append_block(region, block);
            self.attach(r)?;
            self.parse_block_body(block)?;
        }
        self.expect(Tok::RBrace, "}")?;
        self.pop_scope()?;
        Ok(region)
    }

    fn parse_block_body(&mut self, block: BlockId) -> PResult<()> {
        while !self.at(Tok::CaretIdent) && !self.at(Tok::RBrace) {
            if self.at(Tok::Eof) {
                return Err(self.error("expected '}' to end region"));
            }
            self.parse_operation(block)?;
        }
        Ok(())
    }

    fn parse_block_label(&mut self) -> PResult<BlockId> {
        let pos = self.pos();
        let end = self.tok.end;
        let name = &self.token_text()[1..];
        self.advance()?;
        let block = self.block_ref(name, pos);
        self.index_name(pos..end, NameKind::Block { block, def: true });
        if let Some(scope) = self.scopes.last_mut()
            && let Some(e) = scope.blocks.get_mut(name)
        {
            if e.defined {
                return Err(self.error_at(pos, format!("redefinition of block '^{name}'")));
            }
            e.defined = true;
            scope.block_order.push(block);
        }
        self.module.set_block_location(block, self.location(pos));
        if self.consume_if(Tok::LParen)? {
            let mut args = Vec::new();
            self.parse_comma_list(Tok::RParen, ")", |p| {
                args.push(p.parse_block_arg_decl()?);
                Ok(())
            })?;
            for a in args {
                let v = self.module.add_block_arg(block, a.ty);
                let loc = a.loc.unwrap_or_else(|| self.location(a.pos));
                self.module.set_arg_location(v, loc);
                self.define_value(a.name, v, 1, a.pos)?;
            }
        }
        self.expect(Tok::Colon, ":")?;
        Ok(block)
    }

    /// Parses `%name : type` with an optional trailing `loc(...)`.
    pub fn parse_block_arg_decl(&mut self) -> PResult<BlockArgDecl<'a>> {
        let mut decl = self.parse_block_arg_decl_no_loc()?;
        if self.at_keyword("loc") {
            decl.loc = Some(self.parse_location()?);
        }
        Ok(decl)
    }

    /// Parses `%name : type` without a location (for signatures that put attributes first).
    pub fn parse_block_arg_decl_no_loc(&mut self) -> PResult<BlockArgDecl<'a>> {
        if !self.at(Tok::PercentIdent) {
            return Err(self.error("expected SSA identifier"));
        }
        let pos = self.pos();
        let name = &self.token_text()[1..];
        self.advance()?;
        let ty = self.parse_colon_type()?;
        Ok(BlockArgDecl {
            name,
            ty,
            pos,
            loc: None,
        })
    }

    /// True if the token after the current one is a block label (`^bb`).
    pub fn next_is_block_label(&self) -> bool {
        let mut lex = self.lex.clone();
        matches!(lex.next_token(), Ok(t) if t.kind == Tok::CaretIdent)
    }
}

impl Parser<'_> {
    /// Upstream checks the inherent attributes written in a generic op's attribute
    /// dictionary while parsing (`verifyInherentAttrs`), so a bad one is a parse
    /// error at the op, without the verifier's `see current operation` note. Ops
    /// worded as upstream's ([`crate::ods::DiagStyle::Ods`]) do the same.
    fn check_inherent_attrs(
        &self,
        def: &crate::OpDef,
        moved: &[crate::attrs::NamedAttr],
        pos: u32,
    ) -> PResult<()> {
        if def.style != crate::ods::DiagStyle::Ods {
            return Ok(());
        }
        for a in moved {
            let name = self.ctx.str(a.name);
            let Some(d) = def.attributes.iter().find(|d| d.name == name) else {
                continue;
            };
            if let Some(why) = (d.constraint.check)(self.ctx, a.value, d.name) {
                return Err(self.error_at(pos, format!("'{}' op {why}", def.name)));
            }
        }
        Ok(())
    }
}

/// Moves attributes the op declares inherent from the attribute dictionary into properties,
/// so `{sym_name = "f"}` and `<{sym_name = "f"}>` mean the same, as upstream accepts both.
/// A property given in both places keeps its `<{...}>` value and the dictionary's copy is
/// dropped, as upstream sets properties after the attributes. Returns the moved ones.
fn move_inherent_attrs(
    state: &mut OperationState,
    def: &crate::OpDef,
    ctx: &crate::Context,
) -> Vec<crate::attrs::NamedAttr> {
    if def.attributes.is_empty() {
        return Vec::new();
    }
    let (moved, kept): (Vec<_>, Vec<_>) = state
        .attrs
        .drain(..)
        .partition(|a| def.is_inherent(ctx.str(a.name)));
    state.attrs = kept;
    for a in &moved {
        if !state.props.iter().any(|p| p.name == a.name) {
            state.props.push(*a);
        }
    }
    state
        .props
        .sort_by(|a, b| ctx.str(a.name).cmp(ctx.str(b.name)));
    moved
}
