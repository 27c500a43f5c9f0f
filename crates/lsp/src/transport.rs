//! The protocol's framing on standard input and output, forgiving of bad input.
//!
//! `lsp-server`'s own stdio transport stops reading at the first malformed message
//! (and sizes its buffer from the `Content-Length` header before reading), so one
//! bad message would end the server. This one answers what JSON-RPC asks for
//! instead (`-32700` parse error, `-32600` invalid request, with `id: null` when
//! the id is unknown) and reads the next message.

use crossbeam_channel::{Receiver, Sender};
use lsp_server::{Connection, Message};
use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

/// The largest message body read: a bigger one is skipped (and answered with an
/// error), so a wrong header cannot make the server allocate without bound.
pub const MAX_BODY: usize = 1 << 30;

/// The longest header line kept; the rest of a longer line is skipped.
const MAX_HEADER_LINE: usize = 4096;

/// The transport's threads.
pub struct IoThreads {
    writer: JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits until every message sent has been written (call after dropping every
    /// sender of the connection). The reader is not waited for: it may be blocked
    /// on standard input, which the process's exit ends.
    ///
    /// # Errors
    /// Writing to standard output failed.
    pub fn join(self) -> io::Result<()> {
        self.writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")))
    }
}

/// A connection on standard input and output.
///
/// # Errors
/// The threads could not be started.
pub fn stdio() -> io::Result<(Connection, IoThreads)> {
    let (to_writer, writer_rx) = crossbeam_channel::unbounded::<Message>();
    let (reader_tx, from_reader) = crossbeam_channel::bounded::<Message>(0);
    let writer = std::thread::Builder::new()
        .name("tensor-lsp-writer".into())
        .spawn(move || write_loop(&writer_rx))?;
    std::thread::Builder::new()
        .name("tensor-lsp-reader".into())
        .spawn(move || {
            let stdin = io::stdin();
            read_loop(&mut stdin.lock(), &reader_tx, &mut |raw| {
                // Answers the reader gives itself, written whole under the lock so
                // they never interleave with the writer's.
                let mut out = io::stdout().lock();
                let _ = write_frame(&mut out, raw.as_bytes());
            });
        })?;
    let connection = Connection {
        sender: to_writer,
        receiver: from_reader,
    };
    Ok((connection, IoThreads { writer }))
}

fn write_loop(messages: &Receiver<Message>) -> io::Result<()> {
    for msg in messages {
        let mut out = io::stdout().lock();
        msg.write(&mut out)?;
    }
    Ok(())
}

fn write_frame(out: &mut impl Write, body: &[u8]) -> io::Result<()> {
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(body)?;
    out.flush()
}

/// Reads framed messages from `input` and passes them on until the end of input,
/// the `exit` notification, or the receiver hanging up. A malformed message is
/// answered through `reply` (a JSON-RPC error as raw JSON) and skipped.
pub fn read_loop(
    input: &mut impl BufRead,
    messages: &Sender<Message>,
    reply: &mut dyn FnMut(String),
) {
    loop {
        let body = match read_frame(input) {
            Ok(Some(Ok(body))) => body,
            Ok(Some(Err(problem))) => {
                reply(error_json(None, PARSE_ERROR, &problem));
                continue;
            }
            Ok(None) | Err(_) => return,
        };
        let msg = match decode(&body) {
            Ok(msg) => msg,
            Err((id, code, problem)) => {
                reply(error_json(id, code, &problem));
                continue;
            }
        };
        let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
        if messages.send(msg).is_err() || exit {
            return;
        }
    }
}

const PARSE_ERROR: i32 = -32700;
const INVALID_REQUEST: i32 = -32600;

/// One message's body; `Ok(None)` at the end of input, `Ok(Some(Err(..)))` for a
/// frame that was skipped (bad headers, too large).
fn read_frame(input: &mut impl BufRead) -> io::Result<Option<Result<Vec<u8>, String>>> {
    let mut length: Option<Result<usize, String>> = None;
    let mut saw_header = false;
    loop {
        let Some(line) = read_header_line(input)? else {
            return Ok(None);
        };
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            if saw_header {
                break;
            }
            // Blank lines between messages: tolerated.
            continue;
        }
        saw_header = true;
        match line.split_once(':') {
            Some((name, value)) if name.trim().eq_ignore_ascii_case("content-length") => {
                length = Some(
                    value
                        .trim()
                        .parse::<usize>()
                        .map_err(|_| format!("bad Content-Length header: {line:?}")),
                );
            }
            Some(_) => {}
            None => length = Some(Err(format!("malformed header line: {line:?}"))),
        }
    }
    let length = match length {
        None => {
            return Ok(Some(
                Err("a message without a Content-Length header".into()),
            ));
        }
        Some(Err(e)) => return Ok(Some(Err(e))),
        Some(Ok(n)) => n,
    };
    if length > MAX_BODY {
        let skipped = io::copy(&mut input.take(length as u64), &mut io::sink())?;
        if (skipped as usize) < length {
            return Ok(None);
        }
        return Ok(Some(Err(format!(
            "a message of {length} bytes, more than the {MAX_BODY} read"
        ))));
    }
    // Grows as bytes arrive: the header alone reserves nothing.
    let mut body = Vec::new();
    input.take(length as u64).read_to_end(&mut body)?;
    if body.len() < length {
        return Ok(None);
    }
    Ok(Some(Ok(body)))
}

/// A header line, at most [`MAX_HEADER_LINE`] bytes of it (the rest is skipped);
/// `None` at the end of input. Invalid UTF-8 is replaced, as a header is ASCII.
fn read_header_line(input: &mut impl BufRead) -> io::Result<Option<String>> {
    let mut line = Vec::new();
    let n = input
        .take(MAX_HEADER_LINE as u64)
        .read_until(b'\n', &mut line)?;
    if n == 0 {
        return Ok(None);
    }
    if !line.ends_with(b"\n") && n == MAX_HEADER_LINE {
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let m = input
                .take(MAX_HEADER_LINE as u64)
                .read_until(b'\n', &mut rest)?;
            if m == 0 || rest.ends_with(b"\n") {
                break;
            }
        }
    }
    Ok(Some(String::from_utf8_lossy(&line).into_owned()))
}

type DecodeError = (Option<serde_json::Value>, i32, String);

/// A body as a message, or the error to answer with (and the id, when known).
fn decode(body: &[u8]) -> Result<Message, DecodeError> {
    let value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| (None, PARSE_ERROR, format!("the message is not JSON: {e}")))?;
    let id = value
        .get("id")
        .filter(|id| id.is_number() || id.is_string())
        .cloned();
    serde_json::from_value(value)
        .map_err(|e| (id, INVALID_REQUEST, format!("not a JSON-RPC message: {e}")))
}

fn error_json(id: Option<serde_json::Value>, code: i32, message: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(serde_json::Value::Null),
        "error": { "code": code, "message": format!("tensor-lsp: {message}") },
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    /// Runs the reader on `input`: the messages passed on and the errors answered.
    fn read_all(input: &[u8]) -> (Vec<Message>, Vec<serde_json::Value>) {
        let (tx, rx) = crossbeam_channel::unbounded();
        let mut replies = Vec::new();
        read_loop(&mut &input[..], &tx, &mut |r| {
            replies.push(serde_json::from_str(&r).unwrap());
        });
        drop(tx);
        (rx.into_iter().collect(), replies)
    }

    #[test]
    fn bad_messages_are_answered_and_skipped() {
        let good = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
        let mut input = Vec::new();
        input.extend(frame("{not json").as_bytes());
        input.extend(frame(r#"{"jsonrpc":"2.0","id":7,"method":5}"#).as_bytes());
        input.extend(b"X-Nothing: 1\r\n\r\n");
        input.extend(b"Content-Length: lots\r\n\r\n");
        // Invalid UTF-8 in a body.
        input.extend(b"Content-Length: 3\r\n\r\n\"\xff\"");
        input.extend(format!("Content-Length: {}\r\n\r\n", MAX_BODY + 1).as_bytes());
        input.extend(frame(good).as_bytes());
        let (msgs, replies) = read_all(&input);
        let codes: Vec<i64> = replies
            .iter()
            .map(|r| r["error"]["code"].as_i64().unwrap())
            .collect();
        assert_eq!(
            codes,
            [
                PARSE_ERROR,
                INVALID_REQUEST,
                PARSE_ERROR,
                PARSE_ERROR,
                PARSE_ERROR
            ]
            .map(i64::from)
        );
        assert_eq!(replies[1]["id"], 7);
        assert!(replies[0]["id"].is_null());
        // The oversized frame swallowed the rest of the input, which was too short
        // to hold it: input ended there.
        assert!(msgs.is_empty());
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
        assert_eq!(msgs.len(), 2);
        assert!(matches!(&msgs[0], Message::Request(r) if r.method == "shutdown"));
    }

    #[test]
    fn reading_stops_at_exit() {
        let input = format!(
            "{}{}",
            frame(r#"{"method":"exit"}"#),
            frame(r#"{"method":"x"}"#)
        );
        let (msgs, _) = read_all(input.as_bytes());
        assert_eq!(msgs.len(), 1);
    }
}
