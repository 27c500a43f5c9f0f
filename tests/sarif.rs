//! `--diagnostics-format=sarif` writes documents that validate against the SARIF
//! 2.1.0 JSON schema (vendored in `tests/data`, so the test runs offline), for runs
//! with every kind of diagnostic: parse errors with hints, verifier errors with
//! notes and alignment drawings, remarks, locations without a file position, a
//! clean run, `--verify-diagnostics` failures and an input that cannot be read.

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn validator() -> jsonschema::Validator {
    let text =
        std::fs::read_to_string(root().join("tests/data/sarif-schema-2.1.0.json")).expect("schema");
    let schema: Value = serde_json::from_str(&text).expect("schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("schema compiles")
}

/// Runs tensor-opt with `args` and the SARIF format; returns its exit code and the
/// document it wrote on standard error.
fn sarif(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_tensor-opt"))
        .args(args)
        .arg("--diagnostics-format=sarif")
        .current_dir(root())
        .output()
        .expect("runs");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    let doc = serde_json::from_str(&stderr)
        .unwrap_or_else(|e| panic!("not one JSON document ({e}):\n{stderr}"));
    (out.status.code().unwrap_or(-1), doc)
}

fn assert_valid(v: &jsonschema::Validator, doc: &Value, what: &str) {
    let errors: Vec<String> = v.iter_errors(doc).map(|e| e.to_string()).collect();
    assert!(
        errors.is_empty(),
        "{what}: invalid SARIF:\n{}\n{doc:#}",
        errors.join("\n")
    );
}

fn results(doc: &Value) -> &Vec<Value> {
    doc["runs"][0]["results"].as_array().expect("results")
}

#[test]
fn every_kind_of_run_validates() {
    let v = validator();
    let runs: &[(&[&str], i32)] = &[
        (&["-split-input-file", "test/IR/did-you-mean.mlir"], 1),
        (
            &["-split-input-file", "test/Traits/broadcast-alignment.mlir"],
            1,
        ),
        (
            &[
                "-split-input-file",
                "--verify-broadcast",
                "test/Transforms/verify-broadcast/obligation-alignment.mlir",
            ],
            0,
        ),
        (
            &["-split-input-file", "test/IR/Inputs/named-location.mlir"],
            1,
        ),
        (&["test/IR/Inputs/unknown-location.mlir"], 1),
        (&["examples/softmax.mlir"], 0),
        (
            &[
                "-verify-diagnostics",
                "test/Driver/Inputs/verify-unexpected.mlir",
            ],
            1,
        ),
        // An input that cannot be read.
        (&["test/Driver/Inputs/does-not-exist.mlir"], 1),
    ];
    for (args, code) in runs {
        let (got, doc) = sarif(args);
        assert_eq!(got, *code, "{args:?}");
        assert_valid(&v, &doc, &format!("{args:?}"));
        let run = &doc["runs"][0];
        assert_eq!(run["invocations"][0]["exitCode"], *code, "{args:?}");
        // Every result names a rule of the run, by id and index.
        let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
        for r in results(&doc) {
            let i = r["ruleIndex"].as_u64().expect("ruleIndex") as usize;
            assert_eq!(rules[i]["id"], r["ruleId"], "{args:?}");
        }
    }
}

#[test]
fn results_carry_codes_levels_locations_and_notes() {
    let (_, doc) = sarif(&["-split-input-file", "test/Traits/broadcast-alignment.mlir"]);
    let first = &results(&doc)[0];
    assert_eq!(first["ruleId"], "broadcast.incompatible");
    assert_eq!(first["level"], "error");
    let region = &first["locations"][0]["physicalLocation"]["region"];
    assert_eq!(
        (region["startLine"].as_u64(), region["startColumn"].as_u64()),
        (Some(15), Some(8))
    );
    assert_eq!(
        first["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        "test/Traits/broadcast-alignment.mlir"
    );
    let notes: Vec<&str> = first["relatedLocations"]
        .as_array()
        .expect("notes")
        .iter()
        .map(|n| n["message"]["text"].as_str().expect("text"))
        .collect();
    assert!(notes[0].starts_with("see current operation: "), "{notes:?}");
    assert!(
        notes[2].starts_with("shapes aligned from the right:\n"),
        "{notes:?}"
    );

    let (_, doc) = sarif(&[
        "--verify-broadcast",
        "-split-input-file",
        "test/Transforms/verify-broadcast/obligation-alignment.mlir",
    ]);
    let remark = &results(&doc)[0];
    assert_eq!(
        (&remark["level"], &remark["ruleId"]),
        (&"note".into(), &"broadcast.runtime-check".into())
    );
}

#[test]
fn the_validator_rejects_what_the_schema_forbids() {
    let v = validator();
    let (_, mut doc) = sarif(&["test/IR/Inputs/unknown-location.mlir"]);
    assert_valid(&v, &doc, "unchanged");
    doc["runs"][0]["results"][0]["level"] = "fatal".into();
    assert!(
        !v.is_valid(&doc),
        "a level SARIF does not define must be rejected"
    );
    let (_, mut doc) = sarif(&["test/IR/Inputs/unknown-location.mlir"]);
    doc["runs"][0]["columnKind"] = "bytes".into();
    assert!(!v.is_valid(&doc), "columns are code points or UTF-16 units");
}
