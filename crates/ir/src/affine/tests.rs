use crate::Context;

fn map_text(src: &str) -> String {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(true);
    let text = format!("\"t.op\"() {{m = affine_map<{src}>}} : () -> ()");
    let buf = ctx.add_source("t", text.as_str());
    let module = crate::parse::parse_source(&mut ctx, buf, 0..text.len()).unwrap();
    let top = module.top().unwrap();
    let body = module.region(module.op(top).regions()[0]).blocks()[0];
    let op = module.block_ops(body).next().unwrap();
    let a = module.op(op).attrs()[0].value;
    match ctx.attr_kind(a) {
        crate::AttrKind::AffineMap(m) => {
            let mut s = String::new();
            super::write_affine_map(&ctx, m, &mut s).unwrap();
            s
        }
        _ => panic!("not a map"),
    }
}

#[test]
fn expressions_simplify_as_upstream_builds_them() {
    assert_eq!(map_text("(d0) -> (d0 + d0)"), "(d0) -> (d0 * 2)");
    assert_eq!(map_text("(d0) -> (2 + d0 + 3)"), "(d0) -> (d0 + 5)");
    assert_eq!(map_text("(d0, d1) -> (d1 + d0)"), "(d0, d1) -> (d0 + d1)");
    assert_eq!(map_text("(d0)[s0] -> (s0 + d0)"), "(d0)[s0] -> (d0 + s0)");
    assert_eq!(
        map_text("(d0) -> (d0 - d0 floordiv 4 * 4)"),
        "(d0) -> (d0 mod 4)"
    );
    assert_eq!(map_text("(d0) -> ((d0 * 8) mod 4)"), "(d0) -> (0)");
    assert_eq!(
        map_text("(d0) -> ((d0 * 128) floordiv 64)"),
        "(d0) -> (d0 * 2)"
    );
    assert_eq!(
        map_text("(d0, d1) -> (-(d0 + d1))"),
        "(d0, d1) -> (-(d0 + d1))"
    );
    assert_eq!(
        map_text("(d0) -> (7 floordiv -2, -7 ceildiv 2, -7 mod 3)"),
        "(d0) -> (-4, -3, 2)"
    );
    assert_eq!(
        map_text("(d0, d1) -> (d0 - d1 * 3)"),
        "(d0, d1) -> (d0 - d1 * 3)"
    );
}
