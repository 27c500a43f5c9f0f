//! Upstream's raw data form of dense elements, which hex literals `dense<"0x...">`
//! spell: little-endian, each element in its width rounded up to whole bytes, `i1`
//! packed eight to a byte (least significant bit first).

use super::{Data, ElementKind, ElementValues};
use std::fmt;

/// Decodes the text of a hex literal between its quotes: `0x` and pairs of hex digits
/// (`0x` alone is no data). `None` for anything else, as LLVM 22 refuses it.
pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    let digits = text.strip_prefix("0x")?.as_bytes();
    if digits.len() % 2 != 0 {
        return None;
    }
    digits
        .chunks_exact(2)
        .map(|pair| Some(nibble(pair[0])? << 4 | nibble(pair[1])?))
        .collect()
}

fn nibble(c: u8) -> Option<u8> {
    char::from(c)
        .to_digit(16)
        .and_then(|d| u8::try_from(d).ok())
}

/// `c` zero-extended to `N` bytes.
fn widen<const N: usize>(c: &[u8]) -> [u8; N] {
    let mut a = [0u8; N];
    a[..c.len()].copy_from_slice(c);
    a
}

impl ElementValues {
    /// The values that upstream's raw data `bytes` holds for a shaped type of
    /// `num_elements` elements of `kind` (`None` when that count overflows): one
    /// element (a splat) when the data is one element long, else every element. `None`
    /// when the size fits neither, where upstream says the hex data size is invalid.
    /// For `i1`, one byte `0x00` or `0xFF` is a splat; other data is one bit per element.
    pub fn from_raw_data(
        kind: ElementKind,
        bytes: &[u8],
        num_elements: Option<u64>,
    ) -> Option<Self> {
        if kind == ElementKind::Bool {
            if let [b @ (0 | 0xFF)] = bytes {
                return Some(ElementValues {
                    kind,
                    data: Data::Bool([*b != 0].into()),
                });
            }
            let n = num_elements?;
            if n.div_ceil(8) != bytes.len() as u64 {
                return None;
            }
            let bools = (0..n).map(|i| bytes[(i / 8) as usize] >> (i % 8) & 1 != 0);
            return Some(ElementValues {
                kind,
                data: Data::Bool(bools.collect()),
            });
        }
        let eb = kind.raw_bytes();
        let whole = num_elements.and_then(|n| n.checked_mul(eb as u64));
        if bytes.len() != eb && whole != Some(bytes.len() as u64) {
            return None;
        }
        let elems = bytes.chunks_exact(eb);
        let data = match kind.container_bytes() {
            1 => Data::U8(elems.map(|c| c[0]).collect()),
            2 => Data::U16(elems.map(|c| u16::from_le_bytes(widen(c))).collect()),
            4 => Data::U32(elems.map(|c| u32::from_le_bytes(widen(c))).collect()),
            8 => Data::U64(elems.map(|c| u64::from_le_bytes(widen(c))).collect()),
            _ => Data::U128(elems.map(|c| u128::from_le_bytes(widen(c))).collect()),
        };
        Some(ElementValues { kind, data })
    }

    /// Writes the stored elements as upstream's raw data in a hex literal, `"0x..."`
    /// with uppercase digits, as mlir-opt prints large dense attributes.
    pub fn write_hex(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let mut w = HexWriter {
            out,
            buf: Vec::with_capacity(HexWriter::CHUNK + 64),
        };
        w.buf.extend_from_slice(b"\"0x");
        let eb = self.kind.raw_bytes();
        match &self.data {
            Data::Bool(d) => {
                for eight in d.chunks(8) {
                    let byte = eight
                        .iter()
                        .enumerate()
                        .fold(0u8, |b, (i, &x)| b | u8::from(x) << i);
                    w.bytes(&[byte])?;
                }
            }
            Data::U8(d) => d.chunks(HexWriter::CHUNK).try_for_each(|c| w.bytes(c))?,
            Data::U16(d) => d.iter().try_for_each(|x| w.bytes(&x.to_le_bytes()[..eb]))?,
            Data::U32(d) => d.iter().try_for_each(|x| w.bytes(&x.to_le_bytes()[..eb]))?,
            Data::U64(d) => d.iter().try_for_each(|x| w.bytes(&x.to_le_bytes()[..eb]))?,
            Data::U128(d) => d.iter().try_for_each(|x| w.bytes(&x.to_le_bytes()[..eb]))?,
        }
        w.buf.push(b'"');
        w.flush()
    }
}

/// Buffers hex digits (ASCII) so the output sees a few large writes.
struct HexWriter<'a> {
    out: &'a mut dyn fmt::Write,
    buf: Vec<u8>,
}

impl HexWriter<'_> {
    const CHUNK: usize = 1 << 14;

    fn bytes(&mut self, bytes: &[u8]) -> fmt::Result {
        const DIGITS: &[u8; 16] = b"0123456789ABCDEF";
        for &b in bytes {
            self.buf
                .extend_from_slice(&[DIGITS[usize::from(b >> 4)], DIGITS[usize::from(b & 15)]]);
        }
        if self.buf.len() >= Self::CHUNK {
            self.flush()?;
            self.buf.clear();
        }
        Ok(())
    }

    fn flush(&mut self) -> fmt::Result {
        self.out
            .write_str(std::str::from_utf8(&self.buf).map_err(|_| fmt::Error)?)
    }
}
