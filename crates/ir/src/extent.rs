//! How deep and how large a uniqued type, attribute or location is once written
//! out. Uniquing shares structure, so `tuple<!t, !t>` built forty times over is
//! small in memory but 2^40 leaves in text, and a chain of aliases nests as deep as
//! it is long. The context records both measures when it interns an item (from
//! its children's, in O(children)), so the parser can refuse input that would nest
//! deeper than the recursive walkers allow or print exponentially larger than it
//! is, before anything walks it.

use crate::attrs::{AttrKind, AttrOrType};
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

fn len(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

fn sum(items: impl IntoIterator<Item = u64>) -> u64 {
    items.into_iter().fold(0u64, u64::saturating_add)
}

impl Context {
    /// The extent of a type.
    pub fn type_extent(&self, t: crate::Type) -> Extent {
        Extent {
            depth: self.type_depth(t),
            size: self.uniq.type_sizes.get(t.index()).copied().unwrap_or(1),
        }
    }

    /// The extent of an attribute.
    pub fn attr_extent(&self, a: crate::Attribute) -> Extent {
        Extent {
            depth: self.attr_depth(a),
            size: self.uniq.attr_sizes.get(a.0 as usize).copied().unwrap_or(1),
        }
    }

    /// The extent of a location.
    pub fn location_extent(&self, loc: Location) -> Extent {
        let size = match loc {
            Location::Id(id) => self.uniq.loc_sizes.get(id.0 as usize).copied().unwrap_or(1),
            _ => 1,
        };
        Extent {
            depth: self.loc_depth(loc),
            size,
        }
    }

    fn ty_size(&self, t: crate::Type) -> u64 {
        self.uniq.type_sizes.get(t.index()).copied().unwrap_or(1)
    }

    fn at_size(&self, a: crate::Attribute) -> u64 {
        self.uniq.attr_sizes.get(a.0 as usize).copied().unwrap_or(1)
    }

    fn ref_size(&self, r: AttrOrType) -> u64 {
        match r {
            AttrOrType::Attr(a) => self.at_size(a),
            AttrOrType::Type(t) => self.ty_size(t),
        }
    }

    /// The written size of a type, from its children's.
    pub(crate) fn type_kind_size(&self, kind: &TypeKind) -> u64 {
        let own = match kind {
            TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index | TypeKind::None => 0,
            TypeKind::Tensor {
                dims,
                elem,
                encoding,
            } => sum([
                len(dims.len()),
                self.ty_size(*elem),
                encoding.map_or(0, |a| self.at_size(a)),
            ]),
            TypeKind::Vector { dims, elem, .. } => {
                len(dims.len()).saturating_add(self.ty_size(*elem))
            }
            TypeKind::MemRef {
                dims,
                elem,
                layout,
                memory_space,
            } => sum([
                len(dims.len()),
                self.ty_size(*elem),
                layout.map_or(0, |a| self.at_size(a)),
                memory_space.map_or(0, |a| self.at_size(a)),
            ]),
            TypeKind::UnrankedMemRef { elem, memory_space } => sum([
                self.ty_size(*elem),
                memory_space.map_or(0, |a| self.at_size(a)),
            ]),
            TypeKind::UnrankedTensor { elem } | TypeKind::Complex { elem } => self.ty_size(*elem),
            TypeKind::Function { inputs, results } => {
                sum(inputs.iter().chain(results).map(|&t| self.ty_size(t)))
            }
            TypeKind::Tuple { types } => sum(types.iter().map(|&t| self.ty_size(t))),
            TypeKind::Opaque { body, refs, .. } => sum(std::iter::once(len(body.len()))
                .chain(refs.iter().map(|r| self.ref_size(r.target)))),
        };
        own.saturating_add(1)
    }

    /// The written size of an attribute, from its children's.
    pub(crate) fn attr_kind_size(&self, kind: &AttrKind) -> u64 {
        let own = match kind {
            AttrKind::Unit | AttrKind::Bool(_) | AttrKind::Location(_) => 0,
            AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => self.ty_size(*ty),
            AttrKind::WideInteger { value, ty } => {
                len(usize::try_from(value.bits().div_ceil(3)).unwrap_or(usize::MAX))
                    .saturating_add(self.ty_size(*ty))
            }
            AttrKind::String(s) => len(s.len()),
            AttrKind::TypedString { value, ty } => {
                len(value.len()).saturating_add(self.ty_size(*ty))
            }
            AttrKind::Type(t) => self.ty_size(*t),
            AttrKind::Array(items) => sum(items.iter().map(|&a| self.at_size(a))),
            AttrKind::Dictionary(entries) => sum(entries
                .iter()
                .map(|n| len(self.str(n.name).len()).saturating_add(self.at_size(n.value)))),
            AttrKind::DenseArray { elem, values } => {
                len(values.len()).saturating_add(self.ty_size(*elem))
            }
            AttrKind::DenseElements { ty, values } | AttrKind::DenseComplex { ty, values } => {
                len(values.len()).saturating_add(self.ty_size(*ty))
            }
            AttrKind::DenseString { ty, values } => {
                sum(std::iter::once(self.ty_size(*ty)).chain(values.iter().map(|v| len(v.len()))))
            }
            AttrKind::DenseResource { ty, .. } => self.ty_size(*ty),
            AttrKind::Sparse {
                ty,
                indices,
                values,
            } => sum([
                self.ty_size(*ty),
                self.at_size(*indices),
                self.at_size(*values),
            ]),
            AttrKind::AffineMap(m) => len(m.results.len()),
            AttrKind::IntegerSet(s) => len(s.constraints.len()),
            AttrKind::StridedLayout { strides, .. } => len(strides.len()),
            AttrKind::Distinct { referenced, .. } => self.at_size(*referenced),
            AttrKind::SymbolRef { nested, .. } => len(nested.len()),
            AttrKind::Opaque { body, refs, ty, .. } => sum(std::iter::once(len(body.len()))
                .chain(refs.iter().map(|r| self.ref_size(r.target)))
                .chain(ty.map(|t| self.ty_size(t)))),
        };
        own.saturating_add(1)
    }

    fn lc_size(&self, l: Location) -> u64 {
        match l {
            Location::Id(id) => self.uniq.loc_sizes.get(id.0 as usize).copied().unwrap_or(1),
            _ => 1,
        }
    }

    /// The written size of a location, from its children's.
    pub(crate) fn loc_kind_size(&self, kind: &LocKind) -> u64 {
        let own = match kind {
            LocKind::FileLineCol { .. } | LocKind::FileRange { .. } => 0,
            LocKind::Name { child, .. } => child.map_or(0, |c| self.lc_size(c)),
            LocKind::CallSite { callee, caller } => {
                self.lc_size(*callee).saturating_add(self.lc_size(*caller))
            }
            LocKind::Fused { locs, metadata } => sum(locs
                .iter()
                .map(|&l| self.lc_size(l))
                .chain(metadata.map(|m| self.at_size(m)))),
        };
        own.saturating_add(1)
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
        assert_eq!(ctx.type_extent(t), Extent { depth: 1, size: 1 });
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
        assert_eq!(ctx.attr_extent(one), Extent { depth: 1, size: 2 });
        let arr = ctx.intern_attr(AttrKind::Array(vec![one, one]));
        assert_eq!(ctx.attr_extent(arr), Extent { depth: 2, size: 5 });
        let k = ctx.sym("k");
        let dict = ctx.dict_attr(vec![NamedAttr {
            name: k,
            value: arr,
        }]);
        assert_eq!(ctx.attr_extent(dict), Extent { depth: 3, size: 7 });
        let name = ctx.sym("n");
        let leaf = ctx.intern_loc(LocKind::Name { name, child: None });
        let call = ctx.intern_loc(LocKind::CallSite {
            callee: leaf,
            caller: leaf,
        });
        assert_eq!(ctx.location_extent(call), Extent { depth: 2, size: 3 });
        let fused = ctx.intern_loc(LocKind::Fused {
            locs: vec![call, Location::Unknown],
            metadata: Some(dict),
        });
        assert_eq!(ctx.location_extent(fused), Extent { depth: 4, size: 12 });
    }
}
