//! The dialect's attributes: `#stablehlo<comparison_direction GT>`,
//! `#stablehlo<comparison_type FLOAT>`, `#stablehlo<precision DEFAULT>` and
//! `#stablehlo.dot<...>`.
//!
//! They are kept as the text StableHLO's printer writes for them (opaque
//! attributes of the dialect): [`read_attr`] is the dialect's attribute hook,
//! which checks what it reads and writes it back in that canonical form, so both
//! the generic form and the ops' pretty forms print as upstream does.

use std::fmt::Write as _;
use tensor_ir::attrs::AttrKind;
use tensor_ir::ods::AttrConstraint;
use tensor_ir::ods::attr_types::{AttrType, always_set};
use tensor_ir::parse::{PResult, Parser, Tok};
use tensor_ir::print::OpPrinter;
use tensor_ir::{Attribute, Context};

/// The dialect's namespace.
pub const NAMESPACE: &str = "stablehlo";

/// A keyword enum attribute: `#stablehlo<{mnemonic} {KEYWORD}>`.
pub struct EnumKind {
    /// `comparison_direction`.
    pub mnemonic: &'static str,
    /// Upstream's C++ name, for its parse error.
    pub cpp: &'static str,
    /// The keywords, in upstream's order.
    pub keywords: &'static [&'static str],
}

/// `#stablehlo<comparison_direction ...>`.
pub const DIRECTION: EnumKind = EnumKind {
    mnemonic: "comparison_direction",
    cpp: "::mlir::stablehlo::ComparisonDirection",
    keywords: &["EQ", "NE", "GE", "GT", "LE", "LT"],
};

/// `#stablehlo<comparison_type ...>`.
pub const COMPARE_TYPE: EnumKind = EnumKind {
    mnemonic: "comparison_type",
    cpp: "::mlir::stablehlo::ComparisonType",
    keywords: &["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"],
};

/// `#stablehlo<precision ...>`.
pub const PRECISION: EnumKind = EnumKind {
    mnemonic: "precision",
    cpp: "::mlir::stablehlo::Precision",
    keywords: &["DEFAULT", "HIGH", "HIGHEST"],
};

const ENUMS: [&EnumKind; 3] = [&DIRECTION, &COMPARE_TYPE, &PRECISION];

/// The fields of `#stablehlo.dot<...>`, in the order upstream prints them.
const DOT_FIELDS: [&str; 4] = [
    "lhs_batching_dimensions",
    "rhs_batching_dimensions",
    "lhs_contracting_dimensions",
    "rhs_contracting_dimensions",
];

/// The dimension numbers of `stablehlo.dot_general`: batching and contracting
/// dims of each side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DotDims {
    /// `lhs_batching_dimensions`, `rhs_batching_dimensions`,
    /// `lhs_contracting_dimensions`, `rhs_contracting_dimensions`.
    pub lists: [Vec<i64>; 4],
}

impl DotDims {
    /// Upstream's text for it: `dot<...>`, each non-empty list in order.
    pub fn body(&self) -> String {
        let mut s = String::from("dot<");
        let mut first = true;
        for (name, list) in DOT_FIELDS.iter().zip(&self.lists) {
            if list.is_empty() {
                continue;
            }
            if !first {
                s.push_str(", ");
            }
            first = false;
            let _ = write!(s, "{name} = ");
            write_list(&mut s, list);
        }
        s.push('>');
        s
    }

    /// Reads the body `dot<...>`.
    fn read(body: &str) -> Result<DotDims, String> {
        let inner = body
            .strip_prefix("dot<")
            .and_then(|b| b.strip_suffix('>'))
            .ok_or("expected '<' after 'dot'")?;
        let mut dims = DotDims::default();
        let mut seen = [false; 4];
        let mut rest = inner.trim();
        while !rest.is_empty() {
            let eq = rest.find('=').ok_or("expected '='")?;
            let name = rest[..eq].trim();
            let i = DOT_FIELDS
                .iter()
                .position(|f| *f == name)
                .ok_or_else(|| format!("unexpected field '{name}' in #stablehlo.dot"))?;
            if std::mem::replace(&mut seen[i], true) {
                return Err(format!("duplicate '{name}' field"));
            }
            let after = rest[eq + 1..].trim_start();
            let close = after
                .strip_prefix('[')
                .and_then(|a| a.find(']'))
                .ok_or("expected '['")?;
            dims.lists[i] = read_ints(&after[1..=close])?;
            rest = after[close + 2..].trim_start();
            if let Some(r) = rest.strip_prefix(',') {
                rest = r.trim_start();
            } else if !rest.is_empty() {
                return Err("expected ',' or '>'".into());
            }
        }
        Ok(dims)
    }
}

/// `[1, 2]`.
pub(crate) fn write_list(s: &mut String, list: &[i64]) {
    s.push('[');
    for (i, v) in list.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(itoa::Buffer::new().format(*v));
    }
    s.push(']');
}

fn read_ints(text: &str) -> Result<Vec<i64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|t| {
            t.trim()
                .parse::<i64>()
                .map_err(|_| format!("expected integer value, got '{}'", t.trim()))
        })
        .collect()
}

/// The dialect's attribute hook ([`tensor_ir::DialectAttrHook`]): the canonical
/// text of the attribute whose symbol data is `data`, or why it is not one.
pub fn read_attr(data: &str) -> Result<String, String> {
    if data.starts_with("dot<") || data.starts_with("dot ") {
        let compact: String = data.replacen("dot ", "dot", 1);
        return DotDims::read(&compact).map(|d| d.body());
    }
    let mut words = data.split_whitespace();
    let mnemonic = words.next().unwrap_or_default();
    let Some(kind) = ENUMS.iter().find(|k| k.mnemonic == mnemonic) else {
        return Err(format!(
            "unknown attribute `{mnemonic}` in dialect `{NAMESPACE}`"
        ));
    };
    let keyword = words.next().unwrap_or_default();
    if words.next().is_some() || !kind.keywords.contains(&keyword) {
        return Err(enum_error(kind));
    }
    Ok(format!("{mnemonic} {keyword}"))
}

fn enum_error(kind: &EnumKind) -> String {
    format!(
        "expected {} to be one of: {}",
        kind.cpp,
        kind.keywords.join(", ")
    )
}

/// The body of an opaque attribute of this dialect.
pub fn body(ctx: &Context, a: Attribute) -> Option<&str> {
    match ctx.attr_kind(a) {
        AttrKind::Opaque { dialect, body, .. } if ctx.str(*dialect) == NAMESPACE => Some(body),
        _ => None,
    }
}

/// Makes the attribute of body `body` (already canonical).
pub fn make(ctx: &mut Context, body: &str) -> Attribute {
    let dialect = ctx.sym(NAMESPACE);
    ctx.intern_attr(AttrKind::Opaque {
        dialect,
        body: body.into(),
        refs: Box::default(),
        ty: None,
    })
}

/// The keyword of an enum attribute of `kind`.
pub fn keyword<'c>(ctx: &'c Context, kind: &EnumKind, a: Attribute) -> Option<&'c str> {
    let rest = body(ctx, a)?
        .strip_prefix(kind.mnemonic)?
        .strip_prefix(' ')?;
    kind.keywords.contains(&rest).then_some(rest)
}

/// The dimension numbers of a `#stablehlo.dot<...>`.
pub fn dot_dims(ctx: &Context, a: Attribute) -> Option<DotDims> {
    DotDims::read(body(ctx, a)?).ok()
}

/// Parses the bare keyword of an enum attribute of `kind` (the pretty forms write
/// `GT`, not the attribute).
pub fn parse_keyword(p: &mut Parser<'_>, kind: &EnumKind) -> PResult<Attribute> {
    let pos = p.pos();
    let word = if p.at(Tok::BareIdent) {
        p.token_text().to_string()
    } else {
        String::new()
    };
    if !kind.keywords.contains(&word.as_str()) {
        return Err(p.error_at(pos, enum_error(kind)));
    }
    p.advance()?;
    Ok(make(p.ctx, &format!("{} {word}", kind.mnemonic)))
}

macro_rules! enum_attr {
    ($(#[$doc:meta])* $name:ident, $kind:path) => {
        $(#[$doc])*
        pub struct $name;

        impl AttrType for $name {
            type Value<'c> = &'c str;
            type Input<'i> = &'i str;
            const CONSTRAINT: AttrConstraint = AttrConstraint {
                summary: concat!("stablehlo ", stringify!($name)),
                check: |ctx, a, name| {
                    keyword(ctx, &$kind, a).is_none().then(|| {
                        format!(
                            "attribute '{name}' failed to satisfy constraint: {}",
                            $kind.mnemonic
                        )
                    })
                },
                missing: "",
                parse: |p| parse_keyword(p, &$kind),
                print: |p, a| {
                    let k = keyword(p.ctx, &$kind, a).unwrap_or_default();
                    p.write(k);
                    Ok(())
                },
                is_set: always_set,
            };
            fn get(ctx: &Context, a: Attribute) -> Option<&str> {
                keyword(ctx, &$kind, a)
            }
            fn make(ctx: &mut Context, k: &str) -> Attribute {
                make(ctx, &format!("{} {k}", $kind.mnemonic))
            }
        }
    };
}

enum_attr!(
    /// `#stablehlo<comparison_direction GT>`, written `GT` in `stablehlo.compare`.
    ComparisonDirectionAttr,
    DIRECTION
);
enum_attr!(
    /// `#stablehlo<comparison_type FLOAT>`, written `FLOAT` in `stablehlo.compare`.
    ComparisonTypeAttr,
    COMPARE_TYPE
);

/// `#stablehlo.dot<...>`; `stablehlo.dot_general`'s pretty form writes it with a
/// custom directive.
pub struct DotDimsAttr;

impl AttrType for DotDimsAttr {
    type Value<'c> = DotDims;
    type Input<'i> = &'i DotDims;
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        summary: "Attribute that models the dimension information for dot.",
        check: |ctx, a, name| {
            dot_dims(ctx, a).is_none().then(|| {
                format!("attribute '{name}' failed to satisfy constraint: Attribute that models the dimension information for dot.")
            })
        },
        missing: "",
        parse: tensor_ir::ods::attr_types::parse_any,
        print: tensor_ir::ods::attr_types::print_any,
        is_set: always_set,
    };
    fn get(ctx: &Context, a: Attribute) -> Option<DotDims> {
        dot_dims(ctx, a)
    }
    fn make(ctx: &mut Context, d: &DotDims) -> Attribute {
        make(ctx, &d.body())
    }
}

/// `[#stablehlo<precision DEFAULT>, ...]`, written `precision = [DEFAULT, ...]`
/// in `stablehlo.dot_general`.
pub struct PrecisionConfigAttr;

/// The keywords of a precision config.
fn precisions(ctx: &Context, a: Attribute) -> Option<Vec<&str>> {
    match ctx.attr_kind(a) {
        AttrKind::Array(items) => items.iter().map(|&i| keyword(ctx, &PRECISION, i)).collect(),
        _ => None,
    }
}

impl AttrType for PrecisionConfigAttr {
    type Value<'c> = Vec<&'c str>;
    type Input<'i> = &'i [&'i str];
    const CONSTRAINT: AttrConstraint = AttrConstraint {
        summary: "Precision Config attribute",
        check: |ctx, a, name| {
            precisions(ctx, a).is_none().then(|| {
                format!(
                    "attribute '{name}' failed to satisfy constraint: Precision Config attribute"
                )
            })
        },
        missing: "",
        parse: tensor_ir::ods::attr_types::parse_any,
        print: tensor_ir::ods::attr_types::print_any,
        is_set: always_set,
    };
    fn get(ctx: &Context, a: Attribute) -> Option<Vec<&str>> {
        precisions(ctx, a)
    }
    fn make(ctx: &mut Context, ks: &[&str]) -> Attribute {
        let items = ks
            .iter()
            .map(|k| make(ctx, &format!("precision {k}")))
            .collect();
        ctx.intern_attr(AttrKind::Array(items))
    }
}

/// Prints the keywords of a precision config: `[DEFAULT, HIGH]`.
pub(crate) fn print_precisions(p: &mut OpPrinter<'_>, a: Attribute) {
    let ks = precisions(p.ctx, a).unwrap_or_default();
    p.write("[");
    p.write(&ks.join(", "));
    p.write("]");
}
