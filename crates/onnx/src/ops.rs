//! Each supported ONNX op once, in [`TABLE`]: its name, the attributes it
//! understands, and how it becomes nd ops. An op that is not in the table,
//! and an attribute that an entry does not list, are refused by name.

use crate::emit::{Ctx, Val};
use crate::proto::{AttributeProto, NodeProto};
use crate::tensor;
use crate::types::{Dim, Elem, Ty, broadcast};

type Lower = fn(&mut Ctx, &Node) -> Result<Vec<Val>, String>;

/// One node's inputs and attributes.
pub struct Node<'a> {
    proto: &'a NodeProto,
    inputs: Vec<Option<Val>>,
}

impl Node<'_> {
    pub(crate) fn input(&self, i: usize) -> Result<Val, String> {
        self.inputs
            .get(i)
            .cloned()
            .flatten()
            .ok_or_else(|| format!("input #{i} is missing"))
    }
    pub(crate) fn opt(&self, i: usize) -> Option<Val> {
        self.inputs.get(i).cloned().flatten()
    }
    fn attr(&self, name: &str) -> Option<&AttributeProto> {
        self.proto
            .attribute
            .iter()
            .find(|a| a.name.as_deref() == Some(name))
    }
    pub(crate) fn ints(&self, name: &str) -> Vec<i64> {
        self.attr(name).map(|a| a.ints.clone()).unwrap_or_default()
    }
    pub(crate) fn int(&self, name: &str, default: i64) -> i64 {
        self.attr(name).and_then(|a| a.i).unwrap_or(default)
    }
    pub(crate) fn float(&self, name: &str, default: f32) -> f64 {
        f64::from(self.attr(name).and_then(|a| a.f).unwrap_or(default))
    }
}

/// ONNX op name, the attributes the lowering reads, the lowering.
const TABLE: &[(&str, &[&str], Lower)] = &[
    ("Add", &[], |c, n| bin(c, n, "add")),
    ("Sub", &[], |c, n| bin(c, n, "sub")),
    ("Mul", &[], |c, n| bin(c, n, "mul")),
    ("Div", &[], div),
    ("Pow", &[], pow),
    ("Mod", &["fmod"], modulo),
    ("Max", &[], |c, n| fold(c, n, "max")),
    ("Min", &[], |c, n| fold(c, n, "min")),
    ("Sum", &[], |c, n| fold(c, n, "add")),
    ("Mean", &[], mean),
    ("Equal", &[], |c, n| cmp(c, n, "eq")),
    ("Less", &[], |c, n| cmp(c, n, "lt")),
    ("LessOrEqual", &[], |c, n| cmp(c, n, "le")),
    ("Greater", &[], |c, n| cmp(c, n, "gt")),
    ("GreaterOrEqual", &[], |c, n| cmp(c, n, "ge")),
    ("And", &[], |c, n| bin(c, n, "and")),
    ("Or", &[], |c, n| bin(c, n, "or")),
    ("Xor", &[], |c, n| bin(c, n, "xor")),
    ("BitwiseAnd", &[], |c, n| bin(c, n, "and")),
    ("BitwiseOr", &[], |c, n| bin(c, n, "or")),
    ("BitwiseXor", &[], |c, n| bin(c, n, "xor")),
    ("Not", &[], |c, n| un(c, n, "not")),
    ("Where", &[], where_),
    ("Expand", &[], expand),
    ("PRelu", &[], prelu),
    ("Neg", &[], |c, n| un(c, n, "neg")),
    ("Abs", &[], |c, n| un(c, n, "abs")),
    ("Exp", &[], |c, n| un(c, n, "exp")),
    ("Log", &[], |c, n| un(c, n, "log")),
    ("Sqrt", &[], |c, n| un(c, n, "sqrt")),
    ("Tanh", &[], |c, n| un(c, n, "tanh")),
    ("Sin", &[], |c, n| un(c, n, "sin")),
    ("Cos", &[], |c, n| un(c, n, "cos")),
    ("Floor", &[], |c, n| un(c, n, "floor")),
    ("Ceil", &[], |c, n| un(c, n, "ceil")),
    ("Erf", &[], |c, n| un(c, n, "erf")),
    ("Sign", &[], |c, n| un(c, n, "sign")),
    ("Sigmoid", &[], |c, n| un(c, n, "logistic")),
    ("IsNaN", &[], |c, n| {
        let x = n.input(0)?;
        Ok(vec![c.cmp("ne", &x, &x)])
    }),
    ("Reciprocal", &[], |c, n| {
        let x = n.input(0)?;
        let one = c.scalar(x.ty.elem, 1.0);
        Ok(vec![c.binary("div", &one, &x)])
    }),
    ("Relu", &[], |c, n| {
        let x = n.input(0)?;
        let zero = c.scalar(x.ty.elem, 0.0);
        Ok(vec![c.binary("max", &x, &zero)])
    }),
    ("LeakyRelu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar(x.ty.elem, n.float("alpha", 0.01));
        let zero = c.scalar(x.ty.elem, 0.0);
        let neg = c.cmp("lt", &x, &zero);
        let ax = c.binary("mul", &x, &a);
        Ok(vec![c.select(&neg, &ax, &x)])
    }),
    ("Elu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar(x.ty.elem, n.float("alpha", 1.0));
        let zero = c.scalar(x.ty.elem, 0.0);
        let neg = c.cmp("lt", &x, &zero);
        let e = c.unary("expm1", &x);
        let ae = c.binary("mul", &e, &a);
        Ok(vec![c.select(&neg, &ae, &x)])
    }),
    ("Selu", &["alpha", "gamma"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar(x.ty.elem, n.float("alpha", 1.673_263_2));
        let g = c.scalar(x.ty.elem, n.float("gamma", 1.050_701));
        let zero = c.scalar(x.ty.elem, 0.0);
        let le = c.cmp("le", &x, &zero);
        let e = c.unary("exp", &x);
        let ae = c.binary("mul", &e, &a);
        let aem = c.binary("sub", &ae, &a);
        let s = c.select(&le, &aem, &x);
        Ok(vec![c.binary("mul", &s, &g)])
    }),
    ("Celu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar(x.ty.elem, n.float("alpha", 1.0));
        let zero = c.scalar(x.ty.elem, 0.0);
        let xa = c.binary("div", &x, &a);
        let e = c.unary("expm1", &xa);
        let ae = c.binary("mul", &e, &a);
        let lo = c.binary("min", &ae, &zero);
        let hi = c.binary("max", &x, &zero);
        Ok(vec![c.binary("add", &hi, &lo)])
    }),
    ("HardSigmoid", &["alpha", "beta"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar(x.ty.elem, n.float("alpha", 0.2));
        let b = c.scalar(x.ty.elem, n.float("beta", 0.5));
        let zero = c.scalar(x.ty.elem, 0.0);
        let one = c.scalar(x.ty.elem, 1.0);
        let ax = c.binary("mul", &x, &a);
        let axb = c.binary("add", &ax, &b);
        let lo = c.binary("max", &axb, &zero);
        Ok(vec![c.binary("min", &lo, &one)])
    }),
    ("ThresholdedRelu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar(x.ty.elem, n.float("alpha", 1.0));
        let zero = c.scalar(x.ty.elem, 0.0);
        let gt = c.cmp("gt", &x, &a);
        Ok(vec![c.select(&gt, &x, &zero)])
    }),
    ("Softplus", &[], |c, n| {
        let x = n.input(0)?;
        let e = c.unary("exp", &x);
        Ok(vec![c.unary("log1p", &e)])
    }),
    ("Softsign", &[], |c, n| {
        let x = n.input(0)?;
        let one = c.scalar(x.ty.elem, 1.0);
        let a = c.unary("abs", &x);
        let d = c.binary("add", &a, &one);
        Ok(vec![c.binary("div", &x, &d)])
    }),
    ("Clip", &[], |c, n| {
        let mut x = n.input(0)?;
        if let Some(lo) = n.opt(1) {
            x = c.binary("max", &x, &lo);
        }
        if let Some(hi) = n.opt(2) {
            x = c.binary("min", &x, &hi);
        }
        Ok(vec![x])
    }),
    ("Identity", &[], |_, n| Ok(vec![n.input(0)?])),
    ("Cast", &["to", "saturate"], |c, n| {
        let x = n.input(0)?;
        let to = Elem::from_onnx(n.int("to", 0) as i32)
            .map_err(|t| format!("Cast to {t} is not supported"))?;
        Ok(vec![c.cast(&x, to)])
    }),
    ("CastLike", &["saturate"], |c, n| {
        let x = n.input(0)?;
        let like = n.input(1)?;
        Ok(vec![c.cast(&x, like.ty.elem)])
    }),
    (
        "Constant",
        &[
            "value",
            "value_float",
            "value_int",
            "value_floats",
            "value_ints",
        ],
        constant,
    ),
    ("MatMul", &[], matmul),
    (
        "Gemm",
        &["alpha", "beta", "transA", "transB"],
        crate::reduce::gemm,
    ),
    (
        "ReduceSum",
        &["keepdims", "noop_with_empty_axes"],
        |c, n| crate::reduce::reduction(c, n, "sum"),
    ),
    (
        "ReduceMax",
        &["keepdims", "noop_with_empty_axes", "axes"],
        |c, n| crate::reduce::reduction(c, n, "max"),
    ),
    (
        "ReduceMin",
        &["keepdims", "noop_with_empty_axes", "axes"],
        |c, n| crate::reduce::reduction(c, n, "min"),
    ),
    (
        "ReduceMean",
        &["keepdims", "noop_with_empty_axes", "axes"],
        |c, n| crate::reduce::reduction(c, n, "mean"),
    ),
    ("Softmax", &["axis"], |c, n| {
        crate::reduce::softmax(c, n, false)
    }),
    ("LogSoftmax", &["axis"], |c, n| {
        crate::reduce::softmax(c, n, true)
    }),
    ("Transpose", &["perm"], crate::structure::transpose),
    ("Shape", &["start", "end"], crate::structure::shape),
    ("Size", &[], crate::structure::size),
    // ndgather: Gather, GatherElements and Pad wait for nd.gather,
    // nd.gather_elements and nd.pad; until then they are refused like any op
    // missing from this table.
];

/// Lowers `node` (op type `op`) into `ctx`; the values of its outputs.
pub fn lower(ctx: &mut Ctx, node: &NodeProto, op: &str) -> Result<Vec<Val>, String> {
    let Some((_, attrs, f)) = TABLE.iter().find(|(name, ..)| *name == op) else {
        return Err(format!("op '{op}' is not supported"));
    };
    for a in &node.attribute {
        let name = a.name.as_deref().unwrap_or("");
        if !attrs.contains(&name) {
            return Err(format!("attribute '{name}' of {op} is not supported"));
        }
    }
    let mut inputs = Vec::new();
    for name in &node.input {
        inputs.push(if name.is_empty() {
            None
        } else {
            Some(ctx.value(name)?)
        });
    }
    f(
        ctx,
        &Node {
            proto: node,
            inputs,
        },
    )
}

pub(crate) fn same_elems(a: &Val, b: &Val) -> Result<(), String> {
    if a.ty.elem != b.ty.elem {
        return Err(format!(
            "operands have different element types ({} and {})",
            a.ty.elem.mlir(),
            b.ty.elem.mlir()
        ));
    }
    Ok(())
}

fn bin(c: &mut Ctx, n: &Node, name: &str) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(&a, &b)?;
    Ok(vec![c.binary(name, &a, &b)])
}

fn un(c: &mut Ctx, n: &Node, name: &str) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    Ok(vec![c.unary(name, &x)])
}

fn cmp(c: &mut Ctx, n: &Node, pred: &str) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(&a, &b)?;
    Ok(vec![c.cmp(pred, &a, &b)])
}

fn pow(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    // ONNX's Pow lets the exponent have its own type; nd's pow takes one.
    if a.ty.elem != b.ty.elem && !(a.ty.elem.is_float() && b.ty.elem.is_float()) {
        return Err(format!(
            "Pow of {} by {} is not supported (mixed integer and float types)",
            a.ty.elem.mlir(),
            b.ty.elem.mlir()
        ));
    }
    let b = c.cast(&b, a.ty.elem);
    Ok(vec![c.binary("pow", &a, &b)])
}

fn modulo(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(&a, &b)?;
    // nd.rem is NumPy's remainder (the divisor's sign): ONNX's fmod=0.
    let m = c.binary("rem", &a, &b);
    if n.int("fmod", 0) == 0 {
        if a.ty.elem.is_float() {
            return Err(
                "Mod of floats with fmod=0 is not supported (ONNX requires fmod=1 for floats)"
                    .into(),
            );
        }
        return Ok(vec![m]);
    }
    // fmod=1 is C's fmod (the dividend's sign): where the remainder is non-zero
    // and the operands' signs differ, subtract the divisor.
    let fix = signs_differ_with_remainder(c, &a, &b, &m);
    let adjusted = c.binary("sub", &m, &b);
    Ok(vec![c.select(&fix, &adjusted, &m)])
}

/// `m != 0 && (a < 0) != (b < 0)`, `m` being NumPy's remainder of `a` by `b`:
/// where floor and truncating division differ.
fn signs_differ_with_remainder(c: &mut Ctx, a: &Val, b: &Val, m: &Val) -> Val {
    let zero = c.scalar(a.ty.elem, 0.0);
    let nz = c.cmp("ne", m, &zero);
    let aneg = c.cmp("lt", a, &zero);
    let bneg = c.cmp("lt", b, &zero);
    let differ = c.binary("xor", &aneg, &bneg);
    c.binary("and", &nz, &differ)
}

fn div(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(&a, &b)?;
    let q = c.binary("div", &a, &b);
    if a.ty.elem.is_float() {
        return Ok(vec![q]);
    }
    // ONNX's integer Div truncates; nd.div floors: one more where they differ.
    let m = c.binary("rem", &a, &b);
    let fix = signs_differ_with_remainder(c, &a, &b, &m);
    let one = c.scalar(a.ty.elem, 1.0);
    let up = c.binary("add", &q, &one);
    Ok(vec![c.select(&fix, &up, &q)])
}

fn fold(c: &mut Ctx, n: &Node, name: &str) -> Result<Vec<Val>, String> {
    let mut acc = n.input(0)?;
    for i in 1..n.inputs.len() {
        let x = n.input(i)?;
        same_elems(&acc, &x)?;
        acc = c.binary(name, &acc, &x);
    }
    Ok(vec![acc])
}

fn mean(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let sum = fold(c, n, "add")?.remove(0);
    let count = c.scalar(sum.ty.elem, n.inputs.len() as f64);
    Ok(vec![c.binary("div", &sum, &count)])
}

fn where_(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (cond, t, f) = (n.input(0)?, n.input(1)?, n.input(2)?);
    same_elems(&t, &f)?;
    Ok(vec![c.select(&cond, &t, &f)])
}

fn shape_list(dims: &[i64]) -> String {
    dims.iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn expand(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    let shape = n.input(1)?;
    let Some(target) = shape.konst.as_ref().and_then(|k| k.as_i64s()) else {
        return Err("Expand with a shape computed at run time is not supported yet".into());
    };
    let target: Vec<Dim> = target.iter().map(|&d| Dim::Static(d)).collect();
    // ONNX's Expand broadcasts both ways: the result is the broadcast of the
    // input's shape and the given one.
    let dims = broadcast(&[&x.ty.dims, &target]);
    let ty = Ty {
        elem: x.ty.elem,
        dims,
    };
    let Some(out) = ty.static_dims() else {
        return Err(format!(
            "Expand of {} to {:?} needs run-time sizes, which is not supported yet",
            x.ty.mlir(),
            shape
                .konst
                .as_ref()
                .and_then(|k| k.as_i64s())
                .unwrap_or_default()
        ));
    };
    Ok(vec![c.op(
        &format!(
            "nd.broadcast_to {}, shape = [{}] : ({}) -> {}",
            x.ssa,
            shape_list(&out),
            x.ty.mlir(),
            ty.mlir()
        ),
        ty,
    )])
}

fn prelu(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (x, slope) = (n.input(0)?, n.input(1)?);
    same_elems(&x, &slope)?;
    unidirectional(&slope, &x, "slope", "X's shape", "PRelu")?;
    let zero = c.scalar(x.ty.elem, 0.0);
    let neg = c.cmp("lt", &x, &zero);
    let prod = c.binary("mul", &x, &slope);
    Ok(vec![c.select(&neg, &prod, &x)])
}

fn constant(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let a = n
        .proto
        .attribute
        .first()
        .ok_or_else(|| "Constant has no value attribute".to_string())?;
    let k = match a.name.as_deref().unwrap_or("") {
        "value" => tensor::decode(a.t.as_ref().ok_or("attribute 'value' holds no tensor")?)?,
        "value_float" => tensor::scalar(Elem::F32, f64::from(a.f.unwrap_or(0.0))),
        "value_int" => tensor::i64s(&[a.i.unwrap_or(0)]).reshaped(vec![]),
        "value_ints" => tensor::i64s(&a.ints),
        "value_floats" => {
            let mut k = tensor::i64s(&[]);
            k.ty = Ty {
                elem: Elem::F32,
                dims: vec![Dim::Static(a.floats.len() as i64)],
            };
            k.bytes = a.floats.iter().flat_map(|f| f.to_le_bytes()).collect();
            k
        }
        other => return Err(format!("attribute '{other}' of Constant is not supported")),
    };
    Ok(vec![c.constant(k)])
}

fn matmul(c: &mut Ctx, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(&a, &b)?;
    let (ra, rb) = (a.ty.dims.len(), b.ty.dims.len());
    if ra == 0 || rb == 0 {
        return Err("MatMul of a 0-D operand".into());
    }
    let batch_a = &a.ty.dims[..ra.saturating_sub(2)];
    let batch_b = &b.ty.dims[..rb.saturating_sub(2)];
    let mut dims = broadcast(&[batch_a, batch_b]);
    if ra >= 2 {
        dims.push(a.ty.dims[ra - 2]);
    }
    if rb >= 2 {
        dims.push(b.ty.dims[rb - 1]);
    }
    let ty = Ty {
        elem: a.ty.elem,
        dims,
    };
    Ok(vec![c.two_nd("matmul", &a, &b, ty)])
}

/// ONNX's unidirectional broadcast: `from` must broadcast to `to`'s shape,
/// never grow it; `Err` names both (`what`, `target`) and the op.
pub(crate) fn unidirectional(
    from: &Val,
    to: &Val,
    what: &str,
    target: &str,
    op: &str,
) -> Result<(), String> {
    let ok = from.ty.dims.len() <= to.ty.dims.len()
        && from
            .ty
            .dims
            .iter()
            .rev()
            .zip(to.ty.dims.iter().rev())
            .all(|(s, d)| match (s, d) {
                (Dim::Static(1), _) | (Dim::Dynamic, _) | (_, Dim::Dynamic) => true,
                (Dim::Static(a), Dim::Static(b)) => a == b,
            });
    if ok {
        return Ok(());
    }
    Err(format!(
        "{what} {} does not broadcast to {target} {} ({op} broadcasts unidirectionally)",
        from.ty.mlir(),
        to.ty.mlir()
    ))
}
