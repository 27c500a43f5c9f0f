//! The protocol's framing on standard input and output, forgiving of bad input.
//!
//! `lsp-server`'s stdio transport stops at the first malformed message, and a
//! wrong `Content-Length` misaligns every frame after it. This reader answers each
//! malformed message with the JSON-RPC error (`-32700` parse error, `-32600`
//! invalid request, with the id when one can be read) and finds the next message:
//!
//! - a body is read up to the end of its JSON value: when the `Content-Length` was
//!   too large, the bytes after the value are the next frame, read without waiting
//!   for bytes the header promised;
//! - a body that is not JSON has the rest of its length skipped, unless the next
//!   `Content-Length:` header is inside it (the length was too large);
//! - bytes that are not a header (the rest of a body whose length was too small)
//!   are skipped up to the next `Content-Length:` header, even one glued to the end
//!   of a line.
//!
//! Every byte is read once, and at most a header line's worth again, so no input
//! makes reading quadratic.

use crate::message::{self, Incoming, code};
use crossbeam_channel::{Receiver, Sender};
use serde_json::Value;
use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

/// The largest message body read: a longer one is refused before anything of it is
/// read (its bytes are then skipped as not a header), so a wrong header cannot make
/// the server allocate without bound.
pub const MAX_BODY: usize = 1 << 30;

/// The longest header line; a longer line is not a header.
const MAX_HEADER_LINE: usize = 4096;

const CONTENT_LENGTH: &[u8] = b"content-length:";

/// Messages to and from the client.
pub struct Connection {
    /// Answers and notifications to write.
    pub sender: Sender<Value>,
    /// Requests and notifications read, in order; it ends after `exit` or at the end
    /// of input.
    pub receiver: Receiver<Incoming>,
}

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
    let (to_writer, writer_rx) = crossbeam_channel::unbounded::<Value>();
    let (reader_tx, from_reader) = crossbeam_channel::bounded::<Incoming>(0);
    let writer = std::thread::Builder::new()
        .name("tensor-lsp-writer".into())
        .spawn(move || write_loop(&writer_rx))?;
    std::thread::Builder::new()
        .name("tensor-lsp-reader".into())
        .spawn(move || {
            let stdin = io::stdin();
            // Bodies are read through the buffer: a larger one than stdin's own
            // means fewer reads of a large document.
            let input = io::BufReader::with_capacity(1 << 16, stdin.lock());
            read_loop(input, &reader_tx, &mut |reply| {
                // Answers the reader gives itself, written whole under the lock so
                // they never interleave with the writer's. Not through the writer:
                // the reader may outlive the connection, which would keep the
                // writer waiting.
                let _ = write_frame(&mut io::stdout().lock(), &reply);
            });
        })?;
    let connection = Connection {
        sender: to_writer,
        receiver: from_reader,
    };
    Ok((connection, IoThreads { writer }))
}

fn write_loop(messages: &Receiver<Value>) -> io::Result<()> {
    for msg in messages {
        write_frame(&mut io::stdout().lock(), &msg)?;
    }
    Ok(())
}

fn write_frame(out: &mut impl Write, msg: &Value) -> io::Result<()> {
    let body = serde_json::to_vec(msg)?;
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(&body)?;
    out.flush()
}

/// Reads framed messages from `input` and passes them on until the end of input,
/// the `exit` notification, or the receiver hanging up. A malformed message is
/// answered through `reply` (a JSON-RPC error) and skipped; responses are dropped.
pub fn read_loop(input: impl BufRead, messages: &Sender<Incoming>, reply: &mut dyn FnMut(Value)) {
    let mut input = Rewind {
        back: VecDeque::new(),
        inner: input,
        rest_of_body: 0,
    };
    // Whether the last frame was answered as broken: bytes skipped right after it are
    // its own rest, already answered for.
    let mut answered = false;
    loop {
        let Ok((frame, skipped)) = read_frame(&mut input) else {
            return;
        };
        if skipped && !answered {
            reply(message::error_with(
                Value::Null,
                code::PARSE_ERROR,
                "skipped bytes that are not a message header",
            ));
        }
        answered = true;
        let value = match frame {
            Frame::End => return,
            Frame::Bad(problem) => {
                reply(message::error_with(
                    Value::Null,
                    code::PARSE_ERROR,
                    &problem,
                ));
                continue;
            }
            Frame::Json(Err(problem)) => {
                reply(message::error_with(
                    Value::Null,
                    code::PARSE_ERROR,
                    &problem,
                ));
                continue;
            }
            Frame::Json(Ok(value)) => value,
        };
        let msg = match message::decode(value) {
            Ok(Some(msg)) => msg,
            Ok(None) => {
                answered = false;
                continue;
            }
            Err(e) => {
                reply(message::error_with(e.id, e.code, &e.message));
                continue;
            }
        };
        answered = false;
        let exit = matches!(&msg, Incoming::Notification { method, .. } if method == "exit");
        if messages.send(msg).is_err() || exit {
            return;
        }
    }
}

/// What [`read_frame`] found.
enum Frame {
    /// A message's JSON, or why its body is not JSON.
    Json(Result<Value, String>),
    /// A frame that was skipped: bad headers, or too large.
    Bad(String),
    /// The end of input.
    End,
}

/// The next frame, and whether bytes that are not a header were skipped before it.
fn read_frame<R: BufRead>(input: &mut Rewind<R>) -> io::Result<(Frame, bool)> {
    let mut length: Option<Result<usize, String>> = None;
    let mut in_headers = false;
    let mut skipped = false;
    let mut line = Vec::new();
    // The rest of the last body, after the point where it stopped being JSON: not
    // headers, unless the next message's header is in it (its length was too large).
    let mut rest = std::mem::take(&mut input.rest_of_body);
    loop {
        line.clear();
        let limit = if rest > 0 {
            rest.min(MAX_HEADER_LINE as u64)
        } else {
            MAX_HEADER_LINE as u64
        };
        let n = (&mut *input).take(limit).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok((Frame::End, skipped));
        }
        if rest > 0 {
            rest -= n as u64;
            if let Some(at) = find_header(&line) {
                input.unread(&line[at..]);
                rest = 0;
            }
            continue;
        }
        let complete = line.ends_with(b"\n");
        let mut text = trim_newline(&line);
        if !in_headers {
            // Blank lines between messages, and the whitespace a body may end with:
            // tolerated.
            text = text.trim_ascii_start();
            if text.is_empty() && complete {
                continue;
            }
        } else if text.is_empty() && complete {
            break;
        }
        // A header glued to the end of something else is not one: the rest of a
        // broken message comes first.
        let glued = find_header(text).is_some_and(|at| at > 0);
        match header(text).filter(|_| complete && !glued) {
            Some((name, value)) => {
                in_headers = true;
                if name.eq_ignore_ascii_case(b"content-length") {
                    let value = String::from_utf8_lossy(value);
                    length = Some(
                        value
                            .trim()
                            .parse::<usize>()
                            .map_err(|_| format!("bad Content-Length header: {:?}", value.trim())),
                    );
                }
            }
            None => {
                // The rest of a broken message. The next header may follow on the same
                // line (a body has no newline at its end), or straddle the point where
                // an overlong line is cut.
                skipped = true;
                in_headers = false;
                length = None;
                if let Some(at) = find_header(&line[1..]) {
                    input.unread(&line[1 + at..]);
                } else if !complete && n == MAX_HEADER_LINE {
                    input.unread(&line[n - (CONTENT_LENGTH.len() - 1)..]);
                }
            }
        }
    }
    let frame = match length {
        None => Frame::Bad("a message without a Content-Length header".into()),
        Some(Err(e)) => Frame::Bad(e),
        Some(Ok(n)) if n > MAX_BODY => {
            // Its bytes are skipped as a broken body's rest: up to the next header.
            input.rest_of_body = n as u64;
            Frame::Bad(format!(
                "a message of {n} bytes, more than the {MAX_BODY} read; skipped up to the next header"
            ))
        }
        Some(Ok(n)) => {
            let mut body = (&mut *input).take(n as u64);
            let json = read_json(&mut body)?;
            if json.is_err() {
                input.rest_of_body = body.limit();
            }
            Frame::Json(json)
        }
    };
    Ok((frame, skipped))
}

/// The JSON value a body starts with. Reading stops at its end, not at the end the
/// header gives: with a `Content-Length` that is too large, the bytes after the value
/// are the next frame, and waiting for the rest would wait for messages the client
/// sends only after this one's answer. Whitespace after the value is skipped by the
/// next [`read_frame`]; anything else is read as the next frame.
fn read_json(body: &mut impl BufRead) -> io::Result<Result<Value, String>> {
    let mut bytes = Vec::new();
    let mut end = ValueEnd::default();
    loop {
        let chunk = body.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let (n, done) = end.scan(chunk);
        bytes.extend_from_slice(&chunk[..n]);
        body.consume(n);
        if done {
            break;
        }
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Err("an empty message".into()));
    }
    // serde_json's reader-based parser would find the end itself, but reads a byte
    // at a time: several times slower on a large document.
    Ok(serde_json::from_slice(&bytes).map_err(|e| {
        if e.is_eof() {
            "the message ends before its JSON does (Content-Length too small?)".into()
        } else {
            format!("the message is not JSON: {e}")
        }
    }))
}

/// Where a JSON object, array or string ends, found by matching brackets and quotes
/// (serde_json then parses what it delimits). A bare scalar has no end it can see:
/// it runs to the end of the body.
#[derive(Default)]
struct ValueEnd {
    depth: usize,
    in_string: bool,
    escaped: bool,
}

impl ValueEnd {
    /// How much of `chunk` belongs to the value, and whether the value ends there.
    fn scan(&mut self, chunk: &[u8]) -> (usize, bool) {
        let mut i = 0;
        while i < chunk.len() {
            let b = chunk[i];
            i += 1;
            if self.in_string {
                if self.escaped {
                    self.escaped = false;
                } else if b == b'\\' {
                    self.escaped = true;
                } else if b == b'"' {
                    self.in_string = false;
                    if self.depth == 0 {
                        return (i, true);
                    }
                } else {
                    // A document's text is mostly inside one string.
                    i = memchr::memchr2(b'"', b'\\', &chunk[i..]).map_or(chunk.len(), |at| i + at);
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => {
                    // An unmatched closer ends the value too: serde_json says why.
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        return (i, true);
                    }
                }
                _ => {}
            }
        }
        (chunk.len(), false)
    }
}

fn trim_newline(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// `Name: value`, where the name is a header's token (letters, digits, `-`).
fn header(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let colon = memchr::memchr(b':', line)?;
    let name = &line[..colon];
    let token = !name.is_empty() && name.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'-');
    token.then(|| (name, &line[colon + 1..]))
}

/// Where `Content-Length:` (in any case) starts in `bytes`.
fn find_header(bytes: &[u8]) -> Option<usize> {
    bytes
        .windows(CONTENT_LENGTH.len())
        .position(|w| w.eq_ignore_ascii_case(CONTENT_LENGTH))
}

/// A reader that bytes can be handed back to, read again before the rest.
struct Rewind<R> {
    back: VecDeque<u8>,
    inner: R,
    /// How much of the last body is left after the point where it was found not to
    /// be JSON.
    rest_of_body: u64,
}

impl<R> Rewind<R> {
    fn unread(&mut self, bytes: &[u8]) {
        for &b in bytes.iter().rev() {
            self.back.push_front(b);
        }
    }
}

impl<R: BufRead> Read for Rewind<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Rewind<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.back.is_empty() {
            self.inner.fill_buf()
        } else {
            Ok(self.back.as_slices().0)
        }
    }

    fn consume(&mut self, n: usize) {
        if self.back.is_empty() {
            self.inner.consume(n);
        } else {
            self.back.drain(..n);
        }
    }
}

#[cfg(test)]
#[path = "transport_tests.rs"]
mod tests;
