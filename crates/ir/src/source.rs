//! Source buffers: text kept for diagnostics, with lazily built line tables.

use std::sync::{Arc, OnceLock};

/// The byte that stands for each byte of an invalid UTF-8 sequence in a loaded
/// text (DEL). It keeps offsets, and the lexer treats it as upstream treats such
/// bytes: skipped in comments, kept in strings (as the original byte), and an
/// `unexpected character` anywhere else.
pub const INVALID_UTF8_STAND_IN: u8 = 0x7f;

/// One loaded source text, named as diagnostics name it.
#[derive(Debug)]
pub struct SourceBuffer {
    name: String,
    text: Arc<String>,
    line_starts: OnceLock<Vec<u32>>,
    /// The bytes of invalid UTF-8 sequences replaced in `text`, by offset (sorted).
    replaced: Vec<(u32, u8)>,
}

impl SourceBuffer {
    /// Wraps a text under a name (`-` for standard input is named `<stdin>`).
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> Self {
        SourceBuffer {
            name: name.into(),
            // Owning the String avoids copying inputs that can be tens of megabytes.
            text: Arc::new(text.into()),
            line_starts: OnceLock::new(),
            replaced: Vec::new(),
        }
    }

    /// Wraps bytes that may not all be UTF-8, as upstream reads any bytes: each
    /// byte of an invalid sequence becomes [`INVALID_UTF8_STAND_IN`] in the text,
    /// and is kept for the string literals that hold it.
    pub fn from_bytes(name: impl Into<String>, bytes: Vec<u8>) -> Self {
        let (text, replaced) = match String::from_utf8(bytes) {
            Ok(text) => (text, Vec::new()),
            Err(e) => replace_invalid(e.into_bytes()),
        };
        SourceBuffer {
            replaced,
            ..SourceBuffer::new(name, text)
        }
    }

    /// The bytes of `start..end` as they were read, before invalid UTF-8 was replaced.
    pub fn raw_bytes(&self, start: usize, end: usize) -> std::borrow::Cow<'_, [u8]> {
        let bytes = self.text.as_bytes().get(start..end).unwrap_or(&[]);
        let first = self
            .replaced
            .partition_point(|&(at, _)| (at as usize) < start);
        let inside = self.replaced[first..]
            .iter()
            .take_while(|&&(at, _)| (at as usize) < end);
        let mut owned: Option<Vec<u8>> = None;
        for &(at, b) in inside {
            owned.get_or_insert_with(|| bytes.to_vec())[at as usize - start] = b;
        }
        owned.map_or(std::borrow::Cow::Borrowed(bytes), std::borrow::Cow::Owned)
    }

    /// The buffer's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The whole text, shared.
    pub fn shared_text(&self) -> Arc<String> {
        self.text.clone()
    }

    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0u32];
            starts.extend(
                memchr::memchr_iter(b'\n', self.text.as_bytes())
                    .map(|i| u32::try_from(i + 1).unwrap_or(u32::MAX)),
            );
            starts
        })
    }

    /// 1-based line and column (in bytes) of an offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let col = offset - starts[line - 1] + 1;
        (u32::try_from(line).unwrap_or(u32::MAX), col)
    }

    /// The offset of a 1-based line and column, if inside the text.
    pub fn offset_of(&self, line: u32, col: u32) -> Option<u32> {
        let start = *self
            .line_starts()
            .get(usize::try_from(line).ok()?.checked_sub(1)?)?;
        let offset = start.checked_add(col.checked_sub(1)?)?;
        (usize::try_from(offset).ok()? <= self.text.len()).then_some(offset)
    }

    /// The text of the line holding `offset`, without its line break. O(log lines):
    /// the line's end comes from the line table, not from a scan.
    pub fn line_text(&self, offset: u32) -> &str {
        let starts = self.line_starts();
        let line = starts.partition_point(|&s| s <= offset).max(1);
        let len = self.text.len();
        let start = (starts[line - 1] as usize).min(len);
        // The next line starts after this one's `\n`.
        let end = starts
            .get(line)
            .map_or(len, |&next| (next as usize).saturating_sub(1))
            .clamp(start, len);
        let line_text = self.text.get(start..end).unwrap_or("");
        line_text.strip_suffix('\r').unwrap_or(line_text)
    }
}

/// `bytes` as text, each byte of an invalid UTF-8 sequence replaced by
/// [`INVALID_UTF8_STAND_IN`]; and the replaced bytes by offset.
fn replace_invalid(mut bytes: Vec<u8>) -> (String, Vec<(u32, u8)>) {
    let mut replaced = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let Err(e) = std::str::from_utf8(&bytes[at..]) else {
            break;
        };
        let bad = at + e.valid_up_to();
        let len = e.error_len().unwrap_or(bytes.len() - bad);
        for (i, b) in bytes.iter_mut().enumerate().skip(bad).take(len) {
            replaced.push((u32::try_from(i).unwrap_or(u32::MAX), *b));
            *b = INVALID_UTF8_STAND_IN;
        }
        at = bad + len;
    }
    // Every invalid byte was replaced by an ASCII one, so this is valid.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (text, replaced)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_utf8_keeps_offsets_and_raw_bytes() {
        let b = SourceBuffer::from_bytes("x", b"a\xff\xfe\"\xc3\"\xe2\x82".to_vec());
        assert_eq!(b.text(), "a\x7f\x7f\"\x7f\"\x7f\x7f");
        assert_eq!(&*b.raw_bytes(3, 6), b"\"\xc3\"");
        assert_eq!(&*b.raw_bytes(0, 1), b"a");
        assert_eq!(&*b.raw_bytes(6, 8), b"\xe2\x82");
        let ok = SourceBuffer::from_bytes("y", "é".as_bytes().to_vec());
        assert_eq!(ok.text(), "é");
    }

    #[test]
    fn lines_of_a_long_text() {
        let b = SourceBuffer::new("x", "ab\r\ncd\n\nlast");
        assert_eq!(b.line_text(0), "ab");
        assert_eq!(b.line_text(5), "cd");
        assert_eq!(b.line_text(7), "");
        assert_eq!(b.line_text(9), "last");
        assert_eq!(b.line_col(9), (4, 2));
    }
}
