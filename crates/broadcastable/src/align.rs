//! Where broadcasting puts each operand's dimensions, and a drawing of it for
//! diagnostics: the shapes in columns, one column per result dimension, with a
//! marker under the dimension in question.
//!
//! ```text
//! shapes aligned from the right:
//!   operand #0:      2 x 1
//!   operand #1:  8 x 4 x 3
//!       result:  8 x 4 x 3
//!                    ^ result dim 1: 2 vs 4, and neither is 1
//! ```
//!
//! NumPy, equal-rank and in-place broadcasting align shapes from the right; XLA's
//! `broadcast_dimensions` place the lower-rank operand's dimensions in the columns
//! it names (the others are implicitly 1 and left blank). An unranked shape is drawn
//! `*` and a rank-0 one `()`: neither has columns.

use crate::dim::Dim;
use crate::policy::Policy;
use crate::shape::Shape;
use std::fmt::Write as _;

/// Drawings wider than this many columns are not made: a note should stay short.
pub const MAX_COLUMNS: usize = 32;

/// Where each operand's dimensions land in the broadcast result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alignment {
    /// The number of result dimensions (columns).
    pub rank: usize,
    /// Per operand, the result dimension of each of its own dimensions; `None` for an
    /// unranked operand.
    pub columns: Vec<Option<Vec<usize>>>,
}

impl Alignment {
    /// The alignment of `operands` under `policy`; `None` when the policy cannot place
    /// them (explicit dimensions that do not fit the operands, or more than two
    /// operands for an explicit policy).
    #[must_use]
    pub fn of(policy: &Policy, operands: &[Shape]) -> Option<Alignment> {
        match policy {
            Policy::NumPy | Policy::EqualRank | Policy::Unidirectional => {
                let rank = operands.iter().filter_map(Shape::rank).max().unwrap_or(0);
                Some(Alignment {
                    rank,
                    columns: operands
                        .iter()
                        .map(|s| s.rank().map(|r| (rank.saturating_sub(r)..rank).collect()))
                        .collect(),
                })
            }
            Policy::Explicit(dims) => explicit(operands, dims),
        }
    }
}

/// XLA: the higher-rank operand fills the columns, the lower-rank one goes where
/// `dims` says (identity for equal ranks without dims).
fn explicit(operands: &[Shape], dims: &[i64]) -> Option<Alignment> {
    let [lhs, rhs] = operands else {
        return None;
    };
    let (lower, higher) = match (lhs.rank(), rhs.rank()) {
        (Some(l), Some(r)) if l <= r => (0, 1),
        (Some(_), Some(_)) => (1, 0),
        // One side unranked: the other fills the columns.
        (Some(_), None) => (1, 0),
        (None, _) => (0, 1),
    };
    let rank = operands[higher].rank().unwrap_or(0);
    let identity = |r: usize| (rank.saturating_sub(r)..rank).collect::<Vec<_>>();
    let low = operands[lower].rank().map(|r| {
        if dims.is_empty() && r == rank {
            Some(identity(r))
        } else {
            let targets: Option<Vec<usize>> = dims
                .iter()
                .map(|&d| usize::try_from(d).ok().filter(|&d| d < rank))
                .collect();
            targets.filter(|t| t.len() == r && t.windows(2).all(|w| w[0] < w[1]))
        }
    });
    let low = match low {
        Some(Some(t)) => Some(t),
        Some(None) => return None,
        None => None,
    };
    let mut columns = vec![None, None];
    columns[higher] = operands[higher].rank().map(identity);
    columns[lower] = low;
    Some(Alignment { rank, columns })
}

/// One row of a drawing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Shown before the colon (`operand #0`, `result`).
    pub label: String,
    /// The dimensions with their columns; `None` for an unranked shape.
    pub dims: Option<Vec<(usize, Dim)>>,
}

impl Row {
    /// A row of `shape`, right-aligned to `rank` columns.
    #[must_use]
    pub fn right_aligned(label: impl Into<String>, shape: &Shape, rank: usize) -> Row {
        Row {
            label: label.into(),
            dims: shape.dims().map(|dims| {
                let offset = rank.saturating_sub(dims.len());
                dims.iter()
                    .enumerate()
                    .map(|(i, &d)| (offset + i, d))
                    .collect()
            }),
        }
    }

    /// A row of `shape` placed in `columns` (from an [`Alignment`]), shifted right by
    /// `offset` columns.
    #[must_use]
    pub fn placed(
        label: impl Into<String>,
        shape: &Shape,
        columns: Option<&[usize]>,
        offset: usize,
    ) -> Row {
        Row {
            label: label.into(),
            dims: match (shape.dims(), columns) {
                (Some(dims), Some(cols)) => Some(
                    dims.iter()
                        .zip(cols)
                        .map(|(&d, &c)| (c + offset, d))
                        .collect(),
                ),
                _ => None,
            },
        }
    }
}

/// Draws `rows` in `rank` columns under `title`, with `marker` (a column and a
/// caption) under the last row; `None` when there are more than [`MAX_COLUMNS`]
/// columns. Lines end without trailing blanks and are separated by `\n` (no final
/// one).
#[must_use]
pub fn draw(
    title: &str,
    rows: &[Row],
    rank: usize,
    marker: Option<(usize, &str)>,
) -> Option<String> {
    if rank > MAX_COLUMNS {
        return None;
    }
    let texts: Vec<Option<Vec<(usize, String)>>> = rows
        .iter()
        .map(|r| {
            r.dims.as_ref().map(|dims| {
                dims.iter()
                    .filter(|(c, _)| *c < rank)
                    .map(|(c, d)| (*c, d.to_string()))
                    .collect()
            })
        })
        .collect();
    let mut widths = vec![1usize; rank];
    for (c, t) in texts.iter().flatten().flatten() {
        widths[*c] = widths[*c].max(t.len());
    }
    let starts: Vec<usize> = widths
        .iter()
        .scan(0, |at, w| {
            let start = *at;
            *at += w + 3;
            Some(start)
        })
        .collect();
    let label_width = rows.iter().map(|r| r.label.len()).max().unwrap_or(0);
    let mut out = String::from(title);
    for (row, text) in rows.iter().zip(&texts) {
        let mut line = format!("\n  {:>label_width$}:  ", row.label);
        let area = line.len();
        match text {
            None => line.push('*'),
            Some(cells) if cells.is_empty() => line.push_str("()"),
            Some(cells) => {
                let mut previous: Option<usize> = None;
                for (c, t) in cells {
                    let target = area + starts[*c] + widths[*c] - t.len();
                    if previous.is_some_and(|p| p + 1 == *c) {
                        line.push_str(" x ");
                    }
                    while line.len() < target {
                        line.push(' ');
                    }
                    line.push_str(t);
                    previous = Some(*c);
                }
            }
        }
        out.push_str(line.trim_end());
    }
    if let Some((c, caption)) = marker.filter(|(c, _)| *c < rank) {
        let at = label_width + 5 + starts[c] + widths[c] - 1;
        let _ = write!(out, "\n{:at$}^ {caption}", "");
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_util::s;

    fn rows(labels_shapes: &[(&str, &str)], a: &Alignment) -> Vec<Row> {
        labels_shapes
            .iter()
            .enumerate()
            .map(|(k, (l, t))| {
                Row::placed(*l, &s(t), a.columns.get(k).cloned().flatten().as_deref(), 0)
            })
            .collect()
    }

    #[test]
    fn numpy_aligns_from_the_right() {
        let shapes = [s("2x1"), s("8x4x3")];
        let a = Alignment::of(&Policy::NumPy, &shapes).unwrap();
        assert_eq!(a.rank, 3);
        assert_eq!(a.columns, vec![Some(vec![1, 2]), Some(vec![0, 1, 2])]);
        let mut r = rows(&[("operand #0", "2x1"), ("operand #1", "8x4x3")], &a);
        r.push(Row::right_aligned("result", &s("8x4x3"), 3));
        let text = draw(
            "shapes aligned from the right:",
            &r,
            3,
            Some((1, "result dim 1: 2 vs 4, and neither is 1")),
        );
        assert_eq!(
            text.unwrap(),
            "shapes aligned from the right:\n\
             \x20 operand #0:      2 x 1\n\
             \x20 operand #1:  8 x 4 x 3\n\
             \x20     result:  8 x 4 x 3\n\
             \x20                  ^ result dim 1: 2 vs 4, and neither is 1"
        );
    }

    #[test]
    fn wide_sizes_unranked_and_rank_zero() {
        let shapes = [s("?x128"), s("*"), s(""), s("16x1")];
        let a = Alignment::of(&Policy::NumPy, &shapes).unwrap();
        let r = rows(
            &[("#0", "?x128"), ("#1", "*"), ("#2", ""), ("#3", "16x1")],
            &a,
        );
        assert_eq!(
            draw("t:", &r, a.rank, Some((1, "here"))).unwrap(),
            "t:\n  #0:   ? x 128\n  #1:  *\n  #2:  ()\n  #3:  16 x   1\n              ^ here"
        );
    }

    #[test]
    fn explicit_dimensions_leave_gaps() {
        let shapes = [s("2x3x4"), s("2x5")];
        let p = Policy::Explicit([0, 2].into_iter().collect());
        let a = Alignment::of(&p, &shapes).unwrap();
        assert_eq!(a.columns, vec![Some(vec![0, 1, 2]), Some(vec![0, 2])]);
        let r = rows(&[("a", "2x3x4"), ("b", "2x5")], &a);
        assert_eq!(
            draw("x:", &r, 3, Some((2, "c"))).unwrap(),
            "x:\n  a:  2 x 3 x 4\n  b:  2       5\n              ^ c"
        );
        // The lower-rank operand may come first; equal ranks without dims are the
        // identity; dims that do not fit place nothing.
        let a = Alignment::of(&p, &[s("2x5"), s("2x3x4")]).unwrap();
        assert_eq!(a.columns, vec![Some(vec![0, 2]), Some(vec![0, 1, 2])]);
        let id = Policy::Explicit(Default::default());
        let a = Alignment::of(&id, &[s("2x1"), s("2x3")]).unwrap();
        assert_eq!(a.columns, vec![Some(vec![0, 1]), Some(vec![0, 1])]);
        for dims in [&[0][..], &[0, 3], &[2, 1], &[-1, 0]] {
            let p = Policy::Explicit(dims.iter().copied().collect());
            assert_eq!(Alignment::of(&p, &[s("2x3x4"), s("2x5")]), None, "{dims:?}");
        }
        assert_eq!(Alignment::of(&p, &[s("2")]), None);
        let a = Alignment::of(&p, &[s("*"), s("2x5")]).unwrap();
        assert_eq!(a.columns, vec![None, Some(vec![0, 1])]);
    }

    #[test]
    fn limits() {
        let wide = Shape::ranked(std::iter::repeat_n(Dim::ONE, MAX_COLUMNS + 1));
        let r = [Row::right_aligned("w", &wide, MAX_COLUMNS + 1)];
        assert_eq!(draw("t:", &r, MAX_COLUMNS + 1, None), None);
        // A marker past the columns is left out, as are cells past them.
        let r = [Row::right_aligned("w", &s("2x3"), 1)];
        assert_eq!(draw("t:", &r, 1, Some((4, "x"))).unwrap(), "t:\n  w:  2");
        assert_eq!(Alignment::of(&Policy::NumPy, &[]).unwrap().rank, 0);
    }
}
