//! Upstream's `custom<SameOperandsAndResultType>`: the trailing types of an op
//! whose operands and single result share one type, written once as `: T`, or
//! as the functional type `: (A, B) -> R` when they differ. Elementwise ops of
//! several dialects (`nd`, `stablehlo`) print their types so.

use super::{CustomDirective, FormatParse};
use crate::module::OpId;
use crate::parse::PResult;
use crate::print::OpPrinter;
use std::fmt;

/// The directive, under upstream's name.
pub const SAME_OPERANDS_AND_RESULT_TYPE: CustomDirective = CustomDirective {
    name: "SameOperandsAndResultType",
    parse,
    print,
};

fn parse(f: &mut FormatParse<'_, '_>) -> PResult<()> {
    let pos = f.p.pos();
    let t = f.p.parse_type()?;
    match f.p.ctx.function_signature(t) {
        Some((inputs, results)) => {
            let (inputs, results) = (inputs.to_vec(), results.to_vec());
            f.set_operand_types(inputs, pos);
            f.set_result_types(results);
        }
        None => {
            f.set_operand_types(vec![t; f.num_uses()], pos);
            f.set_result_types(vec![t]);
        }
    }
    Ok(())
}

fn print(p: &mut OpPrinter<'_>, op: OpId) -> fmt::Result {
    let inputs = p.module.operand_types(op);
    let results = p.module.result_types(op);
    if let [r] = results[..]
        && inputs.iter().all(|&t| t == r)
    {
        return p.print_type(r);
    }
    p.write("(");
    p.print_types(&inputs)?;
    p.write(") -> ");
    p.print_result_types(&results)
}
