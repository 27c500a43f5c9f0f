//! The import's state: a builder over the function body, the graph's values by
//! ONNX name, and the location of the node at hand. nd ops are built through
//! their typed builders (`tensor_dialect_nd`), their result types inferred by
//! the ops' own definitions: the import holds no broadcasting rule of its own.

use crate::ImportError;
use crate::proto::{
    GraphProto, ModelProto, NodeProto, ValueInfoProto, tensor_shape_proto::dimension, type_proto,
};
use crate::tensor::{self, Constant};
use crate::types::Elem;
use std::collections::HashMap;
use std::rc::Rc;
use tensor_dialect_nd::constant::{CastOp, ConstantOp};
use tensor_dialect_nd::elementwise as nd;
use tensor_ir::builder::{Builder, InsertionPoint};
use tensor_ir::{AttrKind, Context, DYNAMIC, LocKind, Location, Module, NamedAttr, Type, Value};

/// An imported value and, for constants, its elements.
#[derive(Clone)]
pub struct Val {
    /// The nd value.
    pub v: Value,
    /// The elements, when known at import (initializers, `Constant`).
    pub konst: Option<Rc<Constant>>,
}

impl From<Value> for Val {
    fn from(v: Value) -> Val {
        Val { v, konst: None }
    }
}

/// A binary nd op with NumPy broadcasting, built with its result type
/// inferred (`None`) or given.
pub trait Binary {
    /// Builds `l op r`.
    ///
    /// # Errors
    /// If the type cannot be inferred, or the op cannot be inserted.
    fn make(
        b: &mut Builder<'_>,
        loc: Location,
        l: Value,
        r: Value,
        t: Option<Type>,
    ) -> Result<Value, String>;
}

/// A unary elementwise nd op.
pub trait Unary {
    /// Builds `op x`.
    ///
    /// # Errors
    /// If the op cannot be inserted.
    fn make(b: &mut Builder<'_>, loc: Location, x: Value) -> Result<Value, String>;
}

macro_rules! binary {
    ($($op:ident)*) => {$(
        impl Binary for nd::$op {
            fn make(
                b: &mut Builder<'_>,
                loc: Location,
                l: Value,
                r: Value,
                t: Option<Type>,
            ) -> Result<Value, String> {
                match t {
                    None => Self::build_inferred(b, loc, l, r, None)
                        .map(|h| h.result(b.module))
                        .map_err(|e| e.to_string()),
                    Some(t) => Self::build(b, loc, l, r, None, t)
                        .map(|h| h.result(b.module))
                        .map_err(|e| e.to_string()),
                }
            }
        }
    )*};
}

binary!(AddOp SubOp MulOp DivOp RemOp PowOp MaxOp MinOp AndOp OrOp XorOp);

macro_rules! unary {
    ($($op:ident)*) => {$(
        impl Unary for nd::$op {
            fn make(b: &mut Builder<'_>, loc: Location, x: Value) -> Result<Value, String> {
                Self::build_inferred(b, loc, x)
                    .map(|h| h.result(b.module))
                    .map_err(|e| e.to_string())
            }
        }
    )*};
}

unary!(NegOp AbsOp ExpOp LogOp SqrtOp TanhOp SinOp CosOp FloorOp CeilOp NotOp ErfOp SignOp
    Log1pOp Expm1Op LogisticOp);

/// The function body being built.
pub struct Ctx<'a> {
    /// Inserts at the end of the body.
    pub b: Builder<'a>,
    values: HashMap<String, Val>,
    /// The location of the node at hand.
    pub loc: Location,
    /// The model's name in locations.
    file: String,
    /// The model's default-domain opset.
    pub opset: i64,
    /// Whether nodes of constant inputs are folded (not in the folder's own
    /// scratch function).
    pub fold: bool,
}

impl Ctx<'_> {
    /// The type of `x`.
    pub fn ty(&self, x: &Val) -> Type {
        self.b.module.value_type(x.v)
    }

    /// The dims of `x` (`DYNAMIC` for `?`); empty for an unranked value.
    pub fn dims(&self, x: &Val) -> Vec<i64> {
        self.b
            .ctx
            .shape_dims(self.ty(x))
            .map(<[i64]>::to_vec)
            .unwrap_or_default()
    }

    /// The rank of `x`.
    pub fn rank(&self, x: &Val) -> usize {
        self.dims(x).len()
    }

    /// The dims of `x` if all are static.
    pub fn static_dims(&self, x: &Val) -> Option<Vec<i64>> {
        let dims = self.dims(x);
        (!dims.contains(&DYNAMIC)).then_some(dims)
    }

    /// The element type of `x`.
    pub fn elem(&self, x: &Val) -> Result<Elem, String> {
        let t = self.ty(x);
        self.b
            .ctx
            .element_type(t)
            .and_then(|e| Elem::of(self.b.ctx, e))
            .ok_or_else(|| format!("a value of type {} is not supported", self.show(x)))
    }

    /// `x`'s type as MLIR writes it, for messages.
    pub fn show(&self, x: &Val) -> String {
        self.b.ctx.ty(self.ty(x)).to_string()
    }

    /// A tensor type of `dims` and `elem`.
    pub fn tensor(&mut self, dims: &[i64], elem: Elem) -> Type {
        let e = elem.to_type(self.b.ctx);
        self.b.ctx.tensor_type(dims, e)
    }

    /// An unranked tensor type of `x`'s element type: the result type of an op
    /// whose shapes do not fit, which nd's verifier then reports at the node.
    pub fn unranked_like(&mut self, x: &Val) -> Result<Type, String> {
        let e = self
            .b
            .ctx
            .element_type(self.ty(x))
            .ok_or("an operand is not a tensor")?;
        Ok(self.b.ctx.unranked_tensor_type(e))
    }

    /// `a op b` with NumPy broadcasting. Shapes that cannot broadcast still
    /// give an op (of unranked result), so that nd's verifier reports them at
    /// the node with both sizes.
    pub fn bin<O: Binary>(&mut self, a: &Val, b: &Val) -> Result<Val, String> {
        let loc = self.loc;
        match O::make(&mut self.b, loc, a.v, b.v, None) {
            Ok(v) => Ok(v.into()),
            Err(_) => {
                let t = self.unranked_like(a)?;
                O::make(&mut self.b, loc, a.v, b.v, Some(t)).map(Val::from)
            }
        }
    }

    /// `op x`, elementwise.
    pub fn un<O: Unary>(&mut self, x: &Val) -> Result<Val, String> {
        let loc = self.loc;
        O::make(&mut self.b, loc, x.v).map(Val::from)
    }

    /// `nd.cmp pred` with NumPy broadcasting.
    pub fn cmp(&mut self, pred: &str, a: &Val, b: &Val) -> Result<Val, String> {
        let loc = self.loc;
        let h = match nd::CmpOp::build_inferred(&mut self.b, loc, a.v, b.v, None, pred) {
            Ok(h) => h,
            Err(_) => {
                let i1 = self.b.ctx.i(1);
                let t = self.b.ctx.unranked_tensor_type(i1);
                nd::CmpOp::build(&mut self.b, loc, a.v, b.v, None, pred, t)
                    .map_err(|e| e.to_string())?
            }
        };
        Ok(h.result(self.b.module).into())
    }

    /// `nd.select c, t, f` with NumPy broadcasting.
    pub fn select(&mut self, c: &Val, t: &Val, f: &Val) -> Result<Val, String> {
        let loc = self.loc;
        let h = match nd::SelectOp::build_inferred(&mut self.b, loc, c.v, t.v, f.v) {
            Ok(h) => h,
            Err(_) => {
                let ty = self.unranked_like(t)?;
                nd::SelectOp::build(&mut self.b, loc, c.v, t.v, f.v, ty)
                    .map_err(|e| e.to_string())?
            }
        };
        Ok(h.result(self.b.module).into())
    }

    /// `nd.cast` to `elem` (nothing when `x` has it already).
    pub fn cast(&mut self, x: &Val, elem: Elem) -> Result<Val, String> {
        if self.elem(x)? == elem {
            return Ok(x.clone());
        }
        let e = elem.to_type(self.b.ctx);
        let to = match self.b.ctx.shape_dims(self.ty(x)) {
            Some(dims) => {
                let dims = dims.to_vec();
                self.b.ctx.tensor_type(&dims, e)
            }
            None => self.b.ctx.unranked_tensor_type(e),
        };
        let loc = self.loc;
        let h = CastOp::build(&mut self.b, loc, x.v, to).map_err(|e| e.to_string())?;
        Ok(h.result(self.b.module).into())
    }

    /// An `nd.constant` of `c`, which the value keeps for the import to read.
    pub fn constant(&mut self, c: Constant) -> Result<Val, String> {
        let ty = self.tensor(&c.dims, c.elem);
        let attr = c
            .attr(self.b.ctx, ty)
            .ok_or("a constant's data does not fit its type")?;
        let loc = self.loc;
        let h = ConstantOp::build_inferred(&mut self.b, loc, attr).map_err(|e| e.to_string())?;
        Ok(Val {
            v: h.result(self.b.module),
            konst: Some(Rc::new(c)),
        })
    }

    /// A 0-D constant `v` of `elem`.
    pub fn scalar(&mut self, elem: Elem, v: f64) -> Result<Val, String> {
        self.constant(tensor::scalar(elem, v))
    }

    /// A 0-D constant `v` of `x`'s element type.
    pub fn scalar_like(&mut self, x: &Val, v: f64) -> Result<Val, String> {
        let e = self.elem(x)?;
        self.scalar(e, v)
    }

    /// A context over another module (the folder's scratch function), with
    /// `parts` (this one's [`Ctx::parts`]), no values yet, and no folding.
    pub fn scratch(b: Builder<'_>, parts: (Location, String, i64)) -> Ctx<'_> {
        let (loc, file, opset) = parts;
        Ctx {
            b,
            values: HashMap::new(),
            loc,
            file,
            opset,
            fold: false,
        }
    }

    /// The location, file and opset, for [`Ctx::scratch`].
    pub fn parts(&self) -> (Location, String, i64) {
        (self.loc, self.file.clone(), self.opset)
    }

    /// Sets the values by ONNX name.
    pub fn set_values(&mut self, values: HashMap<String, Val>) {
        self.values = values;
    }

    /// The value of ONNX name `name`.
    pub fn value(&self, name: &str) -> Result<Val, String> {
        self.values
            .get(name)
            .cloned()
            .ok_or_else(|| format!("input '{name}' is not defined before this node"))
    }
}

/// A graph input's element type, dims (`DYNAMIC` for `?`) and dim names.
fn value_type(v: &ValueInfoProto, what: &str) -> Result<(Elem, Vec<i64>, Vec<String>), String> {
    let Some(type_proto::Value::TensorType(t)) = v.r#type.as_ref().and_then(|t| t.value.as_ref())
    else {
        return Err(format!(
            "{what} is not a tensor: sequences and optionals are not supported"
        ));
    };
    let elem = Elem::from_onnx(t.elem_type.unwrap_or(0))
        .map_err(|n| format!("{what} has {n} elements, which are not supported"))?;
    let Some(shape) = &t.shape else {
        return Err(format!(
            "{what} has no shape (unranked inputs are not supported)"
        ));
    };
    let mut dims = Vec::new();
    let mut names = Vec::new();
    for d in &shape.dim {
        match &d.value {
            Some(dimension::Value::DimValue(n)) if *n >= 0 => {
                dims.push(*n);
                names.push(String::new());
            }
            Some(dimension::Value::DimParam(p)) => {
                dims.push(DYNAMIC);
                names.push(p.clone());
            }
            Some(dimension::Value::DimValue(n)) => {
                return Err(format!("{what} has a negative dim {n}"));
            }
            None => {
                dims.push(DYNAMIC);
                names.push(String::new());
            }
        }
    }
    Ok((elem, dims, names))
}

/// A `"<where>":line:0` location.
fn location(ctx: &mut Context, place: &str, line: u32) -> Location {
    let file = ctx.sym(place);
    ctx.intern_loc(LocKind::FileLineCol { file, line, col: 0 })
}

/// The default-domain opset `model` imports, checked against [`crate::OPSETS`].
fn opset(model: &ModelProto) -> Result<i64, String> {
    let mut opset = None;
    for o in &model.opset_import {
        match o.domain.as_deref().unwrap_or("") {
            "" | "ai.onnx" => opset = o.version,
            // Another domain's import is harmless unless a node uses it, which
            // is refused at that node.
            _ => {}
        }
    }
    let Some(opset) = opset else {
        // Its nodes are all of other domains (ai.onnx.ml, training), none of which
        // the import has.
        let others: Vec<&str> = model
            .opset_import
            .iter()
            .filter_map(|o| o.domain.as_deref())
            .collect();
        return Err(format!(
            "a model without a default-domain opset is not supported (it imports {others:?})"
        ));
    };
    let oldest = crate::OLDER.iter().map(|&(_, v)| v).min().unwrap_or(1);
    if opset < oldest || opset > *crate::OPSETS.end() {
        return Err(format!(
            "opset {opset} is not supported (only {oldest} to {})",
            crate::OPSETS.end()
        ));
    }
    Ok(opset)
}

/// Imports `model` into a new module of `ctx` (which has nd and func).
pub fn import_model(
    ctx: &mut Context,
    model: &ModelProto,
    file: &str,
) -> Result<Module, ImportError> {
    let at_file = |message: String| ImportError {
        location: file.to_string(),
        message,
    };
    let opset = opset(model).map_err(at_file)?;
    let Some(graph) = &model.graph else {
        return Err(at_file("the model has no graph".into()));
    };
    let file_loc = location(ctx, file, 0);
    let broken = |e: tensor_ir::module::EditError| at_file(format!("could not build: {e}"));
    let (mut module, top) =
        tensor_ir::dialects::builtin::ModuleOp::new_program(ctx, file_loc).map_err(broken)?;
    let mut inits = HashMap::new();
    for t in &graph.initializer {
        inits.insert(t.name.clone().unwrap_or_default(), t);
    }
    // Arguments: the graph inputs that are not initializers (IR >= 4: an
    // initializer listed as an input is a constant with a default value).
    let mut inputs = Vec::new();
    let mut arg_attrs = Vec::new();
    let mut arg_names = Vec::new();
    for input in &graph.input {
        let name = input.name.clone().unwrap_or_default();
        if inits.contains_key(&name) {
            continue;
        }
        let (elem, dims, names) =
            value_type(input, &format!("graph input '{name}'")).map_err(at_file)?;
        let e = elem.to_type(ctx);
        inputs.push(ctx.tensor_type(&dims, e));
        let mut entries = Vec::new();
        if names.iter().any(|n| !n.is_empty()) {
            let list = names.iter().map(|n| ctx.string_attr(n)).collect();
            let value = ctx.intern_attr(AttrKind::Array(list));
            let key = ctx.sym(tensor_dialect_nd::dim_names::DIM_NAMES);
            entries.push(NamedAttr { name: key, value });
        }
        arg_attrs.push(ctx.dict_attr(entries));
        arg_names.push(name);
    }
    let body = module.create_region();
    let entry = module.create_block(&inputs, file_loc);
    module.append_block(body, entry).map_err(broken)?;
    let args = module.block(entry).args().to_vec();
    // A diagnostic about an argument (its named dims, its run-time sizes)
    // names the graph input.
    for (&v, name) in args.iter().zip(&arg_names) {
        let place = location(ctx, &format!("{file}: graph input '{name}'"), 0);
        module.set_arg_location(v, place);
    }
    let mut c = Ctx {
        b: Builder::new(ctx, &mut module),
        values: HashMap::new(),
        loc: file_loc,
        file: file.to_string(),
        opset,
        fold: true,
    };
    c.b.set_insertion_point(InsertionPoint::End(entry));
    for (name, v) in arg_names.into_iter().zip(args) {
        c.values.insert(name, v.into());
    }
    import_graph(&mut c, graph)?;
    let mut results = Vec::new();
    for out in &graph.output {
        let name = out.name.clone().unwrap_or_default();
        let v = c
            .value(&name)
            .map_err(|_| at_file(format!("graph output '{name}' is not computed by any node")))?;
        results.push(v.v);
    }
    c.loc = file_loc;
    tensor_dialect_func::ReturnOp::build(&mut c.b, file_loc, &results).map_err(broken)?;
    // The constants folding left unused (a folded shape computation's inputs).
    // Only constants: an unused op that may fail at run time stays, as ONNX's
    // reference runs every node.
    let ops: Vec<_> = c.b.module.block_ops(entry).collect();
    for op in ops.into_iter().rev() {
        if ConstantOp::cast(c.b.ctx, c.b.module, op).is_some()
            && tensor_ir::rewrite::fold::is_trivially_dead(c.b.ctx, c.b.module, op)
        {
            c.b.erase_op(op).map_err(broken)?;
        }
    }
    let result_types = results.iter().map(|&v| c.b.module.value_type(v)).collect();
    let fty = c.b.ctx.function_type(inputs, result_types);
    let arg_attrs =
        (!arg_attrs.is_empty()).then(|| c.b.ctx.intern_attr(AttrKind::Array(arg_attrs)));
    c.b.set_insertion_point(InsertionPoint::End(top));
    tensor_dialect_func::FuncOp::build_with_body(&mut c.b, file_loc, "main", fty, arg_attrs, body)
        .map_err(broken)?;
    Ok(module)
}

/// Imports the initializers and nodes of `graph` (the model's, or the branch
/// an `If` takes) into the body; its values join the others by name.
pub fn import_graph(c: &mut Ctx<'_>, graph: &GraphProto) -> Result<(), ImportError> {
    let file = c.file.clone();
    for t in &graph.initializer {
        let name = t.name.clone().unwrap_or_default();
        let place = format!("{file}: initializer '{name}'");
        let fail = |message: String| ImportError {
            location: place.clone(),
            message,
        };
        c.loc = location(c.b.ctx, &place, 0);
        let k = tensor::decode(t).map_err(fail)?;
        let v = c.constant(k).map_err(fail)?;
        c.values.insert(name, v);
    }
    for (i, node) in graph.node.iter().enumerate() {
        import_node(c, node, i, &file)?;
    }
    Ok(())
}

fn import_node(
    c: &mut Ctx<'_>,
    node: &NodeProto,
    index: usize,
    file: &str,
) -> Result<(), ImportError> {
    let op = node.op_type.clone().unwrap_or_default();
    let who = match node.name.as_deref() {
        Some(n) if !n.is_empty() => format!("node '{n}' ({op})"),
        _ => format!("node #{index} ({op})"),
    };
    let place = format!("{file}: {who}");
    c.loc = location(
        c.b.ctx,
        &place,
        u32::try_from(index + 1).unwrap_or(u32::MAX),
    );
    let fail = |message: String| ImportError {
        location: place.clone(),
        message,
    };
    match node.domain.as_deref().unwrap_or("") {
        "" | "ai.onnx" => {}
        d => return Err(fail(format!("op domain '{d}' is not supported"))),
    }
    let outs = crate::ops::lower(c, node, &op).map_err(fail)?;
    for (name, v) in node.output.iter().zip(outs) {
        if !name.is_empty() {
            c.values.insert(name.clone(), v);
        }
    }
    Ok(())
}
