//! Drives the `tensor-lsp` binary over standard input and output as an editor does:
//! initialize, didOpen, hover, definition, documentSymbol, didChange, shutdown and
//! exit, with bad input mixed in, and checks every answer.

// The client's helpers fail the test on anything unexpected.
#![allow(clippy::unwrap_used)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

mod common;

/// Generous: a debug build on a loaded machine. Only a hang reaches it.
const TIMEOUT: Duration = Duration::from_secs(60);

const URI: &str = "file:///work/doc.mlir";

const DOC: &str = r#"func.func @rows(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %d = nd.sub %x, %m : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %d : tensor<?x?xf32>
}

func.func @outer(%col: tensor<3x1xf32>, %row: tensor<5xf32>) -> tensor<3x5xf32> {
  %p = nd.mul %col, %row : (tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  "test.br"(%p)[^done] : (tensor<3x5xf32>) -> ()
^done(%r: tensor<3x5xf32>):
  return %r : tensor<3x5xf32>
}

func.func @caller(%x: tensor<?x?xf32>, %m: tensor<?x1xf32>) -> tensor<?x?xf32> {
  %c = func.call @rows(%x, %m) : (tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %c : tensor<?x?xf32>
}

func.func @xla(%x: tensor<4x10xf32>, %s: tensor<4xf32>) -> tensor<4x10xf32> {
  %q = nd.div %x, %s {broadcast_dimensions = array<i64: 0>} : (tensor<4x10xf32>, tensor<4xf32>) -> tensor<4x10xf32>
  return %q : tensor<4x10xf32>
}
"#;

struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Messages read while waiting for another one.
    pending: Vec<Value>,
    next_id: i64,
}

impl Server {
    fn start() -> Server {
        let mut child = common::spawn(&[], false);
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, messages) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    let (name, value) = line.split_once(": ").expect("a header");
                    assert!(name.eq_ignore_ascii_case("content-length"), "{line}");
                    length = Some(value.parse::<usize>().unwrap());
                }
                let mut body = vec![0; length.expect("Content-Length")];
                stdout.read_exact(&mut body).unwrap();
                let msg: Value = serde_json::from_slice(&body).expect("the server writes JSON");
                assert_eq!(msg["jsonrpc"], "2.0");
                if tx.send(msg).is_err() {
                    return;
                }
            }
        });
        Server {
            child,
            stdin,
            messages,
            pending: Vec::new(),
            next_id: 0,
        }
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.flush().unwrap();
    }

    /// A body with its header.
    fn send_body(&mut self, body: &[u8]) {
        let mut frame = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        frame.extend_from_slice(body);
        self.send_raw(&frame);
    }

    fn send(&mut self, msg: Value) {
        self.send_body(msg.to_string().as_bytes());
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    fn request(&mut self, method: &str, params: Value) -> i64 {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    /// The first message (already read or still to come) that `pred` accepts.
    fn wait(&mut self, what: &str, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(i) = self.pending.iter().position(&pred) {
            return self.pending.remove(i);
        }
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.messages.recv_timeout(left) {
                Ok(msg) if pred(&msg) => return msg,
                Ok(msg) => self.pending.push(msg),
                Err(RecvTimeoutError::Timeout) => panic!("no {what} within {TIMEOUT:?}"),
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the server closed its output while waiting for {what}")
                }
            }
        }
    }

    /// The response to request `id`.
    fn response(&mut self, id: i64) -> Value {
        self.wait(&format!("response {id}"), |m| {
            m["id"] == id && m.get("method").is_none()
        })
    }

    /// The result of a request, which must succeed.
    fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.request(method, params);
        let reply = self.response(id);
        assert!(reply.get("error").is_none(), "{method}: {reply}");
        reply["result"].clone()
    }

    /// The error code of a request, which must fail.
    fn call_err(&mut self, method: &str, params: Value) -> i64 {
        let id = self.request(method, params);
        let reply = self.response(id);
        reply["error"]["code"]
            .as_i64()
            .unwrap_or_else(|| panic!("{method} should fail: {reply}"))
    }

    /// The diagnostics published for `version` of the document.
    fn diagnostics(&mut self, version: i64) -> Vec<Value> {
        let msg = self.wait(&format!("diagnostics of version {version}"), |m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version
        });
        assert_eq!(msg["params"]["uri"], URI);
        msg["params"]["diagnostics"].as_array().unwrap().clone()
    }

    fn change(&mut self, version: i64, changes: Value) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": changes}),
        );
    }

    fn exit_code(mut self) -> Option<i32> {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status.code();
            }
            assert!(Instant::now() < deadline, "the server did not exit");
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn at(line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": URI}, "position": {"line": line, "character": character}})
}

fn range(l0: u32, c0: u32, l1: u32, c1: u32) -> Value {
    json!({"start": {"line": l0, "character": c0}, "end": {"line": l1, "character": c1}})
}

/// `(line, character)` of the `n`th occurrence of `needle` in `text`, plus `into`
/// characters (ASCII lines only).
fn pos(text: &str, needle: &str, n: usize, into: u32) -> (u32, u32) {
    let offset = text.match_indices(needle).nth(n).expect(needle).0;
    let line = text[..offset].matches('\n').count();
    let column = offset - text[..offset].rfind('\n').map_or(0, |i| i + 1);
    (line as u32, column as u32 + into)
}

fn hover_text(result: &Value) -> String {
    assert_eq!(result["contents"]["kind"], "markdown", "{result}");
    result["contents"]["value"].as_str().unwrap().to_string()
}

fn initialize(server: &mut Server, options: Value) -> Value {
    let result = server.call(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}, "initializationOptions": options}),
    );
    server.notify("initialized", json!({}));
    result
}

#[test]
fn an_editor_session() {
    let mut s = Server::start();
    let init = initialize(&mut s, json!({"allowUnregisteredDialect": true}));
    let caps = &init["capabilities"];
    assert_eq!(caps["positionEncoding"], "utf-16");
    assert_eq!(caps["textDocumentSync"]["change"], 2, "incremental sync");
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(caps["definitionProvider"], true);
    assert_eq!(caps["documentSymbolProvider"], true);
    assert_eq!(init["serverInfo"]["name"], "tensor-lsp");

    s.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "mlir", "version": 1, "text": DOC}}),
    );

    // The run-time obligation of `--verify-broadcast`, as a hint on the op's name.
    let diags = s.diagnostics(1);
    assert_eq!(diags.len(), 1, "{diags:?}");
    let (l, c) = pos(DOC, "nd.sub", 0, 0);
    assert_eq!(diags[0]["range"], range(l, c, l, c + 6));
    assert_eq!(diags[0]["severity"], 4, "a hint");
    assert_eq!(diags[0]["code"], "broadcast.runtime-check");
    assert_eq!(
        diags[0]["message"],
        "operand #0 dim 0 (%arg0[0]) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time"
    );

    // Hover on a value a broadcasting op defines: its type, the inferred shape, and
    // what each operand expands.
    let (l, c) = pos(DOC, "%p =", 0, 1);
    let hover = s.call("textDocument/hover", at(l, c));
    assert_eq!(hover["range"], range(l, c - 1, l, c + 1));
    assert_eq!(
        hover_text(&hover),
        "`%p`: `tensor<3x5xf32>`\n\nresult #0 of `nd.mul`\n\n\
         **broadcast** (NumPy): inferred result shape `3x5`\n\
         - operand #0 `tensor<3x1xf32>`: stretches dim 1 from 1 to 5\n\
         - operand #1 `tensor<5xf32>`: adds dim 0\n"
    );
    // XLA's broadcast_dimensions place the operand's dims: `4` is dim 0 of the result.
    let (l, c) = pos(DOC, "%q =", 0, 1);
    let text = hover_text(&s.call("textDocument/hover", at(l, c)));
    assert!(
        text.ends_with(
            "**broadcast** (XLA broadcast_dimensions = [0]): inferred result shape `4x10`\n\
             - operand #0 `tensor<4x10xf32>`: expands nothing\n\
             - operand #1 `tensor<4xf32>`: adds dim 1\n"
        ),
        "{text}"
    );
    // On the dynamic op: the run-time check too.
    let (l, c) = pos(DOC, "nd.sub", 0, 3);
    let text = hover_text(&s.call("textDocument/hover", at(l, c)));
    assert!(
        text.starts_with("`nd.sub`: elementwise difference\n"),
        "{text}"
    );
    assert!(text.contains("inferred result shape `?x?`"), "{text}");
    assert!(
        text.contains("- operand #1 `tensor<?x1xf32>`: stretches dim 0 (?) at run time if it is 1; stretches dim 1 from 1 to ?"),
        "{text}"
    );
    assert!(
        text.contains("run-time checks:\n- operand #0 dim 0 (?) and operand #1 dim 0 (?) must be 1 or equal at run time"),
        "{text}"
    );
    // A block argument.
    let (l, c) = pos(DOC, "return %r", 0, 8);
    assert_eq!(
        hover_text(&s.call("textDocument/hover", at(l, c))),
        "`%r`: `tensor<3x5xf32>`\n\nargument #0 of block `^done` of `func.func @outer`\n"
    );
    // Nothing at a `=` sign.
    let (l, c) = pos(DOC, "%p =", 0, 3);
    assert_eq!(s.call("textDocument/hover", at(l, c)), Value::Null);

    // Go to definition: a value, a block argument, a block label, a symbol.
    let definition = |s: &mut Server, (l, c): (u32, u32)| {
        let loc = s.call("textDocument/definition", at(l, c));
        assert_eq!(loc["uri"], URI, "{loc}");
        loc["range"].clone()
    };
    let (l, c) = pos(DOC, "%m : (", 0, 1);
    let (dl, dc) = pos(DOC, "%m:", 0, 0);
    assert_eq!(definition(&mut s, (l, c)), range(dl, dc, dl, dc + 2));
    let (dl, dc) = pos(DOC, "%r:", 0, 0);
    assert_eq!(
        definition(&mut s, pos(DOC, "return %r", 0, 8)),
        range(dl, dc, dl, dc + 2)
    );
    let (dl, dc) = pos(DOC, "^done(", 0, 0);
    assert_eq!(
        definition(&mut s, pos(DOC, "[^done]", 0, 3)),
        range(dl, dc, dl, dc + 5)
    );
    let (dl, dc) = pos(DOC, "@rows", 0, 0);
    assert_eq!(
        definition(&mut s, pos(DOC, "@rows", 1, 2)),
        range(dl, dc, dl, dc + 5)
    );
    // On a symbol use, hover names the function and its type.
    let (l, c) = pos(DOC, "@rows", 1, 2);
    let text = hover_text(&s.call("textDocument/hover", at(l, c)));
    assert!(
        text.starts_with("`func.func @rows`")
            && text.contains("`(tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>`"),
        "{text}"
    );

    // Document symbols: the three functions, with their types.
    let symbols = s.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let names: Vec<(&str, i64, &str)> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap(),
                s["kind"].as_i64().unwrap(),
                s["detail"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            (
                "rows",
                12,
                "(tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>"
            ),
            (
                "outer",
                12,
                "(tensor<3x1xf32>, tensor<5xf32>) -> tensor<3x5xf32>"
            ),
            (
                "caller",
                12,
                "(tensor<?x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>"
            ),
            (
                "xla",
                12,
                "(tensor<4x10xf32>, tensor<4xf32>) -> tensor<4x10xf32>"
            ),
        ]
    );
    assert_eq!(symbols[1]["range"], range(5, 0, 10, 1));
    assert_eq!(symbols[1]["selectionRange"], range(5, 10, 5, 16));

    // Typing: a comment line with characters outside ASCII, then an edit placed
    // after them in UTF-16 units (`  // é𝕏` is 8 units, 11 bytes). Placed right, it
    // starts a new line that uses an undefined value.
    let (l, _) = pos(DOC, "\"test.br\"", 0, 0);
    s.change(
        2,
        json!([{"range": range(l, 0, l, 0), "text": "  // é𝕏\n"}]),
    );
    s.change(
        3,
        json!([{"range": range(l, 8, l, 8), "text": "\n  \"test.x\"(%nope) : (i32) -> ()"}]),
    );
    let diags = s.diagnostics(3);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["severity"], 1);
    assert_eq!(diags[0]["message"], "use of undeclared SSA value name");
    assert_eq!(diags[0]["code"], "parse.undeclared-value");
    assert_eq!(diags[0]["range"], range(l + 1, 11, l + 1, 16));
    // Hover still answers after a syntax error, on what was parsed before it.
    let (hl, hc) = pos(DOC, "%p =", 0, 1);
    assert!(hover_text(&s.call("textDocument/hover", at(hl, hc))).starts_with("`%p`"));

    // A whole-text change: the conflict `--verify-broadcast` rejects, as an error.
    let broken = DOC.replace("tensor<5xf32>", "tensor<4xf32>");
    s.change(4, json!([{"text": broken}]));
    let diags = s.diagnostics(4);
    assert!(
        diags.iter().any(|d| d["severity"] == 1
            && d["code"]
                .as_str()
                .is_some_and(|c| c.starts_with("broadcast."))),
        "a conflict error: {diags:?}"
    );
    // And back: only the hint is left.
    s.change(5, json!([{"text": DOC}]));
    assert_eq!(s.diagnostics(5).len(), 1);

    s.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    let closed = s.wait("diagnostics cleared on close", |m| {
        m["method"] == "textDocument/publishDiagnostics"
            && m["params"]["diagnostics"]
                .as_array()
                .is_some_and(Vec::is_empty)
    });
    assert_eq!(closed["params"]["uri"], URI);

    assert_eq!(s.call("shutdown", Value::Null), Value::Null);
    // After shutdown, requests are refused (InvalidRequest).
    assert_eq!(s.call_err("textDocument/hover", at(0, 0)), -32600);
    s.notify("exit", Value::Null);
    assert_eq!(s.exit_code(), Some(0));
}

#[test]
fn bad_input_never_stops_the_server() {
    let mut s = Server::start();
    // Requests before initialize are refused, and the server waits on.
    assert_eq!(s.call_err("textDocument/hover", at(0, 0)), -32002);
    initialize(&mut s, json!({"runtimeChecks": "information"}));
    s.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "mlir", "version": 1, "text": "é𝕏 %x = \n"}}),
    );
    let diags = s.diagnostics(1);
    assert_eq!(diags[0]["severity"], 1, "{diags:?}");

    // Not JSON, not JSON-RPC, not UTF-8, no Content-Length: each answered, and
    // the server reads on.
    s.send_body(b"{\"id\": 1,");
    let e = s.wait("a parse error", |m| m["error"]["code"] == -32700);
    assert_eq!(e["id"], Value::Null);
    s.send_body(b"{\"id\": 77, \"method\": 5}");
    let e = s.wait("an invalid request", |m| m["error"]["code"] == -32600);
    assert_eq!(e["id"], 77);
    s.send_body(b"\"\xff\"");
    s.wait("a parse error", |m| m["error"]["code"] == -32700);
    s.send_raw(b"Content-Type: x\r\n\r\n");
    s.wait("a parse error", |m| m["error"]["code"] == -32700);

    // Params of the wrong shape, an unknown method.
    assert_eq!(
        s.call_err("textDocument/hover", json!({"position": -1})),
        -32602
    );
    assert_eq!(s.call_err("textDocument/formatting", json!({})), -32601);

    // Positions out of range, in the middle of a surrogate pair, past a line's end.
    for (l, c) in [(0, 2), (0, u32::MAX), (u32::MAX, 0), (7, 7), (1, 0)] {
        assert_eq!(s.call("textDocument/hover", at(l, c)), Value::Null);
        assert_eq!(s.call("textDocument/definition", at(l, c)), Value::Null);
    }
    // Edits with such ranges (reversed, past the end, inside a character).
    s.change(2, json!([{"range": range(9, 9, 0, 2), "text": "%y"}]));
    s.change(
        3,
        json!([{"range": range(0, u32::MAX, u32::MAX, 1), "text": ""}]),
    );
    s.diagnostics(3);
    // An unknown document.
    let other = json!({"textDocument": {"uri": "file:///nowhere.mlir"}, "position": {"line": 0, "character": 0}});
    assert_eq!(s.call("textDocument/hover", other), Value::Null);
    s.change(4, json!([{"text": DOC}]));
    // Back to a valid text: only the run-time obligation is left, as information
    // (the initialization option).
    let diags = s.diagnostics(4);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0]["severity"], 3);
    assert_eq!(diags[0]["code"], "broadcast.runtime-check");

    assert_eq!(s.call("shutdown", Value::Null), Value::Null);
    s.notify("exit", Value::Null);
    assert_eq!(s.exit_code(), Some(0));
}

#[test]
fn exit_without_shutdown_exits_with_1() {
    let mut s = Server::start();
    initialize(&mut s, json!(null));
    s.notify("exit", Value::Null);
    assert_eq!(s.exit_code(), Some(1));
}

#[test]
fn nested_symbols_resolve_and_nest() {
    const NESTED: &str = r#"builtin.module @outer {
  builtin.module @m {
    func.func @g() {
      return
    }
  }
  func.func @f() {
    "test.call"() {callee = @m::@g} : () -> ()
    return
  }
}
"#;
    let mut s = Server::start();
    initialize(&mut s, json!(null));
    s.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "mlir", "version": 1, "text": NESTED}}),
    );
    assert_eq!(s.diagnostics(1), Vec::<Value>::new());
    // `@m::@g`: each part goes to its own declaration.
    let decl = |needle: &str| {
        let (l, c) = pos(NESTED, needle, 0, 0);
        let len = needle.len() as u32;
        range(l, c, l, c + len)
    };
    let (l, c) = pos(NESTED, "@m::@g", 0, 1);
    let loc = s.call("textDocument/definition", at(l, c));
    assert_eq!(loc["range"], decl("@m"));
    let loc = s.call("textDocument/definition", at(l, c + 4));
    assert_eq!(loc["range"], decl("@g"));
    // The outline nests as written.
    let symbols = s.call(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    );
    let outer = &symbols[0];
    assert_eq!(
        (outer["name"].as_str(), outer["kind"].as_i64()),
        (Some("outer"), Some(2))
    );
    let inner: Vec<&str> = outer["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(inner, ["m", "f"]);
    assert_eq!(outer["children"][0]["children"][0]["name"], "g");
    assert_eq!(symbols.as_array().unwrap().len(), 1);
    assert_eq!(s.call("shutdown", Value::Null), Value::Null);
    s.notify("exit", Value::Null);
    assert_eq!(s.exit_code(), Some(0));
}

#[test]
fn a_length_too_large_is_answered_without_waiting_for_more() {
    let mut s = Server::start();
    initialize(&mut s, json!(null));
    s.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "mlir", "version": 1, "text": DOC}}),
    );
    // The header promises 50 bytes more than come, and the client sends nothing
    // until it has the answer.
    let body =
        json!({"jsonrpc": "2.0", "id": 100, "method": "textDocument/hover", "params": at(0, 0)})
            .to_string();
    s.send_raw(format!("Content-Length: {}\r\n\r\n{body}", body.len() + 50).as_bytes());
    assert!(s.response(100).get("error").is_none());
    // The next message is read as usual.
    let (l, c) = pos(DOC, "%p =", 0, 1);
    assert!(hover_text(&s.call("textDocument/hover", at(l, c))).starts_with("`%p`"));
    assert_eq!(s.call("shutdown", Value::Null), Value::Null);
    s.notify("exit", Value::Null);
    assert_eq!(s.exit_code(), Some(0));
}

#[test]
fn hover_shows_symbolic_shapes() {
    const NAMED: &str = r#"func.func @f(%x: tensor<?x?xf32> {nd.dim_names = ["batch", "seq"]}, %y: tensor<?x4xf32>, %b: tensor<?xf32> {nd.dim_names = ["seq"]}) -> tensor<?x?xf32> {
  %s = nd.add %x, %b : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  %t = nd.exp %y : tensor<?x4xf32>
  %u = nd.add %x, %y : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
"#;
    let mut s = Server::start();
    initialize(&mut s, json!(null));
    s.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "mlir", "version": 1, "text": NAMED}}),
    );
    // The remark of %u names its sizes as the hover does.
    let diags = s.diagnostics(1);
    assert_eq!(diags.len(), 2, "{diags:?}");
    assert_eq!(
        diags[0]["message"],
        "operand #0 dim 0 (batch) and operand #1 dim 0 (%arg1[0]) must be 1 or equal at run time"
    );
    // Named dims by their names; the sum of %x and %b keeps them (`seq` ties
    // %b's dim to %x's, so no check is needed and the names survive). An
    // anonymous dim by where it comes from; a static one by its size. A checked
    // broadcast's size: the common size of what it joined (seq meets a static
    // 4: after the check, it is 4).
    for (needle, want) in [
        ("%x:", "`%x`: `tensor<?x?xf32> [batch, seq]`"),
        ("%s =", "`%s`: `tensor<?x?xf32> [batch, seq]`"),
        ("%t =", "`%t`: `tensor<?x4xf32> [%arg1[0], 4]`"),
        (
            "%u =",
            "`%u`: `tensor<?x?xf32> [bcast(%arg1[0], batch), 4]`",
        ),
    ] {
        let (l, c) = pos(NAMED, needle, 0, 1);
        let text = hover_text(&s.call("textDocument/hover", at(l, c)));
        assert_eq!(text.lines().next(), Some(want), "{text}");
    }
    assert_eq!(s.call("shutdown", Value::Null), Value::Null);
    s.notify("exit", Value::Null);
    assert_eq!(s.exit_code(), Some(0));
}
