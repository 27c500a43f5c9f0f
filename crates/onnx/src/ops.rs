//! Each supported ONNX op once, in [`TABLE`]: its name, the attributes it
//! understands, and how it becomes nd ops. An op that is not in the table,
//! and an attribute that an entry does not list, are refused by name.
//! The elementwise ops, comparisons, logic and activations are here; the
//! products and reductions in [`crate::reduce`], the shape ops in
//! [`crate::structure`].

use crate::emit::{Binary, Ctx, Unary, Val};
use crate::generate;
use crate::proto::{AttributeProto, NodeProto};
use crate::reduce::{gemm, matmul, reduction, softmax, summed};
use crate::structure as st;
use crate::tensor;
use crate::types::Elem;
use tensor_dialect_nd::elementwise as nd;

type Lower = fn(&mut Ctx<'_>, &Node) -> Result<Vec<Val>, String>;

/// One node's inputs and attributes.
pub struct Node<'a> {
    pub(crate) proto: &'a NodeProto,
    inputs: Vec<Option<Val>>,
}

impl Node<'_> {
    /// Input `i`, which the op requires.
    pub(crate) fn input(&self, i: usize) -> Result<Val, String> {
        self.inputs
            .get(i)
            .cloned()
            .flatten()
            .ok_or_else(|| format!("input #{i} is missing"))
    }
    /// Input `i`, if given.
    pub(crate) fn opt(&self, i: usize) -> Option<Val> {
        self.inputs.get(i).cloned().flatten()
    }
    /// How many inputs are listed (given or empty).
    pub(crate) fn arity(&self) -> usize {
        self.inputs.len()
    }
    pub(crate) fn attr(&self, name: &str) -> Option<&AttributeProto> {
        self.proto
            .attribute
            .iter()
            .find(|a| a.name.as_deref() == Some(name))
    }
    pub(crate) fn ints(&self, name: &str) -> Option<Vec<i64>> {
        self.attr(name).map(|a| a.ints.clone())
    }
    pub(crate) fn int(&self, name: &str, default: i64) -> i64 {
        self.attr(name).and_then(|a| a.i).unwrap_or(default)
    }
    pub(crate) fn float(&self, name: &str, default: f32) -> f64 {
        f64::from(self.attr(name).and_then(|a| a.f).unwrap_or(default))
    }
}

/// The attributes of ONNX's reductions (but ReduceSum, whose axes have been an
/// input since opset 13).
const REDUCE_ATTRS: &[&str] = &["keepdims", "noop_with_empty_axes", "axes"];

/// ONNX op name, the attributes the lowering reads, the lowering.
const TABLE: &[(&str, &[&str], Lower)] = &[
    ("Add", &[], bin::<nd::AddOp>),
    ("Sub", &[], bin::<nd::SubOp>),
    ("Mul", &[], bin::<nd::MulOp>),
    ("Div", &[], div),
    ("Pow", &[], pow),
    ("Mod", &["fmod"], modulo),
    ("Max", &[], fold::<nd::MaxOp>),
    ("Min", &[], fold::<nd::MinOp>),
    ("Sum", &[], fold::<nd::AddOp>),
    ("Mean", &[], mean),
    ("Equal", &[], |c, n| cmp(c, n, "eq")),
    ("Less", &[], |c, n| cmp(c, n, "lt")),
    ("LessOrEqual", &[], |c, n| cmp(c, n, "le")),
    ("Greater", &[], |c, n| cmp(c, n, "gt")),
    ("GreaterOrEqual", &[], |c, n| cmp(c, n, "ge")),
    ("And", &[], bin::<nd::AndOp>),
    ("Or", &[], bin::<nd::OrOp>),
    ("Xor", &[], bin::<nd::XorOp>),
    ("BitwiseAnd", &[], bin::<nd::AndOp>),
    ("BitwiseOr", &[], bin::<nd::OrOp>),
    ("BitwiseXor", &[], bin::<nd::XorOp>),
    ("Not", &[], un::<nd::NotOp>),
    ("BitwiseNot", &[], un::<nd::NotOp>),
    ("Where", &[], where_),
    ("Expand", &[], generate::expand),
    ("PRelu", &[], prelu),
    ("Neg", &[], un::<nd::NegOp>),
    ("Abs", &[], un::<nd::AbsOp>),
    ("Exp", &[], un::<nd::ExpOp>),
    ("Log", &[], un::<nd::LogOp>),
    ("Sqrt", &[], un::<nd::SqrtOp>),
    ("Tanh", &[], un::<nd::TanhOp>),
    ("Sin", &[], un::<nd::SinOp>),
    ("Cos", &[], un::<nd::CosOp>),
    ("Floor", &[], un::<nd::FloorOp>),
    ("Ceil", &[], un::<nd::CeilOp>),
    ("Erf", &[], un::<nd::ErfOp>),
    ("Sign", &[], un::<nd::SignOp>),
    ("Sigmoid", &[], un::<nd::LogisticOp>),
    ("IsNaN", &[], |c, n| {
        let x = n.input(0)?;
        Ok(vec![c.cmp("ne", &x, &x)?])
    }),
    ("Reciprocal", &[], |c, n| {
        let x = n.input(0)?;
        let one = c.scalar_like(&x, 1.0)?;
        Ok(vec![c.bin::<nd::DivOp>(&one, &x)?])
    }),
    ("Relu", &[], |c, n| {
        let x = n.input(0)?;
        let zero = c.scalar_like(&x, 0.0)?;
        Ok(vec![c.bin::<nd::MaxOp>(&x, &zero)?])
    }),
    ("LeakyRelu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar_like(&x, n.float("alpha", 0.01))?;
        let zero = c.scalar_like(&x, 0.0)?;
        let neg = c.cmp("lt", &x, &zero)?;
        let ax = c.bin::<nd::MulOp>(&x, &a)?;
        Ok(vec![c.select(&neg, &ax, &x)?])
    }),
    ("Elu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar_like(&x, n.float("alpha", 1.0))?;
        let zero = c.scalar_like(&x, 0.0)?;
        let neg = c.cmp("lt", &x, &zero)?;
        let e = c.un::<nd::Expm1Op>(&x)?;
        let ae = c.bin::<nd::MulOp>(&e, &a)?;
        Ok(vec![c.select(&neg, &ae, &x)?])
    }),
    ("Selu", &["alpha", "gamma"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar_like(&x, n.float("alpha", 1.673_263_2))?;
        let g = c.scalar_like(&x, n.float("gamma", 1.050_701))?;
        let zero = c.scalar_like(&x, 0.0)?;
        let le = c.cmp("le", &x, &zero)?;
        let e = c.un::<nd::ExpOp>(&x)?;
        let ae = c.bin::<nd::MulOp>(&e, &a)?;
        let aem = c.bin::<nd::SubOp>(&ae, &a)?;
        let s = c.select(&le, &aem, &x)?;
        Ok(vec![c.bin::<nd::MulOp>(&s, &g)?])
    }),
    ("Celu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar_like(&x, n.float("alpha", 1.0))?;
        let zero = c.scalar_like(&x, 0.0)?;
        let xa = c.bin::<nd::DivOp>(&x, &a)?;
        let e = c.un::<nd::Expm1Op>(&xa)?;
        let ae = c.bin::<nd::MulOp>(&e, &a)?;
        let lo = c.bin::<nd::MinOp>(&ae, &zero)?;
        let hi = c.bin::<nd::MaxOp>(&x, &zero)?;
        Ok(vec![c.bin::<nd::AddOp>(&hi, &lo)?])
    }),
    ("HardSigmoid", &["alpha", "beta"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar_like(&x, n.float("alpha", 0.2))?;
        let b = c.scalar_like(&x, n.float("beta", 0.5))?;
        let zero = c.scalar_like(&x, 0.0)?;
        let one = c.scalar_like(&x, 1.0)?;
        let ax = c.bin::<nd::MulOp>(&x, &a)?;
        let axb = c.bin::<nd::AddOp>(&ax, &b)?;
        let lo = c.bin::<nd::MaxOp>(&axb, &zero)?;
        Ok(vec![c.bin::<nd::MinOp>(&lo, &one)?])
    }),
    ("ThresholdedRelu", &["alpha"], |c, n| {
        let x = n.input(0)?;
        let a = c.scalar_like(&x, n.float("alpha", 1.0))?;
        let zero = c.scalar_like(&x, 0.0)?;
        let gt = c.cmp("gt", &x, &a)?;
        Ok(vec![c.select(&gt, &x, &zero)?])
    }),
    ("Softplus", &[], |c, n| {
        let x = n.input(0)?;
        let e = c.un::<nd::ExpOp>(&x)?;
        Ok(vec![c.un::<nd::Log1pOp>(&e)?])
    }),
    ("Softsign", &[], |c, n| {
        let x = n.input(0)?;
        let one = c.scalar_like(&x, 1.0)?;
        let a = c.un::<nd::AbsOp>(&x)?;
        let d = c.bin::<nd::AddOp>(&a, &one)?;
        Ok(vec![c.bin::<nd::DivOp>(&x, &d)?])
    }),
    ("Clip", &[], |c, n| {
        let mut x = n.input(0)?;
        if let Some(lo) = n.opt(1) {
            x = c.bin::<nd::MaxOp>(&x, &lo)?;
        }
        if let Some(hi) = n.opt(2) {
            x = c.bin::<nd::MinOp>(&x, &hi)?;
        }
        Ok(vec![x])
    }),
    ("Identity", &[], |_, n| Ok(vec![n.input(0)?])),
    ("Cast", &["to", "saturate"], |c, n| {
        let x = n.input(0)?;
        let code = i32::try_from(n.int("to", 0)).unwrap_or(0);
        let to = Elem::from_onnx(code).map_err(|t| format!("Cast to {t} is not supported"))?;
        Ok(vec![c.cast(&x, to)?])
    }),
    ("CastLike", &["saturate"], |c, n| {
        let x = n.input(0)?;
        let like = n.input(1)?;
        let to = c.elem(&like)?;
        Ok(vec![c.cast(&x, to)?])
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
    ("Gemm", &["alpha", "beta", "transA", "transB"], gemm),
    (
        "ReduceSum",
        &["keepdims", "noop_with_empty_axes"],
        |c, n| reduction(c, n, "sum"),
    ),
    ("ReduceMax", REDUCE_ATTRS, |c, n| reduction(c, n, "max")),
    ("ReduceMin", REDUCE_ATTRS, |c, n| reduction(c, n, "min")),
    ("ReduceProd", REDUCE_ATTRS, |c, n| reduction(c, n, "prod")),
    ("ReduceL1", REDUCE_ATTRS, |c, n| summed(c, n, "l1")),
    ("ReduceL2", REDUCE_ATTRS, |c, n| summed(c, n, "l2")),
    ("ReduceSumSquare", REDUCE_ATTRS, |c, n| {
        summed(c, n, "sum_square")
    }),
    ("ReduceLogSum", REDUCE_ATTRS, |c, n| summed(c, n, "log_sum")),
    ("ReduceLogSumExp", REDUCE_ATTRS, |c, n| {
        summed(c, n, "log_sum_exp")
    }),
    ("ReduceMean", REDUCE_ATTRS, |c, n| reduction(c, n, "mean")),
    ("Softmax", &["axis"], |c, n| softmax(c, n, false)),
    ("LogSoftmax", &["axis"], |c, n| softmax(c, n, true)),
    ("Transpose", &["perm"], st::transpose),
    ("Shape", &["start", "end"], st::shape),
    ("Size", &[], st::size),
    ("Reshape", &["allowzero"], st::reshape),
    ("Flatten", &["axis"], st::flatten),
    ("Squeeze", &[], st::squeeze),
    ("Unsqueeze", &[], st::unsqueeze),
    ("Concat", &["axis"], st::concat),
    ("Slice", &[], st::slice),
    ("Split", &["axis", "num_outputs"], st::split),
    ("ConstantOfShape", &["value"], generate::constant_of_shape),
    ("Range", &[], generate::range),
    ("Trilu", &["upper"], generate::trilu),
    ("Pad", &["mode"], st::pad),
    ("Gather", &["axis"], |c, n| st::gather(c, n, false)),
    ("GatherElements", &["axis"], |c, n| st::gather(c, n, true)),
    ("If", &["then_branch", "else_branch"], crate::control::if_),
];

/// Lowers `node` (op type `op`) into `c`; the values of its outputs.
pub fn lower(c: &mut Ctx<'_>, node: &NodeProto, op: &str) -> Result<Vec<Val>, String> {
    let Some((_, attrs, f)) = TABLE.iter().find(|(name, ..)| *name == op) else {
        return Err(format!("op '{op}' is not supported"));
    };
    if c.opset < *crate::OPSETS.start() {
        let since = crate::OLDER
            .iter()
            .find(|(name, _)| *name == op)
            .map(|&(_, v)| v);
        if since.is_none_or(|v| c.opset < v) {
            return Err(format!(
                "op '{op}' at opset {} is not supported (only at opsets {} to {})",
                c.opset,
                since.unwrap_or(*crate::OPSETS.start()),
                crate::OPSETS.end()
            ));
        }
    }
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
            Some(c.value(name)?)
        });
    }
    // `If` imports a subgraph, and a `Constant` is one already.
    if c.fold
        && !matches!(op, "If" | "Constant")
        && crate::fold::foldable(&inputs)
        && let Some(outs) = crate::fold::fold(c, node, op, &inputs)
    {
        return Ok(outs);
    }
    f(
        c,
        &Node {
            proto: node,
            inputs,
        },
    )
}

/// Refuses operands of different element types, naming both.
pub(crate) fn same_elems(c: &Ctx<'_>, a: &Val, b: &Val) -> Result<(), String> {
    if c.elem(a)? != c.elem(b)? {
        return Err(format!(
            "operands have different element types ({} and {})",
            c.show(a),
            c.show(b)
        ));
    }
    Ok(())
}

fn bin<O: Binary>(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(c, &a, &b)?;
    Ok(vec![c.bin::<O>(&a, &b)?])
}

fn un<O: Unary>(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let x = n.input(0)?;
    Ok(vec![c.un::<O>(&x)?])
}

fn cmp(c: &mut Ctx<'_>, n: &Node, pred: &str) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(c, &a, &b)?;
    Ok(vec![c.cmp(pred, &a, &b)?])
}

fn pow(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    // ONNX's Pow lets the exponent have its own type; nd's pow takes one. A
    // float base takes any exponent converted to its type (exact for the
    // integers ONNX's tests use); an integer base only an exponent of its type.
    let (ea, eb) = (c.elem(&a)?, c.elem(&b)?);
    if ea != eb && !ea.is_float() && eb.is_float() {
        // An integer base with a float exponent: ONNX's reference computes in
        // f64 (NumPy's promotion) and converts back to the base's type.
        let (a64, b64) = (c.cast(&a, Elem::F64)?, c.cast(&b, Elem::F64)?);
        let p = c.bin::<nd::PowOp>(&a64, &b64)?;
        return Ok(vec![c.cast(&p, ea)?]);
    }
    if ea != eb && !ea.is_float() {
        return Err(format!(
            "Pow of {} by {} is not supported (integers of different types)",
            c.show(&a),
            c.show(&b)
        ));
    }
    let b = c.cast(&b, ea)?;
    Ok(vec![c.bin::<nd::PowOp>(&a, &b)?])
}

fn modulo(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(c, &a, &b)?;
    // nd.rem is NumPy's remainder (the divisor's sign): ONNX's fmod=0, which
    // its reference computes with numpy.mod for floats too.
    let m = c.bin::<nd::RemOp>(&a, &b)?;
    if n.int("fmod", 0) == 0 {
        return Ok(vec![m]);
    }
    // fmod=1 is C's fmod (the dividend's sign): where the remainder is non-zero
    // and the operands' signs differ, subtract the divisor.
    let fix = signs_differ_with_remainder(c, &a, &b, &m)?;
    let adjusted = c.bin::<nd::SubOp>(&m, &b)?;
    Ok(vec![c.select(&fix, &adjusted, &m)?])
}

/// `m != 0 && (a < 0) != (b < 0)`, `m` being NumPy's remainder of `a` by `b`:
/// where floor and truncating division differ.
fn signs_differ_with_remainder(c: &mut Ctx<'_>, a: &Val, b: &Val, m: &Val) -> Result<Val, String> {
    let zero = c.scalar_like(a, 0.0)?;
    let nz = c.cmp("ne", m, &zero)?;
    let aneg = c.cmp("lt", a, &zero)?;
    let bneg = c.cmp("lt", b, &zero)?;
    let differ = c.bin::<nd::XorOp>(&aneg, &bneg)?;
    c.bin::<nd::AndOp>(&nz, &differ)
}

fn div(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (a, b) = (n.input(0)?, n.input(1)?);
    same_elems(c, &a, &b)?;
    let q = c.bin::<nd::DivOp>(&a, &b)?;
    if c.elem(&a)?.is_float() {
        return Ok(vec![q]);
    }
    // ONNX's integer Div truncates; nd.div floors: one more where they differ.
    let m = c.bin::<nd::RemOp>(&a, &b)?;
    let fix = signs_differ_with_remainder(c, &a, &b, &m)?;
    let one = c.scalar_like(&a, 1.0)?;
    let up = c.bin::<nd::AddOp>(&q, &one)?;
    Ok(vec![c.select(&fix, &up, &q)?])
}

/// The variadic ops (Sum, Max, Min) as a chain of binary ones.
fn fold<O: Binary>(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let mut acc = n.input(0)?;
    for i in 1..n.arity() {
        let x = n.input(i)?;
        same_elems(c, &acc, &x)?;
        acc = c.bin::<O>(&acc, &x)?;
    }
    Ok(vec![acc])
}

fn mean(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let sum = fold::<nd::AddOp>(c, n)?.remove(0);
    let count = c.scalar_like(&sum, n.arity() as f64)?;
    Ok(vec![c.bin::<nd::DivOp>(&sum, &count)?])
}

fn where_(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (cond, t, f) = (n.input(0)?, n.input(1)?, n.input(2)?);
    same_elems(c, &t, &f)?;
    Ok(vec![c.select(&cond, &t, &f)?])
}

/// PRelu: `x < 0 ? x * slope : x`, the slope broadcast one way to X's shape
/// (`nd.broadcast_to`, which checks at run time what is not static).
fn prelu(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
    let (x, slope) = (n.input(0)?, n.input(1)?);
    same_elems(c, &x, &slope)?;
    let slope = st::broadcast_like(c, &slope, &x, "slope", "PRelu")?;
    let zero = c.scalar_like(&x, 0.0)?;
    let neg = c.cmp("lt", &x, &zero)?;
    let prod = c.bin::<nd::MulOp>(&x, &slope)?;
    Ok(vec![c.select(&neg, &prod, &x)?])
}

fn constant(c: &mut Ctx<'_>, n: &Node) -> Result<Vec<Val>, String> {
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
        "value_floats" => tensor::f32s(&a.floats),
        other => return Err(format!("attribute '{other}' of Constant is not supported")),
    };
    Ok(vec![c.constant(k)?])
}
