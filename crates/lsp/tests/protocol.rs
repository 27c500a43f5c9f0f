//! `tensor-lsp` answers every request exactly once, whatever arrives together:
//! whole sessions written at once, byte by byte, in random pieces, with malformed
//! messages, stray responses and broken frames mixed in. Each session is a script
//! sent to the binary; the test reads everything it writes until it exits.

// The client's helpers fail the test on anything unexpected.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::{Read, Write};

mod common;

const URI: &str = "file:///work/doc.mlir";

/// A broadcast whose run-time check is one hint diagnostic; `%p` has a hover.
const DOC: &str = "func.func @f(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %p = nd.add %x, %y : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %p : tensor<?xf32>
}
";

fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

fn msg(v: &Value) -> Vec<u8> {
    frame(v.to_string().as_bytes())
}

fn request(id: &Value, method: &str, params: &Value) -> Vec<u8> {
    msg(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}))
}

fn notify(method: &str, params: &Value) -> Vec<u8> {
    msg(&json!({"jsonrpc": "2.0", "method": method, "params": params}))
}

fn initialize(id: &Value) -> Vec<u8> {
    let mut out = request(id, "initialize", &json!({"capabilities": {}}));
    out.extend(notify("initialized", &json!({})));
    out
}

fn open(version: i64, text: &str) -> Vec<u8> {
    notify(
        "textDocument/didOpen",
        &json!({"textDocument": {"uri": URI, "languageId": "mlir", "version": version, "text": text}}),
    )
}

fn change(version: i64, text: &str) -> Vec<u8> {
    notify(
        "textDocument/didChange",
        &json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": [{"text": text}]}),
    )
}

fn hover(id: &Value) -> Vec<u8> {
    let at = json!({"textDocument": {"uri": URI}, "position": {"line": 1, "character": 3}});
    request(id, "textDocument/hover", &at)
}

fn shutdown_exit() -> Vec<u8> {
    let mut out = request(&json!("shutdown"), "shutdown", &Value::Null);
    out.extend(notify("exit", &Value::Null));
    out
}

/// Everything the server wrote, in order, and its exit code. `script` is written in
/// pieces of the given sizes (the rest in one piece), each flushed on its own.
fn session(script: &[u8], pieces: &[usize]) -> (Vec<Value>, Option<i32>) {
    let mut child = common::spawn(&[], false);
    let mut stdin = child.stdin.take().unwrap();
    let (script, pieces) = (script.to_vec(), pieces.to_vec());
    // A thread of its own: the server's output is read meanwhile, so neither side
    // waits on a full pipe.
    let writer = std::thread::spawn(move || {
        let mut rest = &script[..];
        for n in pieces {
            let (piece, after) = rest.split_at(n.min(rest.len()));
            if stdin.write_all(piece).and_then(|()| stdin.flush()).is_err() {
                return;
            }
            rest = after;
        }
        let _ = stdin.write_all(rest);
    });
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    (frames(&out), status.code())
}

/// The messages of the server's output, which must be framed exactly.
fn frames(mut out: &[u8]) -> Vec<Value> {
    let mut messages = Vec::new();
    while !out.is_empty() {
        let end = out.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let header = std::str::from_utf8(&out[..end]).unwrap();
        let length: usize = header
            .strip_prefix("Content-Length: ")
            .unwrap()
            .parse()
            .unwrap();
        let body = &out[end + 4..end + 4 + length];
        let message: Value = serde_json::from_slice(body).unwrap();
        assert_eq!(message["jsonrpc"], "2.0");
        messages.push(message);
        out = &out[end + 4 + length..];
    }
    messages
}

fn is_response(m: &Value) -> bool {
    m.get("method").is_none()
}

/// How many answers each id got, keyed by the id's JSON text.
fn answers(messages: &[Value]) -> HashMap<String, usize> {
    let mut count = HashMap::new();
    for m in messages.iter().filter(|m| is_response(m)) {
        *count.entry(m["id"].to_string()).or_insert(0) += 1;
    }
    count
}

/// Nothing follows the answer to `shutdown`.
fn assert_shutdown_is_last(messages: &[Value]) {
    let last = messages.last().unwrap();
    assert_eq!(last["id"], "shutdown", "{messages:#?}");
    assert_eq!(last["result"], Value::Null);
}

/// The diagnostics published last, and for which version.
fn last_diagnostics(messages: &[Value]) -> (i64, usize) {
    let p = messages
        .iter()
        .rev()
        .find(|m| m["method"] == "textDocument/publishDiagnostics")
        .expect("diagnostics published");
    let diags = p["params"]["diagnostics"].as_array().unwrap().len();
    (p["params"]["version"].as_i64().unwrap(), diags)
}

fn one_write_script() -> Vec<u8> {
    let mut script = initialize(&json!(1));
    script.extend(open(1, DOC));
    script.extend(hover(&json!(2)));
    script.extend(shutdown_exit());
    script
}

/// initialize, didOpen, hover, shutdown and exit in one write: the hover waits for
/// the analysis, the diagnostics are published, and nothing comes after shutdown.
fn check_one_write_session(messages: &[Value], code: Option<i32>) {
    assert_eq!(code, Some(0));
    let hover = messages.iter().find(|m| m["id"] == 2).unwrap();
    let text = hover["result"]["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("`%p`: `tensor<?xf32> [bcast(%arg1[0], %arg0[0])]`"),
        "{text}"
    );
    assert_eq!(last_diagnostics(messages), (1, 1));
    assert_eq!(answers(messages).values().max(), Some(&1));
    assert_eq!(answers(messages).len(), 3);
    assert_shutdown_is_last(messages);
}

#[test]
fn a_session_in_one_write() {
    let (messages, code) = session(&one_write_script(), &[]);
    check_one_write_session(&messages, code);
}

#[test]
fn a_session_byte_by_byte() {
    let script = one_write_script();
    let (messages, code) = session(&script, &vec![1; script.len()]);
    check_one_write_session(&messages, code);
}

#[test]
fn malformed_messages_are_answered_and_the_server_goes_on() {
    let mut script = initialize(&json!(1));
    script.extend(open(1, DOC));
    // Ids beyond 32 bits, negative, and strings are answered as sent.
    script.extend(hover(&json!(1u64 << 40)));
    script.extend(hover(&json!(u64::MAX)));
    script.extend(hover(&json!(-7)));
    script.extend(hover(&json!("h")));
    // The wrong kinds of id, a method that is not a string, bad JSON, a batch.
    script.extend(hover(&json!(1.5)));
    script.extend(hover(&json!({"a": 1})));
    script.extend(hover(&json!(null)));
    script.extend(msg(&json!({"jsonrpc": "2.0", "id": 30, "method": 5})));
    script.extend(frame(b"{\"id\": 31,"));
    script.extend(msg(
        &json!([{"jsonrpc": "2.0", "id": 32, "method": "shutdown"}]),
    ));
    // A stray response is ignored.
    script.extend(msg(&json!({"jsonrpc": "2.0", "id": 33, "result": {}})));
    script.extend(hover(&json!(34)));
    script.extend(shutdown_exit());
    let (messages, code) = session(&script, &[]);
    assert_eq!(code, Some(0));
    let found = |id: Value| {
        let m: Vec<&Value> = messages
            .iter()
            .filter(|m| is_response(m) && m["id"] == id)
            .collect();
        assert_eq!(m.len(), 1, "{id}: {messages:#?}");
        m[0].clone()
    };
    for id in [
        json!(1u64 << 40),
        json!(u64::MAX),
        json!(-7),
        json!("h"),
        json!(34),
    ] {
        let text = found(id)["result"]["contents"]["value"].to_string();
        assert!(text.contains("%p"), "{text}");
    }
    assert_eq!(found(json!(1.5))["error"]["code"], -32600);
    assert_eq!(found(json!(30))["error"]["code"], -32600);
    let nulls: Vec<i64> = messages
        .iter()
        .filter(|m| is_response(m) && m["id"].is_null())
        .map(|m| m["error"]["code"].as_i64().unwrap())
        .collect();
    // The object id, the null id, the bad JSON, the batch.
    let mut sorted = nulls.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, [-32700, -32600, -32600, -32600], "{nulls:?}");
    assert!(messages.iter().all(|m| m["id"] != 33));
    assert_shutdown_is_last(&messages);
}

#[test]
fn framing_recovers_at_the_next_header() {
    let mut script = initialize(&json!(1));
    script.extend(open(1, DOC));
    // A Content-Length too large: the next frame is still read.
    let body = json!({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol",
        "params": {"textDocument": {"uri": URI}}})
    .to_string();
    script.extend(format!("Content-Length: {}\r\n\r\n{body}", body.len() + 100).as_bytes());
    script.extend(hover(&json!(3)));
    // Too small: one error, and the next frame is read.
    let body = json!({"jsonrpc": "2.0", "id": 4, "method": "textDocument/hover"}).to_string();
    script.extend(format!("Content-Length: {}\r\n\r\n{body}", body.len() - 10).as_bytes());
    script.extend(hover(&json!(5)));
    // Junk, and a length beyond what the server reads.
    script.extend(b"junk\r\n");
    script.extend(hover(&json!(6)));
    script.extend(b"Content-Length: 99999999999999\r\n\r\n{}");
    script.extend(hover(&json!(7)));
    script.extend(shutdown_exit());
    let (messages, code) = session(&script, &[]);
    assert_eq!(code, Some(0));
    let counts = answers(&messages);
    for id in ["1", "2", "3", "5", "6", "7"] {
        assert_eq!(counts.get(id), Some(&1), "{id}: {messages:#?}");
    }
    assert_eq!(counts.get("4"), None);
    // The frame too small, the junk, the frame too large.
    assert_eq!(counts.get("null"), Some(&3), "{messages:#?}");
    assert_shutdown_is_last(&messages);
}

#[test]
fn a_stray_response_before_initialize_is_ignored() {
    let mut script = msg(&json!({"jsonrpc": "2.0", "id": 1, "result": null}));
    script.extend(msg(
        &json!({"jsonrpc": "2.0", "id": "x", "error": {"code": 1, "message": ""}}),
    ));
    // Requests before initialize are refused; notifications are dropped.
    script.extend(hover(&json!(2)));
    script.extend(open(1, DOC));
    script.extend(initialize(&json!(3)));
    script.extend(hover(&json!(4)));
    script.extend(shutdown_exit());
    let (messages, code) = session(&script, &[]);
    assert_eq!(code, Some(0));
    let by_id = |id: i64| messages.iter().find(|m| m["id"] == id).unwrap();
    assert_eq!(by_id(2)["error"]["code"], -32002);
    assert!(by_id(3)["result"]["capabilities"].is_object());
    // The didOpen before initialize was dropped: the document is unknown.
    assert_eq!(by_id(4)["result"], Value::Null);
    assert_eq!(answers(&messages).len(), 4);
    assert_shutdown_is_last(&messages);
}

#[test]
fn after_shutdown_requests_are_refused_and_nothing_is_published() {
    let mut script = initialize(&json!(1));
    script.extend(open(1, DOC));
    script.extend(request(&json!("shutdown"), "shutdown", &Value::Null));
    script.extend(change(2, "%bad"));
    script.extend(hover(&json!(5)));
    script.extend(notify("exit", &Value::Null));
    // Read no more: the server has exited.
    script.extend(hover(&json!(6)));
    let (messages, code) = session(&script, &[]);
    assert_eq!(code, Some(0));
    let at = messages.iter().position(|m| m["id"] == "shutdown").unwrap();
    assert_eq!(last_diagnostics(&messages[..at]), (1, 1));
    assert_eq!(messages.len(), at + 2, "{messages:#?}");
    assert_eq!(messages[at + 1]["id"], 5);
    assert_eq!(messages[at + 1]["error"]["code"], -32600);
}

#[test]
fn exit_without_shutdown_answers_what_waits() {
    let mut script = initialize(&json!(1));
    script.extend(open(1, DOC));
    script.extend(hover(&json!(2)));
    script.extend(notify("exit", &Value::Null));
    let (messages, code) = session(&script, &[]);
    assert_eq!(code, Some(1));
    // Answered or cancelled, once.
    assert_eq!(answers(&messages).get("2"), Some(&1), "{messages:#?}");
}

/// One step of a random session.
#[derive(Clone, Debug)]
enum Step {
    Hover,
    Change,
    Cancel,
    BadJson,
    WrongId,
    MethodNotString,
    StrayResponse,
    NoLength,
    TooLarge,
    TooSmall,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => Just(Step::Hover),
        3 => Just(Step::Change),
        1 => Just(Step::Cancel),
        1 => Just(Step::BadJson),
        1 => Just(Step::WrongId),
        1 => Just(Step::MethodNotString),
        1 => Just(Step::StrayResponse),
        1 => Just(Step::NoLength),
        1 => Just(Step::TooLarge),
        1 => Just(Step::TooSmall),
    ]
}

/// The script of `steps`, the ids that must be answered once each, and how many
/// errors with a `null` id must come.
fn script_of(steps: &[Step]) -> (Vec<u8>, Vec<Value>, usize, i64) {
    let mut script = initialize(&json!(0));
    script.extend(open(1, DOC));
    let (mut ids, mut nulls, mut version) = (vec![json!(0)], 0, 1);
    for (i, s) in steps.iter().enumerate() {
        // Ids of every kind a request may have.
        let id = match i % 3 {
            0 => json!(i + 100),
            1 => json!((1u64 << 33) + i as u64),
            _ => json!(format!("r{i}")),
        };
        match s {
            Step::Hover => {
                script.extend(hover(&id));
                ids.push(id);
            }
            Step::Change => {
                version += 1;
                let text = if version % 2 == 0 {
                    "%bad = \n".to_string()
                } else {
                    DOC.to_string()
                };
                script.extend(change(version, &text));
            }
            Step::Cancel => {
                if let Some(last) = ids.last() {
                    script.extend(notify("$/cancelRequest", &json!({"id": last})));
                }
            }
            Step::BadJson => {
                script.extend(frame(b"{\"id\": 1,,}"));
                nulls += 1;
            }
            Step::WrongId => {
                let id = json!(i as f64 + 0.5);
                script.extend(hover(&id));
                ids.push(id);
            }
            Step::MethodNotString => {
                script.extend(msg(&json!({"jsonrpc": "2.0", "id": id, "method": {}})));
                ids.push(id);
            }
            Step::StrayResponse => {
                script.extend(msg(&json!({"jsonrpc": "2.0", "id": id, "result": [1]})));
            }
            Step::NoLength => {
                script.extend(b"Content-Type: text/plain\r\n\r\n");
                // After a body cut short, its rest runs into this header's line, and
                // that line is not read as a header: it is the broken message's end.
                if !matches!(steps.get(i.wrapping_sub(1)), Some(Step::TooSmall)) {
                    nulls += 1;
                }
            }
            Step::TooLarge => {
                let body = json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": URI}, "position": {"line": 0, "character": 0}}})
                .to_string();
                script
                    .extend(format!("Content-Length: {}\r\n\r\n{body}", body.len() + 7).as_bytes());
                ids.push(id);
            }
            Step::TooSmall => {
                let body = json!({"jsonrpc": "2.0", "id": id, "method": "x"}).to_string();
                script
                    .extend(format!("Content-Length: {}\r\n\r\n{body}", body.len() - 3).as_bytes());
                nulls += 1;
            }
        }
    }
    script.extend(shutdown_exit());
    ids.push(json!("shutdown"));
    (script, ids, nulls, version)
}

proptest! {
    // Each case starts the server: few cases, and no failure files next to the source.
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Random sessions, written in random pieces: every request is answered exactly
    /// once, every malformed message without an id gets one error, the latest text's
    /// diagnostics are published, and nothing follows the answer to `shutdown`.
    #[test]
    fn every_request_is_answered_exactly_once(
        steps in prop::collection::vec(step(), 0..24),
        pieces in prop::collection::vec(1usize..200, 0..40),
    ) {
        let (script, ids, nulls, version) = script_of(&steps);
        let (messages, code) = session(&script, &pieces);
        prop_assert_eq!(code, Some(0));
        let mut counts = answers(&messages);
        for id in &ids {
            prop_assert_eq!(counts.remove(&id.to_string()), Some(1), "{} in {:#?}", id, messages);
        }
        prop_assert_eq!(counts.remove("null").unwrap_or(0), nulls);
        prop_assert!(counts.is_empty(), "answers to nothing asked: {:?}", counts);
        prop_assert_eq!(last_diagnostics(&messages).0, version);
        assert_shutdown_is_last(&messages);
    }
}
