//! CHLO's enum attributes, `#chlo<comparison_direction GT>` and
//! `#chlo<comparison_type FLOAT>`: the dialect's attribute parser (kept as text,
//! checked and normalized here) and the constraints of the ops that carry them.

use tensor_ir::ods::AttrConstraint;
use tensor_ir::ods::attr_types::{always_set, parse_any, print_any};
use tensor_ir::{AttrKind, Attribute, Context};

/// One enum attribute: its mnemonic, the C++ enum upstream names in its messages,
/// and its keywords.
struct EnumAttr {
    mnemonic: &'static str,
    cpp: &'static str,
    keywords: &'static [&'static str],
}

const DIRECTION: EnumAttr = EnumAttr {
    mnemonic: "comparison_direction",
    cpp: "::mlir::chlo::ComparisonDirection",
    keywords: &["EQ", "NE", "GE", "GT", "LE", "LT"],
};

const TYPE: EnumAttr = EnumAttr {
    mnemonic: "comparison_type",
    cpp: "::mlir::chlo::ComparisonType",
    keywords: &["NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"],
};

/// The attribute body parser of the dialect: `mnemonic KEYWORD`, blanks
/// normalized to one space, as upstream prints it.
///
/// # Errors
/// The offset in `body` and upstream's message: an unknown mnemonic, or a keyword
/// that is not one of the enum's. Anything after the keyword is refused too
/// (upstream ignores it).
pub fn parse_body(body: &str) -> Result<String, (usize, String)> {
    let lead = body.len() - body.trim_start().len();
    let rest = body.trim_start();
    let mnemonic_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let mnemonic = &rest[..mnemonic_len];
    let Some(e) = [DIRECTION, TYPE]
        .into_iter()
        .find(|e| e.mnemonic == mnemonic)
    else {
        return Err((0, "unknown chlo attribute".to_owned()));
    };
    let after = &rest[mnemonic_len..];
    let value_at = lead + mnemonic_len + (after.len() - after.trim_start().len());
    let value = after.trim();
    if !e.keywords.contains(&value) {
        let message = if value.is_empty() || !value.starts_with(|c: char| c.is_ascii_alphabetic()) {
            "expected valid keyword or string".to_owned()
        } else if value.split_ascii_whitespace().count() > 1 {
            format!("unexpected text after '{}'", e.mnemonic)
        } else {
            format!("expected {} to be one of: {}", e.cpp, e.keywords.join(", "))
        };
        return Err((value_at, message));
    }
    Ok(format!("{} {value}", e.mnemonic))
}

/// The keyword of a `#chlo<mnemonic KEYWORD>` attribute.
fn keyword_of<'c>(ctx: &'c Context, a: Attribute, e: &EnumAttr) -> Option<&'c str> {
    let AttrKind::Opaque { dialect, body, .. } = ctx.attr_kind(a) else {
        return None;
    };
    if ctx.str(*dialect) != crate::DIALECT.name {
        return None;
    }
    let value = body.strip_prefix(e.mnemonic)?.strip_prefix(' ')?;
    e.keywords.contains(&value).then_some(value)
}

/// `comparison_direction`: `#chlo<comparison_direction GT>`.
pub struct ComparisonDirection;

/// `compare_type`: `#chlo<comparison_type FLOAT>`.
pub struct ComparisonType;

macro_rules! enum_attr {
    ($ty:ident, $e:expr, $summary:literal) => {
        impl tensor_ir::ods::attr_types::AttrType for $ty {
            type Value<'c> = &'c str;
            type Input<'i> = &'i str;
            const CONSTRAINT: AttrConstraint = AttrConstraint {
                summary: $summary,
                check: |ctx, a, name| {
                    keyword_of(ctx, a, &$e).is_none().then(|| {
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
            };
            fn get(ctx: &Context, a: Attribute) -> Option<&str> {
                keyword_of(ctx, a, &$e)
            }
            fn make(ctx: &mut Context, keyword: &str) -> Attribute {
                let dialect = ctx.sym(crate::DIALECT.name);
                ctx.intern_attr(AttrKind::Opaque {
                    dialect,
                    body: format!("{} {keyword}", $e.mnemonic).into(),
                    refs: Box::new([]),
                    ty: None,
                })
            }
        }
    };
}

enum_attr!(
    ComparisonDirection,
    DIRECTION,
    "Which comparison operation to perform."
);
enum_attr!(ComparisonType, TYPE, "Which comparison type to use.");

#[cfg(test)]
mod tests {
    use super::parse_body;

    #[test]
    fn bodies_normalize_and_refuse_what_upstream_refuses() {
        assert_eq!(
            parse_body("  comparison_direction   GT "),
            Ok("comparison_direction GT".to_owned())
        );
        assert_eq!(
            parse_body("comparison_type TOTALORDER"),
            Ok("comparison_type TOTALORDER".to_owned())
        );
        assert_eq!(
            parse_body("foo GT").map_err(|e| e.1),
            Err("unknown chlo attribute".to_owned())
        );
        let (at, msg) = parse_body("comparison_direction gt").unwrap_err();
        assert_eq!(at, 21);
        assert!(msg.contains("one of: EQ, NE, GE, GT, LE, LT"), "{msg}");
        assert!(parse_body("comparison_direction").is_err());
        assert!(parse_body("comparison_direction<GT>").is_err());
        assert!(parse_body("comparison_direction GT LT").is_err());
    }
}
