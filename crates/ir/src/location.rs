//! Locations: where an operation came from, as upstream's `Location` attributes.

use crate::context::Context;
use crate::{Attribute, Symbol};

/// An interned structured location (`loc("file":1:2)`, `loc("name")`, ...).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct LocId(pub(crate) u32);

/// A location. Positions in parsed text stay byte offsets until a diagnostic or
/// `--mlir-print-debuginfo` needs a line and column, which keeps parsing cheap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Location {
    /// `loc(unknown)`.
    #[default]
    Unknown,
    /// A byte offset in a source buffer of the context.
    Source {
        /// The buffer index.
        buffer: u32,
        /// Byte offset into the buffer.
        offset: u32,
    },
    /// A structured location.
    Id(LocId),
}

/// The structure of a structured location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LocKind {
    /// `"file":line:col`.
    FileLineCol {
        /// The file name.
        file: Symbol,
        /// 1-based line.
        line: u32,
        /// 1-based column.
        col: u32,
    },
    /// `"file":1:2 to :5` or `"file":1:2 to 3:4`: a range. A range that starts and
    /// ends at one position is a [`LocKind::FileLineCol`].
    FileRange {
        /// The file name.
        file: Symbol,
        /// 1-based start line.
        line: u32,
        /// 1-based start column.
        col: u32,
        /// End line.
        end_line: u32,
        /// End column.
        end_col: u32,
    },
    /// `"name"` or `"name"(child)`.
    Name {
        /// The name.
        name: Symbol,
        /// The child location.
        child: Option<Location>,
    },
    /// `callsite(callee at caller)`.
    CallSite {
        /// The callee location.
        callee: Location,
        /// The caller location.
        caller: Location,
    },
    /// `fused<metadata>[a, b]`.
    Fused {
        /// The fused locations.
        locs: Vec<Location>,
        /// Optional metadata attribute.
        metadata: Option<Attribute>,
    },
}

/// A resolved file position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FilePos {
    /// The file name.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// The buffer and offset when the position is in loaded text.
    pub source: Option<(u32, u32)>,
}

impl Context {
    /// The first file position a location names, looking through names, call sites and fusions.
    pub fn file_pos(&self, loc: Location) -> Option<FilePos> {
        match loc {
            Location::Unknown => None,
            Location::Source { buffer, offset } => {
                let buf = self.source(buffer)?;
                let (line, col) = buf.line_col(offset);
                Some(FilePos {
                    file: buf.name().to_string(),
                    line,
                    col,
                    source: Some((buffer, offset)),
                })
            }
            Location::Id(id) => match self.loc_kind(id) {
                LocKind::FileLineCol { file, line, col }
                | LocKind::FileRange {
                    file, line, col, ..
                } => {
                    let file = self.str(*file);
                    let source = self.find_source(file).and_then(|b| {
                        let offset = self.source(b)?.offset_of(*line, *col)?;
                        Some((b, offset))
                    });
                    Some(FilePos {
                        file: file.to_string(),
                        line: *line,
                        col: *col,
                        source,
                    })
                }
                LocKind::Name { child, .. } => child.and_then(|c| self.file_pos(c)),
                // Upstream's `findInstanceOf` walks the callee, then the caller.
                LocKind::CallSite { callee, caller } => {
                    self.file_pos(*callee).or_else(|| self.file_pos(*caller))
                }
                LocKind::Fused { locs, .. } => locs.iter().find_map(|l| self.file_pos(*l)),
            },
        }
    }

    /// A fused location, simplified as upstream's `FusedLoc::get`: nested fused
    /// locations with the same metadata are flattened, unknown locations and
    /// duplicates dropped, and one location without metadata is itself.
    pub fn fused_loc(&mut self, locs: &[Location], metadata: Option<Attribute>) -> Location {
        let mut flat: Vec<Location> = Vec::with_capacity(locs.len());
        // Repeats are found in O(1): fusing N locations is O(N), not O(N^2).
        let mut seen = rustc_hash::FxHashSet::default();
        let mut push = |l: Location, flat: &mut Vec<Location>| {
            if seen.insert(l) {
                flat.push(l);
            }
        };
        for &l in locs {
            if let Location::Id(id) = l
                && let LocKind::Fused {
                    locs: inner,
                    metadata: m,
                } = self.loc_kind(id)
                && *m == metadata
            {
                for &x in inner.clone().iter() {
                    push(x, &mut flat);
                }
                continue;
            }
            if l != Location::Unknown {
                push(l, &mut flat);
            }
        }
        match (flat.len(), metadata) {
            (0, None) => Location::Unknown,
            (0, Some(_)) => self.intern_loc(LocKind::Fused {
                locs: vec![Location::Unknown],
                metadata,
            }),
            (1, None) => flat[0],
            _ => self.intern_loc(LocKind::Fused {
                locs: flat,
                metadata,
            }),
        }
    }
}
