//! The interpreter's fused loop is compiled for AVX-512, for AVX2+FMA and for
//! the SSE2 baseline, and picked at run time (`multiversion`, in
//! `crates/interp/src/kernels/elementwise.rs`). Each version must give the
//! same bits: Rust never contracts a multiply and an add, so they compute the
//! same operations in the same order. This machine runs one of them; the
//! others run here under QEMU's user-mode emulation of older CPUs (Haswell has
//! AVX2 and no AVX-512, Nehalem has neither), and every result file must be
//! byte for byte the native run's. Skips with a message without
//! `qemu-x86_64` (Debian's `qemu-user`, which `.ci/run` installs).

use std::path::{Path, PathBuf};
use std::process::Command;

const RESULTS: usize = 5;

/// Runs tensor-run on the dispatch program, under `qemu` if given, and returns
/// the bytes of its result files.
fn run(qemu: Option<&str>, tag: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cpu_dispatch");
    std::fs::create_dir_all(&dir).expect("the test harness works");
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cpu_dispatch.mlir");
    let outs: Vec<PathBuf> = (0..RESULTS)
        .map(|i| dir.join(format!("{tag}-{i}.npy")))
        .collect();
    let tensor_run = env!("CARGO_BIN_EXE_tensor-run");
    let mut cmd = match qemu {
        Some(cpu) => {
            let mut c = Command::new("qemu-x86_64");
            c.args(["-cpu", cpu, tensor_run]);
            c
        }
        None => Command::new(tensor_run),
    };
    cmd.arg(&program);
    for o in &outs {
        let _ = std::fs::remove_file(o);
        cmd.arg("--out").arg(o);
    }
    let out = cmd.output().expect("the test harness works");
    assert!(
        out.status.success(),
        "{tag}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    outs.iter()
        .map(|o| std::fs::read(o).expect("tensor-run wrote every result"))
        .collect()
}

#[test]
fn every_dispatched_version_gives_the_same_bits() {
    if !cfg!(target_arch = "x86_64") {
        eprintln!("skipping: the dispatch is between x86_64 versions");
        return;
    }
    if Command::new("qemu-x86_64")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipping: no qemu-x86_64 (apt-get install qemu-user)");
        return;
    }
    let native = run(None, "native");
    // Not all zeros, nor all one value: the results are real.
    for (i, bytes) in native.iter().enumerate() {
        let data = &bytes[bytes.len().saturating_sub(64)..];
        assert!(
            data.iter().any(|&b| b != data[0]),
            "result #{i} looks constant"
        );
    }
    for cpu in ["Haswell", "Nehalem"] {
        let emulated = run(Some(cpu), cpu);
        for (i, (n, e)) in native.iter().zip(&emulated).enumerate() {
            assert!(n == e, "result #{i} differs under -cpu {cpu}");
        }
    }
}
