//! `--convert-stablehlo-to-nd`: the StableHLO and CHLO ops of a module rewritten
//! into `nd`, so that tensor-run executes them and the `nd` passes see them
//! (`docs/stablehlo.md`, "Running").
//!
//! Each op is reached by its type (the handles `op!` defines) and rewritten by one
//! pattern, which builds `nd` ops with the op's location, so a run-time error
//! points at the line (JAX's Python line in a `.loc` export) the op came from. A
//! pattern gives the exact semantics of the op or refuses it with an error at the
//! op that names it and says why: never a silent change of meaning.
//!
//! | module | ops |
//! | --- | --- |
//! | [`elementwise`] | StableHLO's elementwise ops, `compare`, `select`, `clamp`, `convert` |
//! | [`structure`] | `constant`, `broadcast_in_dim`, `dynamic_broadcast_in_dim`, `get_dimension_size`, `reduce`, `custom_call @shape_assertion` |
//! | [`layout`] | `reshape`, `dynamic_reshape`, `transpose`, `concatenate`, `slice`, `dynamic_slice`, `iota`, `dynamic_iota`, `dot_general` |
//! | [`chlo`] | `chlo.broadcast_*`, `chlo.broadcast_select`, `chlo.erf` |
//!
//! `func.call` and `func.return` are `func`'s and stay as they are.

#![warn(missing_docs)]

pub mod chlo;
pub mod elementwise;
pub mod layout;
pub mod structure;

use rustc_hash::FxHashMap;
use tensor_ir::builder::Builder;
use tensor_ir::pass::{Pass, PassOutcome, PassRegistry, RegistryError};
use tensor_ir::verify::op_error;
use tensor_ir::{Context, Diagnostic, Diagnostics, Location, Module, OpId, Type, Value};

/// The `--convert-stablehlo-to-nd` pass.
#[derive(Default)]
pub struct ConvertStablehloToNd;

/// Registers the pass.
///
/// # Errors
/// If its argument is already taken.
pub fn register_passes(registry: &mut PassRegistry) -> Result<(), RegistryError> {
    registry.register::<ConvertStablehloToNd>()?;
    Ok(())
}

/// Whether `module` holds an op of `stablehlo` or `chlo`: what tensor-run
/// converts before it runs a program.
pub fn has_ops_to_convert(ctx: &Context, module: &Module) -> bool {
    let Some(top) = module.top() else {
        return false;
    };
    let mut found = false;
    module.walk(top, |op| found |= is_foreign(ctx, module, op));
    found
}

/// Whether `op` is of a dialect this pass converts.
fn is_foreign(ctx: &Context, module: &Module, op: OpId) -> bool {
    let name = ctx.str(module.op(op).name());
    [
        tensor_dialect_stablehlo::DIALECT.name,
        tensor_dialect_chlo::DIALECT.name,
    ]
    .iter()
    .any(|d| name.strip_prefix(d).is_some_and(|r| r.starts_with('.')))
}

impl Pass for ConvertStablehloToNd {
    fn argument(&self) -> &'static str {
        "convert-stablehlo-to-nd"
    }

    fn name(&self) -> &'static str {
        "ConvertStablehloToNd"
    }

    fn description(&self) -> &'static str {
        "Convert StableHLO and CHLO ops to nd with their exact semantics (JAX's \
         @shape_assertion becomes nd.assert); an op nd cannot compute exactly is an error"
    }

    fn run(&mut self, ctx: &mut Context, module: &mut Module) -> Result<PassOutcome, Diagnostics> {
        let Some(top) = module.top() else {
            return Ok(PassOutcome::unchanged());
        };
        let mut ops = Vec::new();
        // Ops inside a reduce's body are the reduce's: its pattern reads them.
        collect_outermost(ctx, module, top, &mut ops);
        if ops.is_empty() {
            return Ok(PassOutcome::unchanged());
        }
        let table = patterns();
        let mut errors = Diagnostics::default();
        let mut cv = Converter {
            b: Builder::new(ctx, module),
        };
        for op in ops {
            let name = cv.b.ctx.str(cv.b.module.op(op).name());
            let result = match table.get(name) {
                Some(pattern) => pattern(&mut cv, op),
                None => Err(cv.refuse(op, "has no nd form yet")),
            };
            if let Err(d) = result {
                errors.push(d);
            }
        }
        if errors.has_errors() {
            return Err(errors);
        }
        Ok(PassOutcome::changed(true))
    }
}

/// The `stablehlo` and `chlo` ops under `root` in program order, but not those
/// nested in one of them.
fn collect_outermost(ctx: &Context, module: &Module, root: OpId, out: &mut Vec<OpId>) {
    module.walk(root, |op| {
        if !is_foreign(ctx, module, op) {
            return;
        }
        let mut parent = module.parent_op(op);
        while let Some(p) = parent {
            if is_foreign(ctx, module, p) {
                return;
            }
            parent = module.parent_op(p);
        }
        out.push(op);
    });
}

/// Rewrites one op into `nd` (replacing its results and erasing it), or says
/// why it cannot.
pub type Pattern = fn(&mut Converter<'_>, OpId) -> Result<(), Diagnostic>;

/// Every pattern, by the name of the op type it rewrites.
fn patterns() -> FxHashMap<&'static str, Pattern> {
    elementwise::PATTERNS
        .iter()
        .chain(structure::PATTERNS)
        .chain(layout::PATTERNS)
        .chain(chlo::PATTERNS)
        .flat_map(|table| table.iter().copied())
        .collect()
}

/// The rewriting state: a builder over the module.
pub struct Converter<'a> {
    /// Inserts before the op being rewritten.
    pub b: Builder<'a>,
}

impl Converter<'_> {
    /// `'op' op <message>` at `op`.
    pub fn refuse(&self, op: OpId, message: impl std::fmt::Display) -> Diagnostic {
        op_error(self.b.ctx, self.b.module, op, message)
    }

    /// The location of `op`, which every op built for it gets.
    pub fn location(&self, op: OpId) -> Location {
        self.b.module.op(op).location()
    }

    /// Operand `i` of `op`.
    pub fn operand(&self, op: OpId, i: usize) -> Result<Value, Diagnostic> {
        self.b
            .module
            .operand(op, i)
            .ok_or_else(|| self.refuse(op, format!("has no operand #{i}")))
    }

    /// The type of result `i` of `op`.
    pub fn result_type(&self, op: OpId, i: usize) -> Result<Type, Diagnostic> {
        self.b
            .module
            .try_result(op, i)
            .map(|v| self.b.module.value_type(v))
            .ok_or_else(|| self.refuse(op, format!("has no result #{i}")))
    }

    /// The element type of `t`, a tensor.
    pub fn elem(&self, t: Type) -> Option<Type> {
        self.b.ctx.element_type(t)
    }

    /// Sets the insertion point before `op`.
    pub fn before(&mut self, op: OpId) {
        self.b.set_insertion_point_before(op);
    }

    /// Replaces the results of `op` by `values` and erases it (and its regions).
    pub fn replace(&mut self, op: OpId, values: &[Value]) -> Result<(), Diagnostic> {
        self.b
            .replace_op(op, values)
            .map_err(|e| self.refuse(op, format!("could not be replaced: {e}")))
    }

    /// An error at `op` for a failed build.
    pub fn built<T, E: std::fmt::Display>(
        &self,
        op: OpId,
        r: Result<T, E>,
    ) -> Result<T, Diagnostic> {
        r.map_err(|e| self.refuse(op, format!("could not be rewritten into nd: {e}")))
    }

    /// Replaces the single result of `op` by the result of the op `build` makes
    /// before it, given the location and result type of `op`.
    pub fn rewrite<H, E: std::fmt::Display>(
        &mut self,
        op: OpId,
        build: impl FnOnce(&mut Self, Location, Type) -> Result<H, E>,
        result: impl FnOnce(H, &Module) -> Value,
    ) -> Result<(), Diagnostic> {
        let t = self.result_type(op, 0)?;
        self.before(op);
        let loc = self.location(op);
        let built = build(self, loc, t);
        let h = self.built(op, built)?;
        let v = result(h, self.b.module);
        self.replace(op, &[v])
    }

    /// `v` as a tensor of `elem` elements (an `nd.cast`, or `v` itself when it
    /// has them already).
    pub fn cast_elements(&mut self, op: OpId, v: Value, elem: Type) -> Result<Value, Diagnostic> {
        let t = self.b.module.value_type(v);
        if self.elem(t) == Some(elem) {
            return Ok(v);
        }
        let dims = self
            .b
            .ctx
            .shape_dims(t)
            .map(<[i64]>::to_vec)
            .ok_or_else(|| self.refuse(op, "has an operand that is not a ranked tensor"))?;
        let to = self.b.ctx.tensor_type(&dims, elem);
        let loc = self.location(op);
        let cast = tensor_dialect_nd::constant::CastOp::build(&mut self.b, loc, v, to);
        Ok(self.built(op, cast)?.result(self.b.module))
    }
}
