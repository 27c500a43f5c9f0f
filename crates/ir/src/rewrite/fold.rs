//! Folding: the per-op hooks the greedy driver and canonicalization use, attached
//! with [`Context::attach_interface`] so that no op definition changes.
//!
//! - [`Fold`]: an op computes its results from its operands, as existing values or
//!   constant attributes (upstream's `fold` hook).
//! - [`ConstantLike`]: an op is a constant and has this value (upstream's
//!   `ConstantLike` trait with the constant's fold).
//! - [`ConstantMaterializer`], per dialect: builds the dialect's constant op for an
//!   attribute (upstream's `Dialect::materializeConstant`); a fold that returns an
//!   attribute is materialized through the folded op's dialect.
//! - [`Canonicalization`]: the op's canonicalization patterns.

use super::pattern::PatternSet;
use crate::attrs::ElementValues;
use crate::builder::Builder;
use crate::module::{Module, OpId, Value, ValueDef};
use crate::registry::OpTrait;
use crate::{Attribute, Context, Location, Symbol, Type};
use smallvec::SmallVec;

/// One result of a fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldResult {
    /// An existing value of the result's type.
    Value(Value),
    /// A constant, materialized by the op's dialect.
    Attribute(Attribute),
}

/// The results of a successful fold, one per op result.
pub type FoldResults = SmallVec<[FoldResult; 1]>;

/// Folds `op`, given the constant value of each operand (`None` where the operand is
/// not a constant). Returns `None` when the op does not fold. It must not change the
/// IR; it may intern attributes and types.
pub type FoldFn = fn(&mut Context, &Module, OpId, &[Option<Attribute>]) -> Option<FoldResults>;

/// Per-op interface: how the op folds.
pub struct Fold(pub FoldFn);

/// Per-op interface: the op is a constant; the function returns its value.
pub struct ConstantLike(pub fn(&Context, &Module, OpId) -> Option<Attribute>);

/// Builds a constant op of `value` with result type `ty` at the builder's insertion
/// point; `None` if the dialect cannot express that constant.
pub type MaterializeFn = fn(&mut Builder<'_>, Attribute, Type, Location) -> Option<OpId>;

/// Per-dialect interface: materializes folded constants (attach with
/// [`Context::attach_dialect_interface`]). The op it creates must have
/// [`ConstantLike`] and the requested type.
pub struct ConstantMaterializer(pub MaterializeFn);

/// Per-op interface: adds the op's canonicalization patterns to a set.
pub struct Canonicalization(pub fn(&mut PatternSet));

/// Per-op interface, a promise: the op's fold and its canonicalization patterns
/// read only the op and the ops defining its operands, transitively (their names,
/// operands, attributes and types), never uses, positions or other ops. So they
/// cannot start to apply while nothing in that cone changes, and the greedy
/// driver skips such ops in later iterations
/// ([`GreedyConfig::skip_unchanged`](super::GreedyConfig::skip_unchanged)).
pub struct LocalRewrites;

/// The constant value of `v`, if an op with [`ConstantLike`] defines it.
pub fn constant_value(ctx: &Context, module: &Module, v: Value) -> Option<Attribute> {
    let ValueDef::Result { op, .. } = module.value(v).def() else {
        return None;
    };
    let f = ctx.interface::<ConstantLike>(module.op(op).name())?;
    (f.0)(ctx, module, op)
}

/// The dialect namespace of an op name (`nd` for `nd.add`).
pub fn dialect_of(ctx: &Context, name: Symbol) -> &str {
    let s = ctx.str(name);
    s.split_once('.').map_or(s, |(d, _)| d)
}

/// True if `op` can be erased without changing the program: it is registered and
/// `Pure`, not a terminator, has no regions, and none of its results is used.
///
/// Upstream also erases effect-free ops with regions when everything nested is;
/// ops with regions are kept here.
pub fn is_trivially_dead(ctx: &Context, module: &Module, op: OpId) -> bool {
    let o = module.op(op);
    o.regions().is_empty()
        && ctx
            .op_def(o.name())
            .is_some_and(|d| d.has_trait(OpTrait::Pure) && !d.has_trait(OpTrait::Terminator))
        && module.results_unused(op)
}

impl Context {
    /// A `dense<...>` attribute of integer elements with type `ty` (a statically
    /// shaped tensor), stored as a splat when every element is equal, as upstream
    /// uniques it.
    /// `None` unless `ty` is a statically shaped tensor of integers (or `index`) with
    /// one element per value.
    pub fn dense_int_attr(&mut self, ty: Type, values: Vec<i128>) -> Option<Attribute> {
        let elem = self.element_type(ty)?;
        let kind = crate::ElementKind::of(self.type_kind(elem))?;
        let values = ElementValues::from_ints(kind, values)?.into_splat_if_uniform();
        self.dense_elements_attr(ty, values)
    }
}
