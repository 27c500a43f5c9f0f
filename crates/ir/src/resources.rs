//! The file metadata section, `{-# dialect_resources: ..., external_resources: ... #-}`.
//!
//! The `builtin` dialect's resources are the blobs `dense_resource<key>` attributes
//! hold; the printer writes those a module references. Resources of other dialects
//! and external resources are kept as read and printed back whole, as `mlir-opt`
//! keeps resources it has no handler for.

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

/// The value of a resource entry.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ResourceValue {
    /// `"0x..."`: a blob.
    Blob(Blob),
    /// `true` or `false`.
    Bool(bool),
    /// A string.
    String(Box<[u8]>),
}

/// The entries of one group (a dialect, or an external resource owner).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ResourceGroup {
    /// The dialect or owner name.
    pub name: Box<str>,
    /// The entries, in order.
    pub entries: Vec<(Box<str>, ResourceValue)>,
}

/// The `builtin` dialect's blobs, by key, and the other groups of the last file read.
#[derive(Default, Debug)]
pub struct Resources {
    blobs: FxHashMap<Symbol, Blob>,
    /// Resources of dialects other than `builtin`, kept whole.
    pub(crate) dialect_groups: Vec<ResourceGroup>,
    /// `external_resources`, kept whole.
    pub(crate) external_groups: Vec<ResourceGroup>,
}

impl Context {
    /// Sets the blob of a `builtin` resource.
    pub fn set_resource_blob(&mut self, key: Symbol, blob: Blob) {
        self.tables.resources.blobs.insert(key, blob);
    }

    /// The blob of a `builtin` resource, if the input gave one.
    pub fn resource_blob(&self, key: Symbol) -> Option<&Blob> {
        self.tables.resources.blobs.get(&key)
    }

    /// Keeps a group of resources of another dialect (`external` false) or of an
    /// external owner, to print back.
    pub fn add_resource_group(&mut self, external: bool, group: ResourceGroup) {
        let groups = if external {
            &mut self.tables.resources.external_groups
        } else {
            &mut self.tables.resources.dialect_groups
        };
        match groups.iter_mut().find(|g| g.name == group.name) {
            Some(g) => g.entries.extend(group.entries),
            None => groups.push(group),
        }
    }

    /// Forgets the kept groups (a new file is being read).
    pub(crate) fn clear_resource_groups(&mut self) {
        self.tables.resources.dialect_groups.clear();
        self.tables.resources.external_groups.clear();
    }
}

/// Decodes a blob as upstream's text format writes it: `0x`, the alignment as four
/// little-endian bytes, then the data, all in hex. The error is upstream's message
/// for a resource of that key.
pub fn decode_blob(text: &str, key: &str) -> Result<Blob, String> {
    let bytes = crate::dense::decode_hex(text)
        .ok_or_else(|| format!("expected hex string blob for key '{key}'"))?;
    if bytes.len() < 4 {
        return Err(format!(
            "expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
        ));
    }
    let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
    if alignment != 0 && !alignment.is_power_of_two() {
        return Err(format!(
            "expected hex string blob for key '{key}' to encode alignment in first 4 bytes, but got non-power-of-2 value: {alignment}"
        ));
    }
    Ok(Blob {
        alignment,
        data: bytes[4..].into(),
    })
}

fn write_value(value: &ResourceValue, out: &mut dyn Write) -> fmt::Result {
    match value {
        ResourceValue::Blob(blob) => {
            out.write_str("\"0x")?;
            for b in blob.alignment.to_le_bytes().iter().chain(blob.data.iter()) {
                write!(out, "{b:02X}")?;
            }
            out.write_char('"')
        }
        ResourceValue::Bool(b) => out.write_str(if *b { "true" } else { "false" }),
        ResourceValue::String(s) => crate::attrs::write_escaped_bytes(s, out),
    }
}

/// Writes one section's groups (upstream's `processProvider` for each provider).
fn write_groups<'g>(
    out: &mut dyn Write,
    section: &str,
    groups: impl Iterator<Item = (&'g str, Vec<(&'g str, &'g ResourceValue)>)>,
    opened: &mut bool,
) -> fmt::Result {
    let mut had_section = false;
    for (name, entries) in groups {
        if entries.is_empty() {
            continue;
        }
        if !*opened {
            out.write_str("\n{-#\n")?;
            *opened = true;
        } else if !had_section {
            out.write_str(",\n")?;
        }
        if had_section {
            out.write_str(",\n")?;
        } else {
            writeln!(out, "  {section}_resources: {{")?;
            had_section = true;
        }
        writeln!(out, "    {name}: {{")?;
        for (i, (key, value)) in entries.iter().enumerate() {
            if i > 0 {
                out.write_str(",\n")?;
            }
            out.write_str("      ")?;
            crate::attrs::write_attr_name(key, out)?;
            out.write_str(": ")?;
            write_value(value, out)?;
        }
        out.write_str("\n    }")?;
    }
    if had_section {
        out.write_str("\n  }")?;
    }
    Ok(())
}

/// Writes the file metadata section as upstream's `printFileMetadataDictionary`:
/// the `builtin` blobs a printing referenced (in the order it referenced them),
/// the other kept groups, nothing when there is nothing to write.
pub(crate) fn write_resource_section(
    ctx: &Context,
    keys: &[Symbol],
    out: &mut dyn Write,
) -> fmt::Result {
    let blobs: Vec<(Symbol, ResourceValue)> = keys
        .iter()
        .filter_map(|&k| Some((k, ResourceValue::Blob(ctx.resource_blob(k)?.clone()))))
        .collect();
    let builtin: Vec<(&str, &ResourceValue)> =
        blobs.iter().map(|(k, v)| (ctx.str(*k), v)).collect();
    let others = ctx
        .tables
        .resources
        .dialect_groups
        .iter()
        .map(|g| (&*g.name, g.entries.iter().map(|(k, v)| (&**k, v)).collect()));
    let mut opened = false;
    write_groups(
        out,
        "dialect",
        std::iter::once(("builtin", builtin)).chain(others),
        &mut opened,
    )?;
    let external = ctx
        .tables
        .resources
        .external_groups
        .iter()
        .map(|g| (&*g.name, g.entries.iter().map(|(k, v)| (&**k, v)).collect()));
    write_groups(out, "external", external, &mut opened)?;
    if opened {
        out.write_str("\n#-}\n")?;
    }
    Ok(())
}
