//! Property test: random broadcasting programs (static, `?` and `*` dims; f32,
//! f64, i8, i32, ui8) run by the interpreter, as written and after
//! `--lower-broadcast`, agree with a naive reference evaluator: the same values,
//! or, for run-time sizes that do not broadcast, an error at the op where the
//! reference fails. The programs, the reference and the runs are the interp fuzz
//! target's (`tensor_fuzz::interp`); proptest generates and shrinks them here.

use proptest::prelude::*;
use tensor_fuzz::interp::{Case, Elem, Op, execute, inputs, program, reference, same};

fn case_strategy() -> impl Strategy<Value = Case> {
    let elem = prop_oneof![
        Just(Elem::F32),
        Just(Elem::F64),
        Just(Elem::I8),
        Just(Elem::I32),
        Just(Elem::U8)
    ];
    let full = prop::collection::vec(prop_oneof![Just(1usize), Just(2), Just(3)], 0..=3);
    (elem, full, 2usize..=3, any::<u64>())
        .prop_flat_map(|(elem, full, nargs, seed)| {
            let rank = full.len();
            let arg = (
                0..=rank,
                prop::collection::vec(any::<bool>(), 3),
                prop::collection::vec(0u8..10, 3),
                0u8..10,
                0u8..10,
            )
                .prop_map({
                    let full = full.clone();
                    move |(r, ones, kinds, whole, grow)| {
                        let mut shape: Vec<usize> = full[rank - r..]
                            .iter()
                            .zip(&ones)
                            .map(|(&d, &one)| if one { 1 } else { d })
                            .collect();
                        let mut dims: Vec<Option<usize>> = shape
                            .iter()
                            .zip(&kinds)
                            .map(|(&d, &k)| (k >= 4).then_some(d))
                            .collect();
                        // Sometimes a ? dim gets a size that broadcasts with nothing.
                        if grow < 3
                            && let Some(j) = dims.iter().position(Option::is_none)
                        {
                            shape[j] = 5;
                            dims[j] = None;
                        }
                        let ty = (whole >= 2).then_some(dims);
                        (shape, ty)
                    }
                });
            let args = prop::collection::vec(arg, nargs);
            let ops = prop::collection::vec(
                (
                    0u8..7,
                    any::<prop::sample::Index>(),
                    any::<prop::sample::Index>(),
                ),
                1..6,
            );
            (Just(elem), args, ops, Just(seed))
        })
        .prop_map(|(elem, args, raw, seed)| {
            let mut ops = Vec::new();
            for (k, (kind, x, y)) in raw.into_iter().enumerate() {
                let n = args.len() + k;
                ops.push(Op {
                    kind,
                    x: x.index(n),
                    y: y.index(n),
                });
            }
            Case {
                elem,
                args,
                ops,
                seed,
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn programs_agree_with_the_reference(case in case_strategy()) {
        let (text, lines) = program(&case);
        let ins = inputs(&case);
        let want = reference(&case, &ins);
        for lower in [false, true] {
            let got = execute(&text, &case, &ins, lower);
            match (&want, got) {
                (Ok(vals), Ok(v)) => {
                    let w = vals.last().expect("the test harness works");
                    prop_assert!(same(w, &v), "lowered: {lower}\n{text}\nreference {w:?}\ngot {v:?}");
                }
                (Err(k), Err(msg)) => {
                    let at = format!("p.mlir:{}:", lines[*k]);
                    prop_assert!(msg.contains(&at), "lowered: {lower}\n{text}\nexpected an error at {at}, got\n{msg}");
                }
                (Ok(_), Err(msg)) => prop_assert!(false, "lowered: {lower}\n{text}\nunexpected error\n{msg}"),
                (Err(k), Ok(_)) => prop_assert!(false, "lowered: {lower}\n{text}\nexpected an error at op #{k}"),
            }
        }
    }
}
