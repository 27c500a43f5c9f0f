//! Resources of the `builtin` dialect: the blobs `dense_resource<key>` attributes
//! hold, read from and printed to a file's `{-# dialect_resources: ... #-}` section.

use crate::{Context, Symbol};
use rustc_hash::FxHashMap;
use std::fmt::{self, Write};

/// A blob: its data and the alignment it asks for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Blob {
    /// The alignment in bytes (a power of two).
    pub alignment: u32,
    /// The bytes.
    pub data: Box<[u8]>,
}

/// The `builtin` dialect's blobs, by key.
#[derive(Default, Debug)]
pub struct Resources {
    blobs: FxHashMap<Symbol, Blob>,
}

impl Context {
    /// Sets the blob of a `builtin` resource.
    pub fn set_resource_blob(&mut self, key: Symbol, blob: Blob) {
        self.resources.blobs.insert(key, blob);
    }

    /// The blob of a `builtin` resource, if the input gave one.
    pub fn resource_blob(&self, key: Symbol) -> Option<&Blob> {
        self.resources.blobs.get(&key)
    }
}

/// Decodes a blob as upstream's text format writes it: `0x`, the alignment as four
/// little-endian bytes, then the data, all in hex. The error says what is wrong.
pub fn decode_blob(text: &str) -> Result<Blob, &'static str> {
    let bytes = crate::dense::decode_hex(text).ok_or("expected hex string blob")?;
    if bytes.len() < 4 {
        return Err("expected hex string blob to encode alignment in first 4 bytes");
    }
    let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    if !alignment.is_power_of_two() {
        return Err("expected hex string blob with alignment that is a power of 2");
    }
    Ok(Blob {
        alignment,
        data: bytes[4..].into(),
    })
}

/// Writes the file metadata section for the resources a printing referenced (in
/// the order it referenced them), as upstream's `printFileMetadataDictionary`:
/// nothing when none has a blob.
pub(crate) fn write_resource_section(ctx: &Context, keys: &[Symbol], out: &mut dyn Write) -> fmt::Result {
    let mut first = true;
    for &key in keys {
        let Some(blob) = ctx.resource_blob(key) else {
            continue;
        };
        if first {
            out.write_str("\n{-#\n  dialect_resources: {\n    builtin: {\n")?;
            first = false;
        } else {
            out.write_str(",\n")?;
        }
        out.write_str("      ")?;
        crate::attrs::write_attr_name(ctx.str(key), out)?;
        out.write_str(": \"0x")?;
        for b in blob.alignment.to_le_bytes().iter().chain(blob.data.iter()) {
            write!(out, "{b:02X}")?;
        }
        out.write_char('"')?;
    }
    if !first {
        out.write_str("\n    }\n  }\n#-}\n")?;
    }
    Ok(())
}
