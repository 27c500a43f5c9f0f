//! Builtin attributes. Attributes are uniqued in the [`Context`]; an [`Attribute`] is a cheap handle.

use crate::affine::{AffineMap, IntegerSet};
use crate::context::Context;
pub use crate::dense::{DenseElement, ElementKind, ElementValues};
use crate::location::Location;
use crate::types::{Signedness, TypeKind, write_dims};
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

/// An attribute or a type: what an alias names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum AttrOrType {
    /// An attribute.
    Attr(Attribute),
    /// A type.
    Type(Type),
}

/// An alias used in the text of an opaque attribute or type (`#a` in
/// `#dialect.x<#a>`), resolved when parsed: printing writes the value it names as
/// the printer names it (its alias, or the value itself).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct OpaqueRef {
    /// Byte offset of the alias in the body.
    pub start: u32,
    /// Byte offset just past it.
    pub end: u32,
    /// The value.
    pub target: AttrOrType,
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
    /// `2^200 : i256`: an integer whose value does not fit an `i128`, only of
    /// a type wider than 128 bits (every other value is an [`AttrKind::Integer`]).
    WideInteger {
        /// The value as it prints: sign-extended for signless and signed types.
        value: Box<num_bigint::BigInt>,
        /// An integer type wider than 128 bits.
        ty: Type,
    },
    /// `1.5 : f32`.
    Float {
        /// The value's encoding in the type's format (see [`FloatKind`]), so that
        /// every NaN payload and signalling NaN is kept.
        bits: u128,
        /// A float type.
        ty: Type,
    },
    /// `"text"`: any bytes, as upstream strings may hold non-UTF-8 escapes.
    String(Box<[u8]>),
    /// `"text" : i32`: a string with a type other than `none`.
    TypedString {
        /// The bytes.
        value: Box<[u8]>,
        /// The type.
        ty: Type,
    },
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
    /// `dense<(1, 2)> : tensor<complex<i32>>`.
    DenseComplex {
        /// A statically shaped type of `complex<T>` elements.
        ty: Type,
        /// Real and imaginary parts of `T`, interleaved: two values for a splat, else
        /// two per element.
        values: ElementValues,
    },
    /// `dense<"text"> : tensor<2x!dialect.string>`: elements of another type, as strings.
    DenseString {
        /// A statically shaped type.
        ty: Type,
        /// One value for a splat, else one per element.
        values: Box<[Box<[u8]>]>,
    },
    /// `dense_resource<blob> : tensor<4xi32>`: elements held in a resource of the
    /// file's `{-# dialect_resources #-}` section.
    DenseResource {
        /// A shaped type.
        ty: Type,
        /// The resource's key.
        key: Symbol,
    },
    /// `sparse<[[0, 1]], [5]> : tensor<2x2xi32>`.
    Sparse {
        /// A statically shaped type.
        ty: Type,
        /// A `DenseElements` attribute of `i64` indices.
        indices: Attribute,
        /// A dense attribute of the values.
        values: Attribute,
    },
    /// `affine_map<(d0) -> (d0 + 1)>`.
    AffineMap(AffineMap),
    /// `affine_set<(d0) : (d0 >= 0)>`.
    IntegerSet(IntegerSet),
    /// `strided<[4, 1], offset: ?>`: a memref layout.
    StridedLayout {
        /// The offset; [`crate::DYNAMIC`] is `?`.
        offset: i64,
        /// The strides; [`crate::DYNAMIC`] is `?`.
        strides: Box<[i64]>,
    },
    /// `loc("file":1:2)` used as an attribute.
    Location(Location),
    /// `distinct[0]<...>`: an attribute unique however equal its contents are.
    Distinct {
        /// The context-wide identity (the printer numbers them anew).
        id: u32,
        /// The referenced attribute (`unit` for `distinct[0]<>`).
        referenced: Attribute,
    },
    /// `@root::@nested`.
    SymbolRef {
        /// The root symbol.
        root: Symbol,
        /// Nested references.
        nested: Vec<Symbol>,
    },
    /// `#dialect.body` or `#dialect<body>`: an attribute of a dialect the context
    /// cannot parse, kept as text.
    Opaque {
        /// The dialect namespace.
        dialect: Symbol,
        /// Upstream's symbol data: `foo<1>` for both `#d.foo<1>` and `#d<foo<1>>`.
        body: Box<str>,
        /// Aliases used in the body.
        refs: Box<[OpaqueRef]>,
        /// The type after `:`, if any.
        ty: Option<Type>,
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
        if let Some(&a) = self.uniq.i64_arrays.get(values) {
            return a;
        }
        let a = self.i64_array_attr_uncached(values);
        // Short arrays only: the memo is for the many small ones builders make.
        if values.len() <= 8 {
            self.uniq.i64_arrays.insert(values.into(), a);
        }
        a
    }

    fn i64_array_attr_uncached(&mut self, values: &[i64]) -> Attribute {
        let elem = self.i(64);
        let kind = ElementKind::Int {
            width: 64,
            signedness: Signedness::Signless,
        };
        let values =
            ElementValues::from_bits_iter(kind, values.iter().map(|&v| u128::from(v as u64)));
        self.intern_attr(AttrKind::DenseArray { elem, values })
    }

    /// An `array<i32: ...>` attribute (upstream's `operandSegmentSizes`, say).
    pub fn i32_array_attr(&mut self, values: &[i32]) -> Attribute {
        let elem = self.i(32);
        let kind = ElementKind::Int {
            width: 32,
            signedness: Signedness::Signless,
        };
        let values =
            ElementValues::from_bits_iter(kind, values.iter().map(|&v| u128::from(v as u32)));
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
}

pub use crate::float::write_float;

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
    // Shifted up to the top and back: arithmetic for a sign, logical for none.
    let shift = 128 - width;
    match signedness {
        Signedness::Unsigned => ((v.cast_unsigned() << shift) >> shift).cast_signed(),
        _ => (v << shift) >> shift,
    }
}

/// Writes a string literal with upstream's escaping (`\22`, `\5C`, `\0A`).
pub fn write_escaped_string(s: &str, out: &mut dyn fmt::Write) -> fmt::Result {
    write_escaped_bytes(s.as_bytes(), out)
}

/// True if `s` prints as a string literal unchanged: printable ASCII without
/// `"` or `\\`.
pub fn is_plain_string(s: &[u8]) -> bool {
    s.iter().all(|&b| plain_byte(b))
}

fn plain_byte(b: u8) -> bool {
    (0x20..=0x7e).contains(&b) && b != b'"' && b != b'\\'
}

/// Writes bytes as a string literal with upstream's escaping.
pub fn write_escaped_bytes(s: &[u8], out: &mut dyn fmt::Write) -> fmt::Result {
    out.write_str("\"")?;
    let plain = plain_byte;
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
    use crate::types::FloatKind;

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
