//! Makes `docs/embedding.md` this crate's doc tests: its melior examples
//! (fenced `rust,ignore,melior`, which the default build leaves alone) become
//! `rust` blocks; its plain-Rust examples, which need tensor-opt's own crates
//! and are tested by the default build, become text.

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let guide = manifest.join("../../docs/embedding.md");
    println!("cargo::rerun-if-changed={}", guide.display());
    let text = std::fs::read_to_string(&guide)?;
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        out.push_str(match line.trim_end() {
            "```rust,ignore,melior" => "```rust",
            "```rust" => "```text",
            _ => line,
        });
        out.push('\n');
    }
    std::fs::write(
        PathBuf::from(std::env::var("OUT_DIR")?).join("embedding.md"),
        out,
    )?;
    Ok(())
}
