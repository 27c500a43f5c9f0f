//! `stablehlo.reduce`, in its compact form (`applies stablehlo.add`) and with a
//! general reducer region, and `stablehlo.return`, the reducer's terminator.

use crate::support::{
    TENSOR, VResult, dims, elem, parse_functional_types, plain, print_functional_types, show_dims,
};
use std::fmt;
use tensor_ir::module::OperationState;
use tensor_ir::ods::attr_types::{DenseI64ArrayAttr, i64_slice, parse_i64_list};
use tensor_ir::parse::{BlockArgDecl, PResult, Parser, Tok};
use tensor_ir::print::OpPrinter;
use tensor_ir::registry::{OpTrait, Syntax};
use tensor_ir::{Context, Location, Module, OpId, Type};

/// `(%x init: %c), (%y init: %d) [applies op] across dimensions = [..] {attrs}
/// : (types) -> results [reducer(%a: T, %b: T) (...) { ... }]`.
fn parse_reduce(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    // Upstream's parser places the op where its operands start, not at its name.
    let start = p.pos();
    state.location = p.location(start);
    let mut inputs = Vec::new();
    let mut inits = Vec::new();
    loop {
        p.expect(Tok::LParen, "(")?;
        inputs.push(p.parse_operand()?);
        p.parse_keyword("init")?;
        p.expect(Tok::Colon, ":")?;
        inits.push(p.parse_operand()?);
        p.expect(Tok::RParen, ")")?;
        if !p.consume_if(Tok::Comma)? {
            break;
        }
    }
    let applies = if p.parse_optional_keyword("applies")? {
        let pos = p.pos();
        if !p.at(Tok::BareIdent) {
            return Err(p.error("expected an op name after 'applies'"));
        }
        let name = p.token_text().to_string();
        p.advance()?;
        Some((name, pos))
    } else {
        None
    };
    p.parse_keyword("across")?;
    p.parse_keyword("dimensions")?;
    p.expect(Tok::Equal, "=")?;
    let dims = parse_i64_list(p)?;
    let name = p.ctx.sym("dimensions");
    state.props.push(tensor_ir::NamedAttr { name, value: dims });
    state.attrs = p.parse_optional_attr_dict()?;
    let uses: Vec<_> = inputs.iter().chain(&inits).copied().collect();
    let in_types = parse_functional_types(p, state, &uses)?;
    let region = match applies {
        Some((name, at)) => {
            if !COMMUTATIVE.contains(&name.as_str()) {
                return Err(p.error_at(
                    start,
                    "custom op 'stablehlo.reduce' expected the inner-op to be a commutative \
                     binary-op from the stablehlo dialect, with zero region, producing single result",
                ));
            }
            compact_region(p, &in_types[inputs.len()..], &name, at)?
        }
        None => {
            p.parse_keyword("reducer")?;
            let mut args: Vec<BlockArgDecl<'_>> = Vec::new();
            let mut lhs = Vec::new();
            let mut rhs = Vec::new();
            while p.consume_if(Tok::LParen)? {
                lhs.push(p.parse_block_arg_decl()?);
                p.expect(Tok::Comma, ",")?;
                rhs.push(p.parse_block_arg_decl()?);
                p.expect(Tok::RParen, ")")?;
            }
            args.extend(lhs);
            args.extend(rhs);
            p.parse_region(Some(args))?
        }
    };
    state.regions.push(region);
    Ok(())
}

/// The region of `applies name`: `%a, %b` of the inits' 0-D types, `name` on
/// them, and `stablehlo.return` of its result; all at the op's location.
fn compact_region(
    p: &mut Parser<'_>,
    init_types: &[Type],
    name: &str,
    at: u32,
) -> PResult<tensor_ir::RegionId> {
    let [init] = init_types else {
        return Err(p.error_at(at, "the compact form of 'stablehlo.reduce' takes one input"));
    };
    let Some(e) = elem(p.ctx, *init) else {
        return Err(p.error_at(at, "expected a tensor init value"));
    };
    let scalar = p.ctx.tensor_type(&[], e);
    let block = p.module.create_block(&[scalar, scalar], Location::Unknown);
    let args: Vec<_> = p.module.block(block).args().to_vec();
    let mut inner = OperationState::new(p.ctx.sym(name), Location::Unknown);
    inner.operands.extend(args.iter().copied());
    inner.result_types.push(scalar);
    let inner = p.module.create_op(inner);
    let r = p.module.append_op(block, inner);
    p.attach(r)?;
    let mut ret = OperationState::new(p.ctx.sym(ReturnOp::NAME), Location::Unknown);
    ret.operands.push(p.module.result(inner, 0));
    let ret = p.module.create_op(ret);
    let r = p.module.append_op(block, ret);
    p.attach(r)?;
    let region = p.module.create_region();
    let r = p.module.append_block(region, block);
    p.attach(r)?;
    p.inherit_op_location(&[inner, ret], &args);
    Ok(region)
}

/// The ops a compact `stablehlo.reduce` may apply: the dialect's commutative
/// binary ops.
const COMMUTATIVE: [&str; 7] = [
    crate::elementwise::AddOp::NAME,
    crate::elementwise::MultiplyOp::NAME,
    crate::elementwise::MaximumOp::NAME,
    crate::elementwise::MinimumOp::NAME,
    crate::elementwise::AndOp::NAME,
    crate::elementwise::OrOp::NAME,
    crate::elementwise::XorOp::NAME,
];

/// The op a compact `stablehlo.reduce` applies, if it can print so (upstream's
/// `isEligibleForCompactPrint`): one block of one binary stablehlo op on the two
/// arguments in order, of the inputs' 0-D type, whose result is returned.
fn compact_op(ctx: &Context, module: &Module, op: OpId) -> Option<OpId> {
    let region = *module.op(op).regions().first()?;
    let &[block] = module.region(region).blocks() else {
        return None;
    };
    let mut ops = module.block_ops(block);
    let (inner, ret) = (ops.next()?, ops.next()?);
    if ops.next().is_some() {
        return None;
    }
    let name = ctx.str(module.op(inner).name());
    if !COMMUTATIVE.contains(&name) || !module.op(inner).regions().is_empty() {
        return None;
    }
    let inputs = module.operands(op);
    if inputs.len() != 2 || module.num_results(inner) != 1 {
        return None;
    }
    let e = elem(ctx, module.value_type(inputs[0]))?;
    let t = module.value_type(module.result(inner, 0));
    let args = module.block(block).args();
    let operands = module.operands(inner);
    if operands != args
        || operands.iter().any(|&v| module.value_type(v) != t)
        || dims(ctx, t) != Some(&[])
        || elem(ctx, t) != Some(e)
    {
        return None;
    }
    (ctx.str(module.op(ret).name()) == ReturnOp::NAME
        && module.operands(ret) == [module.result(inner, 0)])
    .then_some(inner)
}

fn print_reduce(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let (ctx, module) = (p.ctx, p.module);
    let operands = module.operands(op);
    let n = operands.len() / 2;
    for i in 0..n {
        p.write(if i == 0 { "(" } else { ", (" });
        p.print_operand(operands[i])?;
        p.write(" init: ");
        p.print_operand(operands[n + i])?;
        p.write(")");
    }
    let compact = compact_op(ctx, module, op);
    if let Some(inner) = compact {
        p.write(" applies ");
        p.write(ctx.str(module.op(inner).name()));
    }
    p.write(" across dimensions = ");
    let dims = module
        .get_attr_named(ctx, op, "dimensions")
        .and_then(|a| i64_slice(ctx, a))
        .unwrap_or_default();
    let mut s = String::new();
    crate::attrs::write_list(&mut s, dims);
    p.write(&s);
    p.print_optional_attr_dict(module.op(op).attrs(), &[])?;
    print_functional_types(p, op)?;
    if compact.is_some() {
        return Ok(());
    }
    let Some(&region) = module.op(op).regions().first() else {
        return Ok(());
    };
    let Some(&block) = module.region(region).blocks().first() else {
        return Ok(());
    };
    p.write("\n");
    p.write(&" ".repeat(p.indent() + 1));
    p.write("reducer");
    let args = module.block(block).args();
    let half = args.len() / 2;
    for i in 0..half {
        p.write("(");
        for (j, &a) in [args[i], args[half + i]].iter().enumerate() {
            if j > 0 {
                p.write(", ");
            }
            p.print_operand(a)?;
            p.write(": ");
            p.print_type(module.value_type(a))?;
            p.print_arg_location(a)?;
        }
        p.write(")");
    }
    p.write("  ");
    p.print_region(region, false)
}

/// Each reduced dim is a dim of the inputs.
fn verify_reduce(ctx: &Context, module: &Module, op: OpId) -> VResult {
    let Some(rank) = module
        .operands(op)
        .first()
        .and_then(|&v| dims(ctx, module.value_type(v)))
        .map(<[i64]>::len)
    else {
        return Ok(());
    };
    let ds = module
        .get_attr_named(ctx, op, "dimensions")
        .and_then(|a| i64_slice(ctx, a))
        .unwrap_or_default();
    for &d in ds {
        if d < 0 || usize::try_from(d).is_ok_and(|u| u >= rank) {
            return plain(
                module,
                op,
                format!("Out-of-bounds dimension {d}, expected to be in range [0, {rank})"),
            );
        }
    }
    let operands = module.operands(op);
    let params = module
        .op(op)
        .regions()
        .first()
        .and_then(|&r| module.region(r).blocks().first().copied())
        .map_or(0, |b| module.block(b).args().len());
    if params != operands.len() {
        return plain(
            module,
            op,
            format!(
                "Reduction-region must take {} parameters, but takes {params} parameter(s)",
                operands.len()
            ),
        );
    }
    // Each result is its input without the reduced dims, of its init's elements.
    let n = operands.len() / 2;
    let mut inferred = Vec::with_capacity(n);
    for i in 0..n {
        let input = module.value_type(operands[i]);
        let init = module.value_type(operands[n + i]);
        let (Some(d), Some(e)) = (dims(ctx, input), elem(ctx, init)) else {
            return Ok(());
        };
        let kept: Vec<i64> = (0..d.len())
            .filter(|&j| !ds.iter().any(|&r| usize::try_from(r).ok() == Some(j)))
            .map(|j| d[j])
            .collect();
        inferred.push((kept, e));
    }
    let results = module.result_types(op);
    let fits = results.len() == n
        && results.iter().zip(&inferred).all(|(&r, (kept, e))| {
            elem(ctx, r) == Some(*e) && crate::support::shapes_compatible(dims(ctx, r), Some(kept))
        });
    if !fits {
        let shown: Vec<String> = inferred
            .iter()
            .map(|(kept, e)| {
                let sizes = show_dims(kept).replace(", ", "x");
                let sep = if kept.is_empty() { "" } else { "x" };
                format!("tensor<{sizes}{sep}{}>", ctx.ty(*e))
            })
            .collect();
        let actual: Vec<String> = results.iter().map(|&r| ctx.ty(r).to_string()).collect();
        return plain(
            module,
            op,
            format!(
                "'stablehlo.reduce' op inferred type(s) '{}' are incompatible with return type(s) of operation '{}'",
                shown.join("', '"),
                actual.join("', '")
            ),
        );
    }
    Ok(())
}

tensor_ir::op! {
    /// Reduces `inputs` along `dimensions` from `init_values` with the reducer
    /// region:
    ///
    /// ```mlir
    /// %r = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    /// ```
    pub struct ReduceOp = "stablehlo.reduce" {
        summary: "reduction along dims",
        traits: [OpTrait::Pure],
        operands: { operands*: TENSOR },
        results: { results*: TENSOR },
        attributes: { dimensions: DenseI64ArrayAttr },
        regions: 1,
        syntax: Syntax::Custom(parse_reduce, print_reduce),
        verify: verify_reduce,
    }
}

/// `%r, %s : T, U`, or nothing.
fn parse_return(p: &mut Parser<'_>, state: &mut OperationState) -> PResult<()> {
    let uses = p.parse_operand_list()?;
    state.attrs = p.parse_optional_attr_dict()?;
    if !uses.is_empty() {
        p.expect(Tok::Colon, ":")?;
        let pos = p.pos();
        let types = p.parse_type_list()?;
        state.operands = p
            .resolve_operands(&uses, &types, pos)?
            .into_iter()
            .collect();
    }
    Ok(())
}

fn print_return(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let operands = p.module.operands(op);
    if !operands.is_empty() {
        p.write(" ");
        p.print_operands(operands)?;
    }
    p.print_optional_attr_dict(p.module.op(op).attrs(), &[])?;
    if !operands.is_empty() {
        p.write(" : ");
        p.print_types(&p.module.operand_types(op))?;
    }
    Ok(())
}

tensor_ir::op! {
    /// Returns the values of a reducer region: `stablehlo.return %r : tensor<f32>`.
    pub struct ReturnOp = "stablehlo.return" {
        summary: "reducer terminator",
        traits: [OpTrait::Pure, OpTrait::Terminator],
        operands: { results*: TENSOR },
        results: {},
        syntax: Syntax::Custom(parse_return, print_return),
    }
}
