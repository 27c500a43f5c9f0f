//! What each type, attribute and location is made of, one level down: the nesting
//! depth the context records when it interns a value (children are interned first,
//! so this never recurses), and whether a value can print as an alias.

use crate::attrs::{AttrKind, AttrOrType};
use crate::context::Context;
use crate::location::{LocKind, Location};
use crate::types::TypeKind;

/// One more than the deepest child of a type.
pub(crate) fn type_depth(ctx: &Context, kind: &TypeKind) -> u32 {
    let mut d = 0u32;
    let mut ty = |t| d = d.max(ctx.type_depth(t));
    match kind {
        TypeKind::Tensor { elem, encoding, .. } => {
            ty(*elem);
            if let Some(a) = encoding {
                d = d.max(ctx.attr_depth(*a));
            }
        }
        TypeKind::UnrankedTensor { elem }
        | TypeKind::Vector { elem, .. }
        | TypeKind::Complex { elem } => ty(*elem),
        TypeKind::MemRef {
            elem,
            layout,
            memory_space,
            ..
        } => {
            ty(*elem);
            for a in [layout, memory_space].into_iter().flatten() {
                d = d.max(ctx.attr_depth(*a));
            }
        }
        TypeKind::UnrankedMemRef { elem, memory_space } => {
            ty(*elem);
            if let Some(a) = memory_space {
                d = d.max(ctx.attr_depth(*a));
            }
        }
        TypeKind::Function { inputs, results } => {
            inputs.iter().chain(results.iter()).for_each(|&t| ty(t));
        }
        TypeKind::Tuple { types } => types.iter().for_each(|&t| ty(t)),
        TypeKind::Opaque { refs, .. } => {
            for r in refs.iter() {
                d = d.max(ref_depth(ctx, r.target));
            }
        }
        TypeKind::Integer { .. } | TypeKind::Float(_) | TypeKind::Index | TypeKind::None => {}
    }
    d.saturating_add(1)
}

fn ref_depth(ctx: &Context, r: AttrOrType) -> u32 {
    match r {
        AttrOrType::Attr(a) => ctx.attr_depth(a),
        AttrOrType::Type(t) => ctx.type_depth(t),
    }
}

/// One more than the deepest child of an attribute.
pub(crate) fn attr_depth(ctx: &Context, kind: &AttrKind) -> u32 {
    let d = match kind {
        AttrKind::Type(t) => ctx.type_depth(*t),
        AttrKind::Array(items) => items.iter().map(|&a| ctx.attr_depth(a)).max().unwrap_or(0),
        AttrKind::Dictionary(entries) => entries
            .iter()
            .map(|e| ctx.attr_depth(e.value))
            .max()
            .unwrap_or(0),
        AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseComplex { ty, .. }
        | AttrKind::DenseString { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::TypedString { ty, .. } => ctx.type_depth(*ty),
        AttrKind::DenseArray { elem, .. } => ctx.type_depth(*elem),
        AttrKind::Sparse {
            ty,
            indices,
            values,
        } => ctx
            .type_depth(*ty)
            .max(ctx.attr_depth(*indices))
            .max(ctx.attr_depth(*values)),
        AttrKind::Location(l) => ctx.loc_depth(*l),
        AttrKind::Distinct { referenced, .. } => ctx.attr_depth(*referenced),
        AttrKind::Opaque { refs, ty, .. } => refs
            .iter()
            .map(|r| ref_depth(ctx, r.target))
            .chain(ty.map(|t| ctx.type_depth(t)))
            .max()
            .unwrap_or(0),
        AttrKind::Unit
        | AttrKind::Bool(_)
        | AttrKind::Integer { .. }
        | AttrKind::WideInteger { .. }
        | AttrKind::Float { .. }
        | AttrKind::String(_)
        | AttrKind::AffineMap(_)
        | AttrKind::IntegerSet(_)
        | AttrKind::StridedLayout { .. }
        | AttrKind::SymbolRef { .. } => 0,
    };
    d.saturating_add(1)
}

/// One more than the deepest child of a structured location.
pub(crate) fn loc_depth(ctx: &Context, kind: &LocKind) -> u32 {
    let d = match kind {
        LocKind::Name { child, .. } => child.map_or(0, |c| ctx.loc_depth(c)),
        LocKind::CallSite { callee, caller } => ctx.loc_depth(*callee).max(ctx.loc_depth(*caller)),
        LocKind::Fused { locs, metadata } => locs
            .iter()
            .map(|&l: &Location| ctx.loc_depth(l))
            .chain(metadata.map(|m| ctx.attr_depth(m)))
            .max()
            .unwrap_or(0),
        LocKind::FileLineCol { .. } | LocKind::FileRange { .. } => 0,
    };
    d.saturating_add(1)
}

/// Whether upstream's printer gives such an attribute an alias.
pub(crate) fn attr_may_alias(ctx: &Context, kind: &AttrKind) -> bool {
    match kind {
        AttrKind::AffineMap(_) | AttrKind::IntegerSet(_) | AttrKind::Location(_) => true,
        AttrKind::Distinct { referenced, .. } => {
            !matches!(ctx.attr_kind(*referenced), AttrKind::Unit)
        }
        _ => false,
    }
}
