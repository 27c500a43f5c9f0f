//! The crates' layering, as docs/ir.md draws it, is the code's: each crate depends on
//! exactly the workspace crates its row lists, and the core imports no dialect but
//! `builtin` and no trait crate.

use std::collections::BTreeMap;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The workspace crates a `Cargo.toml` lists under `[dependencies]`.
fn workspace_deps(manifest: &Path, names: &[String]) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).expect("readable manifest");
    let mut in_deps = false;
    let mut deps = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        if !in_deps {
            continue;
        }
        let Some((name, _)) = line.split_once(['=', '.']) else {
            continue;
        };
        let name = name.trim();
        if names.iter().any(|n| n == name) {
            deps.push(name.to_owned());
        }
    }
    deps.sort();
    deps
}

/// The table of docs/ir.md: crate -> (path, dependencies).
fn documented() -> BTreeMap<String, (String, Vec<String>)> {
    let doc = std::fs::read_to_string(Path::new(ROOT).join("docs/ir.md")).expect("docs/ir.md");
    let mut rows = BTreeMap::new();
    for line in doc.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let [_, name, path, deps, _] = cells[..] else {
            continue;
        };
        let unquote = |s: &str| s.trim_matches('`').to_owned();
        if !name.starts_with('`') || !path.starts_with('`') {
            continue;
        }
        let deps: Vec<String> = if deps == "—" || deps == "all of the above" {
            Vec::new()
        } else {
            let mut d: Vec<String> = deps.split(',').map(|d| unquote(d.trim())).collect();
            d.sort();
            d
        };
        rows.insert(unquote(name), (unquote(path), deps));
    }
    rows
}

#[test]
fn docs_table_matches_the_manifests() {
    let rows = documented();
    assert!(rows.len() >= 8, "the crate table was not found: {rows:?}");
    let names: Vec<String> = rows.keys().cloned().collect();
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(Path::new(ROOT).join("crates")).expect("crates/") {
        let dir = entry.expect("entry").path();
        let manifest = dir.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest).expect("manifest");
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_owned())
            .expect("package name");
        let Some((path, deps)) = rows.get(&name) else {
            panic!("crate {name} is missing from the table in docs/ir.md");
        };
        let rel = dir.strip_prefix(ROOT).expect("under root");
        assert_eq!(Path::new(path), rel, "path of {name}");
        assert_eq!(
            &workspace_deps(&manifest, &names),
            deps,
            "dependencies of {name} (docs/ir.md vs {})",
            manifest.display()
        );
        seen.push(name);
    }
    let Some((path, deps)) = rows.get("tensor-opt") else {
        panic!("the root package is missing from the table in docs/ir.md");
    };
    assert!(path.starts_with('.'), "path of tensor-opt: {path}");
    assert_eq!(
        &workspace_deps(&Path::new(ROOT).join("Cargo.toml"), &names),
        deps,
        "dependencies of tensor-opt (docs/ir.md vs Cargo.toml)"
    );
    assert_eq!(
        seen.len() + 1,
        rows.len(),
        "a documented crate does not exist"
    );
}

/// Issue 25: the pipeline is a library, so the editor server and the fuzz harness
/// (and every other crate) use it without the root package's command lines (clap,
/// mimalloc); the pipeline itself parses no command line.
#[test]
fn no_crate_depends_on_the_root_package() {
    let all: Vec<String> = documented().into_keys().collect();
    for entry in std::fs::read_dir(Path::new(ROOT).join("crates")).expect("crates/") {
        let manifest = entry.expect("entry").path().join("Cargo.toml");
        let deps = workspace_deps(&manifest, &all);
        assert!(
            !deps.iter().any(|d| d == "tensor-opt"),
            "{} depends on the root package",
            manifest.display()
        );
    }
    for krate in ["lsp", "fuzz-harness"] {
        let manifest = Path::new(ROOT)
            .join("crates")
            .join(krate)
            .join("Cargo.toml");
        let deps = workspace_deps(&manifest, &all);
        assert!(
            deps.iter().any(|d| d == "tensor-pipeline"),
            "{krate}: {deps:?}"
        );
    }
    let pipeline = std::fs::read_to_string(Path::new(ROOT).join("crates/pipeline/Cargo.toml"))
        .expect("crates/pipeline/Cargo.toml");
    for command_line in ["clap", "mimalloc"] {
        assert!(
            !pipeline
                .lines()
                .any(|l| l.trim_start().starts_with(command_line)),
            "the pipeline library depends on {command_line}"
        );
    }
}

#[test]
fn the_core_imports_no_dialect_and_no_trait_crate() {
    let core = Path::new(ROOT).join("crates/ir/src");
    let mut stack = vec![core];
    let forbidden = [
        "broadcastable",
        "tensor_dialect",
        "dialect_nd",
        "dialect_func",
        "dialects::func",
        "\"func.",
        "\"nd.",
    ];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            for (i, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or_default();
                for f in forbidden {
                    assert!(
                        !code.contains(f),
                        "{}:{}: the core must not mention `{f}`: {line}",
                        path.display(),
                        i + 1
                    );
                }
            }
        }
    }
}

/// Issue 25: every layer reaches an `nd` op by its typed handle (`AddOp::NAME`,
/// an interface keyed by op kind), so a string literal that is exactly an `nd` op
/// name (`"nd.add"`) appears only in `crates/dialect-nd`, where the ops are
/// defined, and in tests. Diagnostics may still mention ops inside longer wording.
#[test]
fn only_the_dialect_spells_nd_op_names() {
    let mut offenders = Vec::new();
    let mut stack = vec![Path::new(ROOT).join("src"), Path::new(ROOT).join("crates")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("dir") {
            let path = entry.expect("entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if path.is_dir() {
                if !matches!(name, "dialect-nd" | "tests" | "target") {
                    stack.push(path);
                }
                continue;
            }
            if !name.ends_with(".rs") || name == "tests.rs" {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source");
            for (i, line) in text.lines().enumerate() {
                // Unit tests sit at the end of a file, after their attribute.
                if line.trim_start().starts_with("#[cfg(test)]") {
                    break;
                }
                let code = line.split("//").next().unwrap_or_default();
                let mut rest = code;
                while let Some(at) = rest.find("\"nd.") {
                    let tail = &rest[at + 4..];
                    let end = tail
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(tail.len());
                    if end > 0 && tail[end..].starts_with('"') {
                        offenders.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                    }
                    rest = tail;
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "nd op names spelled outside crates/dialect-nd:\n{}",
        offenders.join("\n")
    );
}
