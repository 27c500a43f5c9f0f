//! `docs/passes.md` is generated from the pass registry and must stay in sync with
//! it. After adding or changing a pass, regenerate it with
//! `UPDATE_PASSES_DOC=1 cargo test --test passes_doc`.

use tensor_opt::driver::{default_registry, passes_doc};

#[test]
fn docs_passes_md_matches_the_registry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/passes.md");
    let expected = passes_doc(&default_registry().expect("tensor-opt's passes register"));
    if std::env::var_os("UPDATE_PASSES_DOC").is_some() {
        std::fs::write(path, &expected).expect("docs/passes.md is writable");
        return;
    }
    let found = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        found == expected,
        "docs/passes.md is out of date with the pass registry.\n\
         Regenerate it with: UPDATE_PASSES_DOC=1 cargo test --test passes_doc\n\
         --- expected ---\n{expected}"
    );
}
