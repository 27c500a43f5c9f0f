use tensor_ir::Context;

use crate::ToUpstream;

#[test]
fn every_nd_op_has_an_export() {
    let mut ctx = Context::new();
    tensor_dialect_nd::register(&mut ctx);
    crate::register(&mut ctx);
    assert_eq!(
        ctx.ops_without_interface::<ToUpstream>("nd"),
        Vec::<&str>::new()
    );
}
