//! Properties of `--lower-broadcast` on random `nd` programs over static, `?` and
//! `*` operands of several element types (`programs.rs`):
//!
//! - the lowered program verifies, and `--verify-explicit-broadcast` accepts it (no
//!   op broadcasts implicitly);
//! - lowering twice is lowering once;
//! - it prints and parses back to the same text, in the custom and generic forms;
//! - it means the same: on random run-time shapes of the arguments (a `?` is the
//!   size its type was made from, 1, or another size), the shape interpreter
//!   (`shapes.rs`) returns the same shapes for both programs, or fails in both at the
//!   same location: the lowered program's checks fail exactly where the original op
//!   would, and a `?` that is 1 at run time broadcasts. The lowered program runs
//!   strictly: an op that still broadcasts at run time fails there.

mod programs;
mod shapes;

use broadcastable::Shape;
use proptest::prelude::*;
use tensor_ir::parse::parse_source;
use tensor_ir::pass::Pass;
use tensor_ir::print::{PrintOptions, print_module};
use tensor_ir::verify::verify_module;
use tensor_ir::{Context, Module};
use tensor_transforms::lower_broadcast::LowerBroadcast;
use tensor_transforms::verify_explicit_broadcast::implicit_broadcasts;

fn context() -> Context {
    let mut ctx = Context::new();
    tensor_dialect_func::register(&mut ctx);
    tensor_dialect_nd::register(&mut ctx);
    ctx
}

fn parse(ctx: &mut Context, text: &str) -> Module {
    let buffer = ctx.add_source("p.mlir", text.to_owned());
    let module = match parse_source(ctx, buffer, 0..text.len()) {
        Ok(m) => m,
        Err(d) => panic!("{}\n{text}", d.message),
    };
    let diags = verify_module(ctx, &module);
    assert!(!diags.has_errors(), "verifies: {diags:?}\n{text}");
    module
}

fn print(ctx: &Context, module: &Module, generic: bool) -> String {
    let mut s = String::new();
    let options = PrintOptions {
        generic,
        ..PrintOptions::default()
    };
    print_module(ctx, module, options, &mut s);
    s
}

/// Lowers `module`; checks that it succeeds without a warning and the output
/// verifies; returns whether it changed anything.
fn lower(ctx: &mut Context, module: &mut Module) -> bool {
    let outcome = LowerBroadcast.run(ctx, module).expect("lowering succeeds");
    assert!(
        outcome.diagnostics.is_empty(),
        "no warning: {:?}",
        outcome.diagnostics
    );
    let diags = verify_module(ctx, module);
    assert!(
        !diags.has_errors(),
        "the lowered program verifies: {diags:?}\n{}",
        print(ctx, module, false)
    );
    outcome.changed
}

/// Run-time shapes of the arguments: static dims as typed; a `?` is mostly the size
/// the type was made from, else 1 or 4; an unranked argument a suffix of its full
/// shape with some 1s.
fn runtime_args(program: &programs::Program, choices: &[u8], sample: usize) -> Vec<Vec<u64>> {
    let mut k = sample * 31;
    let mut next = || {
        k += 1;
        choices[k % choices.len()]
    };
    let mut out = Vec::new();
    for (shape, sizes) in program.args.iter().zip(&program.sizes) {
        let mut pick = |size: u64| match next() % 10 {
            0..=5 => size,
            6..=8 => 1,
            _ => 4,
        };
        out.push(match shape {
            Shape::Ranked(dims) => dims
                .iter()
                .zip(sizes)
                .map(|(d, &s)| d.static_size().unwrap_or_else(|| pick(s)))
                .collect(),
            Shape::Unranked => {
                let drop = usize::from(pick(255) as u8) % (sizes.len() + 1);
                sizes[drop..].iter().map(|&s| pick(s)).collect()
            }
        });
    }
    out
}

proptest! {
    // 300 cases, or PROPTEST_CASES.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(300),
        ..ProptestConfig::default()
    })]

    #[test]
    fn lowering_is_explicit_idempotent_and_keeps_meaning(
        g in programs::program_gen(),
        choices in prop::collection::vec(any::<u8>(), 16..64),
    ) {
        let program = programs::build(&g);
        let mut ctx = context();
        let mut module = parse(&mut ctx, &program.text);
        let samples: Vec<Vec<Vec<u64>>> =
            (0..6).map(|s| runtime_args(&program, &choices, s)).collect();
        let before: Vec<shapes::Outcome> = samples
            .iter()
            .map(|args| shapes::run(&ctx, &module, args, false))
            .collect();

        lower(&mut ctx, &mut module);
        let once = print(&ctx, &module, false);
        let implicit = implicit_broadcasts(&ctx, &module);
        prop_assert!(implicit.is_empty(), "still implicit: {:?}\n{}\n{}", implicit, program.text, once);

        for (args, expected) in samples.iter().zip(&before) {
            let after = shapes::run(&ctx, &module, args, true);
            prop_assert_eq!(
                after.place(), expected.place(),
                "args {:?}: {:?} became {:?}\n{}\n{}", args, expected, after, program.text, once
            );
        }

        let changed = lower(&mut ctx, &mut module);
        let twice = print(&ctx, &module, false);
        prop_assert!(!changed, "lowering again changes nothing");
        prop_assert_eq!(&twice, &once, "idempotent\n{}", program.text);

        let reparsed = parse(&mut ctx, &once);
        prop_assert_eq!(print(&ctx, &reparsed, false), once.clone());
        let generic = print(&ctx, &module, true);
        let from_generic = parse(&mut ctx, &generic);
        prop_assert_eq!(print(&ctx, &from_generic, false), once);
    }
}

/// The generator's programs verify and exercise what they should (a smoke check of
/// the generator itself: dynamic and unranked operands, XLA placements, every op
/// family).
#[test]
fn generated_programs_cover_the_cases() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..200 {
        let g = programs::program_gen()
            .new_tree(&mut runner)
            .expect("a program")
            .current();
        let program = programs::build(&g);
        let mut ctx = context();
        parse(&mut ctx, &program.text);
        for word in [
            "?x",
            "<*x",
            "broadcast_dimensions",
            "nd.select",
            "nd.cmp",
            "nd.assign",
            "nd.broadcast ",
            "nd.broadcast_to",
            "nd.matmul",
            "i1>",
            "f16>",
            "i32>",
        ] {
            if program.text.contains(word) {
                seen.insert(word);
            }
        }
    }
    assert_eq!(seen.len(), 12, "covered: {seen:?}");
}
