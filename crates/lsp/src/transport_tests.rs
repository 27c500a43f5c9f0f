//! The reader on scripted byte streams: what it passes on and what it answers.

use super::*;
use serde_json::json;
use std::io::BufReader;

fn frame(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

const GOOD: &str = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;

/// Runs the reader on `input`, `chunk` bytes at a time: the methods passed on and
/// the errors answered, as `(code, id)`.
fn read_in(input: &[u8], chunk: usize) -> (Vec<String>, Vec<(i64, Value)>) {
    let (tx, rx) = crossbeam_channel::unbounded();
    let mut replies = Vec::new();
    read_loop(BufReader::with_capacity(chunk, input), &tx, &mut |r| {
        replies.push((r["error"]["code"].as_i64().unwrap(), r["id"].clone()));
    });
    drop(tx);
    let methods = rx
        .into_iter()
        .map(|m| match m {
            Incoming::Request { method, .. } | Incoming::Notification { method, .. } => method,
        })
        .collect();
    (methods, replies)
}

/// [`read_in`] at once and byte by byte, which must agree.
fn read_all(input: &[u8]) -> (Vec<String>, Vec<(i64, Value)>) {
    let whole = read_in(input, 1 << 16);
    assert_eq!(read_in(input, 1), whole, "byte by byte");
    whole
}

const PARSE: i64 = code::PARSE_ERROR as i64;
const INVALID: i64 = code::INVALID_REQUEST as i64;

#[test]
fn bad_messages_are_answered_and_skipped() {
    let mut input = Vec::new();
    input.extend(frame("{not json").as_bytes());
    input.extend(frame(r#"{"jsonrpc":"2.0","id":7,"method":5}"#).as_bytes());
    input.extend(b"X-Nothing: 1\r\n\r\n");
    input.extend(b"Content-Length: lots\r\n\r\n");
    // Invalid UTF-8 in a body.
    input.extend(b"Content-Length: 3\r\n\r\n\"\xff\"");
    input.extend(frame(GOOD).as_bytes());
    let (msgs, replies) = read_all(&input);
    assert_eq!(
        replies,
        [
            (PARSE, Value::Null),
            (INVALID, json!(7)),
            (PARSE, Value::Null),
            (PARSE, Value::Null),
            (PARSE, Value::Null),
        ]
    );
    assert_eq!(msgs, ["initialized"]);
}

#[test]
fn an_oversized_length_is_refused_and_reading_resumes_at_the_next_header() {
    let mut input = format!("Content-Length: {}\r\n\r\n", MAX_BODY + 1).into_bytes();
    input.extend(br#"{"method":"big"}"#);
    input.extend(frame(GOOD).as_bytes());
    let (msgs, replies) = read_all(&input);
    assert_eq!(replies, [(PARSE, Value::Null)]);
    assert_eq!(msgs, ["initialized"]);
}

#[test]
fn a_length_too_large_keeps_the_next_message() {
    let first = r#"{"jsonrpc":"2.0","id":1,"method":"first"}"#;
    let mut input = format!("Content-Length: {}\r\n\r\n{first}", first.len() + 40);
    input.push_str(&frame(r#"{"id":2,"method":"second"}"#));
    input.push_str(&frame(r#"{"id":3,"method":"third"}"#));
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(msgs, ["first", "second", "third"]);
    assert_eq!(replies, []);
}

#[test]
fn a_length_too_small_is_one_error() {
    let first = r#"{"jsonrpc":"2.0","id":1,"method":"first"}"#;
    let mut input = format!("Content-Length: {}\r\n\r\n{first}", first.len() - 5);
    input.push_str(&frame(GOOD));
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(msgs, ["initialized"]);
    assert_eq!(replies, [(PARSE, Value::Null)]);
}

#[test]
fn junk_before_a_header_is_one_error() {
    // On lines of its own, glued to the header, and on a line longer than a header
    // may be, with the header straddling the point where the line is cut.
    for junk in [
        "hello\r\nworld\r\n".to_string(),
        r#"{"id": 1}}}"#.to_string(),
        "x".repeat(MAX_HEADER_LINE - 4),
        "y".repeat(3 * MAX_HEADER_LINE),
    ] {
        let input = format!("{junk}{}{}", frame(GOOD), frame(GOOD));
        let (msgs, replies) = read_all(input.as_bytes());
        assert_eq!(msgs, ["initialized", "initialized"], "{junk:.20}");
        assert_eq!(replies, [(PARSE, Value::Null)], "{junk:.20}");
    }
}

#[test]
fn other_headers_whitespace_and_responses() {
    let mut input = String::new();
    input.push_str("\r\n\r\n");
    input.push_str(&format!(
        "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: {}\r\n\r\n{GOOD}",
        GOOD.len()
    ));
    // Whitespace inside the length, after the JSON.
    input.push_str(&format!(
        "Content-Length: {}\r\n\r\n{GOOD} \r\n",
        GOOD.len() + 3
    ));
    input.push_str(&frame(r#"{"jsonrpc":"2.0","id":9,"result":null}"#));
    input.push_str(&frame(
        r#"{"jsonrpc":"2.0","id":{"x":1},"error":{"code":1}}"#,
    ));
    input.push_str(&frame(GOOD));
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(msgs, ["initialized"; 3]);
    assert_eq!(replies, []);
}

#[test]
fn ids_of_the_wrong_kind_are_answered() {
    let mut input = String::new();
    for body in [
        r#"{"jsonrpc":"2.0","id":1.5,"method":"m"}"#,
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"m"}"#,
        r#"{"jsonrpc":"2.0","id":"s","method":[1]}"#,
        r#"[{"jsonrpc":"2.0","id":3,"method":"m"}]"#,
        r#"{"jsonrpc":"2.0","id":4294967296,"method":"big"}"#,
    ] {
        input.push_str(&frame(body));
    }
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(
        replies,
        [
            (INVALID, json!(1.5)),
            (INVALID, Value::Null),
            (INVALID, json!("s")),
            (INVALID, Value::Null)
        ]
    );
    assert_eq!(msgs, ["big"]);
}

#[test]
fn messages_after_bad_ones_are_read() {
    let good = r#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
    let input = format!(
        "{}\r\n{}{}",
        frame("[1,"),
        frame(good),
        frame(r#"{"method":"exit"}"#)
    );
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(replies.len(), 1);
    assert_eq!(msgs, ["shutdown", "exit"]);
}

#[test]
fn reading_stops_at_exit() {
    let input = format!(
        "{}{}",
        frame(r#"{"method":"exit"}"#),
        frame(r#"{"method":"x"}"#)
    );
    let (msgs, _) = read_all(input.as_bytes());
    assert_eq!(msgs, ["exit"]);
}

#[test]
fn the_end_of_a_value_skips_brackets_and_quotes_in_strings() {
    let first = r#"{"jsonrpc":"2.0","method":"first","params":{"t":"}]\"{[\\","u":[{}]}}"#;
    let mut input = format!("Content-Length: {}\r\n\r\n{first}", first.len() + 30);
    input.push_str(&frame(GOOD));
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(msgs, ["first", "initialized"]);
    assert_eq!(replies, []);
    // Bad JSON whose brackets match: the rest of its length is skipped, even what
    // looks like a header.
    let bad = "{\"a\" 1}\r\nX-Other: 1\r\n\r\n";
    let input = format!("{}{}", frame(bad), frame(GOOD));
    let (msgs, replies) = read_all(input.as_bytes());
    assert_eq!(msgs, ["initialized"]);
    assert_eq!(replies, [(PARSE, Value::Null)]);
}

#[test]
fn an_oversized_body_is_not_read_as_headers() {
    let mut input = format!("Content-Length: {}\r\n\r\n", MAX_BODY + 1).into_bytes();
    input.extend(b"{\"a\":\r\nX-Other: 1\r\n\r\n}");
    input.extend(frame(GOOD).as_bytes());
    let (msgs, replies) = read_all(&input);
    assert_eq!(replies, [(PARSE, Value::Null)]);
    assert_eq!(msgs, ["initialized"]);
}
