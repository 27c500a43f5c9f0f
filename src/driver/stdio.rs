//! Standard input and output that were closed when the process started.
//!
//! Rust's runtime reopens a closed descriptor 0, 1 or 2 on `/dev/null` (open for
//! reading and writing) before `main`, so by then a closed stream cannot be told
//! from `/dev/null` given on purpose (`Stdio::null()`, Python's
//! `subprocess.DEVNULL`). Upstream `mlir-opt` reports a closed input or output as
//! an error; to do the same, the descriptors are looked at before the runtime
//! starts, from an `.init_array` entry (Linux). Elsewhere nothing is recorded and
//! a closed stream reads as empty and writes nowhere, as before.

use std::sync::atomic::{AtomicU8, Ordering};

/// Bits of [`CLOSED`].
const STDIN: u8 = 1;
const STDOUT: u8 = 2;

/// What [`record_closed_stdio`] found.
static CLOSED: AtomicU8 = AtomicU8::new(0);

// The only unsafe item of the crate: a link section (an entry run by the dynamic
// loader before `main`) has no safe form. The function it names is safe code.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
#[used]
#[unsafe(link_section = ".init_array")]
static RECORD_CLOSED_STDIO: extern "C" fn() = record_closed_stdio;

/// `EBADF` on Linux: the descriptor is not open.
#[cfg(target_os = "linux")]
const EBADF: i32 = 9;

/// Runs before Rust's runtime reopens closed standard descriptors: duplicating a
/// descriptor fails with `EBADF` exactly when it is not open.
#[cfg(target_os = "linux")]
extern "C" fn record_closed_stdio() {
    use std::os::fd::AsFd;
    let closed = |fd: std::os::fd::BorrowedFd<'_>| {
        fd.try_clone_to_owned()
            .is_err_and(|e| e.raw_os_error() == Some(EBADF))
    };
    let mut bits = 0;
    if closed(std::io::stdin().as_fd()) {
        bits |= STDIN;
    }
    if closed(std::io::stdout().as_fd()) {
        bits |= STDOUT;
    }
    CLOSED.store(bits, Ordering::Relaxed);
}

fn closed(bit: u8) -> bool {
    // Naming the entry keeps it linked in: a library's object that nothing refers
    // to may be left out of the binary, `#[used]` or not.
    #[cfg(target_os = "linux")]
    std::hint::black_box(&RECORD_CLOSED_STDIO);
    CLOSED.load(Ordering::Relaxed) & bit != 0
}

/// True when the process started without a standard input (`<&-`).
pub fn stdin_closed() -> bool {
    closed(STDIN)
}

/// True when the process started without a standard output (`>&-`).
pub fn stdout_closed() -> bool {
    closed(STDOUT)
}

/// The reason upstream gives for a closed stream (the C library's text for
/// `EBADF`).
pub const CLOSED_REASON: &str = "Bad file descriptor";
