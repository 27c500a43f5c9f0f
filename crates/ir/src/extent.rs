//! How deep and how large a uniqued type, attribute or location is once written
//! out. Uniquing shares structure, so `tuple<!t, !t>` built forty times over is
//! small in memory but 2^40 leaves in text, and a chain of aliases nests as deep as
//! it is long. The context records both measures when it interns an item (from
//! its children's, in O(children)), so the parser can refuse input that would nest
//! deeper than the recursive walkers allow or print exponentially larger than it
//! is, before anything walks it.

use crate::attrs::AttrKind;
use crate::context::Context;
use crate::location::{LocKind, Location};
use crate::types::TypeKind;

/// The nesting depth and the written size of an item.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Extent {
    /// Levels of nesting: 1 for a leaf such as `i32`.
    pub depth: u32,
    /// Nodes when written out in full (each one a few bytes of text; strings,
    /// element lists and opaque bodies count their length). Saturates.
    pub size: u64,
}

impl Extent {
    /// A leaf of `size` nodes.
    pub const fn leaf(size: u64) -> Self {
        Extent { depth: 1, size }
    }

    /// `self` with `child` nested in it.
    fn with(self, child: Extent) -> Self {
        Extent {
            depth: self.depth.max(child.depth.saturating_add(1)),
            size: self.size.saturating_add(child.size),
        }
    }
}

fn len(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

impl Context {
    /// The extent of a type.
    pub fn type_extent(&self, t: crate::Type) -> Extent {
        self.type_extents
            .get(t.index())
            .copied()
            .unwrap_or(Extent::leaf(1))
    }

    /// The extent of an attribute.
    pub fn attr_extent(&self, a: crate::Attribute) -> Extent {
        self.attr_extents
            .get(a.0 as usize)
            .copied()
            .unwrap_or(Extent::leaf(1))
    }

    /// The extent of a location.
    pub fn location_extent(&self, loc: Location) -> Extent {
        match loc {
            Location::Unknown | Location::Source { .. } => Extent::leaf(1),
            Location::Id(id) => self
                .loc_extents
                .get(id.0 as usize)
                .copied()
                .unwrap_or(Extent::leaf(1)),
        }
    }

    /// The extent of a type about to be interned, from its children's.
    pub(crate) fn type_kind_extent(&self, kind: &TypeKind) -> Extent {
        match kind {
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index | TypeKind::None => {
                Extent::leaf(1)
            }
            TypeKind::Tensor {
                dims,
                elem,
                encoding,
            } => {
                let e = Extent::leaf(1 + len(dims.len())).with(self.type_extent(*elem));
                match encoding {
                    Some(a) => e.with(self.attr_extent(*a)),
                    None => e,
                }
            }
            TypeKind::Vector { dims, elem } => {
                Extent::leaf(1 + len(dims.len())).with(self.type_extent(*elem))
            }
            TypeKind::UnrankedTensor { elem } | TypeKind::Complex { elem } => {
                Extent::leaf(1).with(self.type_extent(*elem))
            }
            TypeKind::Function { inputs, results } => inputs
                .iter()
                .chain(results)
                .fold(Extent::leaf(1), |e, &t| e.with(self.type_extent(t))),
            TypeKind::Tuple { types } => types
                .iter()
                .fold(Extent::leaf(1), |e, &t| e.with(self.type_extent(t))),
            TypeKind::Opaque { body, .. } => Extent::leaf(1 + len(body.len())),
        }
    }

    /// The extent of an attribute about to be interned, from its children's.
    pub(crate) fn attr_kind_extent(&self, kind: &AttrKind) -> Extent {
        match kind {
            AttrKind::Unit | AttrKind::Bool(_) => Extent::leaf(1),
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => {
                Extent::leaf(1).with(self.type_extent(*ty))
            }
            AttrKind::String(s) => Extent::leaf(1 + len(s.len())),
            AttrKind::Type(t) => Extent::leaf(1).with(self.type_extent(*t)),
            AttrKind::Array(items) => items
                .iter()
                .fold(Extent::leaf(1), |e, &a| e.with(self.attr_extent(a))),
            AttrKind::Dictionary(entries) => entries.iter().fold(Extent::leaf(1), |e, n| {
                let name = Extent::leaf(1 + len(self.str(n.name).len()));
                e.with(name).with(self.attr_extent(n.value))
            }),
            AttrKind::DenseArray { elem, values } => {
                Extent::leaf(1 + len(values.len())).with(self.type_extent(*elem))
            }
            AttrKind::DenseElements { ty, values } => {
                Extent::leaf(1 + len(values.len())).with(self.type_extent(*ty))
            }
            AttrKind::SymbolRef { nested, .. } => Extent::leaf(1 + len(nested.len())),
            AttrKind::Opaque { body, .. } => Extent::leaf(1 + len(body.len())),
        }
    }

    /// The extent of a location about to be interned, from its children's.
    pub(crate) fn loc_kind_extent(&self, kind: &LocKind) -> Extent {
        match kind {
            LocKind::FileLineCol { file, .. } => Extent::leaf(1 + len(self.str(*file).len())),
            LocKind::Name { name, child } => {
                let e = Extent::leaf(1 + len(self.str(*name).len()));
                match child {
                    Some(c) => e.with(self.location_extent(*c)),
                    None => e,
                }
            }
            LocKind::CallSite { callee, caller } => Extent::leaf(1)
                .with(self.location_extent(*callee))
                .with(self.location_extent(*caller)),
            LocKind::Fused { locs, metadata } => {
                let e = locs
                    .iter()
                    .fold(Extent::leaf(1), |e, &l| e.with(self.location_extent(l)));
                match metadata {
                    Some(m) => e.with(self.attr_extent(*m)),
                    None => e,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attrs::NamedAttr;

    #[test]
    fn sharing_is_counted_as_written() {
        let mut ctx = Context::new();
        let mut t = ctx.i(32);
        assert_eq!(ctx.type_extent(t), Extent::leaf(1));
        for level in 1..=40u32 {
            t = ctx.intern_type(TypeKind::Tuple { types: vec![t, t] });
            let e = ctx.type_extent(t);
            assert_eq!(e.depth, level + 1);
            assert_eq!(e.size, (1u64 << (level + 1)) - 1);
        }
    }

    #[test]
    fn attributes_and_locations_nest_through_each_other() {
        let mut ctx = Context::new();
        let i = ctx.i(64);
        let one = ctx.int_attr(1, i);
        assert_eq!(ctx.attr_extent(one), Extent { depth: 2, size: 2 });
        let arr = ctx.intern_attr(AttrKind::Array(vec![one, one]));
        assert_eq!(ctx.attr_extent(arr), Extent { depth: 3, size: 5 });
        let k = ctx.sym("k");
        let dict = ctx.dict_attr(vec![NamedAttr {
            name: k,
            value: arr,
        }]);
        assert_eq!(ctx.attr_extent(dict), Extent { depth: 4, size: 8 });
        let name = ctx.sym("n");
        let leaf = ctx.intern_loc(LocKind::Name { name, child: None });
        let call = ctx.intern_loc(LocKind::CallSite {
            callee: leaf,
            caller: leaf,
        });
        assert_eq!(ctx.location_extent(call), Extent { depth: 2, size: 5 });
        let fused = ctx.intern_loc(LocKind::Fused {
            locs: vec![call, Location::Unknown],
            metadata: Some(dict),
        });
        assert_eq!(ctx.location_extent(fused), Extent { depth: 5, size: 15 });
    }
}
