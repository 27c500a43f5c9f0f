//! Structure-aware fuzzing on the stable toolchain (issue 12): proptest generates
//! whole programs from a grammar of the IR (nested types, attributes, locations
//! and aliases; functions whose ops use earlier values or stray names; `nd` ops
//! over random shapes; generic ops with regions, blocks and successors), so
//! inputs reach past the lexer into the parser's, verifier's and printer's
//! corners. Byte-level mutation of the corpus is `tests/robustness.rs`.
//!
//! Each program goes through the driver under both broadcast semantics and with
//! `--canonicalize --cse`. The properties:
//! - the driver never panics; the exit code is 0 or 1, and 1 comes with a message;
//! - an accepted program prints to text that is accepted again and prints the same
//!   (custom form, generic form, and with `--mlir-print-debuginfo`).
//!
//! `FUZZ_STATS=1` prints each verdict (to see how far inputs reach).
//! `PROPTEST_CASES` runs a longer campaign (`PROPTEST_CASES=100000 cargo test
//! --release --test structured_fuzz`); proptest records failing seeds in
//! `tests/structured_fuzz.proptest-regressions`, which `cargo test` replays.

use broadcastable::Semantics;
use proptest::prelude::*;
use tensor_opt::driver::{Options, PassInvocation, run};

fn leaf_type() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("i1"),
        Just("i8"),
        Just("i32"),
        Just("i64"),
        Just("si8"),
        Just("ui16"),
        Just("index"),
        // The edges of the integer paths: zero width (found by fuzzing), the
        // i128 fast path's last widths, and the big-integer path past it.
        Just("i0"),
        Just("si0"),
        Just("ui0"),
        Just("i127"),
        Just("si127"),
        Just("i128"),
        Just("si128"),
        Just("ui128"),
        Just("i129"),
        Just("si256"),
        Just("f16"),
        Just("bf16"),
        Just("f32"),
        Just("f64"),
        Just("none"),
    ]
    .prop_map(str::to_owned)
}

fn dims() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            4 => (0u32..6).prop_map(|d| d.to_string()),
            1 => Just("?".to_owned()),
        ],
        0..4,
    )
}

fn shaped(dims: &[String], elem: &str) -> String {
    let mut s = String::from("tensor<");
    for d in dims {
        s.push_str(d);
        s.push('x');
    }
    s.push_str(elem);
    s.push('>');
    s
}

/// Element types of tensors, vectors and complex numbers: mostly valid ones, and
/// sometimes any type (which upstream rejects in places).
fn scalar() -> impl Strategy<Value = String> {
    prop_oneof![
        9 => leaf_type().prop_filter("a number", |t| t != "none"),
        1 => leaf_type(),
    ]
}

fn ty() -> impl Strategy<Value = String> {
    leaf_type().prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            4 => (dims(), scalar()).prop_map(|(d, e)| shaped(&d, &e)),
            1 => (dims(), inner.clone()).prop_map(|(d, e)| shaped(&d, &e)),
            1 => scalar().prop_map(|e| format!("tensor<*x{e}>")),
            1 => (dims(), scalar()).prop_map(|(d, e)| {
                let d: Vec<String> = d
                    .into_iter()
                    .map(|x| if x == "?" || x == "0" { "2".into() } else { x })
                    .collect();
                format!("vector<{}x{e}>", d.join("x"))
            }),
            1 => prop_oneof![Just("f32"), Just("f64"), Just("i8")].prop_map(|e| format!("complex<{e}>")),
            1 => prop::collection::vec(inner.clone(), 0..3)
                .prop_map(|ts| format!("tuple<{}>", ts.join(", "))),
            1 => (prop::collection::vec(scalar(), 0..3), prop::collection::vec(scalar(), 0..2))
                .prop_map(|(i, r)| format!("({}) -> ({})", i.join(", "), r.join(", "))),
        ]
    })
}

/// `2^k + delta` (`k <= 128`, `delta` in -1..=1), in decimal or hex, negated
/// or not: the values at the edges of each integer width.
fn edge_literal(k: u32, delta: i8, neg: bool, hex: bool) -> String {
    const POW128: &str = "340282366920938463463374607431768211456";
    let magnitude = match (k, delta) {
        (128, -1) => Some(u128::MAX),
        (128, _) => None,
        (k, d) => (1u128 << k).checked_add_signed(i128::from(d)),
    };
    let digits = match (magnitude, hex) {
        (Some(m), false) => m.to_string(),
        (Some(m), true) => format!("{m:#x}"),
        (None, false) if delta == 0 => POW128.to_owned(),
        (None, false) => "340282366920938463463374607431768211457".to_owned(),
        (None, true) => format!("0x1{}{}", "0".repeat(31), u8::from(delta != 0)),
    };
    if neg { format!("-{digits}") } else { digits }
}

fn int_literal() -> impl Strategy<Value = String> {
    prop_oneof![
        (-300i64..300).prop_map(|v| v.to_string()),
        (0u32..=128, -1i8..=1, any::<bool>(), any::<bool>())
            .prop_map(|(k, d, neg, hex)| edge_literal(k, d, neg, hex)),
        Just("9223372036854775807".to_owned()),
        Just("-9223372036854775809".to_owned()),
        Just("0x7F".to_owned()),
        Just("-0".to_owned()),
        Just("18446744073709551616".to_owned()),
    ]
}

fn attr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("unit".to_owned()),
        Just("true".to_owned()),
        (int_literal(), leaf_type()).prop_map(|(v, t)| format!("{v} : {t}")),
        (
            -4.0f64..4.0,
            prop_oneof![Just("f32"), Just("f64"), Just("f16")]
        )
            .prop_map(|(v, t)| format!("{v:e} : {t}")),
        "[a-z\\\\\"]{0,6}".prop_map(|s| format!("\"{s}\"")),
        ty(),
        "[a-z]{1,3}".prop_map(|s| format!("@{s}")),
        Just("@a::@b".to_owned()),
        (
            prop_oneof![Just("i1"), Just("i8"), Just("i32"), Just("i7"), Just("f32")],
            prop::collection::vec(int_literal(), 0..4)
        )
            .prop_map(|(t, vs)| if vs.is_empty() {
                format!("array<{t}>")
            } else {
                format!("array<{t}: {}>", vs.join(", "))
            }),
        (
            0usize..5,
            prop_oneof![
                Just("i8"),
                Just("i32"),
                Just("i64"),
                Just("index"),
                Just("si127"),
                Just("i128"),
                Just("ui128")
            ],
            prop::collection::vec(int_literal(), 5)
        )
            .prop_map(|(n, t, vs)| format!("dense<[{}]> : tensor<{n}x{t}>", vs[..n].join(", "))),
        (
            dims(),
            prop_oneof![Just("i32"), Just("i8"), Just("i1")],
            int_literal()
        )
            .prop_map(|(d, t, v)| format!("dense<{v}> : {}", shaped(&d, t))),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3)
                .prop_map(|xs| format!("[{}]", xs.join(", "))),
            prop::collection::vec(inner, 0..3).prop_map(|vs| {
                let items: Vec<String> = vs
                    .into_iter()
                    .enumerate()
                    .map(|(k, v)| format!("k{k} = {v}"))
                    .collect();
                format!("{{{}}}", items.join(", "))
            }),
        ]
    })
}

fn location() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("unknown".to_owned()),
        (1u32..9, 1u32..9).prop_map(|(l, c)| format!("\"f.mlir\":{l}:{c}")),
        "[a-z]{1,4}".prop_map(|n| format!("\"{n}\"")),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("callsite({a} at {b})")),
            ("[a-z]{1,3}", inner.clone()).prop_map(|(n, l)| format!("\"{n}\"({l})")),
            prop::collection::vec(inner, 0..3).prop_map(|ls| format!("fused[{}]", ls.join(", "))),
        ]
    })
}

/// One op of a function body: `values` are the names defined so far, with types.
#[derive(Clone, Debug)]
enum OpGen {
    /// `nd.add` of two fresh or earlier values of shaped types.
    NdAdd(Vec<String>, Vec<String>, Vec<String>),
    /// `nd.reduce` over some dims.
    NdReduce(Vec<String>, Vec<i64>, bool),
    /// `nd.broadcast_in_dim`.
    NdInDim(Vec<String>, Vec<String>, Vec<i64>),
    /// A generic unregistered op using earlier values, with an attribute, result
    /// types and maybe a region of blocks that branch among themselves.
    Generic {
        uses: Vec<usize>,
        attr: String,
        results: Vec<String>,
        blocks: usize,
        branches: Vec<(usize, usize)>,
        loc: Option<String>,
    },
    /// A call of a function that may or may not exist.
    Call(String, Vec<usize>),
}

fn op() -> impl Strategy<Value = OpGen> {
    let shape = || {
        prop::collection::vec(
            prop_oneof![3 => (1u32..4).prop_map(|d| d.to_string()), 1 => Just("?".to_owned())],
            0..4,
        )
    };
    prop_oneof![
        (shape(), shape(), shape()).prop_map(|(a, b, r)| OpGen::NdAdd(a, b, r)),
        (
            shape(),
            prop::collection::vec(-1i64..4, 0..3),
            any::<bool>()
        )
            .prop_map(|(s, d, k)| OpGen::NdReduce(s, d, k)),
        (shape(), shape(), prop::collection::vec(-1i64..4, 0..4))
            .prop_map(|(s, r, d)| OpGen::NdInDim(s, r, d)),
        (
            prop::collection::vec(0usize..8, 0..3),
            attr(),
            prop::collection::vec(ty(), 0..3),
            0usize..4,
            prop::collection::vec((0usize..4, 0usize..5), 0..4),
            prop::option::of(location()),
        )
            .prop_map(
                |(uses, attr, results, blocks, branches, loc)| OpGen::Generic {
                    uses,
                    attr,
                    results,
                    blocks,
                    branches,
                    loc,
                }
            ),
        (
            prop_oneof![4 => Just("g"), 1 => Just("f"), 1 => Just("h")],
            prop::collection::vec(0usize..8, 0..2)
        )
            .prop_map(|(f, a)| OpGen::Call(f.to_owned(), a)),
    ]
}

/// Writes a program: aliases, then two functions of generated ops.
fn program(aliases: &[(String, String, String)], ops: &[OpGen], ret: Option<usize>) -> String {
    let mut s = String::new();
    let mut type_aliases = Vec::new();
    for (i, (t, a, l)) in aliases.iter().enumerate() {
        s.push_str(&format!("!t{i} = {t}\n#a{i} = {a}\n#l{i} = loc({l})\n"));
        type_aliases.push(format!("!t{i}"));
    }
    s.push_str("func.func private @g(i32) -> i32\n");
    s.push_str("func.func @f(%arg0: tensor<2x3xf32>, %arg1: i32) -> i32 {\n");
    // (name, type) of the values defined so far.
    let mut values: Vec<(String, String)> = vec![
        ("%arg0".into(), "tensor<2x3xf32>".into()),
        ("%arg1".into(), "i32".into()),
    ];
    let mut next = 0;
    let pick = |values: &Vec<(String, String)>, i: usize| values[i % values.len()].clone();
    for op in ops {
        let name = format!("%v{next}");
        next += 1;
        match op {
            OpGen::NdAdd(a, b, r) => {
                let (ta, tb, tr) = (shaped(a, "f32"), shaped(b, "f32"), shaped(r, "f32"));
                s.push_str(&format!(
                    "  %x{next} = \"t.src\"() : () -> {ta}\n  %y{next} = \"t.src\"() : () -> {tb}\n  {name} = nd.add %x{next}, %y{next} : ({ta}, {tb}) -> {tr}\n"
                ));
                values.push((name, tr));
            }
            OpGen::NdReduce(src, d, keep) => {
                let t = shaped(src, "f32");
                let ds: Vec<String> = d.iter().map(i64::to_string).collect();
                let mut rdims: Vec<String> = src.clone();
                rdims.truncate(src.len().saturating_sub(d.len()));
                let r = shaped(&rdims, "f32");
                s.push_str(&format!(
                    "  %x{next} = \"t.src\"() : () -> {t}\n  {name} = nd.reduce sum %x{next} across [{}]{} : ({t}) -> {r}\n",
                    ds.join(", "),
                    if *keep { " keep_dims" } else { "" }
                ));
                values.push((name, r));
            }
            OpGen::NdInDim(src, res, d) => {
                // Mostly a well-formed broadcast (the operand's dims after `res`'s
                // as leading dims); a leading -1 in `d` takes `d` as written.
                let (dims, result) = if d.first() == Some(&-1) {
                    (d.clone(), res.clone())
                } else {
                    let lead = i64::try_from(res.len()).unwrap_or(0);
                    let dims = (0..src.len()).map(|i| lead + i64::try_from(i).unwrap_or(0));
                    (dims.collect(), [res.as_slice(), src.as_slice()].concat())
                };
                let (ts, tr) = (shaped(src, "f32"), shaped(&result, "f32"));
                let ds: Vec<String> = dims.iter().map(i64::to_string).collect();
                s.push_str(&format!(
                    "  %x{next} = \"t.src\"() : () -> {ts}\n  {name} = nd.broadcast_in_dim %x{next}, dims = [{}] : ({ts}) -> {tr}\n",
                    ds.join(", ")
                ));
                values.push((name, tr));
            }
            OpGen::Generic {
                uses,
                attr,
                results,
                blocks,
                branches,
                loc,
            } => {
                let used: Vec<(String, String)> = uses.iter().map(|&u| pick(&values, u)).collect();
                let names: Vec<&str> = used.iter().map(|(n, _)| n.as_str()).collect();
                let tys: Vec<&str> = used.iter().map(|(_, t)| t.as_str()).collect();
                let mut results = results.clone();
                if let Some(first) = results.first_mut()
                    && !type_aliases.is_empty()
                {
                    *first = type_aliases[next % type_aliases.len()].clone();
                }
                let lhs = match results.len() {
                    0 => String::new(),
                    1 => format!("{name} = "),
                    n => format!("{name}:{n} = "),
                };
                let attr = if aliases.is_empty() || next % 3 != 0 {
                    attr.clone()
                } else {
                    format!("#a{}", next % aliases.len())
                };
                let mut region = String::new();
                if *blocks > 0 {
                    region.push_str(" ({\n");
                    for b in 0..*blocks {
                        if b > 0 {
                            region.push_str(&format!("  ^bb{b}:\n"));
                        }
                        // Edges to the later blocks (the entry has no label).
                        let targets: Vec<String> = branches
                            .iter()
                            .filter(|(from, _)| *from == b && *blocks > 1)
                            .map(|(_, to)| format!("^bb{}", 1 + to % (blocks - 1)))
                            .collect();
                        if targets.is_empty() {
                            region.push_str("    \"t.end\"() : () -> ()\n");
                        } else {
                            region.push_str(&format!(
                                "    \"t.br\"() [{}] : () -> ()\n",
                                targets.join(", ")
                            ));
                        }
                    }
                    region.push_str("  })");
                }
                let loc = match loc {
                    Some(l) if next % 2 == 0 => format!(" loc({l})"),
                    _ if !aliases.is_empty() => format!(" loc(#l{})", next % aliases.len()),
                    _ => String::new(),
                };
                s.push_str(&format!(
                    "  {lhs}\"t.op\"({}){region} {{a = {attr}}} : ({}) -> ({}){loc}\n",
                    names.join(", "),
                    tys.join(", "),
                    results.join(", ")
                ));
                if results.len() == 1 {
                    values.push((name, results[0].clone()));
                } else {
                    for (i, t) in results.iter().enumerate() {
                        values.push((format!("{name}#{i}"), t.clone()));
                    }
                }
            }
            OpGen::Call(f, args) => {
                // `@g(%arg1)` is the well-typed call; other picks test the checks.
                let used: Vec<(String, String)> = if f == "g" && args.len() == 1 {
                    vec![("%arg1".into(), "i32".into())]
                } else {
                    args.iter().map(|&u| pick(&values, u)).collect()
                };
                let names: Vec<&str> = used.iter().map(|(n, _)| n.as_str()).collect();
                let tys: Vec<&str> = used.iter().map(|(_, t)| t.as_str()).collect();
                s.push_str(&format!(
                    "  {name} = func.call @{f}({}) : ({}) -> i32\n",
                    names.join(", "),
                    tys.join(", ")
                ));
                values.push((name, "i32".into()));
            }
        }
    }
    let (r, t) = match ret {
        Some(i) => pick(&values, i),
        None => ("%arg1".into(), "i32".into()),
    };
    s.push_str(&format!("  return {r} : {t}\n}}\n"));
    s
}

fn options(semantics: Semantics, passes: bool) -> Options {
    Options {
        input: "fuzz.mlir".into(),
        allow_unregistered: true,
        broadcast_semantics: semantics,
        passes: if passes {
            vec![
                PassInvocation::new("canonicalize"),
                PassInvocation::new("cse"),
            ]
        } else {
            Vec::new()
        },
        ..Options::default()
    }
}

/// The properties of the module docs, on one program.
fn check(text: &str) {
    for semantics in [Semantics::Spec, Semantics::Mlir] {
        for passes in [false, true] {
            let opts = options(semantics, passes);
            let out = run(&opts, "fuzz.mlir", text);
            if std::env::var_os("FUZZ_STATS").is_some() {
                eprintln!(
                    "STAT {} {}",
                    out.code,
                    out.diagnostics.lines().next().unwrap_or("")
                );
            }
            assert!(
                out.code == 0 || out.code == 1,
                "exit {} on:\n{text}",
                out.code
            );
            if out.code == 1 {
                assert!(
                    !out.diagnostics.is_empty(),
                    "a failure must say why:\n{text}"
                );
                continue;
            }
            // Printed output is accepted again and is a fixed point, in each form.
            for (generic, debuginfo) in [(false, false), (true, false), (false, true)] {
                let print = Options {
                    print_generic: generic,
                    print_debuginfo: debuginfo,
                    ..options(semantics, false)
                };
                let first = run(&print, "fuzz.mlir", out.output.as_str());
                assert_eq!(
                    first.code, 0,
                    "printed output is rejected:\n{}\n{}\nfrom:\n{text}",
                    out.output, first.diagnostics
                );
                let second = run(&print, "again.mlir", first.output.as_str());
                assert_eq!(second.code, 0, "{}", second.diagnostics);
                assert_eq!(
                    first.output, second.output,
                    "printing is not a fixed point (generic {generic}, debuginfo {debuginfo}) from:\n{text}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        max_shrink_iters: 2_000,
        ..ProptestConfig::default()
    })]

    #[test]
    fn generated_programs_never_crash_and_round_trip(
        aliases in prop::collection::vec((ty(), attr(), location()), 0..3),
        ops in prop::collection::vec(op(), 0..8),
        ret in prop::option::weighted(0.2, 0usize..8),
    ) {
        check(&program(&aliases, &ops, ret));
    }
}
