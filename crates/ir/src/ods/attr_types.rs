//! Attribute kinds for op definitions: each is a type implementing [`AttrType`], with
//! its constraint (check, messages, format syntax), a typed getter for accessors and a
//! maker for builders. [`str_enum!`](crate::str_enum) defines keyword enums.

use super::AttrConstraint;
use crate::attrs::AttrKind;
use crate::diag::{Diagnostic, codes};
use crate::parse::{PResult, Parser, Tok};
use crate::print::OpPrinter;
use crate::types::{Signedness, TypeKind};
use crate::{Attribute, Context, Type};
use std::fmt;

/// An attribute kind usable in an op definition.
pub trait AttrType {
    /// What an accessor returns.
    type Value<'c>;
    /// What a builder takes.
    type Input<'i>;
    /// The constraint the verifier checks, and the format syntax.
    const CONSTRAINT: AttrConstraint;
    /// Reads a verified attribute (`None` if it is not of this kind).
    fn get(ctx: &Context, attr: Attribute) -> Option<Self::Value<'_>>;
    /// Makes the attribute.
    fn make(ctx: &mut Context, input: Self::Input<'_>) -> Attribute;
}

/// Parses any attribute (the default format syntax).
pub fn parse_any(p: &mut Parser<'_>) -> PResult<Attribute> {
    p.parse_attribute()
}

/// Prints any attribute in its own syntax.
pub fn print_any(p: &mut OpPrinter<'_>, a: Attribute) -> fmt::Result {
    p.print_attr(a)
}

/// Every attribute counts as present.
pub fn always_set(_: &Context, _: Attribute) -> bool {
    true
}

/// An attribute constraint worded as upstream ODS words a failed one (`attribute 'x'
/// failed to satisfy constraint: <summary>`), in the default format syntax.
macro_rules! ods_constraint {
    ($summary:literal, $accepts:expr) => {
        AttrConstraint {
            summary: $summary,
            check: |ctx, a, name| {
                let accepts: fn(&Context, Attribute) -> bool = $accepts;
                (!accepts(ctx, a)).then(|| {
                    format!(
                        concat!("attribute '{}' failed to satisfy constraint: ", $summary),
                        name
                    )
                })
            },
            missing: "",
            parse: parse_any,
            print: print_any,
            is_set: always_set,
        }
    };
}

/// True for the signless 64-bit integer type.
fn is_i64(ctx: &Context, t: Type) -> bool {
    matches!(
        ctx.type_kind(t),
        TypeKind::Integer {
            width: 64,
            signedness: Signedness::Signless
        }
    )
}

/// True if `a` is an `array<i64: ...>`.
fn is_i64_array(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::DenseArray { elem, .. } if is_i64(ctx, *elem))
}

/// The elements of an `array<i64: ...>`, read in place (no copy, no decoding).
pub fn i64_slice(ctx: &Context, a: Attribute) -> Option<&[i64]> {
    match ctx.attr_kind(a) {
        AttrKind::DenseArray { elem, values } if is_i64(ctx, *elem) => values.as_slice::<i64>(),
        _ => None,
    }
}

/// Makes an `array<i64: ...>`.
pub fn make_i64_array(ctx: &mut Context, values: &[i64]) -> Attribute {
    ctx.i64_array_attr(values)
}

/// Parses `[1, -2, 3]` (possibly empty) as an `array<i64: ...>`.
pub fn parse_i64_list(p: &mut Parser<'_>) -> PResult<Attribute> {
    p.expect(Tok::LSquare, "[")?;
    let mut values = Vec::new();
    p.parse_comma_list(Tok::RSquare, "]", |p| {
        let pos = p.pos();
        let negative = p.consume_if(Tok::Minus)?;
        if !p.at(Tok::Integer) {
            return Err(p.error("expected integer"));
        }
        let magnitude = p
            .token_text()
            .parse::<i64>()
            .map_err(|_| p.error_at(pos, "integer value too large for i64"))?;
        p.advance()?;
        values.push(if negative { -magnitude } else { magnitude });
        Ok(())
    })?;
    Ok(make_i64_array(p.ctx, &values))
}

/// Prints an `array<i64: ...>` as `[1, 2]`.
pub fn print_i64_list(p: &mut OpPrinter<'_>, a: Attribute) -> fmt::Result {
    let values = p.ctx.as_i64_array(a).unwrap_or_default();
    let items: Vec<String> = values.iter().map(i64::to_string).collect();
    p.write("[");
    p.write(&items.join(", "));
    p.write("]");
    Ok(())
}

/// `array<i64: ...>`, written `[1, 2]` in formats; messages in tensor-opt's words.
pub struct I64Array;

impl AttrType for I64Array {
    type Value<'c> = Vec<i64>;
    type Input<'i> = &'i [i64];
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        summary: "i64 dense array attribute",
        check: |ctx, a, name| {
            (!is_i64_array(ctx, a)).then(|| {
                format!(
                    "attribute '{name}' must be an i64 dense array ('array<i64: ...>'), but is '{}'",
                    ctx.attr(a)
                )
            })
        },
        missing: "",
        parse: parse_i64_list,
        print: print_i64_list,
        is_set: always_set,
    };
    fn get(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
        i64_slice(ctx, a).map(<[i64]>::to_vec)
    }
    fn make(ctx: &mut Context, values: &[i64]) -> Attribute {
        make_i64_array(ctx, values)
    }
}

/// `array<i64: ...>` with upstream ODS's message (`DenseI64ArrayAttr`), for
/// attributes that mirror upstream ones (XLA's `broadcast_dimensions`).
pub struct DenseI64ArrayAttr;

impl AttrType for DenseI64ArrayAttr {
    type Value<'c> = Vec<i64>;
    type Input<'i> = &'i [i64];
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        check: |ctx, a, name| {
            (!is_i64_array(ctx, a)).then(|| {
                format!(
                    "attribute '{name}' failed to satisfy constraint: i64 dense array attribute"
                )
            })
        },
        ..I64Array::CONSTRAINT
    };
    fn get(ctx: &Context, a: Attribute) -> Option<Vec<i64>> {
        I64Array::get(ctx, a)
    }
    fn make(ctx: &mut Context, values: &[i64]) -> Attribute {
        make_i64_array(ctx, values)
    }
}

/// A flag: absent is false, `unit` or `true` is true. In formats it anchors an
/// optional keyword group (`(`keep_dims` $keep_dims^)?`).
pub struct UnitFlag;

impl AttrType for UnitFlag {
    type Value<'c> = bool;
    type Input<'i> = bool;
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        summary: "unit attribute",
        check: |ctx, a, name| {
            (!matches!(ctx.attr_kind(a), AttrKind::Unit | AttrKind::Bool(_))).then(|| {
                format!(
                    "attribute '{name}' must be a unit or boolean attribute, but is '{}'",
                    ctx.attr(a)
                )
            })
        },
        missing: "",
        parse: |p| Ok(p.ctx.intern_attr(AttrKind::Unit)),
        print: |_, _| Ok(()),
        is_set: |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Unit | AttrKind::Bool(true)),
    };
    fn get(ctx: &Context, a: Attribute) -> Option<bool> {
        match ctx.attr_kind(a) {
            AttrKind::Unit => Some(true),
            AttrKind::Bool(b) => Some(*b),
            _ => None,
        }
    }
    fn make(ctx: &mut Context, set: bool) -> Attribute {
        ctx.intern_attr(if set {
            AttrKind::Unit
        } else {
            AttrKind::Bool(false)
        })
    }
}

/// A 64-bit integer attribute (`1 : i64`), written as a bare integer in formats.
pub struct I64Attr;

impl AttrType for I64Attr {
    type Value<'c> = i64;
    type Input<'i> = i64;
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        summary: "64-bit signless integer attribute",
        check: |ctx, a, name| {
            I64Attr::get(ctx, a)
                .is_none()
                .then(|| format!("requires integer attribute '{name}'"))
        },
        missing: "integer ",
        parse: |p| {
            let pos = p.pos();
            let negative = p.consume_if(Tok::Minus)?;
            if !p.at(Tok::Integer) {
                return Err(p.error("expected integer"));
            }
            let magnitude = p
                .token_text()
                .parse::<i64>()
                .map_err(|_| p.error_at(pos, "integer value too large for i64"))?;
            p.advance()?;
            let value = if negative { -magnitude } else { magnitude };
            Ok(I64Attr::make(p.ctx, value))
        },
        print: |p, a| {
            if let AttrKind::Integer { value, .. } = p.ctx.attr_kind(a) {
                p.write(&value.to_string());
            }
            Ok(())
        },
        is_set: always_set,
    };
    fn get(ctx: &Context, a: Attribute) -> Option<i64> {
        match ctx.attr_kind(a) {
            AttrKind::Integer { value, .. } => i64::try_from(*value).ok(),
            _ => None,
        }
    }
    fn make(ctx: &mut Context, value: i64) -> Attribute {
        let ty = ctx.i(64);
        ctx.int_attr(i128::from(value), ty)
    }
}

/// A `dense<...>` attribute of tensor type.
pub struct DenseTensor;

impl AttrType for DenseTensor {
    type Value<'c> = Attribute;
    type Input<'i> = Attribute;
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        summary: "dense elements attribute of tensor type",
        check: |ctx, a, name| match ctx.attr_kind(a) {
            AttrKind::DenseElements { ty, .. } => {
                (!matches!(ctx.type_kind(*ty), TypeKind::Tensor { .. })).then(|| {
                    format!(
                        "attribute '{name}' must have a tensor type, but has '{}'",
                        ctx.ty(*ty)
                    )
                })
            }
            _ => Some(format!(
                "attribute '{name}' must be a dense elements attribute ('dense<...> : tensor<...>'), but is '{}'",
                ctx.attr(a)
            )),
        },
        missing: "",
        parse: |p| {
            let pos = p.pos();
            let value = p.parse_attribute()?;
            if !matches!(p.ctx.attr_kind(value), AttrKind::DenseElements { .. }) {
                return Err(p.error_at(
                    pos,
                    "expected a dense elements attribute, 'dense<...> : tensor<...>'",
                ));
            }
            Ok(value)
        },
        print: print_any,
        is_set: always_set,
    };
    fn get(_: &Context, a: Attribute) -> Option<Attribute> {
        Some(a)
    }
    fn make(_: &mut Context, a: Attribute) -> Attribute {
        a
    }
}

/// A string attribute (ODS `StrAttr`).
pub struct StrAttr;

impl AttrType for StrAttr {
    type Value<'c> = &'c str;
    type Input<'i> = &'i str;
    const CONSTRAINT: AttrConstraint =
        ods_constraint!("string attribute", |ctx, a| ctx.as_str_attr(a).is_some());
    fn get(ctx: &Context, a: Attribute) -> Option<&str> {
        ctx.as_str_attr(a)
    }
    fn make(ctx: &mut Context, s: &str) -> Attribute {
        ctx.string_attr(s)
    }
}

/// A type attribute holding a function type (ODS `TypeAttrOf<FunctionType>`).
pub struct FunctionTypeAttr;

impl AttrType for FunctionTypeAttr {
    type Value<'c> = Type;
    type Input<'i> = Type;
    const CONSTRAINT: AttrConstraint =
        ods_constraint!("type attribute of function type", |ctx, a| {
            FunctionTypeAttr::get(ctx, a).is_some()
        });
    fn get(ctx: &Context, a: Attribute) -> Option<Type> {
        let t = ctx.as_type_attr(a)?;
        ctx.function_signature(t).map(|_| t)
    }
    fn make(ctx: &mut Context, t: Type) -> Attribute {
        ctx.type_attr(t)
    }
}

/// A flat symbol reference `@name` (ODS `FlatSymbolRefAttr`).
pub struct FlatSymbolRefAttr;

impl AttrType for FlatSymbolRefAttr {
    type Value<'c> = &'c str;
    type Input<'i> = &'i str;
    const CONSTRAINT: AttrConstraint =
        ods_constraint!("flat symbol reference attribute", |ctx, a| {
            FlatSymbolRefAttr::get(ctx, a).is_some()
        });
    fn get(ctx: &Context, a: Attribute) -> Option<&str> {
        match ctx.attr_kind(a) {
            AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(ctx.str(*root)),
            _ => None,
        }
    }
    fn make(ctx: &mut Context, name: &str) -> Attribute {
        let s = ctx.sym(name);
        ctx.symbol_ref_attr(s)
    }
}

/// An array of dictionaries, one per argument or result (ODS `DictArrayAttr`).
pub struct DictArrayAttr;

impl AttrType for DictArrayAttr {
    type Value<'c> = &'c [Attribute];
    type Input<'i> = Attribute;
    const CONSTRAINT: AttrConstraint =
        ods_constraint!("Array of dictionary attributes", |ctx, a| {
            DictArrayAttr::get(ctx, a).is_some()
        });
    fn get(ctx: &Context, a: Attribute) -> Option<&[Attribute]> {
        match ctx.attr_kind(a) {
            AttrKind::Array(items)
                if items
                    .iter()
                    .all(|&i| matches!(ctx.attr_kind(i), AttrKind::Dictionary(_))) =>
            {
                Some(items)
            }
            _ => None,
        }
    }
    fn make(_: &mut Context, a: Attribute) -> Attribute {
        a
    }
}

/// A unit attribute (ODS `UnitAttr`).
pub struct UnitAttr;

impl AttrType for UnitAttr {
    type Value<'c> = bool;
    type Input<'i> = ();
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        parse: |p| Ok(p.ctx.intern_attr(AttrKind::Unit)),
        print: |_, _| Ok(()),
        ..ods_constraint!("unit attribute", |ctx, a| matches!(
            ctx.attr_kind(a),
            AttrKind::Unit
        ))
    };
    fn get(ctx: &Context, a: Attribute) -> Option<bool> {
        Some(matches!(ctx.attr_kind(a), AttrKind::Unit))
    }
    fn make(ctx: &mut Context, (): ()) -> Attribute {
        ctx.intern_attr(AttrKind::Unit)
    }
}

/// The keyword of a string attribute that must be one of `keywords`: its format
/// parser, for [`str_enum!`](crate::str_enum).
pub fn parse_keyword_of(p: &mut Parser<'_>, noun: &str, keywords: &[&str]) -> PResult<Attribute> {
    let pos = p.pos();
    let text = p.token_text();
    if !p.at(Tok::BareIdent) || !keywords.contains(&text) {
        let d = Diagnostic::error(
            p.location(pos),
            format!("expected {noun}, one of {}", keywords.join(", ")),
        )
        .with_code(codes::EXPECTED_KEYWORD);
        return Err(Box::new(p.found_keyword_hint(d, keywords.iter().copied())));
    }
    let value = p.ctx.string_attr(text);
    p.advance()?;
    Ok(value)
}

/// Prints a keyword enum's value bare.
pub fn print_keyword(p: &mut OpPrinter<'_>, a: Attribute) -> fmt::Result {
    if let Some(s) = p.ctx.as_str_attr(a) {
        let s = s.to_owned();
        p.write(&s);
    }
    Ok(())
}

/// Why `a` is not one of `keywords`, in tensor-opt's words.
pub fn check_keyword_of(
    ctx: &Context,
    a: Attribute,
    name: &str,
    keywords: &[&str],
) -> Option<String> {
    match ctx.as_str_attr(a) {
        None => Some(format!(
            "attribute '{name}' must be a string, but is '{}'",
            ctx.attr(a)
        )),
        Some(s) if !keywords.contains(&s) => Some(format!(
            "{name} '{s}' is not one of {}",
            keywords.join(", ")
        )),
        Some(_) => None,
    }
}

/// Defines a keyword enum attribute kind: a string attribute that must be one of the
/// keywords, written bare in formats.
///
/// ```
/// tensor_ir::str_enum! {
///     /// How two values compare.
///     pub Predicate, "predicate", ["eq", "ne"]
/// }
/// use tensor_ir::ods::attr_types::AttrType;
/// assert_eq!(Predicate::KEYWORDS, ["eq", "ne"]);
/// assert_eq!(Predicate::CONSTRAINT.summary, "one of eq, ne");
/// ```
#[macro_export]
macro_rules! str_enum {
    ($(#[$doc:meta])* $vis:vis $name:ident, $noun:literal, [$($kw:literal),+ $(,)?]) => {
        $(#[$doc])*
        $vis struct $name;

        impl $name {
            /// The keywords, in order.
            pub const KEYWORDS: &'static [&'static str] = &[$($kw),+];
        }

        impl $crate::ods::attr_types::AttrType for $name {
            type Value<'c> = &'c str;
            type Input<'i> = &'i str;
            const CONSTRAINT: $crate::ods::AttrConstraint = $crate::ods::AttrConstraint {
                summary: concat!("one of ", $crate::str_enum!(@join $($kw),+)),
                check: |ctx, a, name| {
                    $crate::ods::attr_types::check_keyword_of(ctx, a, name, $name::KEYWORDS)
                },
                missing: "",
                parse: |p| $crate::ods::attr_types::parse_keyword_of(p, $noun, $name::KEYWORDS),
                print: $crate::ods::attr_types::print_keyword,
                is_set: $crate::ods::attr_types::always_set,
            };
            fn get(ctx: &$crate::Context, a: $crate::Attribute) -> Option<&str> {
                ctx.as_str_attr(a).filter(|s| $name::KEYWORDS.contains(s))
            }
            fn make(ctx: &mut $crate::Context, s: &str) -> $crate::Attribute {
                ctx.string_attr(s)
            }
        }
    };
    (@join $first:literal $(, $rest:literal)*) => {
        concat!($first $(, ", ", $rest)*)
    };
}
