//! The `--out` files of one run, written as `tensor-opt -o` writes: to the named
//! file itself, so a symlink is written through and a device (`/dev/full`,
//! `/dev/stdout`) is written to, never replaced.
//!
//! Every target is opened (created if missing, not yet truncated) before the
//! program runs, so a directory, an empty path, a missing parent or a missing
//! permission is refused before anything is computed or written, and an
//! existing file keeps its contents until the results are ready. Should the run
//! fail after that, the guard ([`Targets`]) removes the files it created and
//! empties the existing regular files it had begun to write: a failing run
//! leaves no result file, new or partial.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::os::unix::fs::MetadataExt as _;
use std::path::PathBuf;
use tensor_interp::Tensor;

/// Why the targets could not be opened: a usage error (exit 2) or an I/O error
/// (exit 1).
pub(super) enum OpenError {
    /// An empty path or a path given twice.
    Usage(String),
    /// The system refused to open a target.
    Io(String),
}

/// One opened target.
struct Target {
    path: PathBuf,
    file: File,
    /// This run created the file, so a failure removes it.
    created: bool,
    /// A regular file (truncated before writing; emptied on failure). Devices,
    /// pipes and sockets are only written to.
    regular: bool,
    /// Writing began, so a failure must not leave the file as it is.
    touched: bool,
}

/// The opened `--out` targets; dropping them before [`Targets::commit`] undoes
/// what the run did to them.
pub(super) struct Targets {
    targets: Vec<Target>,
    committed: bool,
}

impl Targets {
    /// Opens every path for writing, in order, without truncating.
    ///
    /// # Errors
    /// An empty path or a duplicate (the same path, or two paths of one
    /// regular file) is a usage error; a target the system will not open is an
    /// I/O error. Either way, the files opened so far that this call created are
    /// removed.
    pub(super) fn open(paths: &[PathBuf]) -> Result<Targets, OpenError> {
        let mut out = Targets {
            targets: Vec::with_capacity(paths.len()),
            committed: false,
        };
        let mut seen_paths = HashSet::new();
        let mut seen_files = HashSet::new();
        for (k, path) in paths.iter().enumerate() {
            if path.as_os_str().is_empty() {
                return Err(OpenError::Usage(format!("--out #{k} is an empty path")));
            }
            if !seen_paths.insert(path) {
                return Err(OpenError::Usage(format!(
                    "--out '{}' is given twice",
                    path.display()
                )));
            }
            let (file, created) = open_one(path)
                .map_err(|e| OpenError::Io(format!("cannot write '{}': {e}", path.display())))?;
            let meta = file
                .metadata()
                .map_err(|e| OpenError::Io(format!("cannot write '{}': {e}", path.display())))?;
            let regular = meta.is_file();
            out.targets.push(Target {
                path: path.clone(),
                file,
                created,
                regular,
                touched: false,
            });
            // Two names of one file (`a.npy`, `./a.npy`, a link): the second
            // result would overwrite the first.
            if regular && !seen_files.insert((meta.dev(), meta.ino())) {
                return Err(OpenError::Usage(format!(
                    "--out '{}' names a file another --out names too",
                    path.display()
                )));
            }
        }
        Ok(out)
    }

    /// Writes `results[k]` to target k, each completely, then keeps them all.
    ///
    /// # Errors
    /// The first write error, naming the file; the guard then undoes the run's
    /// files when dropped.
    pub(super) fn write_all(&mut self, results: &[&Tensor]) -> Result<(), String> {
        for (target, t) in self.targets.iter_mut().zip(results) {
            target.touched = true;
            let written = (|| {
                if target.regular {
                    target.file.set_len(0)?;
                }
                tensor_interp::npy::write_to(&target.file, t)?;
                // A device or pipe has nothing to sync (and some refuse it).
                if target.regular {
                    target.file.sync_all()?;
                }
                Ok::<(), std::io::Error>(())
            })();
            written.map_err(|e| format!("cannot write '{}': {e}", target.path.display()))?;
        }
        self.committed = true;
        Ok(())
    }
}

impl Drop for Targets {
    fn drop(&mut self) {
        if self.committed {
            return;
        }
        for t in &self.targets {
            if t.created {
                let _ = std::fs::remove_file(&t.path);
            } else if t.regular && t.touched {
                let _ = t.file.set_len(0);
            }
        }
    }
}

/// Opens `path` for writing without truncating it; whether it was created.
fn open_one(path: &std::path::Path) -> std::io::Result<(File, bool)> {
    match OpenOptions::new().write(true).create_new(true).open(path) {
        Ok(file) => Ok((file, true)),
        // An existing file, device or symlink (followed; a dangling one is
        // created through, as `-o` would).
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => OpenOptions::new()
            .write(true)
            .create(true)
            // Truncated only when the results are ready (`write_all`).
            .truncate(false)
            .open(path)
            .map(|file| (file, false)),
        Err(e) => Err(e),
    }
}
