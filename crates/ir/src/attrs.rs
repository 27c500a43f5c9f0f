//! Builtin attributes. Attributes are uniqued in the [`Context`]; an [`Attribute`] is a cheap handle.

use crate::context::Context;
pub use crate::dense::{DenseElement, ElementKind, ElementValues};
use crate::types::{FloatKind, Signedness, TypeKind, write_dims};
use crate::{Symbol, Type};
use std::fmt;

/// A uniqued attribute; equality of handles is equality of attributes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Attribute(pub(crate) u32);

/// An attribute bound to a name, as in attribute dictionaries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NamedAttr {
    /// The name.
    pub name: Symbol,
    /// The value.
    pub value: Attribute,
}

/// The structure of an attribute.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum AttrKind {
    /// `unit`, or a name alone in a dictionary.
    Unit,
    /// `true`, `false` (an `i1` integer upstream; kept apart for clarity).
    Bool(bool),
    /// `42 : i32`.
    Integer {
        /// The value.
        value: i128,
        /// An integer or `index` type.
        ty: Type,
    },
    /// `1.5 : f32`.
    Float {
        /// Bits of the `f64` holding the (rounded) value.
        bits: u64,
        /// A float type.
        ty: Type,
    },
    /// `"text"`: any bytes, as upstream strings may hold non-UTF-8 escapes.
    String(Box<[u8]>),
    /// A type used as an attribute.
    Type(Type),
    /// `[a, b]`.
    Array(Vec<Attribute>),
    /// `{a = 1, b}`, sorted by name.
    Dictionary(Vec<NamedAttr>),
    /// `array<i64: 1, 2>`.
    DenseArray {
        /// Element type.
        elem: Type,
        /// The elements.
        values: ElementValues,
    },
    /// `dense<...> : tensor<...>`.
    DenseElements {
        /// A statically shaped tensor or vector type.
        ty: Type,
        /// One value (a splat, see [`ElementValues::is_splat`]) or one per element,
        /// row-major.
        values: ElementValues,
    },
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol.
        root: Symbol,
        /// Nested references.
        nested: Vec<Symbol>,
    },
    /// `#dialect.body`: an attribute of an unregistered dialect, kept as text.
    Opaque {
        /// The dialect namespace.
        dialect: Symbol,
        /// The text after the namespace.
        body: Box<str>,
    },
}

impl Context {
    /// A string attribute.
    pub fn string_attr(&mut self, s: &str) -> Attribute {
        self.intern_attr(AttrKind::String(s.as_bytes().into()))
    }

    /// A string attribute from raw bytes.
    pub fn bytes_attr(&mut self, bytes: &[u8]) -> Attribute {
        self.intern_attr(AttrKind::String(bytes.into()))
    }

    /// A type attribute.
    pub fn type_attr(&mut self, t: Type) -> Attribute {
        self.intern_attr(AttrKind::Type(t))
    }

    /// An integer attribute of the given type.
    pub fn int_attr(&mut self, value: i128, ty: Type) -> Attribute {
        self.intern_attr(AttrKind::Integer { value, ty })
    }

    /// A dictionary attribute; entries are sorted by name.
    pub fn dict_attr(&mut self, mut entries: Vec<NamedAttr>) -> Attribute {
        entries.sort_by(|a, b| self.str(a.name).cmp(self.str(b.name)));
        self.intern_attr(AttrKind::Dictionary(entries))
    }

    /// A flat symbol reference `@name`.
    pub fn symbol_ref_attr(&mut self, name: Symbol) -> Attribute {
        self.intern_attr(AttrKind::SymbolRef {
            root: name,
            nested: Vec::new(),
        })
    }

    /// The string of a string attribute.
    pub fn as_str_attr(&self, a: Attribute) -> Option<&str> {
        match self.attr_kind(a) {
            AttrKind::String(s) => std::str::from_utf8(s).ok(),
            _ => None,
        }
    }

    /// The type of a type attribute.
    pub fn as_type_attr(&self, a: Attribute) -> Option<Type> {
        match self.attr_kind(a) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }

    /// The values of an integer `array<...>` attribute (such as `array<i64: ...>`) as
    /// `i64`s; `None` for other attributes and values out of range.
    pub fn as_i64_array(&self, a: Attribute) -> Option<Vec<i64>> {
        match self.attr_kind(a) {
            AttrKind::DenseArray { values, .. } => {
                values.ints()?.map(|x| i64::try_from(x).ok()).collect()
            }
            _ => None,
        }
    }

    /// An `array<i64: ...>` attribute.
    pub fn i64_array_attr(&mut self, values: &[i64]) -> Attribute {
        let elem = self.i(64);
        let kind = ElementKind::Int {
            width: 64,
            signedness: Signedness::Signless,
        };
        let values =
            ElementValues::from_bits_iter(kind, values.iter().map(|&v| u128::from(v as u64)));
        self.intern_attr(AttrKind::DenseArray { elem, values })
    }

    /// A `dense<...>` attribute of a statically shaped tensor or vector type. `None`
    /// unless the values' kind is the element type's and they are one value (a splat)
    /// or one per element.
    pub fn dense_elements_attr(&mut self, ty: Type, values: ElementValues) -> Option<Attribute> {
        let elem = self.element_type(ty)?;
        let count = crate::types::num_elements(self.shape_dims(ty)?)?;
        let fits = ElementKind::of(self.type_kind(elem)) == Some(values.kind())
            && (values.is_splat() || i64::try_from(values.len()).ok() == Some(count));
        fits.then(|| self.intern_attr(AttrKind::DenseElements { ty, values }))
    }

    /// The type and values of a `dense<...>` attribute.
    pub fn as_dense_elements(&self, a: Attribute) -> Option<(Type, &ElementValues)> {
        match self.attr_kind(a) {
            AttrKind::DenseElements { ty, values } => Some((*ty, values)),
            _ => None,
        }
    }

    /// A displayable view of an attribute, in MLIR syntax.
    pub fn attr(&self, a: Attribute) -> AttrDisplay<'_> {
        AttrDisplay { ctx: self, attr: a }
    }

    /// Writes an attribute in MLIR syntax, with its type where upstream prints one.
    pub fn write_attr(&self, a: Attribute, out: &mut dyn fmt::Write) -> fmt::Result {
        self.write_attr_impl(a, false, out)
    }

    fn write_attr_impl(
        &self,
        a: Attribute,
        elide_type: bool,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        match self.attr_kind(a) {
            AttrKind::Unit => out.write_str("unit"),
            AttrKind::Bool(b) => out.write_str(if *b { "true" } else { "false" }),
            AttrKind::Integer { value, ty } => {
                if matches!(
                    self.type_kind(*ty),
                    TypeKind::Integer {
                        width: 1,
                        signedness: Signedness::Signless
                    }
                ) {
                    return out.write_str(if *value != 0 { "true" } else { "false" });
                }
                write!(out, "{}", normalize_int(*value, self.type_kind(*ty)))?;
                let is_i64 = matches!(
                    self.type_kind(*ty),
                    TypeKind::Integer {
                        width: 64,
                        signedness: Signedness::Signless
                    }
                );
                if !(elide_type && is_i64) {
                    write!(out, " : {}", self.ty(*ty))?;
                }
                Ok(())
            }
            AttrKind::Float { bits, ty } => {
                let kind = match self.type_kind(*ty) {
                    TypeKind::Float(k) => *k,
                    _ => FloatKind::F64,
                };
                write_float(f64::from_bits(*bits), kind, out)?;
                if !(elide_type && kind == FloatKind::F64) {
                    write!(out, " : {}", self.ty(*ty))?;
                }
                Ok(())
            }
            AttrKind::String(s) => write_escaped_bytes(s, out),
            AttrKind::Type(t) => self.write_type(*t, out),
            AttrKind::Array(items) => {
                out.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.write_str(", ")?;
                    }
                    self.write_attr_impl(*item, true, out)?;
                }
                out.write_str("]")
            }
            AttrKind::Dictionary(entries) => {
                out.write_str("{")?;
                self.write_named_attrs(entries, out)?;
                out.write_str("}")
            }
            AttrKind::DenseArray { elem, values } => {
                write!(out, "array<{}", self.ty(*elem))?;
                if !values.is_empty() {
                    out.write_str(": ")?;
                    for i in 0..values.len() {
                        if i > 0 {
                            out.write_str(", ")?;
                        }
                        write_element(values, i, out)?;
                    }
                }
                out.write_str(">")
            }
            AttrKind::DenseElements { ty, values } => {
                out.write_str("dense<")?;
                self.write_dense_body(*ty, values, out)?;
                write!(out, "> : {}", self.ty(*ty))
            }
            AttrKind::SymbolRef { root, nested } => {
                write_symbol_name(self.str(*root), out)?;
                for n in nested {
                    out.write_str("::")?;
                    write_symbol_name(self.str(*n), out)?;
                }
                Ok(())
            }
            AttrKind::Opaque { dialect, body } => write!(out, "#{}{}", self.str(*dialect), body),
        }
    }

    /// Writes `a = 1 : i32, b` (a unit attribute prints as its name alone).
    pub fn write_named_attrs(
        &self,
        entries: &[NamedAttr],
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        for (i, e) in entries.iter().enumerate() {
            if i > 0 {
                out.write_str(", ")?;
            }
            write_attr_name(self.str(e.name), out)?;
            if !matches!(self.attr_kind(e.value), AttrKind::Unit) {
                out.write_str(" = ")?;
                self.write_attr(e.value, out)?;
            }
        }
        Ok(())
    }

    /// Writes what goes between `dense<` and `>`, as upstream's printer does: nothing
    /// for no elements, the element alone for a splat, upstream's raw data in hex for
    /// more elements than the hex limit (see [`Context::set_elements_hex_limit`]),
    /// else nested lists.
    fn write_dense_body(
        &self,
        ty: Type,
        values: &ElementValues,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result {
        if values.is_splat() {
            return write_element(values, 0, out);
        }
        let dims = self.shape_dims(ty).unwrap_or(&[]);
        let count = crate::types::num_elements(dims).unwrap_or(0);
        if self.elements_hex_limit().is_some_and(|limit| count > limit) {
            return values.write_hex(out);
        }
        if values.is_empty() || count == 0 {
            return Ok(());
        }
        // Iterative, as upstream's printer: counters per dim instead of recursion.
        let rank = dims.len();
        let mut counter = vec![0i64; rank];
        let mut open = 0;
        for i in 0..values.len() {
            if i > 0 {
                out.write_str(", ")?;
            }
            for _ in open..rank {
                out.write_str("[")?;
            }
            open = rank;
            write_element(values, i, out)?;
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
                out.write_str("]")?;
            }
        }
        for _ in 0..open {
            out.write_str("]")?;
        }
        Ok(())
    }
}

/// Writes element `i` as upstream prints dense elements: `true`/`false` for `i1`,
/// integers by their signedness, floats as [`write_float`] (NaNs and infinities as
/// their stored bits, payload included).
fn write_element(values: &ElementValues, i: usize, out: &mut dyn fmt::Write) -> fmt::Result {
    let bits = values.bits(i).unwrap_or(0);
    match values.kind() {
        ElementKind::Bool => out.write_str(if bits == 0 { "false" } else { "true" }),
        ElementKind::Float(k) => match values.float(i) {
            Some(v) if v.is_finite() => write_float(v, k, out),
            _ => write!(out, "0x{bits:X}"),
        },
        ElementKind::Int {
            width,
            signedness: Signedness::Unsigned,
        } => out.write_str(itoa::Buffer::new().format(crate::dense::truncate(bits, width))),
        ElementKind::Int { .. } | ElementKind::Index => {
            out.write_str(itoa::Buffer::new().format(values.int(i).unwrap_or(0)))
        }
    }
}

/// Writes a float as upstream's `printFloatValue` does: `%e` with six digits when that
/// round-trips, else APFloat's natural form if it has a `.`, else the bits in hex.
pub fn write_float(v: f64, kind: FloatKind, out: &mut dyn fmt::Write) -> fmt::Result {
    if v.is_finite() {
        let short = crate::apfloat::to_string(v, kind, 6, 0, false);
        if short
            .parse::<f64>()
            .is_ok_and(|p| kind.round(p).to_bits() == v.to_bits())
        {
            return out.write_str(&short);
        }
        let natural = crate::apfloat::to_string(v, kind, 0, 3, true);
        if natural.contains('.') {
            return out.write_str(&natural);
        }
    }
    let bits: u64 = match kind {
        FloatKind::F64 => v.to_bits(),
        FloatKind::F32 => u64::from((v as f32).to_bits()),
        FloatKind::F16 => u64::from(half::f16::from_f64(v).to_bits()),
        FloatKind::BF16 => u64::from(half::bf16::from_f64(v).to_bits()),
    };
    write!(out, "0x{bits:X}")
}

/// The value an integer of this type prints as: signless and signed types print
/// sign-extended (`255 : i8` is `-1`), unsigned types zero-extended.
pub fn normalize_int(v: i128, kind: &TypeKind) -> i128 {
    let (width, signedness) = match kind {
        TypeKind::Integer { width, signedness } => (*width, *signedness),
        _ => return v,
    };
    if width == 0 || width >= 128 {
        return v;
    }
    let mask = (1i128 << width) - 1;
    let bits = v & mask;
    match signedness {
        Signedness::Unsigned => bits,
        _ if bits >> (width - 1) & 1 == 1 => bits - (1i128 << width),
        _ => bits,
    }
}

/// Writes a string literal with upstream's escaping (`\22`, `\5C`, `\0A`).
pub fn write_escaped_string(s: &str, out: &mut dyn fmt::Write) -> fmt::Result {
    write_escaped_bytes(s.as_bytes(), out)
}

/// Writes bytes as a string literal with upstream's escaping.
pub fn write_escaped_bytes(s: &[u8], out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str("\"")?;
    let plain = |b: u8| (0x20..=0x7e).contains(&b) && b != b'"' && b != b'\\';
    let mut rest = s;
    while !rest.is_empty() {
        // Runs of plain bytes go out in one write; names are almost always one run.
        let n = rest.iter().position(|&b| !plain(b)).unwrap_or(rest.len());
        if n > 0 {
            out.write_str(std::str::from_utf8(&rest[..n]).map_err(|_| fmt::Error)?)?;
            rest = &rest[n..];
            continue;
        }
        match rest[0] {
            b'"' => out.write_str("\\22")?,
            b'\\' => out.write_str("\\\\")?,
            b => write!(out, "\\{b:02X}")?,
        }
        rest = &rest[1..];
    }
    out.write_str("\"")
}

/// True if `s` can be printed as a bare identifier: `[a-zA-Z_][a-zA-Z0-9_$.]*`.
pub fn is_bare_identifier(s: &str) -> bool {
    let mut bytes = s.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.'))
}

/// Writes an attribute name, quoting it when it is not a bare identifier.
pub fn write_attr_name(s: &str, out: &mut dyn fmt::Write) -> fmt::Result {
    if is_bare_identifier(s) {
        out.write_str(s)
    } else {
        write_escaped_string(s, out)
    }
}

/// Writes `@name`, quoting names that are not bare identifiers.
pub fn write_symbol_name(s: &str, out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str("@")?;
    write_attr_name(s, out)
}

/// Writes dims of a shape the way broadcast diagnostics quote them: `4x?x3`.
pub fn write_shape(dims: &[i64], out: &mut dyn fmt::Write) -> fmt::Result {
    let mut s = String::new();
    write_dims(dims, &mut s)?;
    out.write_str(s.strip_suffix('x').unwrap_or(&s))
}

/// Displays an attribute through its context.
pub struct AttrDisplay<'a> {
    ctx: &'a Context,
    attr: Attribute,
}

impl fmt::Display for AttrDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.ctx.write_attr(self.attr, f)
    }
}

#[cfg(test)]
#[allow(clippy::approx_constant)] // upstream's printing of these exact literals is the point
mod tests {
    use super::*;

    fn float(v: f64, k: FloatKind) -> String {
        let mut s = String::new();
        write_float(k.round(v), k, &mut s).unwrap();
        s
    }

    #[test]
    fn floats_print_like_upstream() {
        assert_eq!(float(1.0, FloatKind::F32), "1.000000e+00");
        assert_eq!(float(0.1, FloatKind::F64), "1.000000e-01");
        assert_eq!(float(-2.5, FloatKind::F64), "-2.500000e+00");
        assert_eq!(float(3.14159265, FloatKind::F64), "3.1415926500000002");
        assert_eq!(float(f64::INFINITY, FloatKind::F32), "0x7F800000");
    }

    #[test]
    fn strings_escape_like_upstream() {
        let mut s = String::new();
        write_escaped_string("s\n\"q\\", &mut s).unwrap();
        assert_eq!(s, r#""s\0A\22q\\""#);
    }
}
