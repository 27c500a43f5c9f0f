//! The interpreter: runs a function of a verified module on tensors.

use crate::elem::with_num;
use crate::kernels::elementwise::{GArg, GNode, check_integer_operands, eval};
use crate::kernels::{KernelCx, broadcast_shapes, mismatch, mismatch_parts, placement};
use crate::memory::Memory;
use crate::plan::{CheckArg, PNode, Plan, RowReduce, Step, Use, compile};
use crate::tensor::{Dims, Tensor};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::sync::{Arc, Mutex, PoisonError};
use tensor_dialect_nd::scalar::ArithScalar;
use tensor_ir::symbol_table::{SymbolTable, Visibility, symbol_visibility};
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Location, Module, OpId};

/// Runs functions of one verified module. The module's context must have the
/// interpreter's kernels attached ([`crate::register`]).
///
/// ```
/// use tensor_interp::{ElemType, Interpreter, Tensor};
/// let mut ctx = tensor_ir::Context::new();
/// tensor_dialect_func::register(&mut ctx);
/// tensor_dialect_nd::register(&mut ctx);
/// tensor_interp::register(&mut ctx);
/// let source = "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
///   %y = nd.mul %x, %x : tensor<2xf32>
///   return %y : tensor<2xf32>
/// }";
/// let buffer = ctx.add_source("example.mlir", source);
/// let module = tensor_ir::parse::parse_source(&mut ctx, buffer, 0..source.len()).unwrap();
/// let x = Tensor::from_vec(ElemType::F32, &[2], vec![3.0f32, 4.0]).unwrap();
/// let interp = Interpreter::new(&ctx, &module);
/// let out = interp.run("main", vec![x]).unwrap();
/// assert_eq!(out[0].to_vec::<f32>().unwrap(), vec![9.0, 16.0]);
/// ```
pub struct Interpreter<'a> {
    ctx: &'a Context,
    module: &'a Module,
    memory: Memory,
    symbols: Option<SymbolTable>,
    /// Compiled functions; behind a lock so that a run can move onto a pool
    /// thread (see [`Interpreter::run`]).
    plans: Mutex<FxHashMap<OpId, Arc<Plan>>>,
}

impl<'a> Interpreter<'a> {
    /// An interpreter of `module`, with the default memory limit.
    pub fn new(ctx: &'a Context, module: &'a Module) -> Interpreter<'a> {
        let symbols = module.top().map(|top| SymbolTable::new(ctx, module, top));
        Interpreter {
            ctx,
            module,
            memory: Memory::default(),
            symbols,
            plans: Mutex::new(FxHashMap::default()),
        }
    }

    /// Uses `memory` (its limit and pool) for every buffer.
    pub fn with_memory(mut self, memory: Memory) -> Interpreter<'a> {
        self.memory = memory;
        self
    }

    /// The allocator.
    pub fn memory(&self) -> &Memory {
        &self.memory
    }

    /// The `func.func` named `name` that has a body, if any.
    pub fn function(&self, name: &str) -> Option<OpId> {
        let op = self.symbols.as_ref()?.lookup(name)?;
        let o = self.module.op(op);
        let has_body = o
            .regions()
            .first()
            .is_some_and(|&r| !self.module.region(r).blocks().is_empty());
        (self.ctx.str(o.name()) == tensor_dialect_func::FuncOp::NAME && has_body).then_some(op)
    }

    /// Runs the function `entry` on `args`; its results, or the first error, at
    /// the op that failed.
    ///
    /// # Errors
    /// A located diagnostic: no such function, arguments that do not fit its
    /// signature, a run-time broadcast failure, an integer division by zero, an
    /// allocation above the memory limit, ...
    pub fn run(&self, entry: &str, args: Vec<Tensor>) -> Result<Vec<Tensor>, Diagnostic> {
        let func = self.function(entry).ok_or_else(|| {
            Diagnostic::error(
                Location::Unknown,
                format!("no function named @{entry} with a body in the module"),
            )
        })?;
        // The analyses trust a private function's call sites to be its only
        // callers (its checks may be proved from them): it is not an entry.
        if symbol_visibility(self.ctx, self.module, func) == Visibility::Private {
            return Err(op_error(
                self.ctx,
                self.module,
                func,
                format!("@{entry} is private: only calls in its module may enter it"),
            ));
        }
        // The run itself goes onto a thread of rayon's pool (inline when the
        // caller is one already). From outside the pool, every parallel kernel
        // would hand its tasks over and sleep until a woken worker finished
        // them; on a pool thread it runs its share at once and the other
        // worker steals the rest (softmax 32x256x64: 0.58 -> 0.55 ms, layer
        // norm 0.45 -> 0.41 ms, and steadier medians).
        rayon::scope(|_| self.call(func, args, 0))
    }

    /// Runs `func` at call depth `depth`.
    pub(crate) fn call(
        &self,
        func: OpId,
        args: Vec<Tensor>,
        depth: usize,
    ) -> Result<Vec<Tensor>, Diagnostic> {
        let plan = self.plan(func)?;
        self.check_args(func, &plan, &args)?;
        self.execute(&plan, args, depth)
    }

    fn plan(&self, func: OpId) -> Result<Arc<Plan>, Diagnostic> {
        let plans = || self.plans.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(p) = plans().get(&func) {
            return Ok(p.clone());
        }
        let plan = Arc::new(compile(self.ctx, self.module, func)?);
        plans().insert(func, plan.clone());
        Ok(plan)
    }

    /// Arguments against the signature: count, element types, ranks, static dims.
    fn check_args(&self, func: OpId, plan: &Plan, args: &[Tensor]) -> Result<(), Diagnostic> {
        let name = tensor_ir::symbol_table::symbol_name(self.ctx, self.module, func).unwrap_or("");
        if args.len() != plan.inputs.len() {
            return Err(op_error(
                self.ctx,
                self.module,
                func,
                format!(
                    "@{name} takes {} arguments, but {} were given",
                    plan.inputs.len(),
                    args.len()
                ),
            ));
        }
        for (i, (&t, a)) in plan.inputs.iter().zip(args).enumerate() {
            if let Some(why) = mismatch(self.ctx, t, a) {
                let message = format!("argument #{i} of @{name} {why}");
                // At the argument, as upstream reports a block argument; at the
                // function when the argument was not parsed from source.
                return Err(match self.arg_location(func, i) {
                    Some(loc) => Diagnostic::error(loc, message),
                    None => op_error(self.ctx, self.module, func, message),
                });
            }
        }
        // Same name, same size: the contract of `nd.dim_names`, at the later
        // argument.
        for t in &plan.tied {
            let size = |(a, d): (usize, usize)| args.get(a).and_then(|x| x.shape().get(d).copied());
            if let (Some(x), Some(y)) = (size(t.first), size(t.other))
                && x != y
            {
                let message = format!(
                    "argument #{} of @{name} has size {y} in dim {} (named \"{}\"), but argument #{} has size {x} in dim {} of that name",
                    t.other.0, t.other.1, t.name, t.first.0, t.first.1
                );
                return Err(match self.arg_location(func, t.other.0) {
                    Some(loc) => Diagnostic::error(loc, message),
                    None => op_error(self.ctx, self.module, func, message),
                });
            }
        }
        Ok(())
    }

    /// Where argument `i` of `func` was written.
    fn arg_location(&self, func: OpId, i: usize) -> Option<Location> {
        let region = *self.module.op(func).regions().first()?;
        let entry = *self.module.region(region).blocks().first()?;
        let arg = *self.module.block(entry).args().get(i)?;
        self.module.arg_location(arg)
    }

    fn execute(
        &self,
        plan: &Plan,
        args: Vec<Tensor>,
        depth: usize,
    ) -> Result<Vec<Tensor>, Diagnostic> {
        let mut slots: Vec<Option<Tensor>> = vec![None; plan.slots];
        let mut shapes: Vec<Option<Dims>> = if plan.has_checks {
            vec![None; plan.slots]
        } else {
            Vec::new()
        };
        for (&s, a) in plan.args.iter().zip(args) {
            slots[s as usize] = Some(a);
        }
        for step in &plan.steps {
            match step {
                Step::Op {
                    op,
                    kernel,
                    operands,
                    results,
                    ret,
                    fused,
                } => {
                    if *fused
                        && let Some(Some(s)) = results.first()
                        && slots[*s as usize].is_some()
                    {
                        // Computed by the group it reads; its operand may die here.
                        for u in operands.iter().filter(|u| u.last) {
                            slots[u.slot as usize] = None;
                        }
                        continue;
                    }
                    let values = take(&mut slots, operands, || self.internal(*op))?;
                    let cx = KernelCx {
                        ctx: self.ctx,
                        module: self.module,
                        op: *op,
                        interp: self,
                        depth,
                    };
                    let outs = kernel(&cx, values)?;
                    if *ret {
                        return Ok(outs);
                    }
                    if outs.len() != results.len() {
                        return Err(self.internal(*op));
                    }
                    for (i, (t, slot)) in outs.into_iter().zip(results).enumerate() {
                        let ty = self.module.value_type(self.module.result(*op, i));
                        if let Some(why) = mismatch(self.ctx, ty, &t) {
                            return Err(op_error(
                                self.ctx,
                                self.module,
                                *op,
                                format!("result #{i} {why}"),
                            ));
                        }
                        if let Some(s) = slot {
                            slots[*s as usize] = Some(t);
                        }
                    }
                }
                Step::Group {
                    elem,
                    nodes,
                    operands,
                    result,
                    reduce,
                } => {
                    let leaves = take(&mut slots, operands, || match nodes.last() {
                        Some(n) => self.internal(n.op),
                        None => {
                            Diagnostic::error(Location::Unknown, "internal error: an empty group")
                        }
                    })?;
                    let (t, reduced) = self.run_group(*elem, nodes, leaves, reduce.as_ref())?;
                    if let (Some(s), Some(t)) = (result, t) {
                        slots[*s as usize] = Some(t);
                    }
                    if let (Some(r), Some(t)) = (reduce, reduced) {
                        slots[r.result as usize] = Some(t);
                    }
                }
                Step::Check {
                    op,
                    policy,
                    args,
                    ty,
                    result,
                } => {
                    let mut arg_shapes: SmallVec<[Dims; 3]> = SmallVec::new();
                    for a in args {
                        let shape = match *a {
                            CheckArg::Value(s) => {
                                slots[s as usize].as_ref().map(|t| t.shape().into())
                            }
                            CheckArg::Shape(s) => shapes[s as usize].clone(),
                        };
                        arg_shapes.push(shape.ok_or_else(|| self.internal(*op))?);
                    }
                    let refs: SmallVec<[&[usize]; 3]> = arg_shapes.iter().map(|s| &s[..]).collect();
                    let shape = broadcast_shapes(policy, &refs)
                        .map_err(|m| op_error(self.ctx, self.module, *op, m))?;
                    let elem = crate::kernels::type_layout(self.ctx, *ty).map(|(e, _)| e);
                    if let Some(elem) = elem
                        && let Some(why) = mismatch_parts(self.ctx, *ty, elem, &shape)
                    {
                        return Err(op_error(
                            self.ctx,
                            self.module,
                            *op,
                            format!("result #0 {why}"),
                        ));
                    }
                    shapes[*result as usize] = Some(shape);
                }
            }
        }
        Err(Diagnostic::error(
            Location::Unknown,
            "the function ended without a return",
        ))
    }

    fn internal(&self, op: OpId) -> Diagnostic {
        op_error(
            self.ctx,
            self.module,
            op,
            "internal error: an operand has no value (please report)",
        )
    }

    /// Runs a fused group: the shapes of every node (errors at the node's op), then
    /// the nodes in one pass, except where a node's result is broadcast further by
    /// a user (or read by users in different passes): such a node runs first, on
    /// its own, so that nothing is computed more than once.
    ///
    /// With `reduce`, the root's pass also reduces its rows when it can
    /// ([`Interpreter::fused_reduce_shape`]): the second tensor is then the
    /// reduction's result, and the first is `None` when nothing else reads the
    /// root's.
    fn run_group(
        &self,
        elem: crate::ElemType,
        nodes: &[PNode],
        leaves: Vec<Tensor>,
        reduce: Option<&RowReduce>,
    ) -> Result<(Option<Tensor>, Option<Tensor>), Diagnostic> {
        let n = nodes.len();
        let mut shapes: Vec<Dims> = Vec::with_capacity(n);
        // The nodes that read each node (several in a DAG).
        let mut users: Vec<SmallVec<[usize; 2]>> = vec![SmallVec::new(); n];
        for (j, node) in nodes.iter().enumerate() {
            let arg_shapes: SmallVec<[&[usize]; 3]> = node
                .args
                .iter()
                .map(|a| match *a {
                    GArg::Leaf(k) => leaves[k].shape(),
                    GArg::Node(i) => &shapes[i][..],
                })
                .collect();
            let shape = broadcast_shapes(&node.policy, &arg_shapes)
                .map_err(|m| op_error(self.ctx, self.module, node.op, m))?;
            drop(arg_shapes);
            if let Some(why) = mismatch_parts(self.ctx, node.ty, elem, &shape) {
                return Err(op_error(
                    self.ctx,
                    self.module,
                    node.op,
                    format!("result #0 {why}"),
                ));
            }
            for a in &node.args {
                if let GArg::Node(i) = *a
                    && !users[i].contains(&j)
                {
                    users[i].push(j);
                }
            }
            shapes.push(shape);
        }
        // A node runs in the pass of its users, unless a user broadcasts its
        // result or its users run in different passes: then it runs on its own
        // first (into a buffer), so that nothing is computed twice. Users come
        // later in the group, so owners are known from the root back.
        let mut own = vec![false; n];
        let mut owner = vec![n - 1; n];
        for i in (0..n).rev() {
            let first = users[i].first().map(|&u| owner[u]);
            let alone = i + 1 == n
                || users[i]
                    .iter()
                    .any(|&u| shapes[u] != shapes[i] || Some(owner[u]) != first);
            own[i] = alone;
            owner[i] = match (alone, first) {
                (false, Some(o)) => o,
                _ => i,
            };
        }
        let mut done: Vec<Option<Tensor>> = vec![None; n];
        for j in 0..n {
            if !own[j] {
                continue;
            }
            let shape = &shapes[j];
            let mut sub: Vec<GNode> = Vec::new();
            let mut views: Vec<Tensor> = Vec::new();
            let mut index = vec![usize::MAX; n];
            let mut view = |t: &Tensor, node: &PNode| {
                views
                    .push(t.broadcast_view(shape, &placement(&node.policy, t.rank(), shape.len())));
                GArg::Leaf(views.len() - 1)
            };
            for i in (0..=j).filter(|&i| owner[i] == j) {
                let node = &nodes[i];
                let mut args = SmallVec::new();
                for a in &node.args {
                    args.push(match *a {
                        GArg::Leaf(k) => view(&leaves[k], node),
                        GArg::Node(c) if owner[c] == j => GArg::Node(index[c]),
                        GArg::Node(c) => {
                            let t = done[c].as_ref().ok_or_else(|| self.internal(node.op))?;
                            view(t, node)
                        }
                    });
                }
                index[i] = sub.len();
                sub.push(GNode {
                    op: node.kind,
                    args,
                });
            }
            let root = &nodes[j];
            if sub.len() == 1
                && let Some(GArg::Leaf(k)) = root.args.get(1).copied()
                && let Some(why) = check_integer_operands(root.kind, &leaves[k])
            {
                return Err(op_error(self.ctx, self.module, root.op, why));
            }
            if sub.len() == 1
                && let Some(GArg::Node(c)) = root.args.get(1).copied()
                && let Some(t) = &done[c]
                && let Some(why) = check_integer_operands(root.kind, t)
            {
                return Err(op_error(self.ctx, self.module, root.op, why));
            }
            let alloc_error = |e| {
                op_error(
                    self.ctx,
                    self.module,
                    root.op,
                    format!(
                        "cannot allocate its result of shape {}: {e}",
                        crate::kernels::shape_text(shape)
                    ),
                )
            };
            let no_function = |f| {
                op_error(
                    self.ctx,
                    self.module,
                    root.op,
                    format!("internal error: {elem} has no {f:?} (please report)"),
                )
            };
            let len = crate::tensor::num_elements(shape).unwrap_or(usize::MAX);
            let fuse = reduce
                .filter(|_| j + 1 == n)
                .and_then(|r| Some((r, self.fused_reduce_shape(r, elem, shape, len)?)));
            if let Some((r, (red_shape, row))) = fuse {
                let rows = len / row;
                let fused = with_num!(elem, N => {
                    type S = <N as ArithScalar>::S;
                    // The group's buffer first, as apart: at the limit, the same
                    // op fails.
                    let mut out = if r.only_user {
                        None
                    } else {
                        Some(self.memory.alloc::<S>(len).map_err(alloc_error)?)
                    };
                    match self.memory.alloc::<S>(rows) {
                        // Without room for it, the reduction runs at its op.
                        Err(_) => None,
                        Ok(mut red) => {
                            crate::kernels::row_reduce::eval_rows::<N>(
                                &sub,
                                &views,
                                shape,
                                row,
                                out.as_mut().map(|o| o.as_mut_slice()),
                                r.kind,
                                red.as_mut_slice(),
                            )
                            .map_err(no_function)?;
                            Some((
                                out.map(|o| Tensor::from_owned(elem, shape, o)),
                                Tensor::from_owned(elem, &red_shape, red),
                            ))
                        }
                    }
                });
                if let Some((t, red)) = fused {
                    return Ok((t, Some(red)));
                }
            }
            let tensor = with_num!(elem, N => {
                let mut out = self
                    .memory
                    .alloc::<<N as ArithScalar>::S>(len)
                    .map_err(alloc_error)?;
                eval::<N>(&sub, &views, shape, out.as_mut_slice()).map_err(no_function)?;
                Tensor::from_owned(elem, shape, out)
            });
            done[j] = Some(tensor);
        }
        let root = done[n - 1]
            .take()
            .ok_or_else(|| self.internal(nodes[n - 1].op))?;
        Ok((Some(root), None))
    }

    /// The shape of a row reduction the group (of `len` elements, `usize::MAX`
    /// when that overflows) can compute itself, and its row length, or `None`
    /// when it cannot: rows of fewer than 2 or too many elements, an empty or
    /// overflowing result, a result the reduction's type does not admit (its
    /// step then reports that). When the group's result is not kept, also
    /// when its buffer would not fit under the memory limit or is over 1 GiB:
    /// run apart, the group would fail to allocate it (at its op, as it then
    /// does), where fused it would compute every element (hours, for a
    /// broadcast the system cannot hold).
    fn fused_reduce_shape(
        &self,
        r: &RowReduce,
        elem: crate::ElemType,
        shape: &[usize],
        len: usize,
    ) -> Option<(Dims, usize)> {
        let (kept, reduced) = shape.split_at(shape.len().checked_sub(r.dims)?);
        let row = crate::tensor::num_elements(reduced)?;
        let bytes = len.checked_mul(elem.size())?;
        if row < 2
            || row.checked_mul(elem.size())? > crate::kernels::row_reduce::MAX_ROW_BYTES
            || len == 0
            || len == usize::MAX
            || (r.only_user && (bytes > 1 << 30 || self.memory.check(bytes).is_err()))
        {
            return None;
        }
        let mut red: Dims = kept.into();
        if r.keep {
            red.extend(std::iter::repeat_n(1, r.dims));
        }
        mismatch_parts(self.ctx, r.ty, elem, &red)
            .is_none()
            .then_some((red, row))
    }
}

/// The operands of a step: moved out of their slots at their last use, else shared.
fn take(
    slots: &mut [Option<Tensor>],
    uses: &[Use],
    missing: impl Fn() -> Diagnostic,
) -> Result<Vec<Tensor>, Diagnostic> {
    uses.iter()
        .map(|u| {
            let slot = &mut slots[u.slot as usize];
            let value = if u.last { slot.take() } else { slot.clone() };
            value.ok_or_else(&missing)
        })
        .collect()
}
