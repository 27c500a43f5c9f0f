//! Positions: LSP's (line, character) in UTF-16 code units, or UTF-8 bytes when the
//! client offers that encoding, against the byte offsets the parser records.

use lsp_types::Position;

/// How a position's `character` counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-16 code units, the protocol's default.
    #[default]
    Utf16,
    /// Bytes (`positionEncoding: "utf-8"`).
    Utf8,
}

/// The byte offset of each line start of a text, and where its characters of more
/// than one byte are, so that a position costs a binary search, also in UTF-16 and
/// on a line of megabytes (thousands of diagnostics on one long line would
/// otherwise count its characters thousands of times).
#[derive(Clone, Debug, Default)]
pub struct LineIndex {
    starts: Vec<usize>,
    /// For each character of more than one byte, in order: the offset just past it,
    /// and the running total of UTF-8 bytes in excess of UTF-16 units up to it.
    wide: Vec<(usize, usize)>,
}

impl LineIndex {
    /// Indexes `text` (one pass at `memchr` speed, and one more if it is not ASCII).
    pub fn new(text: &str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 64 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        let mut wide = Vec::new();
        if !text.is_ascii() {
            let mut excess = 0;
            for (i, c) in text.char_indices().filter(|(_, c)| !c.is_ascii()) {
                excess += c.len_utf8() - c.len_utf16();
                wide.push((i + c.len_utf8(), excess));
            }
        }
        LineIndex { starts, wide }
    }

    /// UTF-8 bytes in excess of UTF-16 units before char boundary `offset`.
    fn excess(&self, offset: usize) -> usize {
        match self.wide.partition_point(|&(end, _)| end <= offset) {
            0 => 0,
            i => self.wide[i - 1].1,
        }
    }

    /// The number of lines (a text ending in a line break has an empty last line).
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// Always false: a text has at least one (possibly empty) line.
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The position of byte `offset` (clamped to the text; inside a character, the
    /// character's start).
    pub fn position(&self, text: &str, offset: usize, encoding: Encoding) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        let start = self.starts[line];
        let character = match encoding {
            Encoding::Utf8 => offset - start,
            Encoding::Utf16 => (offset - start) - (self.excess(offset) - self.excess(start)),
        };
        Position {
            line: u32::try_from(line).unwrap_or(u32::MAX),
            character: u32::try_from(character).unwrap_or(u32::MAX),
        }
    }

    /// The byte offset of `pos`. As the protocol asks, a line past the end means the
    /// end of the text and a character past the end of its line means the line's end
    /// (before its line break); a position inside a UTF-16 surrogate pair or a UTF-8
    /// sequence means the character's start.
    pub fn offset(&self, text: &str, pos: Position, encoding: Encoding) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return text.len();
        };
        line_offset(text, start, pos.character, encoding)
    }
}

/// The byte offset of `character` units into the line starting at byte `start`.
pub fn line_offset(text: &str, start: usize, character: u32, encoding: Encoding) -> usize {
    let rest = &text[start.min(text.len())..];
    let line_len = memchr::memchr(b'\n', rest.as_bytes()).unwrap_or(rest.len());
    let line = &rest[..line_len];
    // A `\r\n` break: the `\r` is not part of the line's text.
    let line = line.strip_suffix('\r').unwrap_or(line);
    let mut units = 0usize;
    let want = character as usize;
    for (i, c) in line.char_indices() {
        let width = match encoding {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
        };
        if units + width > want {
            return start + i;
        }
        units += width;
    }
    start + line.len()
}

/// The byte offset where line `line` starts in `text`, or the text's end if it has
/// fewer lines (for applying an edit without keeping a line index).
pub fn line_start(text: &str, line: u32) -> usize {
    if line == 0 {
        return 0;
    }
    memchr::memchr_iter(b'\n', text.as_bytes())
        .nth(line as usize - 1)
        .map_or(text.len(), |i| i + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn utf16_counts_surrogate_pairs_as_two() {
        // `é` is 2 bytes and 1 unit, `𝕏` 4 bytes and 2 units.
        let text = "a\né𝕏%x\n";
        let ix = LineIndex::new(text);
        let x = text.find("%x").unwrap();
        assert_eq!(ix.position(text, x, Encoding::Utf16), pos(1, 3));
        assert_eq!(ix.position(text, x, Encoding::Utf8), pos(1, 6));
        assert_eq!(ix.offset(text, pos(1, 3), Encoding::Utf16), x);
        assert_eq!(ix.offset(text, pos(1, 6), Encoding::Utf8), x);
        // Inside the pair: the character's start.
        assert_eq!(ix.offset(text, pos(1, 2), Encoding::Utf16), x - 4);
    }

    #[test]
    fn utf16_columns_agree_with_counting() {
        let text = "aé𝕏b\n\u{10000}x€y𝕏\n\nplain\n中文 %v";
        let ix = LineIndex::new(text);
        for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
            let p = ix.position(text, offset, Encoding::Utf16);
            let start = ix.starts[p.line as usize];
            let counted: usize = text[start..offset].chars().map(char::len_utf16).sum();
            assert_eq!(p.character as usize, counted, "at {offset}");
            assert_eq!(ix.offset(text, p, Encoding::Utf16), offset);
        }
    }

    #[test]
    fn out_of_range_positions_clamp() {
        let text = "ab\r\ncd";
        let ix = LineIndex::new(text);
        assert_eq!(ix.offset(text, pos(0, 99), Encoding::Utf16), 2);
        assert_eq!(ix.offset(text, pos(1, 99), Encoding::Utf16), 6);
        assert_eq!(ix.offset(text, pos(7, 0), Encoding::Utf16), 6);
        assert_eq!(ix.position(text, 99, Encoding::Utf16), pos(1, 2));
        assert_eq!(line_start(text, 1), 4);
        assert_eq!(line_start(text, 5), 6);
    }
}
