//! Helpers shared by the integration tests (each test crate uses some of them).
#![allow(dead_code)]

pub mod jit;
pub mod reference;

/// `mlir-opt` (LLVM 22): `MLIR_OPT`, else Debian's path; `None` when it is not
/// installed (the caller prints why it skips).
pub fn mlir_opt() -> Option<std::path::PathBuf> {
    jit::tool("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt")
}

/// A real-world tool the differential tests run: `$var` if set (and a file),
/// else `name` on `PATH`, else in a `.venv-rw/bin/` in the repository or a
/// directory above it (a worktree's checkout beside the venv).
pub fn venv_tool(var: &str, name: &str) -> Option<std::path::PathBuf> {
    use std::path::{Path, PathBuf};
    if let Some(p) = std::env::var_os(var) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .ancestors()
            .map(|d| d.join(".venv-rw/bin").join(name))
            .find(|p| p.is_file())
    })
}

/// A small deterministic generator (xorshift64*): the differential tests replay a
/// run from its printed seed, with no dependency on a crate's stream staying stable.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// An index uniform in `0..n` (0 when `n` is 0).
    pub fn index(&mut self, n: usize) -> usize {
        usize::try_from(self.below(n as u64)).unwrap_or(0)
    }

    /// One of `items` (not empty), uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.index(items.len())]
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// An index chosen with the given weights.
    pub fn weighted(&mut self, weights: &[u64]) -> usize {
        let total: u64 = weights.iter().sum();
        let mut x = self.below(total);
        for (i, &w) in weights.iter().enumerate() {
            if x < w {
                return i;
            }
            x -= w;
        }
        weights.len() - 1
    }
}

/// Running the tools on stdin and checking how they end (the hostile-input tests).
pub mod process {
    use std::ffi::OsStr;
    use std::io::Write;
    use std::process::{Command, Output, Stdio};

    /// Runs `bin args...` with `input` on stdin.
    pub fn run(bin: impl AsRef<OsStr>, args: &[&str], input: &str) -> Output {
        let mut child = Command::new(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the tool runs");
        let mut stdin = child.stdin.take().expect("piped stdin");
        let text = input.as_bytes().to_vec();
        // Written from a thread: the tool may answer before it has read everything.
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&text);
        });
        let out = child.wait_with_output().expect("the tool finishes");
        let _ = writer.join();
        out
    }

    /// The run's exit code (-1 if it was killed), standard output and standard
    /// error, as text.
    pub fn parts(out: &Output) -> (i32, String, String) {
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr(out),
        )
    }

    /// The run's standard error, as text.
    pub fn stderr(out: &Output) -> String {
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    /// The run failed with exit code 1, wrote nothing on stdout, and reported an
    /// error whose message holds `message` (on a line starting `<stdin>:LINE:` and
    /// holding `: error: ` when `line` is given).
    #[track_caller]
    pub fn fails_with(out: &Output, line: Option<usize>, message: &str) {
        let err = stderr(out);
        assert_eq!(out.status.code(), Some(1), "stderr:\n{err}");
        assert!(out.stdout.is_empty(), "no output on failure");
        let found = err.lines().any(|l| {
            l.contains(message)
                && line.is_none_or(|n| {
                    l.starts_with(&format!("<stdin>:{n}:")) && l.contains(": error: ")
                })
        });
        assert!(found, "expected {message:?} at line {line:?}, got:\n{err}");
    }

    /// The run succeeded; its standard output.
    #[track_caller]
    pub fn succeeds(out: &Output) -> String {
        assert_eq!(out.status.code(), Some(0), "stderr:\n{}", stderr(out));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

pub mod driver;
