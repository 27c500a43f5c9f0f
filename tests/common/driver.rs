//! Running tensor-opt in-process (the import's mutation and generated-program
//! tests, which run it thousands of times).

use tensor_opt::driver::{Options, parse_args, run};

/// The options of `tensor-opt - args...`.
pub fn options(args: &[&str]) -> Options {
    let mut all = vec!["tensor-opt".to_owned(), "-".to_owned()];
    all.extend(args.iter().map(|s| (*s).to_owned()));
    parse_args(all).expect("valid tensor-opt arguments")
}

/// The output of tensor-opt with `options` on `text`, or its diagnostics.
pub fn step(options: &Options, text: &str) -> Result<String, String> {
    let out = run(options, "<input>", text);
    if out.code == 0 {
        Ok(out.output)
    } else {
        Err(out.diagnostics)
    }
}

/// The golden chunks the export tests use (`test/Transforms/` of the export, the
/// import and the lowering, `invalid` files left out), by name.
pub fn golden_chunks() -> Vec<(String, String)> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in [
        "convert-nd-to-upstream",
        "convert-upstream-to-nd",
        "lower-broadcast",
    ] {
        let mut files: Vec<_> = std::fs::read_dir(root.join("test/Transforms").join(dir))
            .expect("the golden tests exist")
            .map(|e| e.expect("readable").path())
            .filter(|p| {
                // StableHLO/CHLO lowerings are not nd programs: they stay
                // StableHLO (tests/lowered_torch_mlir.rs verifies them).
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                let hlo =
                    name.is_some_and(|n| n.starts_with("stablehlo-") || n.starts_with("chlo-"));
                p.extension().is_some_and(|e| e == "mlir")
                    && !p.to_string_lossy().contains("invalid")
                    && !hlo
            })
            .collect();
        files.sort();
        for p in files {
            let text = std::fs::read_to_string(&p).expect("readable");
            for (i, chunk) in text.split("\n// -----\n").enumerate() {
                out.push((format!("{} chunk {i}", p.display()), chunk.to_owned()));
            }
        }
    }
    out
}
