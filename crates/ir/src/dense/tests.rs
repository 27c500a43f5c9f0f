use super::*;
use crate::attrs::AttrKind;
use crate::{Attribute, Context};
use proptest::prelude::*;

const I8: ElementKind = ElementKind::Int {
    width: 8,
    signedness: Signedness::Signless,
};

fn int(width: u32, signedness: Signedness) -> ElementKind {
    ElementKind::Int { width, signedness }
}

/// Parses `text` as the attribute of one op and returns it.
fn parse_attr(ctx: &mut Context, text: &str) -> Result<Attribute, String> {
    let src = format!("\"t.a\"() {{a = {text}}} : () -> ()");
    let buffer = ctx.add_source("t.mlir", src.clone());
    let module = crate::parse::parse_source(ctx, buffer, 0..src.len()).map_err(|d| d.message)?;
    let top = module.top().ok_or("no module")?;
    let region = module.op(top).regions()[0];
    let block = module.region(region).entry().ok_or("no block")?;
    let op = module.block(block).first_op().ok_or("no op")?;
    let name = ctx.sym("a");
    module
        .get_attr(op, name)
        .ok_or_else(|| "no attribute".into())
}

fn ctx() -> Context {
    let mut ctx = Context::new();
    ctx.set_allow_unregistered(true);
    ctx
}

#[test]
fn typed_reads_do_not_copy() {
    let mut ctx = ctx();
    let a = parse_attr(&mut ctx, "dense<[1.5, 2.5, -4.0]> : tensor<3xf32>").unwrap();
    let (_, values) = ctx.as_dense_elements(a).unwrap();
    let first = values.as_slice::<f32>().unwrap();
    assert_eq!(first, &[1.5, 2.5, -4.0]);
    // A second read, and a read through a clone, see the same stored buffer.
    let (_, again) = ctx.as_dense_elements(a).unwrap();
    let cloned = again.clone();
    assert_eq!(first.as_ptr(), again.as_slice::<f32>().unwrap().as_ptr());
    assert_eq!(first.as_ptr(), cloned.as_slice::<f32>().unwrap().as_ptr());
    // The float view is the stored bits, not a converted copy.
    let Data::U32(bits) = &values.data else {
        panic!("f32 is stored as u32 bits")
    };
    assert_eq!(first.as_ptr().cast::<u32>(), bits.as_ptr());
}

#[test]
fn slices_only_for_the_element_type() {
    let mut ctx = ctx();
    let f32s = parse_attr(&mut ctx, "dense<[1.0, 2.0]> : tensor<2xf32>").unwrap();
    let (_, v) = ctx.as_dense_elements(f32s).unwrap();
    assert!(v.as_slice::<u32>().is_none() && v.as_slice::<f64>().is_none());
    type Check = fn(&ElementValues) -> bool;
    let cases: [(&str, Check); 12] = [
        ("dense<[true, false]> : tensor<2xi1>", |v| {
            v.as_slice::<bool>() == Some(&[true, false]) && v.as_slice::<u8>() == Some(&[1, 0])
        }),
        ("dense<[-1, 2]> : tensor<2xi8>", |v| {
            v.as_slice::<i8>() == Some(&[-1, 2]) && v.as_slice::<u8>() == Some(&[255, 2])
        }),
        ("dense<[200, 2]> : tensor<2xui8>", |v| {
            v.as_slice::<u8>() == Some(&[200, 2])
        }),
        ("dense<[-1, 2]> : tensor<2xsi16>", |v| {
            v.as_slice::<i16>() == Some(&[-1, 2]) && v.as_slice::<i32>().is_none()
        }),
        ("dense<[-1, 2]> : tensor<2xi32>", |v| {
            v.as_slice::<i32>() == Some(&[-1, 2]) && v.as_slice::<f32>().is_none()
        }),
        ("dense<[-1, 2]> : tensor<2xi64>", |v| {
            v.as_slice::<i64>() == Some(&[-1, 2]) && v.as_slice::<f64>().is_none()
        }),
        ("dense<[-1, 2]> : tensor<2xindex>", |v| {
            v.as_slice::<i64>() == Some(&[-1, 2]) && v.as_slice::<u64>().is_some()
        }),
        ("dense<[-1, 2]> : tensor<2xi128>", |v| {
            v.as_slice::<i128>() == Some(&[-1, 2])
        }),
        ("dense<[1.0, 2.0]> : tensor<2xf16>", |v| {
            v.as_slice::<half::f16>().map(|s| s[1].to_f32()) == Some(2.0)
                && v.as_slice::<half::bf16>().is_none()
                && v.as_slice::<u16>().is_none()
        }),
        ("dense<[1.0, 2.0]> : tensor<2xbf16>", |v| {
            v.as_slice::<half::bf16>().map(|s| s[1].to_f32()) == Some(2.0)
        }),
        ("dense<[1.0, 2.0]> : tensor<2xf64>", |v| {
            v.as_slice::<f64>() == Some(&[1.0, 2.0])
        }),
        // Odd widths hold raw bits: no slice, read values with `int`.
        ("dense<[-1, 2]> : tensor<2xi3>", |v| {
            v.as_slice::<i8>().is_none() && v.as_slice::<u8>().is_none() && v.int(0) == Some(-1)
        }),
    ];
    for (text, check) in cases {
        let a = parse_attr(&mut ctx, text).unwrap();
        let (_, v) = ctx.as_dense_elements(a).unwrap();
        assert!(check(v), "{text}: {v:?}");
    }
}

#[test]
fn elements_are_stored_at_their_width() {
    let n = 1000;
    let i8s = ElementValues::from_ints(I8, (0..n).map(|i| i128::from(i % 251))).unwrap();
    assert_eq!(i8s.len(), n as usize);
    assert_eq!(i8s.storage_bytes(), n as usize, "an i8 is one byte");
    let bools =
        ElementValues::from_ints(ElementKind::Bool, (0..n).map(|i| i128::from(i % 2))).unwrap();
    assert_eq!(bools.storage_bytes(), n as usize);
    let halfs = ElementValues::from_floats(FloatKind::F16, (0..n).map(f64::from));
    assert_eq!(halfs.storage_bytes(), 2 * n as usize);
    let i24 = ElementValues::from_ints(int(24, Signedness::Signless), [1, 2]).unwrap();
    assert_eq!(i24.storage_bytes(), 8, "i24 goes in a 32-bit container");
    // A splat of a huge shape stores one element.
    let mut ctx = ctx();
    let a = parse_attr(&mut ctx, "dense<7> : tensor<1000000x1000000xi8>").unwrap();
    let (_, v) = ctx.as_dense_elements(a).unwrap();
    assert!(v.is_splat());
    assert_eq!(v.storage_bytes(), 1);
}

#[test]
fn uniform_literals_become_splats() {
    let mut ctx = ctx();
    for text in [
        "dense<[[3, 3], [3, 3]]> : tensor<2x2xi32>",
        "dense<\"0x0300000003000000\"> : tensor<2xi32>",
        "dense<3> : tensor<2xi32>",
        "dense<\"0x03000000\"> : tensor<2xi32>",
    ] {
        let a = parse_attr(&mut ctx, text).unwrap();
        let (_, v) = ctx.as_dense_elements(a).unwrap();
        assert!(v.is_splat() && v.int(0) == Some(3), "{text}");
    }
    let a = parse_attr(&mut ctx, "dense<[3, 4]> : tensor<2xi32>").unwrap();
    assert!(!ctx.as_dense_elements(a).unwrap().1.is_splat());
}

#[test]
fn integers_read_back_by_signedness() {
    let raw = |kind, bits: &[u8]| ElementValues::from_raw_data(kind, bits, Some(1)).unwrap();
    assert_eq!(raw(int(3, Signedness::Signless), &[0b111]).int(0), Some(-1));
    assert_eq!(raw(int(3, Signedness::Signed), &[0b011]).int(0), Some(3));
    assert_eq!(raw(int(3, Signedness::Unsigned), &[0b111]).int(0), Some(7));
    // Bits above the width (from hex data) are kept but do not change the value.
    let garbage = raw(int(3, Signedness::Signless), &[0xFF]);
    assert_eq!((garbage.int(0), garbage.bits(0)), (Some(-1), Some(0xFF)));
    let i17 = raw(int(17, Signedness::Signless), &[0xFF, 0xFF, 0x01]);
    assert_eq!(i17.int(0), Some(-1));
    assert_eq!(raw(ElementKind::Index, &[0xFF; 8]).int(0), Some(-1));
    assert_eq!(
        raw(int(128, Signedness::Signless), &[0xFF; 16]).int(0),
        Some(-1)
    );
    assert_eq!(
        raw(ElementKind::Float(FloatKind::F32), &[0, 0, 0x80, 0x3F]).float(0),
        Some(1.0)
    );
    assert_eq!(
        raw(ElementKind::Float(FloatKind::F32), &[0; 4]).int(0),
        None
    );
}

#[test]
fn raw_data_sizes_follow_upstream() {
    let i16k = int(16, Signedness::Signless);
    // One element is a splat; else exactly one per element.
    assert_eq!(
        ElementValues::from_raw_data(i16k, &[1, 0], Some(5)).map(|v| v.len()),
        Some(1)
    );
    assert_eq!(
        ElementValues::from_raw_data(i16k, &[0; 10], Some(5)).map(|v| v.len()),
        Some(5)
    );
    assert!(ElementValues::from_raw_data(i16k, &[0; 8], Some(5)).is_none());
    assert!(ElementValues::from_raw_data(i16k, &[0; 3], Some(1)).is_none());
    assert!(ElementValues::from_raw_data(i16k, &[0; 4], None).is_none());
    // i1: 0x00 or 0xFF alone is a splat; else one bit per element.
    let b = |bytes: &[u8], n| ElementValues::from_raw_data(ElementKind::Bool, bytes, n);
    assert_eq!(
        b(&[0xFF], Some(100)).and_then(|v| v.as_slice::<bool>().map(<[bool]>::to_vec)),
        Some(vec![true])
    );
    assert_eq!(
        b(&[0b101], Some(3)).and_then(|v| v.as_slice::<bool>().map(<[bool]>::to_vec)),
        Some(vec![true, false, true])
    );
    assert!(b(&[0b101, 0], Some(3)).is_none());
    assert!(b(&[0b101], Some(9)).is_none());
    assert_eq!(b(&[0x01, 0x01], Some(9)).map(|v| v.len()), Some(9));
}

#[test]
fn hex_writes_upstream_raw_data() {
    let hex = |v: &ElementValues| {
        let mut s = String::new();
        v.write_hex(&mut s).unwrap();
        s
    };
    let bools = ElementValues::from_ints(ElementKind::Bool, [1, 0, 1, 1, 0, 0, 0, 0, 1]).unwrap();
    assert_eq!(hex(&bools), "\"0x0D01\"");
    let i17 = ElementValues::from_ints(int(17, Signedness::Signless), [-1, 2]).unwrap();
    assert_eq!(hex(&i17), "\"0xFFFF01020000\"");
    let f16 = ElementValues::from_floats(FloatKind::F16, [1.0, -2.0]);
    assert_eq!(hex(&f16), "\"0x003C00C0\"");
}

#[test]
fn constructors_check_the_kind() {
    assert!(ElementValues::from_ints(ElementKind::Float(FloatKind::F32), [1]).is_none());
    assert!(ElementValues::from_slice(I8, &[1i8, 2]).is_some());
    assert!(ElementValues::from_slice(I8, &[1i16, 2]).is_none());
    assert!(ElementValues::from_slice(ElementKind::Float(FloatKind::F32), &[1u32]).is_none());
    assert!(ElementValues::from_slice(ElementKind::Bool, &[1u8, 2]).is_none());
    let f = ElementValues::from_slice(ElementKind::Float(FloatKind::F32), &[1.5f32]).unwrap();
    assert_eq!(f.float(0), Some(1.5));

    let mut ctx = ctx();
    let f32t = ctx.float_type(FloatKind::F32);
    let t = ctx.tensor_type(&[2], f32t);
    let two = ElementValues::from_floats(FloatKind::F32, [1.0, 2.0]);
    let three = ElementValues::from_floats(FloatKind::F32, [1.0, 2.0, 3.0]);
    assert!(ctx.dense_elements_attr(t, two.clone()).is_some());
    assert!(ctx.dense_elements_attr(t, three).is_none());
    assert!(ctx.dense_elements_attr(f32t, two).is_none());
    let ints = ElementValues::from_ints(I8, [1, 2]).unwrap();
    assert!(ctx.dense_elements_attr(t, ints).is_none());
}

#[test]
fn i64_arrays_keep_working() {
    let mut ctx = ctx();
    let a = ctx.i64_array_attr(&[1, -2, i64::MAX]);
    assert_eq!(ctx.as_i64_array(a), Some(vec![1, -2, i64::MAX]));
    assert_eq!(
        ctx.attr(a).to_string(),
        "array<i64: 1, -2, 9223372036854775807>"
    );
    let parsed = parse_attr(&mut ctx, "array<i64: 1, -2, 9223372036854775807>").unwrap();
    assert_eq!(parsed, a, "uniqued to the same attribute");
    assert!(matches!(ctx.attr_kind(a), AttrKind::DenseArray { .. }));
}

/// Element types with a strategy for their values as written in a literal.
fn element_strategy() -> impl Strategy<Value = (&'static str, BoxedStrategy<String>)> {
    let ints = |lo: i128, hi: i128| (lo..=hi).prop_map(|v| v.to_string()).boxed();
    let floats = |bits: BoxedStrategy<u64>, width: u32| {
        bits.prop_map(move |b| format!("0x{:0w$X}", b, w = (width / 4) as usize))
            .boxed()
    };
    let decimal = any::<f64>()
        .prop_filter("finite", |v| v.is_finite())
        .prop_map(|v| format!("{v:e}"))
        .prop_map(|s| {
            if s.contains('.') {
                s
            } else {
                s.replacen('e', ".0e", 1)
            }
        })
        .boxed();
    prop_oneof![
        Just((
            "i1",
            prop_oneof![Just("true".to_string()), Just("false".to_string())].boxed()
        )),
        Just(("i3", ints(-4, 7))),
        Just(("ui3", ints(0, 7))),
        Just(("i8", ints(-128, 255))),
        Just(("si8", ints(-128, 127))),
        Just(("ui8", ints(0, 255))),
        Just(("i16", ints(-32768, 65535))),
        Just(("i17", ints(-65536, 131071))),
        Just(("i32", ints(i128::from(i32::MIN), i128::from(u32::MAX)))),
        Just(("si64", ints(i128::from(i64::MIN), i128::from(i64::MAX)))),
        Just(("ui64", ints(0, i128::from(u64::MAX)))),
        Just(("index", ints(i128::from(i64::MIN), i128::from(i64::MAX)))),
        Just(("i65", ints(-(1 << 64), (1 << 65) - 1))),
        Just(("i128", ints(i128::MIN + 1, i128::MAX))),
        Just(("f16", floats((0..=u64::from(u16::MAX)).boxed(), 16))),
        Just(("bf16", floats((0..=u64::from(u16::MAX)).boxed(), 16))),
        Just(("f32", floats((0..=u64::from(u32::MAX)).boxed(), 32))),
        Just(("f64", floats(any::<u64>().boxed(), 64))),
        Just(("f64", decimal.clone())),
        Just(("f32", decimal)),
    ]
}

/// A `dense<...>` literal: a shape, an element type, and that many elements, few
/// distinct ones sometimes so that splats come up.
fn dense_literal() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(1i64..4, 0..3),
        element_strategy(),
        any::<bool>(),
        prop_oneof![Just("tensor"), Just("vector")],
    )
        .prop_flat_map(|(dims, (elem, values), few, shaped)| {
            let n = dims.iter().product::<i64>() as usize;
            let pool = if few { 1 } else { n.max(1) };
            (
                Just(dims),
                Just(elem),
                prop::collection::vec(values, pool),
                prop::collection::vec(any::<prop::sample::Index>(), n),
                Just(shaped),
            )
        })
        .prop_map(|(dims, elem, pool, picks, shaped)| {
            let flat: Vec<&str> = picks
                .iter()
                .map(|i| pool[i.index(pool.len())].as_str())
                .collect();
            let mut body = String::new();
            nest(&dims, &flat, &mut body);
            let shape: String = dims.iter().map(|d| format!("{d}x")).collect();
            let shaped = if dims.is_empty() { "tensor" } else { shaped };
            format!("dense<{body}> : {shaped}<{shape}{elem}>")
        })
}

fn nest(dims: &[i64], flat: &[&str], out: &mut String) {
    let Some((&d, rest)) = dims.split_first() else {
        out.push_str(flat[0]);
        return;
    };
    let step = flat.len() / d as usize;
    out.push('[');
    for i in 0..d as usize {
        if i > 0 {
            out.push_str(", ");
        }
        nest(rest, &flat[i * step..(i + 1) * step], out);
    }
    out.push(']');
}

proptest! {
    /// Printing a parsed literal and parsing that again gives the same attribute, in
    /// list form and in hex form, and printing it again gives the same text.
    #[test]
    fn dense_values_round_trip(literal in dense_literal()) {
        for limit in [None, Some(0)] {
            let mut ctx = ctx();
            ctx.set_elements_hex_limit(limit);
            let a = parse_attr(&mut ctx, &literal).unwrap();
            let printed = ctx.attr(a).to_string();
            let b = parse_attr(&mut ctx, &printed).map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
            prop_assert_eq!(a, b, "{} printed as {}", literal, printed);
            prop_assert_eq!(ctx.attr(b).to_string(), printed);
        }
    }

    /// Hex data of any bytes round-trips through the printer byte for byte.
    #[test]
    fn hex_round_trips(
        elem in prop_oneof![Just("i1"), Just("i8"), Just("i16"), Just("i24"), Just("f32"), Just("f64"), Just("i128"), Just("index")],
        n in 2usize..40,
        seed in prop::collection::vec(any::<u8>(), 16 * 40),
    ) {
        let mut ctx = ctx();
        ctx.set_elements_hex_limit(Some(0));
        let ty = format!("tensor<{n}x{elem}>");
        let bytes = match elem {
            "i1" => n.div_ceil(8),
            "i24" => 3 * n,
            "index" => 8 * n,
            e => n * e[1..].parse::<usize>().unwrap() / 8,
        };
        let mut data = seed[..bytes].to_vec();
        if elem == "i1" {
            // Bits past the last element are not data; upstream keeps them, we do not.
            let last = data.len() - 1;
            data[last] &= u8::MAX >> ((8 - n % 8) % 8);
        }
        let hex: String = data.iter().map(|b| format!("{b:02X}")).collect();
        let literal = format!("dense<\"0x{hex}\"> : {ty}");
        let a = parse_attr(&mut ctx, &literal).unwrap();
        let (_, v) = ctx.as_dense_elements(a).unwrap();
        if !v.is_splat() {
            prop_assert_eq!(ctx.attr(a).to_string(), literal);
        }
    }
}
