//! The memoizing verifier of the Broadcastable trait, and the hook that runs it from
//! the generic verifier.

use std::rc::Rc;

use broadcastable::{BroadcastableOp, Error, Inferred, Semantics};
use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;
use std::hash::Hasher as _;
use tensor_ir::diag::Diagnostic;
use tensor_ir::module::{Module, OpId};
use tensor_ir::verify::op_error;
use tensor_ir::{Attribute, Context, Symbol, Type, Value};

use crate::{BroadcastPolicy, OpView, diagnose, semantics};

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
    /// Whether this is the key of an op with these operands and results (without
    /// building that key): the memo's hit path, so it reads each type once.
    fn matches(
        &self,
        semantics: Semantics,
        policy: BroadcastPolicy,
        dims_attr: Option<Attribute>,
        module: &Module,
        operands: &[Value],
        results: impl ExactSizeIterator<Item = Value>,
    ) -> bool {
        let (ops, res) = self.types.split_at(self.num_operands.min(self.types.len()));
        self.num_operands == operands.len()
            && res.len() == results.len()
            && self.semantics == semantics
            && same_policy(self.policy, policy)
            && self.dims_attr == dims_attr
            && operands
                .iter()
                .zip(ops)
                .all(|(&v, &t)| module.value_type(v) == t)
            && results.zip(res).all(|(r, &t)| module.value_type(r) == t)
    }
}

/// `a == b`, comparing an attribute name by address before its text (policies come
/// from `static` op definitions, so the addresses are usually equal).
#[inline]
fn same_policy(a: BroadcastPolicy, b: BroadcastPolicy) -> bool {
    match (a, b) {
        (BroadcastPolicy::Explicit { attr: x }, BroadcastPolicy::Explicit { attr: y })
        | (
            BroadcastPolicy::NumPyOrExplicit { attr: x },
            BroadcastPolicy::NumPyOrExplicit { attr: y },
        ) => std::ptr::eq(x, y) || x == y,
        _ => a == b,
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
    slots: Box<[Option<(Key, Verdict)>; SLOTS]>,
    memo: FxHashMap<Key, Verdict>,
    semantics: Option<Semantics>,
    /// Obligation texts by memoized verdict.
    worded: FxHashMap<usize, Rc<[String]>>,
    /// Obligations with their alignment drawings, by memoized verdict.
    explained: FxHashMap<usize, Rc<[Obligation]>>,
    /// The interned name of the last explicit-dimensions attribute read: hashing
    /// the name on every op would cost a good part of a memo hit.
    dims_name: Option<(&'static str, Symbol)>,
}

/// A run-time obligation as `--verify-broadcast` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obligation {
    /// The condition, as [`crate::obligation`] words it.
    pub text: String,
    /// The shapes aligned, with a marker under the dimension concerned.
    pub alignment: Option<String>,
}

impl Default for BroadcastVerifier {
    fn default() -> Self {
        BroadcastVerifier {
            slots: Box::new(std::array::from_fn(|_| None)),
            memo: FxHashMap::default(),
            semantics: None,
            worded: FxHashMap::default(),
            explained: FxHashMap::default(),
            dims_name: None,
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

    /// The run-time obligations of `op` as [`crate::obligation`] words them, worded
    /// once per signature (ops with the same types share them, as they share verdicts).
    ///
    /// # Errors
    /// As [`BroadcastVerifier::verify`].
    pub fn obligations(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        policy: BroadcastPolicy,
    ) -> Result<(Rc<Inferred>, Rc<[String]>), Diagnostic> {
        let inferred = self.verify(ctx, module, op, policy)?;
        // Memoized verdicts live as long as the verifier, so their addresses name them.
        let key = Rc::as_ptr(&inferred) as usize;
        let texts = self
            .worded
            .entry(key)
            .or_insert_with(|| {
                inferred
                    .checks
                    .iter()
                    .map(|c| crate::obligation(ctx, module, op, c))
                    .collect()
            })
            .clone();
        Ok((inferred, texts))
    }

    /// [`BroadcastVerifier::obligations`] with the alignment drawing of each, made
    /// once per signature too.
    ///
    /// # Errors
    /// As [`BroadcastVerifier::verify`].
    pub fn explained_obligations(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        policy: BroadcastPolicy,
    ) -> Result<(Rc<Inferred>, Rc<[Obligation]>), Diagnostic> {
        let inferred = self.verify(ctx, module, op, policy)?;
        let key = Rc::as_ptr(&inferred) as usize;
        let explained = self
            .explained
            .entry(key)
            .or_insert_with(|| {
                inferred
                    .checks
                    .iter()
                    .map(|c| Obligation {
                        text: crate::obligation(ctx, module, op, c),
                        alignment: crate::align::alignment(
                            ctx,
                            module,
                            op,
                            crate::align::Focus::Check(c, &inferred.shape),
                        ),
                    })
                    .collect()
            })
            .clone();
        Ok((inferred, explained))
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

    /// The symbol of attribute name `attr`, if interned. Only a found symbol is
    /// kept: one interned later (by an edit between uses) is then still found.
    fn dims_symbol(&mut self, ctx: &Context, attr: &'static str) -> Option<Symbol> {
        if let Some((name, sym)) = self.dims_name
            && (std::ptr::eq(name, attr) || name == attr)
        {
            return Some(sym);
        }
        let sym = ctx.lookup_sym(attr)?;
        self.dims_name = Some((attr, sym));
        Some(sym)
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
        // The setting is read once per verifier: a context lookup per op would cost
        // as much as the memo saves.
        let semantics = *self.semantics.get_or_insert_with(|| semantics(ctx));
        let dims_attr = match policy {
            BroadcastPolicy::Explicit { attr } | BroadcastPolicy::NumPyOrExplicit { attr } => self
                .dims_symbol(ctx, attr)
                .and_then(|name| module.get_attr(op, name)),
            _ => None,
        };
        let operands = module.operands(op);
        let mut h = FxHasher::default();
        for &v in operands {
            h.write_usize(module.value_type(v).index());
        }
        for v in module.results(op) {
            h.write_usize(module.value_type(v).index());
        }
        // `SLOTS` is a power of two: the mask keeps the index in bounds.
        let slot = (h.finish() as usize) & (SLOTS - 1);
        let hit = self.slots[slot].as_ref().is_some_and(|(key, _)| {
            key.matches(
                semantics,
                policy,
                dims_attr,
                module,
                operands,
                module.results(op),
            )
        });
        if !hit {
            let entry = self.miss(ctx, module, op, (semantics, policy, dims_attr))?;
            self.slots[slot] = Some(entry);
        }
        match &self.slots[slot] {
            Some((_, verdict)) => Ok(verdict),
            // Unreachable: the slot was just filled.
            None => Err(op_error(
                ctx,
                module,
                op,
                "internal error: broadcast memo slot",
            )),
        }
    }

    /// The key and verdict of `op` when its slot holds another signature: from the
    /// memo, or worked out by the shape algebra and memoized.
    #[cold]
    #[inline(never)]
    fn miss(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        (semantics, policy, dims_attr): (Semantics, BroadcastPolicy, Option<Attribute>),
    ) -> Result<(Key, Verdict), Diagnostic> {
        let operands = module.operands(op);
        let key = Key {
            semantics,
            policy,
            dims_attr,
            num_operands: operands.len(),
            types: operands
                .iter()
                .copied()
                .chain(module.results(op))
                .map(|v| module.value_type(v))
                .collect(),
        };
        let verdict = match self.memo.get(&key) {
            Some(verdict) => verdict.clone(),
            None => {
                let view = OpView::new(ctx, module, op, policy);
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
        Ok((key, verdict))
    }
}

/// Upstream's trait is the NumPy policy; only there, under the `mlir`
/// semantics, must the diagnostics be exactly upstream's (no notes).
fn with_notes(ctx: &Context, policy: BroadcastPolicy) -> bool {
    !(semantics(ctx) == Semantics::Mlir && policy == BroadcastPolicy::NumPy)
}

/// Runs the trait's verifier from the generic verifier: one memo per thread.
pub(crate) struct Hook;

impl tensor_ir::verify::TraitVerifier for Hook {
    fn begin(&self) -> Box<dyn tensor_ir::verify::TraitCheck + '_> {
        Box::new(BroadcastVerifier::new())
    }
}

impl tensor_ir::verify::TraitCheck for BroadcastVerifier {
    fn check(
        &mut self,
        ctx: &Context,
        module: &Module,
        op: OpId,
        param: &'static (dyn std::any::Any + Send + Sync),
    ) -> Result<(), Diagnostic> {
        match param.downcast_ref::<BroadcastPolicy>() {
            Some(&policy) => BroadcastVerifier::check(self, ctx, module, op, policy),
            None => Err(op_error(
                ctx,
                module,
                op,
                "internal error: the Broadcastable trait's parameter is not a policy",
            )),
        }
    }
}
