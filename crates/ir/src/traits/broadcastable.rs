//! The `Broadcastable` op trait: a thin IR-side layer over the pure
//! `broadcastable` crate, as upstream's `ResultsBroadcastableShape` is over
//! `OpTrait::util`.
//!
//! * An op definition attaches the trait declaratively by listing
//!   [`OpTrait::Broadcastable`] with a [`BroadcastPolicy`]; the generic
//!   verifier ([`crate::verify`]) then checks every such op through
//!   [`BroadcastVerifier`] with no code of the op's own.
//! * [`OpView`] implements [`BroadcastableOp`] over `(&Context, &Module,
//!   OpId)`: the same trait another IR implements over its own operations.
//! * [`diagnose`] turns the crate's structured [`Error`]s into diagnostics
//!   with upstream's wording; under the spec semantics it adds notes naming
//!   the conflicting operands and dimensions, under the `mlir` semantics the
//!   output is exactly upstream's.
//!
//! The semantics ([`Semantics::Spec`] by default, or upstream's) is a
//! setting of the [`Context`] ([`Context::set_broadcast_semantics`]).

use std::fmt::Write as _;
use std::rc::Rc;

use broadcastable::{
    BroadcastableOp, Container, Dim, Error, Inferred, Policy, ResultMismatch, Semantics, Shape,
    Typed, XlaError,
};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::Hasher as _;

use crate::attrs::AttrKind;
use crate::diag::Diagnostic;
use crate::module::{Module, OpId};
use crate::registry::OpTrait;
use crate::types::{Signedness, TypeKind};
use crate::verify::op_error;
use crate::{Attribute, Context, Type};

/// How the operands of an op broadcast: the parameter of
/// [`OpTrait::Broadcastable`], fixed by the op definition.
///
/// It mirrors [`Policy`] but is a compile-time constant, so it can sit in a
/// `static` op definition; explicit (XLA) dimensions are read from an
/// attribute of each op.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum BroadcastPolicy {
    /// NumPy / MLIR `Broadcastable` (seed 003): the default.
    #[default]
    NumPy,
    /// TOSA-like: ranked operands must have equal ranks.
    EqualRank,
    /// XLA-like binary op: the lower-rank operand's dimensions are placed by
    /// the `array<i64: ...>` attribute named `attr` (absent means `[]`).
    Explicit {
        /// Name of the attribute holding `broadcast_dimensions`.
        attr: &'static str,
    },
    /// In place: operands #1.. broadcast into operand #0's shape.
    Unidirectional,
    /// NumPy, unless the op carries the `array<i64: ...>` attribute named
    /// `attr`; then [`BroadcastPolicy::Explicit`] with it. This is XlaBuilder's
    /// binary ops with optional `broadcast_dimensions`, and the `nd` dialect's
    /// elementwise ops.
    NumPyOrExplicit {
        /// Name of the optional attribute holding `broadcast_dimensions`.
        attr: &'static str,
    },
}

impl OpTrait {
    /// The Broadcastable trait with the default (NumPy) policy.
    pub const BROADCASTABLE: OpTrait = OpTrait::Broadcastable(BroadcastPolicy::NumPy);
}

/// The container kind and shape of a type, as the shape algebra sees it:
/// tensors (ranked or not), vectors, and anything else as a scalar.
pub fn typed(ctx: &Context, ty: Type) -> Typed {
    match ctx.type_kind(ty) {
        TypeKind::Tensor { dims, .. } => Typed::tensor(shape_of(dims)),
        TypeKind::UnrankedTensor { .. } => Typed::tensor(Shape::Unranked),
        TypeKind::Vector { dims, .. } => Typed::vector(shape_of(dims)),
        _ => Typed::scalar(),
    }
}

/// Converts IR dims (`i64`, [`crate::DYNAMIC`] for `?`) to a [`Shape`]. The
/// parser never builds other negative sizes; one would read as `?`.
fn shape_of(dims: &[i64]) -> Shape {
    Shape::ranked(
        dims.iter()
            .map(|&d| Dim::from_mlir(d).unwrap_or(Dim::Dynamic)),
    )
}

/// `declared` with its shape replaced by `shape`, keeping the element type
/// and encoding; `None` unless `declared` is a tensor type and every size
/// fits MLIR's `i64` encoding.
pub fn with_shape(ctx: &mut Context, declared: Type, shape: &Shape) -> Option<Type> {
    let (elem, encoding) = match ctx.type_kind(declared) {
        TypeKind::Tensor { elem, encoding, .. } => (*elem, *encoding),
        TypeKind::UnrankedTensor { elem } => (*elem, None),
        _ => return None,
    };
    let kind = match shape {
        Shape::Unranked => TypeKind::UnrankedTensor { elem },
        Shape::Ranked(dims) => TypeKind::Tensor {
            dims: dims.iter().map(|d| d.to_mlir()).collect::<Option<_>>()?,
            elem,
            encoding,
        },
    };
    Some(ctx.intern_type(kind))
}

/// The broadcasting view of one op: what [`BroadcastableOp`] needs.
#[derive(Clone, Copy)]
pub struct OpView<'a> {
    ctx: &'a Context,
    module: &'a Module,
    op: OpId,
    policy: BroadcastPolicy,
}

impl<'a> OpView<'a> {
    /// A view of `op` broadcasting under `policy`.
    pub fn new(ctx: &'a Context, module: &'a Module, op: OpId, policy: BroadcastPolicy) -> Self {
        OpView {
            ctx,
            module,
            op,
            policy,
        }
    }

    /// A view of `op` if its definition has the Broadcastable trait.
    pub fn of(ctx: &'a Context, module: &'a Module, op: OpId) -> Option<Self> {
        let def = ctx.op_def(module.op(op).name())?;
        Some(OpView::new(ctx, module, op, def.broadcast_policy()?))
    }

    /// The explicit-dimensions attribute, if the policy has one and the op
    /// carries it.
    fn dims_attr(&self) -> Option<Attribute> {
        let (BroadcastPolicy::Explicit { attr } | BroadcastPolicy::NumPyOrExplicit { attr }) =
            self.policy
        else {
            return None;
        };
        let name = self.ctx.lookup_sym(attr)?;
        self.module.get_attr(self.op, name)
    }

    /// The op's [`Policy`], reading explicit dimensions from the op.
    ///
    /// # Errors
    /// An upstream-worded diagnostic when the dimensions attribute is not an
    /// `array<i64: ...>`.
    pub fn checked_policy(&self) -> Result<Policy, Diagnostic> {
        Ok(match self.policy {
            BroadcastPolicy::NumPy => Policy::NumPy,
            BroadcastPolicy::EqualRank => Policy::EqualRank,
            BroadcastPolicy::Unidirectional => Policy::Unidirectional,
            BroadcastPolicy::Explicit { attr } => match self.dims_attr() {
                None => Policy::Explicit(SmallVec::new()),
                Some(a) => Policy::Explicit(self.explicit_dims(attr, a)?),
            },
            BroadcastPolicy::NumPyOrExplicit { attr } => match self.dims_attr() {
                None => Policy::NumPy,
                Some(a) => Policy::Explicit(self.explicit_dims(attr, a)?),
            },
        })
    }

    /// The entries of the dimensions attribute `a` (named `attr`).
    fn explicit_dims(&self, attr: &str, a: Attribute) -> Result<SmallVec<[i64; 4]>, Diagnostic> {
        i64_array(self.ctx, a).ok_or_else(|| {
            op_error(
                self.ctx,
                self.module,
                self.op,
                format!(
                    "attribute '{attr}' failed to satisfy constraint: i64 dense array attribute"
                ),
            )
        })
    }
}

/// The elements of an `array<i64: ...>` attribute (and nothing else).
fn i64_array(ctx: &Context, a: Attribute) -> Option<SmallVec<[i64; 4]>> {
    let AttrKind::DenseArray { elem, .. } = ctx.attr_kind(a) else {
        return None;
    };
    let is_i64 = matches!(
        ctx.type_kind(*elem),
        TypeKind::Integer {
            width: 64,
            signedness: Signedness::Signless
        }
    );
    if !is_i64 {
        return None;
    }
    ctx.as_i64_array(a).map(SmallVec::from_vec)
}

impl BroadcastableOp for OpView<'_> {
    fn num_operands(&self) -> usize {
        self.module.operands(self.op).len()
    }

    fn operand(&self, index: usize) -> Typed {
        let v = self.module.operands(self.op)[index];
        typed(self.ctx, self.module.value_type(v))
    }

    fn num_results(&self) -> usize {
        self.module.num_results(self.op)
    }

    fn result(&self, index: usize) -> Typed {
        typed(
            self.ctx,
            self.module.value_type(self.module.result(self.op, index)),
        )
    }

    /// The policy; a malformed dimensions attribute reads as `[]` here
    /// (verification reports it first: [`OpView::checked_policy`]).
    fn policy(&self) -> Policy {
        self.checked_policy()
            .unwrap_or_else(|_| Policy::Explicit(SmallVec::new()))
    }
}

/// What decides a broadcastable op's verdict: the semantics, its policy, its
/// dimensions attribute and its operand and result types (all uniqued
/// handles).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    semantics: Semantics,
    policy: BroadcastPolicy,
    dims_attr: Option<Attribute>,
    num_operands: usize,
    types: SmallVec<[Type; 4]>,
}

impl Key {
    /// Whether this is the key of `op` (without building that key).
    fn matches(
        &self,
        semantics: Semantics,
        policy: BroadcastPolicy,
        dims_attr: Option<Attribute>,
        module: &Module,
        op: OpId,
    ) -> bool {
        self.semantics == semantics
            && self.policy == policy
            && self.dims_attr == dims_attr
            && self.num_operands == module.operands(op).len()
            && self.types.len() == module.operands(op).len() + module.num_results(op)
            && module
                .operands(op)
                .iter()
                .copied()
                .chain(module.results(op))
                .zip(&self.types)
                .all(|(v, &t)| module.value_type(v) == t)
    }
}

/// A memoized verdict.
type Verdict = Result<Rc<Inferred>, Error>;

/// Number of direct-mapped slots in front of the memo (a power of two).
const SLOTS: usize = 256;

/// Verifies broadcastable ops, memoizing verdicts by types.
///
/// Types and attributes are uniqued, so two ops with the same policy,
/// dimensions attribute and operand and result types have the same verdict:
/// a program with many ops but few distinct signatures (the usual case)
/// runs the shape algebra once per signature. A small direct-mapped cache
/// indexed by a hash of the type handles answers most ops without building
/// a key, which keeps the trait at a few nanoseconds per op.
pub struct BroadcastVerifier {
    slots: Vec<Option<(Key, Verdict)>>,
    memo: FxHashMap<Key, Verdict>,
}

impl Default for BroadcastVerifier {
    fn default() -> Self {
        BroadcastVerifier {
            slots: vec![None; SLOTS],
            memo: FxHashMap::default(),
        }
    }
}

impl BroadcastVerifier {
    /// An empty memo.
    pub fn new() -> Self {
        BroadcastVerifier::default()
    }

    /// Infers and verifies `op` under the context's semantics and `policy`.
    ///
    /// On success returns the inferred shape and run-time checks.
    ///
    /// # Errors
    /// The diagnostic for the first violation (see [`diagnose`]).
    pub fn verify(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        policy: BroadcastPolicy,
    ) -> Result<Rc<Inferred>, Diagnostic> {
        match self.verdict(ctx, module, op, policy)? {
            Ok(inferred) => Ok(Rc::clone(inferred)),
            Err(e) => Err(diagnose(ctx, module, op, with_notes(ctx, policy), e)),
        }
    }

    /// [`BroadcastVerifier::verify`] for callers that only need the verdict
    /// (the generic verifier): no inferred shape is handed out.
    ///
    /// # Errors
    /// As [`BroadcastVerifier::verify`].
    pub fn check(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        policy: BroadcastPolicy,
    ) -> Result<(), Diagnostic> {
        match self.verdict(ctx, module, op, policy)? {
            Ok(_) => Ok(()),
            Err(e) => Err(diagnose(ctx, module, op, with_notes(ctx, policy), e)),
        }
    }

    /// The memoized verdict of `op`; `Err` only for a malformed dimensions
    /// attribute.
    fn verdict(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        policy: BroadcastPolicy,
    ) -> Result<&Verdict, Diagnostic> {
        let semantics = ctx.broadcast_semantics();
        let view = OpView::new(ctx, module, op, policy);
        let dims_attr = view.dims_attr();
        let mut h = FxHasher::default();
        for v in module
            .operands(op)
            .iter()
            .copied()
            .chain(module.results(op))
        {
            h.write_usize(module.value_type(v).index());
        }
        let slot = usize::try_from(h.finish()).unwrap_or_default() % SLOTS;
        let hit = self
            .slots
            .get(slot)
            .and_then(Option::as_ref)
            .is_some_and(|(key, _)| key.matches(semantics, policy, dims_attr, module, op));
        if !hit {
            let key = Key {
                semantics,
                policy,
                dims_attr,
                num_operands: module.operands(op).len(),
                types: module
                    .operands(op)
                    .iter()
                    .copied()
                    .chain(module.results(op))
                    .map(|v| module.value_type(v))
                    .collect(),
            };
            let verdict = match self.memo.get(&key) {
                Some(verdict) => verdict.clone(),
                None => {
                    let policy = view.checked_policy()?;
                    let verdict = broadcastable::verify_with_policy(
                        &policy,
                        semantics,
                        &view.operand_types(),
                        &view.result_types(),
                    )
                    .map(Rc::new);
                    self.memo.insert(key.clone(), verdict.clone());
                    verdict
                }
            };
            if let Some(entry) = self.slots.get_mut(slot) {
                *entry = Some((key, verdict));
            }
        }
        match self.slots.get(slot).and_then(Option::as_ref) {
            Some((_, verdict)) => Ok(verdict),
            // Unreachable: `slot < SLOTS` and the slot was just filled.
            None => Err(op_error(
                ctx,
                module,
                op,
                "internal error: broadcast memo slot",
            )),
        }
    }
}

/// Upstream's trait is the NumPy policy; only there, under the `mlir`
/// semantics, must the diagnostics be exactly upstream's (no notes).
fn with_notes(ctx: &Context, policy: BroadcastPolicy) -> bool {
    !(ctx.broadcast_semantics() == Semantics::Mlir && policy == BroadcastPolicy::NumPy)
}

/// Renders a broadcasting [`Error`] of `op` as a diagnostic at the op.
///
/// The message is upstream's wording where upstream has one
/// (`operands don't have broadcast-compatible shapes`, `result type '…' not
/// broadcast compatible with broadcasted operands's shapes '…'`, `cannot
/// broadcast vector with tensor`) and upstream's trait wording for
/// structure (`requires one result`, `expected 1 or more operands, but
/// found 0`). With `notes`, notes follow that name the operands, dimensions
/// and sizes involved; [`BroadcastVerifier`] leaves them out for NumPy-policy
/// ops under [`Semantics::Mlir`], so that output is byte-identical to
/// `mlir-opt`.
pub fn diagnose(ctx: &Context, module: &Module, op: OpId, notes: bool, err: &Error) -> Diagnostic {
    let incompatible = "operands don't have broadcast-compatible shapes";
    let message = match err {
        Error::Incompatible(_)
        | Error::ConstraintC1 { .. }
        | Error::RankMismatch { .. }
        | Error::RankTooHigh { .. }
        | Error::Xla(XlaError::SizeMismatch { .. }) => incompatible.to_owned(),
        Error::Result(e) => format!(
            "result type '{}' not broadcast compatible with broadcasted operands's shapes '{}'",
            e.actual, e.inferred
        ),
        Error::MixedContainers => "cannot broadcast vector with tensor".to_owned(),
        Error::NoOperands => "expected 1 or more operands, but found 0".to_owned(),
        Error::ResultCount { .. } => "requires one result".to_owned(),
        Error::Arity { expected, actual } => {
            format!("expected {expected} operands, but found {actual}")
        }
        Error::Xla(e) => format!("invalid broadcast dimensions: {e}"),
    };
    let d = op_error(ctx, module, op, message);
    if !notes {
        return d;
    }
    match note(ctx, module, op, err) {
        Some(text) => {
            let loc = d.location;
            d.with_note(loc, text)
        }
        None => d,
    }
}

/// `operand #k ('tensor<...>')` or `result #k ('...')`.
fn value_desc(ctx: &Context, module: &Module, op: OpId, operand: bool, k: usize) -> String {
    let ty = if operand {
        module.operands(op).get(k).map(|&v| module.value_type(v))
    } else {
        (k < module.num_results(op)).then(|| module.value_type(module.result(op, k)))
    };
    let what = if operand { "operand" } else { "result" };
    match ty {
        Some(t) => format!("{what} #{k} ('{}')", ctx.ty(t)),
        None => format!("{what} #{k}"),
    }
}

/// The note that goes beyond upstream: who conflicts with whom, and where.
fn note(ctx: &Context, module: &Module, op: OpId, err: &Error) -> Option<String> {
    let operand = |k: usize| value_desc(ctx, module, op, true, k);
    let mut s = String::new();
    match err {
        Error::Incompatible(c) => {
            let _ = write!(
                s,
                "{} dim {} has size {} but {} dim {} has size {}: they meet in result dim {} and neither is 1",
                operand(c.first.operand),
                c.first.dim,
                c.first_size,
                operand(c.second.operand),
                c.second.dim,
                c.second_size,
                c.result_dim
            );
        }
        Error::Result(e) => {
            let _ = match e.mismatch {
                ResultMismatch::Rank { inferred, actual } => write!(
                    s,
                    "the result has rank {actual} but the operands broadcast to rank {inferred}"
                ),
                ResultMismatch::StaticFromDynamic { result_dim, actual } => write!(
                    s,
                    "result dim {result_dim} is {actual} but the operands leave it dynamic ('?'): its size is only known at run time"
                ),
                ResultMismatch::Size {
                    result_dim,
                    inferred,
                    actual,
                } => {
                    let why = if inferred == 1 {
                        " (broadcasting applies to operands, never to the result)"
                    } else {
                        ""
                    };
                    write!(
                        s,
                        "result dim {result_dim} is {actual} but the operands broadcast it to {inferred}{why}"
                    )
                }
            };
        }
        Error::MixedContainers => {
            let all: Vec<(bool, usize, Type)> = module
                .operands(op)
                .iter()
                .enumerate()
                .map(|(k, &v)| (true, k, module.value_type(v)))
                .chain(
                    module
                        .results(op)
                        .enumerate()
                        .map(|(k, v)| (false, k, module.value_type(v))),
                )
                .collect();
            let find = |c: Container| {
                all.iter()
                    .find(|(_, _, t)| typed(ctx, *t).container == c)
                    .map(|&(is_operand, k, _)| value_desc(ctx, module, op, is_operand, k))
            };
            let (vector, tensor) = (find(Container::Vector)?, find(Container::Tensor)?);
            let _ = write!(s, "{vector} is a vector but {tensor} is a tensor");
        }
        Error::RankMismatch {
            operand: k,
            rank,
            reference,
            expected,
        } => {
            let _ = write!(
                s,
                "{} has rank {rank} but {} has rank {expected}: this op broadcasts only between equal ranks",
                operand(*k),
                operand(*reference)
            );
        }
        Error::RankTooHigh {
            operand: k,
            rank,
            target,
            target_rank,
        } => {
            let _ = write!(
                s,
                "{} has rank {rank} but {} has rank {target_rank}: broadcasting in place cannot add dimensions to the target",
                operand(*k),
                operand(*target)
            );
        }
        Error::Xla(XlaError::SizeMismatch { .. }) | Error::ConstraintC1 { .. } => {
            let _ = write!(s, "{err}");
        }
        Error::NoOperands | Error::ResultCount { .. } | Error::Arity { .. } | Error::Xla(_) => {
            return None;
        }
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::location::Location;
    use crate::module::OperationState;
    use crate::registry::{Dialect, OpDef};

    /// Adds `broadcast_dimensions = array<i64: ...>` to `op`.
    fn set_broadcast_dimensions(ctx: &mut Context, module: &mut Module, op: OpId, dims: &[i64]) {
        let name = ctx.sym("broadcast_dimensions");
        let value = ctx.i64_array_attr(dims);
        module.set_attr(ctx, op, name, value);
    }

    static DIALECT: Dialect = Dialect {
        name: "bc",
        ops: &[
            OpDef {
                traits: &[OpTrait::BROADCASTABLE],
                ..OpDef::named("bc.add")
            },
            OpDef {
                traits: &[OpTrait::Broadcastable(BroadcastPolicy::Explicit {
                    attr: "broadcast_dimensions",
                })],
                ..OpDef::named("bc.add_in_dim")
            },
            OpDef {
                traits: &[OpTrait::Broadcastable(BroadcastPolicy::NumPyOrExplicit {
                    attr: "broadcast_dimensions",
                })],
                ..OpDef::named("bc.add_maybe_in_dim")
            },
        ],
    };

    fn build(ctx: &mut Context, name: &str, operands: &[Type], results: &[Type]) -> (Module, OpId) {
        let mut module = Module::new();
        let block = module.create_block(operands, Location::Unknown);
        let args = module.block(block).args().to_vec();
        let mut state = OperationState::new(ctx.sym(name), Location::Unknown);
        state.operands.extend(args);
        state.result_types.extend(results.iter().copied());
        let op = module.create_op(state);
        module.append_op(block, op).expect("fresh op");
        (module, op)
    }

    #[test]
    fn view_reads_types_and_policy() {
        let mut ctx = Context::new();
        ctx.register_dialect(&DIALECT);
        let f32 = ctx.float_type(crate::FloatKind::F32);
        let a = ctx.tensor_type(&[4, crate::DYNAMIC], f32);
        let b = ctx.unranked_tensor_type(f32);
        let (module, op) = build(&mut ctx, "bc.add", &[a, b], &[b]);
        let view = OpView::of(&ctx, &module, op).expect("broadcastable");
        assert_eq!(view.num_operands(), 2);
        assert_eq!(view.operand(0), Typed::tensor("4x?".parse().unwrap()));
        assert_eq!(view.operand(1), Typed::tensor(Shape::Unranked));
        assert_eq!(view.policy(), Policy::NumPy);
        assert_eq!(
            view.refined_result(Semantics::Spec),
            Ok(Some("4x?".parse().unwrap()))
        );
        let refined = with_shape(&mut ctx, b, &"4x?".parse().unwrap()).unwrap();
        assert_eq!(ctx.ty(refined).to_string(), "tensor<4x?xf32>");
    }

    #[test]
    fn memo_gives_the_same_verdict_and_located_errors() {
        let mut ctx = Context::new();
        ctx.register_dialect(&DIALECT);
        let f32 = ctx.float_type(crate::FloatKind::F32);
        let t3 = ctx.tensor_type(&[3], f32);
        let t2 = ctx.tensor_type(&[2], f32);
        let (module, op) = build(&mut ctx, "bc.add", &[t3, t2], &[t3]);
        let mut v = BroadcastVerifier::new();
        for _ in 0..2 {
            let d = v
                .verify(&ctx, &module, op, BroadcastPolicy::NumPy)
                .unwrap_err();
            assert_eq!(
                d.message,
                "'bc.add' op operands don't have broadcast-compatible shapes"
            );
            assert_eq!(
                d.notes[0].message,
                "operand #0 ('tensor<3xf32>') dim 0 has size 3 but operand #1 ('tensor<2xf32>') dim 0 has size 2: they meet in result dim 0 and neither is 1"
            );
        }
        ctx.set_broadcast_semantics(Semantics::Mlir);
        let mut v = BroadcastVerifier::new();
        let d = v
            .verify(&ctx, &module, op, BroadcastPolicy::NumPy)
            .unwrap_err();
        assert!(d.notes.is_empty());
    }

    #[test]
    fn malformed_explicit_dims_are_reported() {
        let mut ctx = Context::new();
        ctx.register_dialect(&DIALECT);
        let f32 = ctx.float_type(crate::FloatKind::F32);
        let t23 = ctx.tensor_type(&[2, 3], f32);
        let t3 = ctx.tensor_type(&[3], f32);
        let (mut module, op) = build(&mut ctx, "bc.add_in_dim", &[t23, t3], &[t23]);
        let policy = BroadcastPolicy::Explicit {
            attr: "broadcast_dimensions",
        };
        // Absent: `[]`, which is wrong for different ranks.
        let d = BroadcastVerifier::new()
            .verify(&ctx, &module, op, policy)
            .unwrap_err();
        assert!(d.message.contains("invalid broadcast dimensions"), "{d:?}");
        set_broadcast_dimensions(&mut ctx, &mut module, op, &[1]);
        assert!(
            BroadcastVerifier::new()
                .verify(&ctx, &module, op, policy)
                .is_ok()
        );
        let i32t = ctx.i(32);
        let i32_kind = crate::ElementKind::of(ctx.type_kind(i32t)).unwrap();
        let bad = ctx.intern_attr(AttrKind::DenseArray {
            elem: i32t,
            values: crate::ElementValues::from_ints(i32_kind, [1]).unwrap(),
        });
        let name = ctx.sym("broadcast_dimensions");
        module.set_attr(&ctx, op, name, bad);
        let d = BroadcastVerifier::new()
            .verify(&ctx, &module, op, policy)
            .unwrap_err();
        assert_eq!(
            d.message,
            "'bc.add_in_dim' op attribute 'broadcast_dimensions' failed to satisfy constraint: i64 dense array attribute"
        );
    }

    #[test]
    fn numpy_or_explicit_switches_on_the_attribute() {
        let mut ctx = Context::new();
        ctx.register_dialect(&DIALECT);
        let f32 = ctx.float_type(crate::FloatKind::F32);
        let t4 = ctx.tensor_type(&[4], f32);
        let t12 = ctx.tensor_type(&[1, 2], f32);
        let t42 = ctx.tensor_type(&[4, 2], f32);
        let t14 = ctx.tensor_type(&[1, 4], f32);
        let policy = BroadcastPolicy::NumPyOrExplicit {
            attr: "broadcast_dimensions",
        };
        // Without the attribute: NumPy, so 4 with 1x2 is incompatible...
        let (mut module, op) = build(&mut ctx, "bc.add_maybe_in_dim", &[t4, t12], &[t42]);
        let d = BroadcastVerifier::new()
            .verify(&ctx, &module, op, policy)
            .unwrap_err();
        assert!(d.message.contains("broadcast-compatible"), "{d:?}");
        let view = OpView::new(&ctx, &module, op, policy);
        assert_eq!(view.policy(), Policy::NumPy);
        // ...and 4 with 1x4 is 1x4.
        let (numpy, op2) = build(&mut ctx, "bc.add_maybe_in_dim", &[t4, t14], &[t14]);
        assert!(
            BroadcastVerifier::new()
                .verify(&ctx, &numpy, op2, policy)
                .is_ok()
        );
        // With (0): seed 002's composition, 4 with 1x2 gives 4x2.
        set_broadcast_dimensions(&mut ctx, &mut module, op, &[0]);
        let view = OpView::new(&ctx, &module, op, policy);
        assert_eq!(view.policy(), Policy::Explicit([0].into_iter().collect()));
        assert!(
            BroadcastVerifier::new()
                .verify(&ctx, &module, op, policy)
                .is_ok()
        );
    }
}
