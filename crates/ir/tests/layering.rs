//! Issue 25's IR layering: the data model must not import the layers built
//! on it, or the crate knots again. The context's uniquing and its tables are
//! data model; its registry (`context/registration.rs`) and the op definitions
//! (`registry.rs`) sit above it, since an op's definition carries its parser,
//! printer and verifier.

use std::path::Path;

/// Data-model sources (files, or directories read whole) that must stay below
/// the printer, the parser, the verifier and ODS.
const DATA_MODEL: &[&str] = &[
    "types.rs",
    "attrs.rs",
    "location.rs",
    "intern.rs",
    "context/uniquing.rs",
    "context/tables.rs",
];

/// The layers above the data model.
const UPPER: &[&str] = &[
    "crate::print",
    "crate::parse",
    "crate::verify",
    "crate::ods",
];

fn check(path: &Path, bad: &mut Vec<String>) {
    let text = std::fs::read_to_string(path).expect("data-model source is readable");
    for (n, line) in text.lines().enumerate() {
        for up in UPPER {
            if line.contains(up) {
                bad.push(format!(
                    "{}:{}: names {up}: {}",
                    path.display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
}

#[test]
fn data_model_imports_no_upper_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    for entry in DATA_MODEL {
        check(&src.join(entry), &mut bad);
    }
    assert!(
        bad.is_empty(),
        "the data model reaches up:\n{}",
        bad.join("\n")
    );
}
