//! Replays the kept fuzz corpus and every crasher found so far through the fuzz
//! targets' own entry point ([`tensor_fuzz::run`]): `fuzz/corpus/<target>/`
//! (minimized with `cargo fuzz cmin`) and `fuzz/regressions/<target>/` (each
//! input that once failed, kept after its fix). Cheap enough for CI; the long
//! coverage-guided runs are not part of it (fuzz/README.md).

use std::path::{Path, PathBuf};
use tensor_fuzz::{Target, run};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

/// The files of `dir`, sorted (none when it does not exist).
fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

fn replay(target: Target, kind: &str) -> usize {
    let dir = fuzz_dir().join(kind).join(target.name());
    let files = files(&dir);
    for path in &files {
        let data = std::fs::read(path).expect("a corpus file reads");
        let result = std::panic::catch_unwind(|| run(target, &data));
        assert!(
            result.is_ok(),
            "{} fails on {}",
            target.name(),
            path.display()
        );
    }
    files.len()
}

#[test]
fn every_kept_crasher_stays_fixed() {
    for target in Target::ALL {
        replay(target, "regressions");
    }
}

#[test]
fn the_kept_corpus_replays_clean() {
    let mut total = 0;
    for target in Target::ALL {
        let n = replay(target, "corpus");
        assert!(n > 0, "fuzz/corpus/{} is empty", target.name());
        total += n;
    }
    assert!(total > 0);
}

/// The generators reach past the verifier: a fixed spread of inputs yields
/// programs that verify and programs that do not (so the targets test both).
#[test]
fn generated_programs_both_verify_and_fail() {
    use tensor_fuzz::{Program, decode};
    let (mut ok, mut failing) = (0, 0);
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..300 {
        let bytes: Vec<u8> = (0..96)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state.to_le_bytes()[0]
            })
            .collect();
        let Some(p) = decode::<Program>(&bytes) else {
            continue;
        };
        let text = p.render();
        let out = tensor_pipeline::run(
            &tensor_pipeline::Options {
                allow_unregistered: true,
                ..tensor_pipeline::Options::default()
            },
            "g.mlir",
            text,
        );
        if out.code == 0 { ok += 1 } else { failing += 1 }
    }
    assert!(ok > 10 && failing > 10, "verified {ok}, failed {failing}");
}
