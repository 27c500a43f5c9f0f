use super::*;

fn show(kind: FloatKind, bits: u128) -> String {
    let mut s = String::new();
    write_float_bits(kind, bits, &mut s).unwrap();
    s
}

#[test]
fn small_formats_round_to_nearest_even_and_overflow_as_llvm() {
    use FloatKind::*;
    assert_eq!(F8E4M3FN.from_f64(1.5), 0x3C);
    assert_eq!(F8E4M3FN.from_f64(448.0), 0x7E);
    // Halfway between 448 and the NaN encoding: ties to even keeps 448.
    assert_eq!(F8E4M3FN.from_f64(464.0), 0x7E);
    assert_eq!(F8E4M3FN.from_f64(480.0), 0x7F);
    assert_eq!(F8E4M3FN.from_f64(-1e9), 0xFF);
    assert_eq!(F8E5M2.from_f64(1e9), 0x7C);
    assert_eq!(F8E5M2FNUZ.from_f64(-0.0), 0);
    assert_eq!(F8E5M2FNUZ.from_f64(1e9), 0x80);
    assert_eq!(F4E2M1FN.from_f64(100.0), 0x7);
    assert_eq!(F4E2M1FN.from_f64(-0.25), 0x8);
    assert_eq!(F8E8M0FNU.from_f64(8.0), 130);
    assert_eq!(TF32.from_f64(1.0), 127 << 10);
}

/// Checked against mlir-opt 22's `dense<[...]> : tensor<Nxf8E8M0FNU>`.
#[test]
fn e8m0_zero_and_negative_values_encode_as_llvm_stores_them() {
    let e8m0 = |v: f64| FloatKind::F8E8M0FNU.from_f64(v);
    assert_eq!(e8m0(0.0), 0);
    assert_eq!(e8m0(-0.0), 0);
    assert_eq!(e8m0(-1.0), 0xFF);
    assert_eq!(e8m0(-3.0), 0x81);
    assert_eq!(e8m0(-2.0), 0x80);
    assert_eq!(e8m0(-0.5), 0xFE);
    assert_eq!(e8m0(-1e39), 0xFF);
    assert_eq!(e8m0(-1e-300), 0);
    assert_eq!(e8m0(-2.9e-39), 0);
    assert_eq!(e8m0(-6.0e-39), 0x80);
    assert_eq!(e8m0(-(2f64.powi(-127))), 0x80);
    assert_eq!(e8m0(1e-300), 0);
}

#[test]
fn every_finite_small_value_decodes_and_encodes_back() {
    use FloatKind::*;
    for kind in [
        F8E5M2,
        F8E4M3,
        F8E4M3FN,
        F8E5M2FNUZ,
        F8E4M3FNUZ,
        F8E4M3B11FNUZ,
        F8E3M4,
        F4E2M1FN,
        F6E2M3FN,
        F6E3M2FN,
        F8E8M0FNU,
    ] {
        for bits in 0..(1u128 << kind.width()) {
            let v = kind.to_f64(bits);
            if v.is_finite() {
                assert_eq!(kind.from_f64(v), bits, "{kind} {bits:#x} = {v}");
            }
        }
    }
}

#[test]
fn printing_keeps_the_bits_of_nans_and_infinities() {
    assert_eq!(show(FloatKind::F32, 0x7F80_0001), "0x7F800001");
    assert_eq!(show(FloatKind::F16, 0x7C01), "0x7C01");
    assert_eq!(show(FloatKind::BF16, 0x7F81), "0x7F81");
    assert_eq!(show(FloatKind::F32, 0x3FC0_0000), "1.500000e+00");
    assert_eq!(show(FloatKind::F8E4M3FN, 0x7F), "0x7F");
    assert_eq!(
        show(FloatKind::F80, FloatKind::F80.from_f64(2.5)),
        "2.500000e+00"
    );
    assert_eq!(
        show(FloatKind::F128, FloatKind::F128.from_f64(0.1)),
        "0.100000000000000005551115123125782702"
    );
}
