//! The tables a context keeps for the passes and diagnostics that share it:
//! loaded source buffers (for locations), `dense_resource` blobs, other crates'
//! settings by type, and print settings.

use super::{Context, DEFAULT_ELEMENTS_HEX_LIMIT};
use crate::source::SourceBuffer;
use rustc_hash::FxHashMap;
use std::any::{Any, TypeId};

/// Sources, resources and settings.
pub(crate) struct Tables {
    /// Resources of the `builtin` dialect (`dense_resource` blobs), by key.
    pub(crate) resources: crate::resources::Resources,
    pub(crate) sources: Vec<SourceBuffer>,
    /// Settings and state of other crates (a trait crate's semantics, say), by type.
    extensions: FxHashMap<TypeId, Box<dyn Any + Send + Sync>>,
    elements_hex_limit: Option<i64>,
}

impl Default for Tables {
    fn default() -> Self {
        Tables {
            resources: Default::default(),
            sources: Vec::new(),
            extensions: FxHashMap::default(),
            elements_hex_limit: Some(DEFAULT_ELEMENTS_HEX_LIMIT),
        }
    }
}

impl Context {
    /// Stores a setting or state of another crate, replacing one of the same type.
    pub fn set_extension<T: Any + Send + Sync>(&mut self, value: T) {
        self.tables
            .extensions
            .insert(TypeId::of::<T>(), Box::new(value));
    }

    /// A setting or state of another crate, if stored.
    pub fn extension<T: Any + Send + Sync>(&self) -> Option<&T> {
        self.tables
            .extensions
            .get(&TypeId::of::<T>())?
            .downcast_ref()
    }

    /// Dense attributes with more elements than this (and not splats) print as hex
    /// literals, `dense<"0x...">`; `None` never does. Upstream's
    /// `--mlir-print-elementsattrs-with-hex-if-larger` (-1 is `None`), which applies to
    /// everything printed, diagnostics included.
    pub fn set_elements_hex_limit(&mut self, limit: Option<i64>) {
        self.tables.elements_hex_limit = limit;
    }

    /// See [`Context::set_elements_hex_limit`].
    pub fn elements_hex_limit(&self) -> Option<i64> {
        self.tables.elements_hex_limit
    }

    /// Loads a source text; the index names it in [`Location::Source`].
    pub fn add_source(&mut self, name: impl Into<String>, text: impl Into<String>) -> u32 {
        self.tables.sources.push(SourceBuffer::new(name, text));
        u32::try_from(self.tables.sources.len() - 1).unwrap_or(u32::MAX)
    }

    /// Loads bytes that may not all be UTF-8 (see [`SourceBuffer::from_bytes`]).
    pub fn add_source_bytes(&mut self, name: impl Into<String>, bytes: Vec<u8>) -> u32 {
        self.tables
            .sources
            .push(SourceBuffer::from_bytes(name, bytes));
        u32::try_from(self.tables.sources.len() - 1).unwrap_or(u32::MAX)
    }

    /// A loaded source buffer.
    pub fn source(&self, index: u32) -> Option<&SourceBuffer> {
        self.tables.sources.get(index as usize)
    }

    /// The first loaded buffer of that name.
    pub fn find_source(&self, name: &str) -> Option<u32> {
        self.tables
            .sources
            .iter()
            .position(|b| b.name() == name)
            .and_then(|i| u32::try_from(i).ok())
    }
}
