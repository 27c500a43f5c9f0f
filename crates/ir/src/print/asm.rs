//! Writing types, attributes and locations in MLIR syntax, as upstream's
//! `AsmPrinter::Impl` does: aliases where the printer state has them, distinct
//! attributes numbered in printing order, referenced resources recorded.
//! Recursion follows nesting, which the parser bounds ([`crate::parse::MAX_NESTING`]).

use super::aliases::{AliasKey, Aliases};
use crate::attrs::{
    AttrKind, AttrOrType, Attribute, NamedAttr, OpaqueRef, normalize_int, write_attr_name,
    write_escaped_bytes, write_escaped_string, write_symbol_name,
};
use crate::dense::{ElementKind, ElementValues};
use crate::float::{FloatKind, write_float_bits};
use crate::location::{LocKind, Location};
use crate::types::{DYNAMIC, Signedness, Type, TypeKind};
use crate::{Context, Symbol};
use rustc_hash::FxHashMap;
use std::fmt::{self, Write};

/// What printing one module keeps: its aliases, the numbers given to distinct
/// attributes, and the resources it referenced.
#[derive(Default)]
pub struct AsmState {
    pub(crate) aliases: Aliases,
    distinct: FxHashMap<u32, u64>,
    /// Resource keys in the order they were first printed.
    pub(crate) resources: Vec<Symbol>,
}

impl AsmState {
    /// A state with the given aliases.
    pub(crate) fn with_aliases(aliases: Aliases) -> Self {
        AsmState {
            aliases,
            ..AsmState::default()
        }
    }
}

/// Whether an attribute's type may, must not or must be printed (upstream's
/// `AttrTypeElision`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Elision {
    /// Print the type.
    Never,
    /// Elide `i64` and `f64` (inside arrays, memory spaces, layouts).
    May,
    /// Never print the type.
    Must,
}

enum Slot<'s> {
    Own(Box<AsmState>),
    Ref(&'s mut AsmState),
}

/// Writes types, attributes and locations; see the module docs.
pub struct AsmWriter<'a> {
    ctx: &'a Context,
    out: &'a mut dyn Write,
    state: Slot<'a>,
}

impl<'a> AsmWriter<'a> {
    /// A writer without aliases (for diagnostics and `Display`).
    pub fn plain(ctx: &'a Context, out: &'a mut dyn Write) -> Self {
        AsmWriter {
            ctx,
            out,
            state: Slot::Own(Box::default()),
        }
    }

    /// A writer that uses and updates a module's printing state.
    pub fn with_state(ctx: &'a Context, out: &'a mut dyn Write, state: &'a mut AsmState) -> Self {
        AsmWriter {
            ctx,
            out,
            state: Slot::Ref(state),
        }
    }

    fn state(&mut self) -> &mut AsmState {
        match &mut self.state {
            Slot::Own(s) => s,
            Slot::Ref(s) => s,
        }
    }

    fn alias(&mut self, key: AliasKey) -> Result<bool, fmt::Error> {
        let state = match &self.state {
            Slot::Own(s) => &**s,
            Slot::Ref(s) => &**s,
        };
        let Some(entry) = state.aliases.get(key) else {
            return Ok(false);
        };
        // A type alias is used only once its definition has been printed.
        if matches!(key, AliasKey::Type(_)) && !entry.printed.get() {
            return Ok(false);
        }
        let prefix = if matches!(key, AliasKey::Type(_)) {
            '!'
        } else {
            '#'
        };
        self.out.write_char(prefix)?;
        self.out.write_str(&entry.name)?;
        Ok(true)
    }

    /// Writes a type, as its alias if it has one.
    pub fn write_type(&mut self, t: Type) -> fmt::Result {
        if self.alias(AliasKey::Type(t))? {
            return Ok(());
        }
        self.write_type_impl(t)
    }

    /// Writes `t1, t2, ...`.
    pub fn write_type_list(&mut self, types: &[Type]) -> fmt::Result {
        for (i, &t) in types.iter().enumerate() {
            if i > 0 {
                self.out.write_str(", ")?;
            }
            self.write_type(t)?;
        }
        Ok(())
    }

    /// A lone non-function type bare, anything else parenthesized.
    pub fn write_result_types(&mut self, results: &[Type]) -> fmt::Result {
        let bare = results.len() == 1
            && !matches!(self.ctx.type_kind(results[0]), TypeKind::Function { .. });
        if bare {
            self.write_type(results[0])
        } else {
            self.out.write_char('(')?;
            self.write_type_list(results)?;
            self.out.write_char(')')
        }
    }

    /// Writes a type itself, never its alias (alias definitions use this).
    pub fn write_type_impl(&mut self, t: Type) -> fmt::Result {
        let ctx = self.ctx;
        match ctx.type_kind(t) {
            TypeKind::Integer { width, signedness } => {
                let prefix = match signedness {
                    Signedness::Signless => "i",
                    Signedness::Signed => "si",
                    Signedness::Unsigned => "ui",
                };
                write!(self.out, "{prefix}{width}")
            }
            TypeKind::Float(k) => self.out.write_str(k.keyword()),
            TypeKind::Index => self.out.write_str("index"),
            TypeKind::None => self.out.write_str("none"),
            TypeKind::Tensor {
                dims,
                elem,
                encoding,
            } => {
                self.out.write_str("tensor<")?;
                write_dims(dims, self.out)?;
                self.write_type(*elem)?;
                if let Some(enc) = encoding {
                    self.out.write_str(", ")?;
                    self.write_attr(*enc)?;
                }
                self.out.write_char('>')
            }
            TypeKind::UnrankedTensor { elem } => {
                self.out.write_str("tensor<*x")?;
                self.write_type(*elem)?;
                self.out.write_char('>')
            }
            TypeKind::Vector {
                dims,
                elem,
                scalable,
            } => {
                self.out.write_str("vector<")?;
                for (i, &d) in dims.iter().enumerate() {
                    let s = scalable.get(i).copied().unwrap_or(false);
                    if s {
                        write!(self.out, "[{d}]x")?;
                    } else {
                        write!(self.out, "{d}x")?;
                    }
                }
                self.write_type(*elem)?;
                self.out.write_char('>')
            }
            TypeKind::MemRef {
                dims,
                elem,
                layout,
                memory_space,
            } => {
                self.out.write_str("memref<")?;
                write_dims(dims, self.out)?;
                self.write_type(*elem)?;
                for a in [layout, memory_space].into_iter().flatten() {
                    self.out.write_str(", ")?;
                    self.write_attr_elided(*a, Elision::May)?;
                }
                self.out.write_char('>')
            }
            TypeKind::UnrankedMemRef { elem, memory_space } => {
                self.out.write_str("memref<*x")?;
                self.write_type(*elem)?;
                if let Some(a) = memory_space {
                    self.out.write_str(", ")?;
                    self.write_attr_elided(*a, Elision::May)?;
                }
                self.out.write_char('>')
            }
            TypeKind::Function { inputs, results } => {
                self.out.write_char('(')?;
                self.write_type_list(inputs)?;
                self.out.write_str(") -> ")?;
                self.write_result_types(results)
            }
            TypeKind::Complex { elem } => {
                self.out.write_str("complex<")?;
                self.write_type(*elem)?;
                self.out.write_char('>')
            }
            TypeKind::Tuple { types } => {
                self.out.write_str("tuple<")?;
                self.write_type_list(types)?;
                self.out.write_char('>')
            }
            TypeKind::Opaque {
                dialect,
                body,
                refs,
            } => self.write_opaque('!', ctx.str(*dialect), body, refs),
        }
    }

    /// Writes an attribute with its type where upstream prints one.
    pub fn write_attr(&mut self, a: Attribute) -> fmt::Result {
        self.write_attr_elided(a, Elision::Never)
    }

    /// Writes an attribute, as its alias if it has one.
    pub fn write_attr_elided(&mut self, a: Attribute, elision: Elision) -> fmt::Result {
        if self.alias(AliasKey::Attr(a))? {
            return Ok(());
        }
        self.write_attr_impl(a, elision)
    }

    /// Writes `a = 1 : i32, b` (a unit attribute prints as its name alone).
    pub fn write_named_attrs(&mut self, entries: &[NamedAttr]) -> fmt::Result {
        for (i, e) in entries.iter().enumerate() {
            if i > 0 {
                self.out.write_str(", ")?;
            }
            write_attr_name(self.ctx.str(e.name), self.out)?;
            if !matches!(self.ctx.attr_kind(e.value), AttrKind::Unit) {
                self.out.write_str(" = ")?;
                self.write_attr(e.value)?;
            }
        }
        Ok(())
    }

    /// Writes an attribute itself, never its alias (alias definitions use this).
    pub fn write_attr_impl(&mut self, a: Attribute, elision: Elision) -> fmt::Result {
        let ctx = self.ctx;
        let ty = match ctx.attr_kind(a) {
            AttrKind::Unit => return self.out.write_str("unit"),
            AttrKind::Bool(b) => return self.out.write_str(if *b { "true" } else { "false" }),
            AttrKind::Integer { value, ty } => {
                let kind = ctx.type_kind(*ty);
                if matches!(
                    kind,
                    TypeKind::Integer {
                        width: 1,
                        signedness: Signedness::Signless
                    }
                ) {
                    return self
                        .out
                        .write_str(if *value != 0 { "true" } else { "false" });
                }
                if let TypeKind::Integer {
                    width: 128,
                    signedness: Signedness::Unsigned,
                } = kind
                {
                    // i128 holds the bits; ui128 values above i128::MAX print unsigned.
                    write!(self.out, "{}", value.cast_unsigned())?;
                } else {
                    write!(self.out, "{}", normalize_int(*value, kind))?;
                }
                let is_i64 = matches!(
                    kind,
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless
                    }
                );
                if elision == Elision::May && is_i64 {
                    return Ok(());
                }
                *ty
            }
            AttrKind::WideInteger { value, ty } => {
                write!(self.out, "{value}")?;
                *ty
            }
            AttrKind::Float { bits, ty } => {
                let kind = match ctx.type_kind(*ty) {
                    TypeKind::Float(k) => *k,
                    _ => FloatKind::F64,
                };
                let hex = write_float_bits(kind, *bits, self.out)?;
                if elision == Elision::May && kind == FloatKind::F64 && !hex {
                    return Ok(());
                }
                *ty
            }
            AttrKind::String(s) => return write_escaped_bytes(s, self.out),
            AttrKind::TypedString { value, ty } => {
                write_escaped_bytes(value, self.out)?;
                *ty
            }
            AttrKind::Type(t) => return self.write_type(*t),
            AttrKind::Array(items) => {
                self.out.write_char('[')?;
                for (i, &item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.write_str(", ")?;
                    }
                    self.write_attr_elided(item, Elision::May)?;
                }
                return self.out.write_char(']');
            }
            AttrKind::Dictionary(entries) => {
                self.out.write_char('{')?;
                self.write_named_attrs(entries)?;
                return self.out.write_char('}');
            }
            AttrKind::DenseArray { elem, values } => {
                self.out.write_str("array<")?;
                self.write_type(*elem)?;
                if !values.is_empty() {
                    self.out.write_str(": ")?;
                    for i in 0..values.len() {
                        if i > 0 {
                            self.out.write_str(", ")?;
                        }
                        write_element(values, i, self.out)?;
                    }
                }
                return self.out.write_char('>');
            }
            AttrKind::DenseElements { ty, values } => {
                self.out.write_str("dense<")?;
                self.write_dense_body(*ty, values, 1, true)?;
                self.out.write_char('>')?;
                *ty
            }
            AttrKind::DenseComplex { ty, values } => {
                self.out.write_str("dense<")?;
                self.write_dense_body(*ty, values, 2, true)?;
                self.out.write_char('>')?;
                *ty
            }
            AttrKind::DenseString { ty, values } => {
                self.out.write_str("dense<")?;
                write_dense_strings(ctx, *ty, values, self.out)?;
                self.out.write_char('>')?;
                *ty
            }
            AttrKind::DenseResource { ty, key } => {
                self.out.write_str("dense_resource<")?;
                write_attr_name(ctx.str(*key), self.out)?;
                self.out.write_char('>')?;
                let state = self.state();
                if !state.resources.contains(key) {
                    state.resources.push(*key);
                }
                *ty
            }
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => {
                self.out.write_str("sparse<")?;
                let has_indices = match ctx.attr_kind(*indices) {
                    AttrKind::DenseElements { ty, .. } => ctx
                        .shape_dims(*ty)
                        .and_then(crate::types::num_elements)
                        .is_some_and(|n| n != 0),
                    _ => true,
                };
                if has_indices {
                    if let AttrKind::DenseElements { ty, values } = ctx.attr_kind(*indices) {
                        self.write_dense_body(*ty, values, 1, false)?;
                    }
                    self.out.write_str(", ")?;
                    match ctx.attr_kind(*values) {
                        AttrKind::DenseElements { ty, values } => {
                            self.write_dense_body(*ty, values, 1, true)?
                        }
                        AttrKind::DenseComplex { ty, values } => {
                            self.write_dense_body(*ty, values, 2, true)?
                        }
                        AttrKind::DenseString { ty, values } => {
                            write_dense_strings(ctx, *ty, values, self.out)?;
                        }
                        _ => {}
                    }
                }
                self.out.write_char('>')?;
                *ty
            }
            AttrKind::AffineMap(map) => {
                self.out.write_str("affine_map<")?;
                crate::affine::write_affine_map(ctx, map, self.out)?;
                return self.out.write_char('>');
            }
            AttrKind::IntegerSet(set) => {
                self.out.write_str("affine_set<")?;
                crate::affine::write_integer_set(ctx, set, self.out)?;
                return self.out.write_char('>');
            }
            AttrKind::StridedLayout { offset, strides } => {
                self.out.write_str("strided<[")?;
                for (i, &s) in strides.iter().enumerate() {
                    if i > 0 {
                        self.out.write_str(", ")?;
                    }
                    write_int_or_question(s, self.out)?;
                }
                self.out.write_char(']')?;
                if *offset != 0 {
                    self.out.write_str(", offset: ")?;
                    write_int_or_question(*offset, self.out)?;
                }
                return self.out.write_char('>');
            }
            AttrKind::Location(loc) => return self.write_loc(*loc),
            AttrKind::Distinct { id, referenced } => {
                let state = self.state();
                let next = state.distinct.len() as u64;
                let n = *state.distinct.entry(*id).or_insert(next);
                write!(self.out, "distinct[{n}]<")?;
                if !matches!(ctx.attr_kind(*referenced), AttrKind::Unit) {
                    self.write_attr(*referenced)?;
                }
                return self.out.write_char('>');
            }
            AttrKind::SymbolRef { root, nested } => {
                write_symbol_name(ctx.str(*root), self.out)?;
                for n in nested {
                    self.out.write_str("::")?;
                    write_symbol_name(ctx.str(*n), self.out)?;
                }
                return Ok(());
            }
            AttrKind::Opaque {
                dialect,
                body,
                refs,
                ty,
            } => {
                self.write_opaque('#', ctx.str(*dialect), body, refs)?;
                match ty {
                    Some(t) => *t,
                    None => return Ok(()),
                }
            }
        };
        if elision != Elision::Must && !matches!(ctx.type_kind(ty), TypeKind::None) {
            self.out.write_str(" : ")?;
            self.write_type(ty)?;
        }
        Ok(())
    }

    /// Writes what goes between `dense<` and `>`, as upstream's printer does: the
    /// element alone for a splat, nothing for no elements, upstream's raw data in hex
    /// for more elements than the hex limit (where `allow_hex`), else nested lists.
    /// `per` is 2 for complex elements, whose parts are stored one after the other.
    fn write_dense_body(
        &mut self,
        ty: Type,
        values: &ElementValues,
        per: usize,
        allow_hex: bool,
    ) -> fmt::Result {
        let dims = self.ctx.shape_dims(ty).unwrap_or(&[]);
        let count = crate::types::num_elements(dims).unwrap_or(0);
        let splat = values.len() == per;
        if allow_hex
            && !splat
            && self
                .ctx
                .elements_hex_limit()
                .is_some_and(|limit| count > limit)
        {
            return values.write_hex(self.out);
        }
        let elems = if splat { 1 } else { values.len() / per };
        let out = &mut *self.out;
        let kind = values.kind();
        let write_one = |i: usize, out: &mut dyn Write| -> fmt::Result {
            if per == 2 {
                out.write_char('(')?;
                write_element(values, 2 * i, out)?;
                out.write_char(',')?;
                write_element(values, 2 * i + 1, out)?;
                out.write_char(')')
            } else {
                let _ = kind;
                write_element(values, i, out)
            }
        };
        if splat {
            return write_one(0, out);
        }
        nested_lists(dims, elems, out, write_one)
    }

    /// Upstream's `printDialectSymbol` for a body kept as text, writing the values
    /// its aliases name as this printing names them.
    fn write_opaque(
        &mut self,
        prefix: char,
        dialect: &str,
        body: &str,
        refs: &[OpaqueRef],
    ) -> fmt::Result {
        if refs.is_empty() {
            return write_dialect_symbol(self.out, prefix, dialect, body);
        }
        let simple = is_simple_dialect_symbol(body);
        self.out.write_char(prefix)?;
        self.out.write_str(dialect)?;
        self.out.write_char(if simple { '.' } else { '<' })?;
        let mut pos = 0usize;
        for r in refs {
            let (start, end) = (r.start as usize, r.end as usize);
            self.out.write_str(body.get(pos..start).unwrap_or(""))?;
            match r.target {
                AttrOrType::Attr(a) => self.write_attr(a)?,
                AttrOrType::Type(t) => self.write_type(t)?,
            }
            pos = end;
        }
        self.out.write_str(body.get(pos..).unwrap_or(""))?;
        if !simple {
            self.out.write_char('>')?;
        }
        Ok(())
    }

    /// Writes `loc(...)`.
    pub fn write_loc(&mut self, loc: Location) -> fmt::Result {
        self.out.write_str("loc(")?;
        self.write_loc_internal(loc, true)?;
        self.out.write_char(')')
    }

    fn write_loc_internal(&mut self, loc: Location, top_level: bool) -> fmt::Result {
        let ctx = self.ctx;
        if !top_level
            && let Some(a) = ctx.lookup_location_attr(loc)
            && self.alias(AliasKey::Attr(a))?
        {
            return Ok(());
        }
        match loc {
            Location::Unknown => self.out.write_str("unknown"),
            Location::Source { .. } => match ctx.file_pos(loc) {
                Some(p) => {
                    write_escaped_string(&p.file, self.out)?;
                    write!(self.out, ":{}:{}", p.line, p.col)
                }
                None => self.out.write_str("unknown"),
            },
            Location::Id(id) => match ctx.loc_kind(id) {
                LocKind::FileLineCol { file, line, col } => {
                    write_escaped_string(ctx.str(*file), self.out)?;
                    write!(self.out, ":{line}:{col}")
                }
                LocKind::FileRange {
                    file,
                    line,
                    col,
                    end_line,
                    end_col,
                } => {
                    write_escaped_string(ctx.str(*file), self.out)?;
                    if line == end_line {
                        write!(self.out, ":{line}:{col} to :{end_col}")
                    } else {
                        write!(self.out, ":{line}:{col} to {end_line}:{end_col}")
                    }
                }
                LocKind::Name { name, child } => {
                    write_escaped_string(ctx.str(*name), self.out)?;
                    if let Some(c) = child
                        && *c != Location::Unknown
                    {
                        self.out.write_char('(')?;
                        self.write_loc_internal(*c, false)?;
                        self.out.write_char(')')?;
                    }
                    Ok(())
                }
                LocKind::CallSite { callee, caller } => {
                    self.out.write_str("callsite(")?;
                    self.write_loc_internal(*callee, false)?;
                    self.out.write_str(" at ")?;
                    self.write_loc_internal(*caller, false)?;
                    self.out.write_char(')')
                }
                LocKind::Fused { locs, metadata } => {
                    self.out.write_str("fused")?;
                    if let Some(m) = metadata {
                        self.out.write_char('<')?;
                        self.write_attr(*m)?;
                        self.out.write_char('>')?;
                    }
                    self.out.write_char('[')?;
                    for (i, l) in locs.iter().enumerate() {
                        if i > 0 {
                            self.out.write_str(", ")?;
                        }
                        self.write_loc_internal(*l, false)?;
                    }
                    self.out.write_char(']')
                }
            },
        }
    }
}

/// Writes `4x?x` (each dim followed by `x`).
fn write_dims(dims: &[i64], out: &mut dyn Write) -> fmt::Result {
    crate::types::write_dims(dims, out)
}

fn write_int_or_question(v: i64, out: &mut dyn Write) -> fmt::Result {
    if v == DYNAMIC {
        out.write_char('?')
    } else {
        write!(out, "{v}")
    }
}

/// Upstream's `printDialectSymbol`: `#dialect.body` when the body is an identifier
/// optionally followed by `<...>`, else `#dialect<body>`.
pub(crate) fn write_dialect_symbol(
    out: &mut dyn Write,
    prefix: char,
    dialect: &str,
    body: &str,
) -> fmt::Result {
    out.write_char(prefix)?;
    out.write_str(dialect)?;
    if is_simple_dialect_symbol(body) {
        out.write_char('.')?;
        out.write_str(body)
    } else {
        out.write_char('<')?;
        out.write_str(body)?;
        out.write_char('>')
    }
}

/// Upstream's `isDialectSymbolSimpleEnoughForPrettyForm`.
fn is_simple_dialect_symbol(body: &str) -> bool {
    let Some(first) = body.bytes().next() else {
        return false;
    };
    if !first.is_ascii_alphabetic() {
        return false;
    }
    let rest = body.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '.' || c == '_');
    rest.is_empty() || (rest.starts_with('<') && rest.ends_with('>'))
}

/// The elements of a string `dense<...>`: one string alone for a splat.
fn write_dense_strings(
    ctx: &Context,
    ty: Type,
    values: &[Box<[u8]>],
    out: &mut dyn Write,
) -> fmt::Result {
    if let [one] = values {
        return write_escaped_bytes(one, out);
    }
    let dims = ctx.shape_dims(ty).unwrap_or(&[]);
    nested_lists(dims, values.len(), out, |i, out| {
        write_escaped_bytes(&values[i], out)
    })
}

/// Writes `count` elements of a shape as nested lists (`[[1, 2], [3, 4]]`), as
/// upstream's `printDenseElementsAttrImpl`: iteratively, with a counter per dim.
fn nested_lists(
    dims: &[i64],
    count: usize,
    out: &mut dyn Write,
    mut element: impl FnMut(usize, &mut dyn Write) -> fmt::Result,
) -> fmt::Result {
    if count == 0 || crate::types::num_elements(dims) == Some(0) {
        return Ok(());
    }
    let rank = dims.len();
    let mut counter = vec![0i64; rank];
    let mut open = 0;
    for i in 0..count {
        if i > 0 {
            out.write_str(", ")?;
        }
        for _ in open..rank {
            out.write_char('[')?;
        }
        open = rank;
        element(i, out)?;
        // Bump the counter, closing a bracket for each dim that wraps.
        let mut d = rank;
        while d > 1 {
            d -= 1;
            counter[d] += 1;
            if counter[d] < dims[d] {
                break;
            }
            counter[d] = 0;
            open -= 1;
            out.write_char(']')?;
        }
    }
    for _ in 0..open {
        out.write_char(']')?;
    }
    Ok(())
}

/// Writes element `i` as upstream prints dense elements: `true`/`false` for `i1`,
/// integers by their signedness, floats as `printFloatValue` (NaNs and infinities as
/// their bits).
fn write_element(values: &ElementValues, i: usize, out: &mut dyn Write) -> fmt::Result {
    let bits = values.bits(i).unwrap_or(0);
    match values.kind() {
        ElementKind::Bool => out.write_str(if bits == 0 { "false" } else { "true" }),
        ElementKind::Float(k) => write_float_bits(k, bits, out).map(|_| ()),
        ElementKind::Int {
            width,
            signedness: Signedness::Unsigned,
        } => out.write_str(itoa::Buffer::new().format(crate::dense::truncate(bits, width))),
        ElementKind::Int { .. } | ElementKind::Index => {
            out.write_str(itoa::Buffer::new().format(values.int(i).unwrap_or(0)))
        }
    }
}
