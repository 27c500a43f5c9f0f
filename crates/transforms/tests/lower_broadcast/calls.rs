//! The shape analysis follows sizes into private functions (issue 26): a private
//! function's arguments have the sizes every call site passes. Its proofs must
//! hold on every run its callers can make, so the generated program becomes a
//! private `@f` that a public `@main` calls twice, each time passing one of its
//! own arguments for several of `@f`'s where their types allow. The lowered `@f`,
//! run on the arguments of either call (the same run-time shape wherever `@main`
//! passes the same value), returns the shapes the original does, or fails at the
//! same place. What only one call site makes equal must not be proved.

use super::{context, lower, parse, print, programs, runtime_args, shapes};
use proptest::prelude::*;

/// The program as a private callee of a public `@main` that calls it once per
/// pattern: `pattern[k]` is the argument of `@main` passed for argument `k` of
/// `@f` (`@main` has one argument per argument of `@f`, of the same type).
fn wrapped(program: &programs::Program, patterns: &[Vec<usize>]) -> String {
    let callee = program
        .text
        .replacen("func.func @f(", "func.func private @f(", 1);
    let params: Vec<String> = (0..program.arg_types.len())
        .map(|k| format!("%p{k}: {}", program.arg_types[k]))
        .collect();
    let args = program.arg_types.join(", ");
    let results = program.result_types.join(", ");
    let n = program.result_types.len();
    let mut body = String::new();
    for (c, pattern) in patterns.iter().enumerate() {
        let passed: Vec<String> = pattern.iter().map(|&j| format!("%p{j}")).collect();
        let call = if n == 0 {
            String::new()
        } else {
            format!("%r{c}:{n} = ")
        };
        body.push_str(&format!(
            "  {call}func.call @f({}) : ({args}) -> ({results})\n",
            passed.join(", ")
        ));
    }
    let ret = if n == 0 {
        "return".to_owned()
    } else {
        let names: Vec<String> = (0..n).map(|i| format!("%r0#{i}")).collect();
        format!("return {} : {results}", names.join(", "))
    };
    format!(
        "{callee}func.func @main({}) -> ({results}) {{\n{body}  {ret}\n}}\n",
        params.join(", "),
    )
}

/// A pattern of arguments: each of `@f`'s is `@main`'s of the same position or
/// of an earlier one of the same type.
fn pattern(types: &[String], picks: &[u8]) -> Vec<usize> {
    let mut alias: Vec<usize> = Vec::with_capacity(types.len());
    for k in 0..types.len() {
        let same: Vec<usize> = (0..k)
            .filter(|&j| alias[j] == j && types[j] == types[k])
            .collect();
        let pick = usize::from(picks[k % picks.len()]);
        alias.push(if same.is_empty() || pick % 3 == 0 {
            k
        } else {
            same[pick % same.len()]
        });
    }
    alias
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(300),
        ..ProptestConfig::default()
    })]

    #[test]
    fn proofs_from_call_sites_hold_on_every_call(
        g in programs::program_gen(),
        choices in prop::collection::vec(any::<u8>(), 16..64),
        picks in prop::collection::vec(any::<u8>(), 1..16),
        others in prop::collection::vec(any::<u8>(), 1..16),
    ) {
        let program = programs::build(&g);
        let patterns = [pattern(&program.arg_types, &picks), pattern(&program.arg_types, &others)];
        let text = wrapped(&program, &patterns);
        let mut ctx = context();
        let mut module = parse(&mut ctx, &text);
        let samples: Vec<Vec<Vec<u64>>> = (0..6)
            .flat_map(|s| {
                let own = runtime_args(&program, &choices, s);
                patterns
                    .iter()
                    .map(move |p| p.iter().map(|&j| own[j].clone()).collect())
                    .collect::<Vec<_>>()
            })
            .collect();
        let before: Vec<shapes::Outcome> = samples
            .iter()
            .map(|args| shapes::run(&ctx, &module, args, false))
            .collect();
        lower(&mut ctx, &mut module);
        let lowered = print(&ctx, &module, false);
        for (args, expected) in samples.iter().zip(&before) {
            let after = shapes::run(&ctx, &module, args, true);
            prop_assert_eq!(
                after.place(), expected.place(),
                "args {:?}: {:?} became {:?}\n{}\n{}", args, expected, after, text, lowered
            );
        }
    }
}
