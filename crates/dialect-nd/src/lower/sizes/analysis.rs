//! What the shape analysis ([`broadcastable_ir::shapes`]) tells the resolver:
//! dims it proves equal are named alike, and a size (or whole shape) it proves
//! covers another absorbs it. The resolver keeps its own reasoning for what the
//! analysis does not say, such as the values a sweep adds.

use broadcastable_ir::shapes::ShapeAnalysis;
use tensor_ir::{Context, Module, Value};

use super::{Size, Sizes};
use crate::support::is_shape_tensor;

/// The shape analysis a sweep's resolvers share.
#[derive(Default)]
pub(crate) enum Analysis {
    /// Not made yet: the sweep's first resolver makes it.
    #[default]
    Pending,
    /// Deliberately none: a one-off question does not pay for a walk of the
    /// module.
    Off,
    /// Made on the module as the sweep found it: what it proves of the values
    /// it saw stays true while the sweep keeps their meaning, and it works out
    /// the values the sweep adds on demand ([`ShapeAnalysis::ensure`]).
    On(Box<ShapeAnalysis>),
}

impl Analysis {
    /// Makes the analysis of `module` if it is pending.
    pub(super) fn start(&mut self, ctx: &Context, module: &Module) {
        if let Analysis::Pending = self {
            *self = match module.top() {
                Some(top) => Analysis::On(Box::new(ShapeAnalysis::run(ctx, module, top))),
                None => Analysis::Off,
            };
        }
    }

    fn get(&mut self) -> Option<&mut ShapeAnalysis> {
        match self {
            Analysis::On(a) => Some(a),
            Analysis::Pending | Analysis::Off => None,
        }
    }
}

/// How the analysis names a tensor dim.
pub(super) enum Analysed {
    /// A static size.
    Static(i64),
    /// The size of this other dim, the first found to have it.
    Like(Value, usize),
}

impl Sizes<'_> {
    /// The name the analysis gives dim `i` of `v`, when it knows one other than
    /// the dim itself.
    pub(super) fn analysed_dim(&mut self, v: Value, i: usize) -> Option<Analysed> {
        let (ctx, module) = (self.ctx, self.module);
        let a = self.memo.analysis.get()?;
        a.ensure(ctx, module, v);
        let id = a.size_of(v, i)?;
        if let Some(c) = a.sizes().constant_of(id) {
            return Some(Analysed::Static(c));
        }
        a.representative(id)
            .filter(|&rep| rep != (v, i))
            .map(|(w, j)| Analysed::Like(w, j))
    }

    /// True if the shape analysis proves that broadcasting `a` with `b` gives `a`
    /// (`b` is 1 or `a`, as a passed check made it).
    pub(super) fn analysis_covers(&mut self, a: Size, b: Size) -> bool {
        let (ctx, module) = (self.ctx, self.module);
        let Some(analysis) = self.memo.analysis.get() else {
            return false;
        };
        for s in [a, b] {
            if let Size::Of(v, _) = s {
                analysis.ensure(ctx, module, v);
            }
        }
        let id = |s: Size| match s {
            Size::Static(n) => analysis.sizes().find_constant(n),
            Size::Of(v, i) => analysis.size_of(v, i),
        };
        match (id(a), id(b)) {
            (Some(x), Some(y)) => analysis.sizes().covers(x, y),
            _ => false,
        }
    }

    /// True if the shape analysis proves that broadcasting a tensor whose whole
    /// shape is named `w` with one named `x` gives `w`. A name is a tensor (its
    /// shape) or a shape value (the shape it holds).
    pub(super) fn analysis_covers_whole(&mut self, w: Value, x: Value) -> bool {
        let (ctx, module) = (self.ctx, self.module);
        let Some(analysis) = self.memo.analysis.get() else {
            return false;
        };
        let mut name = |v: Value| {
            analysis.ensure(ctx, module, v);
            if is_shape_tensor(ctx, module.value_type(v)) {
                analysis.holds_of(v)
            } else {
                analysis.whole_of(v)
            }
        };
        match (name(w), name(x)) {
            (Some(a), Some(b)) => analysis.sizes().covers(a, b),
            _ => false,
        }
    }
}
