//! The import's state: the graph's values by ONNX name, the nd text being
//! written, and the location of the node at hand.

use crate::ImportError;
use crate::proto::{
    ModelProto, NodeProto, ValueInfoProto, tensor_shape_proto::dimension, type_proto,
};
use crate::tensor::{self, Constant};
use crate::types::{Dim, Elem, Ty};
use std::collections::HashMap;
use std::fmt::Write as _;

/// An imported value: its SSA name, type and, for constants, its elements.
#[derive(Clone)]
pub struct Val {
    /// `%v3` or `%arg0`.
    pub ssa: String,
    /// Its nd type.
    pub ty: Ty,
    /// The elements, when known at import (initializers, `Constant`).
    pub konst: Option<std::rc::Rc<Constant>>,
}

/// The function body being written.
pub struct Ctx {
    body: String,
    next: usize,
    values: HashMap<String, Val>,
    /// `loc(...)` of the node at hand.
    loc: String,
}

/// An MLIR string literal's contents.
fn esc(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

impl Ctx {
    /// Emits `%vN = <text> : <...>` located at the node at hand; `text` holds
    /// the op and its type signature.
    pub fn op(&mut self, text: &str, ty: Ty) -> Val {
        let ssa = format!("%v{}", self.next);
        self.next += 1;
        let _ = writeln!(self.body, "    {ssa} = {text} {}", self.loc);
        Val {
            ssa,
            ty,
            konst: None,
        }
    }

    /// An `nd.constant` of `c`.
    pub fn constant(&mut self, c: Constant) -> Val {
        let ty = c.ty.clone();
        let mut v = self.op(&format!("nd.constant {}", c.attr()), ty);
        v.konst = Some(std::rc::Rc::new(c));
        v
    }

    /// A 0-D constant `v` of `elem`.
    pub fn scalar(&mut self, elem: Elem, v: f64) -> Val {
        self.constant(tensor::scalar(elem, v))
    }

    /// Elementwise binary nd op `name` with NumPy broadcasting.
    pub fn binary(&mut self, name: &str, a: &Val, b: &Val) -> Val {
        let dims = crate::types::broadcast(&[&a.ty.dims, &b.ty.dims]);
        let ty = Ty {
            elem: a.ty.elem,
            dims,
        };
        self.two_nd(name, a, b, ty)
    }

    /// The nd op `name` on `a` and `b` in functional form.
    pub fn two_nd(&mut self, name: &str, a: &Val, b: &Val, ty: Ty) -> Val {
        self.two(&format!("nd.{name}"), a, b, ty)
    }

    /// `nd.cmp pred` with NumPy broadcasting.
    pub fn cmp(&mut self, pred: &str, a: &Val, b: &Val) -> Val {
        let dims = crate::types::broadcast(&[&a.ty.dims, &b.ty.dims]);
        let ty = Ty {
            elem: Elem::I1,
            dims,
        };
        self.two(&format!("nd.cmp {pred},"), a, b, ty)
    }

    /// `<op> a, b : (A, B) -> R`: a two-operand op in the functional form.
    pub fn two(&mut self, op: &str, a: &Val, b: &Val, ty: Ty) -> Val {
        self.op(
            &format!(
                "{op} {}, {} : ({}, {}) -> {}",
                a.ssa,
                b.ssa,
                a.ty.mlir(),
                b.ty.mlir(),
                ty.mlir()
            ),
            ty,
        )
    }

    /// `nd.select c, t, f` with NumPy broadcasting.
    pub fn select(&mut self, c: &Val, t: &Val, f: &Val) -> Val {
        let dims = crate::types::broadcast(&[&c.ty.dims, &t.ty.dims, &f.ty.dims]);
        let ty = Ty {
            elem: t.ty.elem,
            dims,
        };
        self.op(
            &format!(
                "nd.select {}, {}, {} : ({}, {}, {}) -> {}",
                c.ssa,
                t.ssa,
                f.ssa,
                c.ty.mlir(),
                t.ty.mlir(),
                f.ty.mlir(),
                ty.mlir()
            ),
            ty,
        )
    }

    /// Elementwise unary nd op `name`.
    pub fn unary(&mut self, name: &str, x: &Val) -> Val {
        let ty = x.ty.clone();
        self.op(&format!("nd.{name} {} : {}", x.ssa, ty.mlir()), ty)
    }

    /// `nd.cast` to `elem`.
    pub fn cast(&mut self, x: &Val, elem: Elem) -> Val {
        if x.ty.elem == elem {
            return x.clone();
        }
        let ty = x.ty.with_elem(elem);
        self.op(
            &format!("nd.cast {} : {} to {}", x.ssa, x.ty.mlir(), ty.mlir()),
            ty,
        )
    }

    /// The value of ONNX name `name`.
    pub fn value(&self, name: &str) -> Result<Val, String> {
        self.values
            .get(name)
            .cloned()
            .ok_or_else(|| format!("input '{name}' is not defined before this node"))
    }
}

fn value_type(v: &ValueInfoProto, what: &str) -> Result<(Ty, Vec<String>), String> {
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
                dims.push(Dim::Static(*n));
                names.push(String::new());
            }
            Some(dimension::Value::DimParam(p)) => {
                dims.push(Dim::Dynamic);
                names.push(p.clone());
            }
            Some(dimension::Value::DimValue(n)) => {
                return Err(format!("{what} has a negative dim {n}"));
            }
            None => {
                dims.push(Dim::Dynamic);
                names.push(String::new());
            }
        }
    }
    Ok((Ty { elem, dims }, names))
}

/// Imports `model` as nd text.
pub fn import_model(model: &ModelProto, file: &str) -> Result<String, ImportError> {
    let at_file = |message: String| ImportError {
        location: file.to_string(),
        message,
    };
    let mut opset = None;
    for o in &model.opset_import {
        match o.domain.as_deref().unwrap_or("") {
            "" | "ai.onnx" => opset = o.version,
            d => return Err(at_file(format!("opset domain '{d}' is not supported"))),
        }
    }
    let opset = opset.ok_or_else(|| at_file("the model imports no default-domain opset".into()))?;
    if !crate::OPSETS.contains(&opset) {
        return Err(at_file(format!(
            "opset {opset} is not supported (only {} to {})",
            crate::OPSETS.start(),
            crate::OPSETS.end()
        )));
    }
    let Some(graph) = &model.graph else {
        return Err(at_file("the model has no graph".into()));
    };
    let mut ctx = Ctx {
        body: String::new(),
        next: 0,
        values: HashMap::new(),
        loc: String::new(),
    };
    let mut inits = HashMap::new();
    for t in &graph.initializer {
        inits.insert(t.name.clone().unwrap_or_default(), t);
    }
    // Arguments: the graph inputs that are not initializers (IR >= 4: an
    // initializer listed as an input is a constant with a default value).
    let mut args = Vec::new();
    for input in &graph.input {
        let name = input.name.clone().unwrap_or_default();
        if inits.contains_key(&name) {
            continue;
        }
        let (ty, names) = value_type(input, &format!("graph input '{name}'")).map_err(at_file)?;
        let ssa = format!("%arg{}", args.len());
        let mut text = format!("{ssa}: {}", ty.mlir());
        if names.iter().any(|n| !n.is_empty()) {
            let list: Vec<String> = names.iter().map(|n| format!("\"{}\"", esc(n))).collect();
            let _ = write!(text, " {{nd.dim_names = [{}]}}", list.join(", "));
        }
        args.push(text);
        ctx.values.insert(
            name,
            Val {
                ssa,
                ty,
                konst: None,
            },
        );
    }
    for t in &graph.initializer {
        let name = t.name.clone().unwrap_or_default();
        ctx.loc = format!("loc(\"{}: initializer '{}'\":0:0)", esc(file), esc(&name));
        let c = tensor::decode(t).map_err(|m| ImportError {
            location: format!("{file}: initializer '{name}'"),
            message: m,
        })?;
        let v = ctx.constant(c);
        ctx.values.insert(name, v);
    }
    for (i, node) in graph.node.iter().enumerate() {
        import_node(&mut ctx, node, i, file)?;
    }
    let mut results = Vec::new();
    for out in &graph.output {
        let name = out.name.clone().unwrap_or_default();
        let v = ctx
            .value(&name)
            .map_err(|_| at_file(format!("graph output '{name}' is not computed by any node")))?;
        results.push(v);
    }
    let ret_types: Vec<String> = results.iter().map(|v| v.ty.mlir()).collect();
    let ret_vals: Vec<String> = results.iter().map(|v| v.ssa.clone()).collect();
    let mut text = String::new();
    let _ = writeln!(text, "module {{");
    let _ = writeln!(
        text,
        "  func.func @main({}) -> ({}) {{",
        args.join(", "),
        ret_types.join(", ")
    );
    text.push_str(&ctx.body);
    if results.is_empty() {
        let _ = writeln!(text, "    return");
    } else {
        let _ = writeln!(
            text,
            "    return {} : {}",
            ret_vals.join(", "),
            ret_types.join(", ")
        );
    }
    let _ = writeln!(text, "  }} loc(\"{}\":0:0)", esc(file));
    let _ = writeln!(text, "}}");
    Ok(text)
}

fn import_node(
    ctx: &mut Ctx,
    node: &NodeProto,
    index: usize,
    file: &str,
) -> Result<(), ImportError> {
    let op = node.op_type.clone().unwrap_or_default();
    let who = match node.name.as_deref() {
        Some(n) if !n.is_empty() => format!("node '{n}' ({op})"),
        _ => format!("node #{index} ({op})"),
    };
    let location = format!("{file}: {who}");
    ctx.loc = format!("loc(\"{}\":{}:0)", esc(&location), index + 1);
    let fail = |message: String| ImportError {
        location: location.clone(),
        message,
    };
    match node.domain.as_deref().unwrap_or("") {
        "" | "ai.onnx" => {}
        d => return Err(fail(format!("op domain '{d}' is not supported"))),
    }
    let outs = crate::ops::lower(ctx, node, &op).map_err(fail)?;
    for (name, v) in node.output.iter().zip(outs) {
        if !name.is_empty() {
            ctx.values.insert(name.clone(), v);
        }
    }
    Ok(())
}
