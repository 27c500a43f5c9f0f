//! Standard streams that were closed when the process started.
//!
//! Rust's runtime reopens a closed standard stream on `/dev/null` before `main`, so
//! `tensor-opt - <&-` would read an empty input and `tensor-opt f.mlir >&-` would
//! write into nothing, both exiting 0. Upstream fails on both (a read or write
//! error on the closed descriptor), and so should we: a stream the runtime
//! reopened is `/dev/null` open for reading *and* writing, which a shell's `<` or
//! `>` redirection never gives. Linux only (from `/proc`); elsewhere nothing is
//! detected.

/// A standard stream.
#[derive(Clone, Copy)]
pub(crate) enum Stream {
    Stdin = 0,
    Stdout = 1,
}

/// Whether `stream` was closed when the process started (see the module docs).
pub(crate) fn closed_at_start(stream: Stream) -> bool {
    let fd = stream as u8;
    let Ok(target) = std::fs::read_link(format!("/proc/self/fd/{fd}")) else {
        return false;
    };
    if target != std::path::Path::new("/dev/null") {
        return false;
    }
    let Ok(info) = std::fs::read_to_string(format!("/proc/self/fdinfo/{fd}")) else {
        return false;
    };
    // `flags:` is octal; the access mode is its low two bits (2 = O_RDWR).
    info.lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok())
        .is_some_and(|flags| flags & 3 == 2)
}
