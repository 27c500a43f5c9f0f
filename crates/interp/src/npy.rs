//! `.npy` files, through `npyz`: its header parser and writer, with the data moved
//! in one piece. Reading allocates the tensor's buffer (counted against the
//! memory limit first) and reads the file's bytes straight into it, so a
//! little-endian file costs one copy from the page cache and no conversion; a
//! Fortran-ordered file becomes a view with reversed strides instead of a
//! transposing copy. `bf16`, which NumPy has no dtype for, is stored as 2-byte
//! raw values (`|V2`, as `ml_dtypes` saves it).

use crate::elem::ElemType;
use crate::memory::Memory;
use crate::tensor::{Store, Tensor, c_strides, num_elements};
use npyz::{DType, Order, TypeChar, WriterBuilder};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::Path;

/// The element type of an `.npy` type string (`<f4`, `|b1`, ...).
fn elem_of(ts: &npyz::TypeStr) -> Option<ElemType> {
    Some(match (ts.type_char(), ts.size_field()) {
        (TypeChar::Bool, 1) => ElemType::I1,
        (TypeChar::Int, 1) => ElemType::I8,
        (TypeChar::Int, 2) => ElemType::I16,
        (TypeChar::Int, 4) => ElemType::I32,
        (TypeChar::Int, 8) => ElemType::I64,
        (TypeChar::Uint, 1) => ElemType::U8,
        (TypeChar::Uint, 2) => ElemType::U16,
        (TypeChar::Uint, 4) => ElemType::U32,
        (TypeChar::Uint, 8) => ElemType::U64,
        (TypeChar::Float, 2) => ElemType::F16,
        (TypeChar::Float, 4) => ElemType::F32,
        (TypeChar::Float, 8) => ElemType::F64,
        (TypeChar::RawData, 2) => ElemType::BF16,
        _ => return None,
    })
}

/// The `.npy` type string of an element type (`index` is `int64`).
fn descr(elem: ElemType) -> &'static str {
    match elem {
        ElemType::I1 => "|b1",
        ElemType::I8 => "|i1",
        ElemType::I16 => "<i2",
        ElemType::I32 => "<i4",
        ElemType::I64 | ElemType::Index => "<i8",
        ElemType::U8 => "|u1",
        ElemType::U16 => "<u2",
        ElemType::U32 => "<u4",
        ElemType::U64 => "<u8",
        ElemType::F16 => "<f2",
        ElemType::BF16 => "|V2",
        ElemType::F32 => "<f4",
        ElemType::F64 => "<f8",
    }
}

/// Why an `.npy` file could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// The file is unreadable, not `.npy`, of an unsupported dtype, or short.
    #[error("{0}")]
    File(String),
    /// Its data would exceed the memory limit (checked before it is read): a
    /// run-time refusal, not a bad file.
    #[error("{0}")]
    Memory(String),
}

impl From<String> for ReadError {
    fn from(message: String) -> Self {
        ReadError::File(message)
    }
}

/// Reads an `.npy` file into a tensor whose buffer `memory` accounts for.
///
/// # Errors
/// A message naming the file: unreadable, not `.npy`, an unsupported dtype
/// ([`ReadError::File`]), or a size above the memory limit ([`ReadError::Memory`]).
pub fn read(path: &Path, memory: &Memory) -> Result<Tensor, ReadError> {
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open '{name}': {e}"))?;
    let mut reader = BufReader::new(file);
    let header =
        read_header(&mut reader).map_err(|e| format!("'{name}' is not a valid .npy file: {e}"))?;
    let DType::Plain(ts) = header.dtype() else {
        return Err(ReadError::File(format!(
            "'{name}' has a structured dtype, which tensor-run does not read"
        )));
    };
    let elem = elem_of(&ts)
        .ok_or_else(|| format!("'{name}' has dtype '{ts}', which has no tensor element type"))?;
    let shape: Vec<usize> = header
        .shape()
        .iter()
        .map(|&d| usize::try_from(d).ok())
        .collect::<Option<_>>()
        .ok_or_else(|| format!("'{name}' has a shape too large for this machine"))?;
    let n = num_elements(&shape)
        .ok_or_else(|| format!("'{name}' has a shape too large for this machine"))?;
    let big_endian = ts.endianness() == npyz::Endianness::Big && elem.size() > 1;
    let tensor = crate::dispatch_store!(elem, S => read_data::<S>(&mut reader, elem, &shape, n, memory, big_endian)
        .map_err(|e| match e {
            ReadError::File(m) => ReadError::File(format!("cannot read '{name}': {m}")),
            ReadError::Memory(m) => ReadError::Memory(format!("cannot read '{name}': {m}")),
        })?);
    let tensor = match header.order() {
        Order::C => tensor,
        Order::Fortran => {
            let rev: Vec<usize> = shape.iter().rev().copied().collect();
            let strides: Vec<isize> = c_strides(&rev).into_iter().rev().collect();
            tensor.with_view(&shape, &strides, 0)
        }
    };
    Ok(tensor)
}

/// The largest header read. NumPy refuses more than 10,000 bytes unless told
/// otherwise (`max_header_size`); this bound only keeps a hostile length from
/// allocating gigabytes.
const MAX_HEADER: usize = 1 << 20;

/// Reads the header as NumPy's `format.py` does, then lets `npyz` interpret it.
///
/// NumPy decodes the header text of versions 1.0 and 2.0 as latin-1 and of 3.0
/// as UTF-8, and evaluates it as a Python literal (so a `#` comment is allowed).
/// `npyz` takes only UTF-8 and no comments, so the text is decoded here, its
/// comments dropped, and handed over as a version 3.0 header.
fn read_header(reader: &mut impl Read) -> Result<npyz::NpyHeader, String> {
    let mut prefix = [0u8; 8];
    reader
        .read_exact(&mut prefix)
        .map_err(|_| "the file is shorter than the .npy magic string".to_owned())?;
    if &prefix[..6] != b"\x93NUMPY" {
        return Err("the .npy magic string is missing".into());
    }
    let version = (prefix[6], prefix[7]);
    let len = match version {
        (1, 0) => {
            let mut b = [0u8; 2];
            reader.read_exact(&mut b).map_err(|e| e.to_string())?;
            usize::from(u16::from_le_bytes(b))
        }
        (2, 0) | (3, 0) => {
            let mut b = [0u8; 4];
            reader.read_exact(&mut b).map_err(|e| e.to_string())?;
            usize::try_from(u32::from_le_bytes(b)).unwrap_or(usize::MAX)
        }
        (major, minor) => return Err(format!("unsupported .npy version {major}.{minor}")),
    };
    if len > MAX_HEADER {
        return Err(format!(
            "its header is {len} bytes long, more than {MAX_HEADER}"
        ));
    }
    let mut raw = vec![0u8; len];
    reader
        .read_exact(&mut raw)
        .map_err(|_| "the header is shorter than its length says".to_owned())?;
    let text: String = if version == (3, 0) {
        String::from_utf8(raw).map_err(|_| "its version 3.0 header is not UTF-8".to_owned())?
    } else {
        raw.iter().map(|&b| char::from(b)).collect()
    };
    let text = without_comments(&text);
    let body = text.as_bytes();
    let body_len = u32::try_from(body.len()).map_err(|_| "its header is too long".to_owned())?;
    let mut v3 = Vec::with_capacity(12 + body.len());
    v3.extend_from_slice(b"\x93NUMPY\x03\x00");
    v3.extend_from_slice(&body_len.to_le_bytes());
    v3.extend_from_slice(body);
    npyz::NpyHeader::from_reader(&v3[..]).map_err(|e| e.to_string())
}

/// `text` without its Python comments (`#` to the end of the line, outside
/// string literals), on one line (whitespace outside strings becomes a space).
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    let mut escaped = false;
    let mut comment = false;
    for c in text.chars() {
        if comment {
            if c == '\n' {
                comment = false;
                out.push(' ');
            }
            continue;
        }
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            }
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == '#' => {
                comment = true;
                continue;
            }
            // Python joins the lines inside brackets; npyz wants one line.
            None if c.is_whitespace() => {
                out.push(' ');
                continue;
            }
            None => {}
        }
        out.push(c);
    }
    out
}

fn read_data<S: Store>(
    reader: &mut impl Read,
    elem: ElemType,
    shape: &[usize],
    n: usize,
    memory: &Memory,
    big_endian: bool,
) -> Result<Tensor, ReadError> {
    let mut owned = memory
        .alloc::<S>(n)
        .map_err(|e| ReadError::Memory(e.to_string()))?;
    let bytes: &mut [u8] = bytemuck::cast_slice_mut(owned.as_mut_slice());
    reader
        .read_exact(bytes)
        .map_err(|e| format!("the data is shorter than its shape says ({e})"))?;
    if big_endian {
        for chunk in bytes.chunks_exact_mut(std::mem::size_of::<S>()) {
            chunk.reverse();
        }
    }
    if elem == ElemType::I1 {
        for b in bytes.iter_mut() {
            *b = u8::from(*b != 0);
        }
    }
    Ok(Tensor::from_owned(elem, shape, owned))
}

/// Writes `tensor` as an `.npy` file at `path` (created or truncated; used by
/// tests and tools that write one file).
///
/// # Errors
/// A message naming the file.
pub fn write(path: &Path, tensor: &Tensor) -> Result<(), String> {
    std::fs::File::create(path)
        .and_then(|file| write_to(&file, tensor))
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))
}

/// Writes `tensor` in `.npy` format to `w`, a block at a time (a broadcast view
/// is expanded in row-major order without materialising it).
///
/// # Errors
/// The first write error.
pub fn write_to(w: impl Write, tensor: &Tensor) -> std::io::Result<()> {
    let mut w = BufWriter::with_capacity(1 << 20, w);
    let ts: npyz::TypeStr = descr(tensor.elem())
        .parse()
        .map_err(|e| std::io::Error::other(format!("{e}")))?;
    let shape: Vec<u64> = tensor.shape().iter().map(|&d| d as u64).collect();
    npyz::WriteOptions::new_header_only()
        .dtype(DType::Plain(ts))
        .shape(&shape)
        .writer(&mut w)
        .write_header_only()?;
    crate::dispatch_store!(tensor.elem(), S => {
        match tensor.as_slice::<S>() {
            Some(s) => w.write_all(bytemuck::cast_slice(s))?,
            None => {
                // A view (a broadcast): written in row-major order, a block at a time.
                let buf = tensor.buffer::<S>();
                let mut block: Vec<S> = Vec::with_capacity(1 << 16);
                let mut err = None;
                tensor.for_each_offset(|off| {
                    if err.is_some() {
                        return;
                    }
                    block.push(buf[off]);
                    if block.len() == block.capacity() {
                        if let Err(e) = w.write_all(bytemuck::cast_slice(&block)) {
                            err = Some(e);
                        }
                        block.clear();
                    }
                });
                if let Some(e) = err {
                    return Err(e);
                }
                w.write_all(bytemuck::cast_slice(&block))?;
            }
        }
    });
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_element_type() {
        let dir = std::env::temp_dir().join(format!("tensor-interp-npy-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let memory = Memory::new(1 << 20);
        for elem in ElemType::ALL {
            let t = crate::elem::with_num!(elem, N => {
                let data: Vec<<N as tensor_dialect_nd::scalar::ArithScalar>::S> = (0..6)
                    .map(|i| <N as crate::elem::Num>::from_wide(crate::elem::Wide::I(i % 3)))
                    .collect();
                Tensor::from_vec(elem, &[2, 3], data).unwrap()
            });
            let path = dir.join(format!("{}.npy", elem.name()));
            write(&path, &t).unwrap();
            let back = read(&path, &memory).unwrap();
            let expected = if elem == ElemType::Index {
                ElemType::I64
            } else {
                elem
            };
            assert_eq!(back.elem(), expected);
            assert_eq!(back.shape(), &[2, 3]);
            assert_eq!(back.to_i64s(), t.to_i64s(), "{elem}");
        }
        // A broadcast view is written in row-major order.
        let row = Tensor::from_vec(ElemType::F32, &[3], vec![1.0f32, 2.0, 3.0]).unwrap();
        let path = dir.join("view.npy");
        write(&path, &row.numpy_view(&[2, 3])).unwrap();
        let back = read(&path, &memory).unwrap();
        assert_eq!(
            back.to_vec::<f32>().unwrap(),
            vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// An `.npy` file of `[1.0, 2.0]` (`<f8`) with the given version and header
    /// text (padded with spaces to a multiple of 64 bytes, then a newline).
    fn npy_with_header(version: u8, header: &[u8]) -> Vec<u8> {
        let prefix = if version == 1 { 10 } else { 12 };
        let mut text = header.to_vec();
        while !(prefix + text.len() + 1).is_multiple_of(64) {
            text.push(b' ');
        }
        text.push(b'\n');
        let mut out = b"\x93NUMPY".to_vec();
        out.extend_from_slice(&[version, 0]);
        if version == 1 {
            out.extend_from_slice(&u16::try_from(text.len()).unwrap().to_le_bytes());
        } else {
            out.extend_from_slice(&u32::try_from(text.len()).unwrap().to_le_bytes());
        }
        out.extend_from_slice(&text);
        for x in [1.0f64, 2.0] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    #[test]
    fn reads_every_header_numpy_reads() {
        let dir =
            std::env::temp_dir().join(format!("tensor-interp-npy-hdr-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let memory = Memory::new(1 << 20);
        let dict = b"{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }".to_vec();
        let latin1_comment = [&dict[..], b" # caf\xe9"].concat();
        let utf8_comment = [&dict[..], " # café".as_bytes()].concat();
        let multiline =
            b"{'descr': '<f8',\n 'fortran_order': False,  # why\n 'shape': (2,)}".to_vec();
        let cases: [(u8, &[u8]); 7] = [
            (1, &dict),
            (2, &dict),
            (3, &dict),
            (1, &latin1_comment),
            (2, &latin1_comment),
            (3, &utf8_comment),
            (1, &multiline),
        ];
        for (k, (version, header)) in cases.iter().enumerate() {
            let path = dir.join(format!("h{k}.npy"));
            std::fs::write(&path, npy_with_header(*version, header)).unwrap();
            let t = read(&path, &memory)
                .unwrap_or_else(|e| panic!("{version}: {}: {e}", String::from_utf8_lossy(header)));
            assert_eq!(t.to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
        }
        // A latin-1 byte in a version 3.0 header is not UTF-8: NumPy refuses it too.
        let path = dir.join("bad3.npy");
        std::fs::write(&path, npy_with_header(3, &latin1_comment)).unwrap();
        let err = read(&path, &memory).unwrap_err().to_string();
        assert!(err.contains("not UTF-8"), "{err}");
        // A '#' inside a string is not a comment.
        assert_eq!(without_comments("{'a#b': 1} # c"), "{'a#b': 1} ");
        // An unknown version and an endless header length are refused.
        let mut v4 = npy_with_header(2, &dict);
        v4[6] = 4;
        std::fs::write(&path, v4).unwrap();
        assert!(
            read(&path, &memory)
                .unwrap_err()
                .to_string()
                .contains("version 4.0")
        );
        let mut long = npy_with_header(2, &dict);
        long[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        std::fs::write(&path, long).unwrap();
        assert!(
            read(&path, &memory)
                .unwrap_err()
                .to_string()
                .contains("more than")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn refuses_files_above_the_limit() {
        let dir =
            std::env::temp_dir().join(format!("tensor-interp-npy-limit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let t = Tensor::from_vec(ElemType::F64, &[1024], vec![0.0f64; 1024]).unwrap();
        let path = dir.join("big.npy");
        write(&path, &t).unwrap();
        let err = read(&path, &Memory::new(1000)).unwrap_err();
        assert!(matches!(err, ReadError::Memory(_)), "{err}");
        assert!(err.to_string().contains("memory limit"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
