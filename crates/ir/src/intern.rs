//! A small uniquing table: each distinct value is stored once and named by a dense index.

use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Uniques values of `K`, handing out dense `u32` ids in insertion order.
#[derive(Debug)]
pub(crate) struct Interner<K> {
    items: Vec<K>,
    map: FxHashMap<K, u32>,
}

impl<K> Default for Interner<K> {
    fn default() -> Self {
        Interner {
            items: Vec::new(),
            map: FxHashMap::default(),
        }
    }
}

impl<K: Hash + Eq + Clone> Interner<K> {
    pub(crate) fn intern(&mut self, key: K) -> u32 {
        if let Some(&id) = self.map.get(&key) {
            return id;
        }
        let id = u32::try_from(self.items.len()).unwrap_or(u32::MAX);
        self.items.push(key.clone());
        self.map.insert(key, id);
        id
    }

    pub(crate) fn get(&self, id: u32) -> &K {
        &self.items[id as usize]
    }

    pub(crate) fn lookup(&self, key: &K) -> Option<u32> {
        self.map.get(key).copied()
    }
}

/// String interner keyed by `&str` lookups without allocating on hits.
#[derive(Debug, Default)]
pub(crate) struct StrInterner {
    items: Vec<Box<str>>,
    map: FxHashMap<Box<str>, u32>,
}

impl StrInterner {
    pub(crate) fn intern(&mut self, s: &str) -> u32 {
        if let Some(&id) = self.map.get(s) {
            return id;
        }
        let id = u32::try_from(self.items.len()).unwrap_or(u32::MAX);
        self.items.push(s.into());
        self.map.insert(s.into(), id);
        id
    }

    pub(crate) fn lookup(&self, s: &str) -> Option<u32> {
        self.map.get(s).copied()
    }

    pub(crate) fn get(&self, id: u32) -> &str {
        &self.items[id as usize]
    }
}
