//! A fused group and the reduction over its last dims that reads it, in one pass.
//!
//! A normalisation reduces rows of a value a fused group has just computed:
//! `sum((x - mean)^2)` in a layer norm, `sum(x * x)` in an RMS norm,
//! `sum(exp(x - max))` in a softmax. Run apart, the group writes its whole
//! result to memory and the reduction reads it back. Here the group computes a
//! tile of rows (a block, so that it is still in the L1 cache) and each row is
//! reduced at once. A row is the reduced dims: the last one, or several last
//! ones (a group norm's), which are consecutive in the group's row-major
//! result. The group's result is written to its buffer only when another op
//! reads it (the softmax's division); otherwise the tile is a scratch buffer
//! and the value never exists in memory.
//!
//! Each row is reduced by [`reduce_row`], the function the unfused reduction
//! applies to a contiguous row, so both give the same bits.

use super::elementwise::{Bound, GNode};
use super::reduce::{Kind, reduce_row};
use crate::elem::Num;
use crate::loops::{PAR_MIN, block_len};
use crate::tensor::{Store, Tensor};
use rayon::prelude::*;
use tensor_dialect_nd::scalar::ScalarFn;

/// Longer rows are not fused: a tile of one row would leave the caches.
pub(crate) const MAX_ROW_BYTES: usize = 256 * 1024;

/// Runs the group `nodes` over `shape` and reduces each row of `row`
/// consecutive elements (the last dims, at least 2 elements) with `kind` into
/// `red`, one element per row. The group's result goes to `out` when given;
/// else it lives a tile at a time.
pub(crate) fn eval_rows<N: Num>(
    nodes: &[GNode],
    leaves: &[Tensor],
    shape: &[usize],
    row: usize,
    out: Option<&mut [N::S]>,
    kind: Kind,
    red: &mut [N::S],
) -> Result<(), ScalarFn>
where
    N::S: Store,
{
    let group = Bound::<N>::new(nodes, leaves, shape)?;
    let row = row.max(1);
    let tile_rows = (block_len::<N::S>() / row).max(1);
    // The rows `first..first + red.len()`: tile by tile, each computed (into
    // `out`'s rows or the scratch) and then reduced.
    let task = |temps: &mut (_, Vec<N::S>),
                first: usize,
                red: &mut [N::S],
                mut out: Option<&mut [N::S]>| {
        let (group_temps, scratch) = temps;
        for (t, red) in red.chunks_mut(tile_rows).enumerate() {
            let len = red.len() * row;
            let at = t * tile_rows * row;
            let tile: &mut [N::S] = match out.as_deref_mut() {
                Some(o) => &mut o[at..at + len],
                None => {
                    scratch.resize(len.max(scratch.len()), N::zero());
                    &mut scratch[..len]
                }
            };
            group.run_range(group_temps, (first + t * tile_rows) * row, tile);
            for (r, slot) in tile.chunks_exact(row).zip(red.iter_mut()) {
                *slot = reduce_row::<N>(kind, r);
            }
        }
    };
    let init = || (group.temps(), Vec::new());
    let threads = rayon::current_num_threads();
    let total = red.len().saturating_mul(row);
    if total < PAR_MIN || threads <= 1 || red.len() < 2 {
        task(&mut init(), 0, red, out);
        return Ok(());
    }
    // A few tasks per thread, each whole tiles of rows.
    let chunk = red.len().div_ceil(threads * 4).next_multiple_of(tile_rows);
    match out {
        Some(o) => o
            .par_chunks_mut(chunk * row)
            .zip(red.par_chunks_mut(chunk))
            .enumerate()
            .for_each_init(init, |temps, (i, (o, r))| {
                task(temps, i * chunk, r, Some(o))
            }),
        None => red
            .par_chunks_mut(chunk)
            .enumerate()
            .for_each_init(init, |temps, (i, r)| task(temps, i * chunk, r, None)),
    }
    Ok(())
}
