//! `--split-input-file`: chunks separated by `// -----` lines. Chunks stay byte ranges
//! of the whole buffer, so diagnostics report lines of the whole file.

use std::ops::Range;

/// The marker line that separates chunks.
pub const MARKER: &str = "// -----";

/// Byte ranges of the chunks of `text` (marker lines excluded).
pub fn split_chunks(text: &str) -> Vec<Range<usize>> {
    let mut chunks = Vec::new();
    let mut start = 0;
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let end = line_start + line.len();
        if line.trim_start().starts_with(MARKER) {
            chunks.push(start..line_start);
            start = end;
        }
        line_start = end;
    }
    chunks.push(start..text.len());
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_marker_lines_only() {
        let t = "a\n// -----\nb\n  // ----- x\nc";
        let c = split_chunks(t);
        let parts: Vec<&str> = c.iter().map(|r| &t[r.clone()]).collect();
        assert_eq!(parts, ["a\n", "b\n", "c"]);
    }

    #[test]
    fn no_marker_is_one_chunk() {
        assert_eq!(split_chunks("abc"), vec![0..3]);
    }
}
