//! The protocol loop. The main thread reads messages and keeps each open document's
//! text; a worker thread analyses documents and answers requests about them.
//!
//! - Edits only update the text and tell the worker. The worker waits until a
//!   document has been quiet for [`Config::debounce`] (or dirty for
//!   [`Config::max_delay`]), then analyses its latest text. An analysis whose text
//!   was edited meanwhile stops at its next phase and publishes nothing.
//! - A request is answered against the analysis of the document text it was made
//!   on: it waits for that analysis, and gets `ContentModified` if a newer edit
//!   overtakes it (the protocol's code for exactly this). Texts are told apart by
//!   the server's own revision count, not the client's version numbers, which a
//!   client may repeat.
//! - Every request is answered exactly once. `shutdown` first analyses every
//!   document still waiting and answers every request still waiting, then replies;
//!   nothing is published after that reply.
//! - A panic while analysing or answering is caught: the document gets an error
//!   diagnostic, the request an error reply, and the server goes on.

use crate::analysis::{Analysis, Settings, analyze};
use crate::features;
use crate::lines::{Encoding, line_offset, line_start};
use crate::message::{self, Id, Incoming, code};
use crate::transport::Connection;
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use lsp_types::notification::{Exit, Notification as _, PublishDiagnostics};
use lsp_types::request::{Initialize, Request as _, Shutdown};
use lsp_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentSymbolParams, HoverProviderCapability, InitializeParams, InitializeResult, OneOf,
    Position, PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentPositionParams, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, Uri,
};
use serde_json::Value;
use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How the server schedules analyses, and what it checks with.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// What documents are checked with.
    pub settings: Settings,
    /// How long a document must be quiet after an edit before it is analysed.
    pub debounce: Duration,
    /// How long a document may stay unanalysed while edits keep coming.
    pub max_delay: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            settings: Settings::default(),
            debounce: Duration::from_millis(50),
            max_delay: Duration::from_millis(400),
        }
    }
}

/// The boxed error of the protocol loop.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// One open document's latest text.
struct Doc {
    text: String,
    /// The client's version, published with the diagnostics.
    version: i32,
    /// The server's count of texts, which tells them apart.
    rev: u64,
}

/// Open documents by URI, shared by the reader (which edits them) and the worker
/// (which takes a snapshot to analyse).
type Store = Arc<Mutex<HashMap<String, Doc>>>;

fn lock(store: &Store) -> std::sync::MutexGuard<'_, HashMap<String, Doc>> {
    store.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A request the worker answers.
#[derive(Clone, Copy, Debug)]
enum Query {
    Hover(Position),
    Definition(Position),
    Symbols,
}

/// What the reader tells the worker.
enum Job {
    /// The document has a new text in the store.
    Changed(Uri),
    /// The document was closed.
    Closed(Uri),
    /// Answer this request against the analysis of text `rev`.
    Request {
        id: Id,
        uri: Uri,
        rev: u64,
        query: Query,
    },
    /// The client no longer wants the answer.
    Cancel(Id),
    /// `shutdown`: analyse what is waiting, answer every request, then stop.
    Shutdown,
    /// `exit` or the end of input: stop now.
    Exit,
}

/// Runs the server on `connection` until `exit`. Returns whether `shutdown` came
/// first (the process should then exit with 0, else 1).
///
/// # Errors
/// A protocol error during initialization or shutdown.
pub fn run(connection: &Connection, config: Config) -> Result<bool, Error> {
    let Some((id, params)) = wait_for_initialize(connection)? else {
        return Ok(false);
    };
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let encoding = negotiate(&init);
    let config = Config {
        settings: settings_from(&init, config.settings),
        ..config
    };
    let result = InitializeResult {
        capabilities: capabilities(encoding),
        server_info: Some(ServerInfo {
            name: "tensor-lsp".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        }),
    };
    connection
        .sender
        .send(message::ok(id, serde_json::to_value(result)?))?;

    let store: Store = Arc::default();
    let exiting = Arc::new(AtomicBool::new(false));
    let (jobs, job_rx) = crossbeam_channel::unbounded();
    let worker = {
        let (store, exiting, sender) = (store.clone(), exiting.clone(), connection.sender.clone());
        std::thread::Builder::new()
            .name("tensor-lsp-worker".into())
            .spawn(move || {
                Worker {
                    store,
                    exiting,
                    sender,
                    config,
                    encoding,
                    analyses: HashMap::new(),
                    dirty: HashMap::new(),
                    waiting: Vec::new(),
                }
                .run(&job_rx);
            })?
    };
    let jobs_for_stop = jobs.clone();
    let stop_worker = move |job: Job| {
        if matches!(job, Job::Exit) {
            // An analysis in progress stops at its next phase.
            exiting.store(true, Ordering::Relaxed);
        }
        let _ = jobs_for_stop.send(job);
        let _ = worker.join();
    };
    let mut reader = Reader {
        store: &store,
        jobs: &jobs,
        encoding,
        rev: 0,
    };
    reader.run(connection, stop_worker)
}

/// Reads until `initialize`, refusing requests (`ServerNotInitialized`) and dropping
/// notifications, as the protocol asks. `None` if `exit` or the end of input comes
/// first.
fn wait_for_initialize(connection: &Connection) -> Result<Option<(Id, Value)>, Error> {
    for msg in &connection.receiver {
        match msg {
            Incoming::Request { id, method, params } if method == Initialize::METHOD => {
                return Ok(Some((id, params)));
            }
            Incoming::Request { id, .. } => {
                let reply = message::error(
                    id,
                    code::SERVER_NOT_INITIALIZED,
                    "the server is not initialized yet",
                );
                connection.sender.send(reply)?;
            }
            Incoming::Notification { method, .. } if method == Exit::METHOD => return Ok(None),
            Incoming::Notification { .. } => {}
        }
    }
    Ok(None)
}

/// The main thread's side: it keeps the texts and hands work to the worker.
struct Reader<'a> {
    store: &'a Store,
    jobs: &'a Sender<Job>,
    encoding: Encoding,
    /// The last revision given to a text.
    rev: u64,
}

impl Reader<'_> {
    /// Reads messages until `exit`; returns whether `shutdown` came first. After
    /// `shutdown`, requests get `InvalidRequest` and notifications are dropped, as the
    /// protocol asks.
    fn run(
        &mut self,
        connection: &Connection,
        stop_worker: impl FnOnce(Job),
    ) -> Result<bool, Error> {
        let mut stop_worker = Some(stop_worker);
        let mut shut_down = false;
        for msg in &connection.receiver {
            match msg {
                Incoming::Request { id, .. } if shut_down => {
                    let reply = message::error(
                        id,
                        code::INVALID_REQUEST,
                        "the server is shut down; only `exit` is expected",
                    );
                    connection.sender.send(reply)?;
                }
                Incoming::Request { id, method, .. } if method == Shutdown::METHOD => {
                    shut_down = true;
                    if let Some(stop) = stop_worker.take() {
                        stop(Job::Shutdown);
                    }
                    connection.sender.send(message::ok(id, Value::Null))?;
                }
                Incoming::Request { id, method, params } => {
                    if let Some(reply) = self.on_request(id, &method, params) {
                        connection.sender.send(reply)?;
                    }
                }
                Incoming::Notification { method, .. } if method == Exit::METHOD => break,
                Incoming::Notification { .. } if shut_down => {}
                Incoming::Notification { method, params } => self.on_notification(&method, params),
            }
        }
        if let Some(stop) = stop_worker.take() {
            stop(Job::Exit);
        }
        Ok(shut_down)
    }

    /// Passes a request to the worker, or answers it at once (unknown method, bad params,
    /// unknown document).
    fn on_request(&mut self, id: Id, method: &str, params: Value) -> Option<Value> {
        use lsp_types::request::{DocumentSymbolRequest, GotoDefinition, HoverRequest};
        let parsed = match method {
            HoverRequest::METHOD => serde_json::from_value::<TextDocumentPositionParams>(params)
                .map(|p| (p.text_document.uri, Query::Hover(p.position))),
            GotoDefinition::METHOD => serde_json::from_value::<TextDocumentPositionParams>(params)
                .map(|p| (p.text_document.uri, Query::Definition(p.position))),
            DocumentSymbolRequest::METHOD => serde_json::from_value::<DocumentSymbolParams>(params)
                .map(|p| (p.text_document.uri, Query::Symbols)),
            Initialize::METHOD => {
                return Some(message::error(
                    id,
                    code::INVALID_REQUEST,
                    "the server is already initialized",
                ));
            }
            _ => {
                return Some(message::error(
                    id,
                    code::METHOD_NOT_FOUND,
                    &format!("tensor-lsp does not handle '{method}'"),
                ));
            }
        };
        let (uri, query) = match parsed {
            Ok(x) => x,
            Err(e) => return Some(message::error(id, code::INVALID_PARAMS, &e.to_string())),
        };
        let Some(rev) = lock(self.store).get(uri.as_str()).map(|d| d.rev) else {
            return Some(message::ok(id, Value::Null));
        };
        let job = Job::Request {
            id,
            uri,
            rev,
            query,
        };
        // The worker is gone only if it panicked outside an analysis: still one answer.
        match self.jobs.send(job) {
            Ok(()) => None,
            Err(crossbeam_channel::SendError(Job::Request { id, .. })) => Some(message::error(
                id,
                code::INTERNAL_ERROR,
                "the worker thread stopped",
            )),
            Err(_) => None,
        }
    }

    fn on_notification(&mut self, method: &str, params: Value) {
        use lsp_types::notification::{
            Cancel, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
        };
        let (store, jobs, encoding) = (self.store, self.jobs, self.encoding);
        match method {
            DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(params) {
                    self.rev += 1;
                    let doc = Doc {
                        text: p.text_document.text,
                        version: p.text_document.version,
                        rev: self.rev,
                    };
                    lock(store).insert(p.text_document.uri.as_str().to_owned(), doc);
                    let _ = jobs.send(Job::Changed(p.text_document.uri));
                }
            }
            DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(params) {
                    self.rev += 1;
                    let rev = self.rev;
                    let mut docs = lock(store);
                    if let Some(doc) = docs.get_mut(p.text_document.uri.as_str()) {
                        let text = &mut doc.text;
                        for change in p.content_changes {
                            match change.range {
                                None => *text = change.text,
                                Some(range) => {
                                    let offset = |pos: Position| {
                                        let start = line_start(text, pos.line);
                                        if start >= text.len() && pos.line > 0 {
                                            return text.len();
                                        }
                                        line_offset(text, start, pos.character, encoding)
                                    };
                                    let (a, b) = (offset(range.start), offset(range.end));
                                    text.replace_range(a.min(b)..a.max(b), &change.text);
                                }
                            }
                        }
                        doc.version = p.text_document.version;
                        doc.rev = rev;
                        drop(docs);
                        let _ = jobs.send(Job::Changed(p.text_document.uri));
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(params) {
                    lock(store).remove(p.text_document.uri.as_str());
                    let _ = jobs.send(Job::Closed(p.text_document.uri));
                }
            }
            Cancel::METHOD => {
                if let Some(id) = params.get("id").and_then(Id::new) {
                    let _ = jobs.send(Job::Cancel(id));
                }
            }
            _ => {}
        }
    }
}

/// UTF-8 if the client offers it (no conversion needed), else the default UTF-16.
fn negotiate(init: &InitializeParams) -> Encoding {
    let offered = init
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref());
    if offered.is_some_and(|list| list.contains(&PositionEncodingKind::UTF8)) {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    }
}

/// `initializationOptions` may override the command line:
/// `{"allowUnregisteredDialect": true, "broadcastSemantics": "mlir",
/// "runtimeChecks": "information"}`.
fn settings_from(init: &InitializeParams, mut settings: Settings) -> Settings {
    let Some(options) = init.initialization_options.as_ref() else {
        return settings;
    };
    if let Some(b) = options
        .get("allowUnregisteredDialect")
        .and_then(serde_json::Value::as_bool)
    {
        settings.allow_unregistered = b;
    }
    match options
        .get("broadcastSemantics")
        .and_then(serde_json::Value::as_str)
    {
        Some("mlir") => settings.semantics = broadcastable::Semantics::Mlir,
        Some("spec") => settings.semantics = broadcastable::Semantics::Spec,
        _ => {}
    }
    if let Some(checks) = options
        .get("runtimeChecks")
        .and_then(serde_json::Value::as_str)
        .and_then(crate::analysis::RuntimeChecks::parse)
    {
        settings.runtime_checks = checks;
    }
    settings
}

fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                ..TextDocumentSyncOptions::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// A document waiting to be analysed.
struct Dirty {
    uri: Uri,
    since: Instant,
    last_edit: Instant,
}

/// A request waiting for the analysis of its text.
struct Waiting {
    id: Id,
    uri: Uri,
    rev: u64,
    query: Query,
}

struct Worker {
    store: Store,
    /// Set on `exit`: an analysis in progress stops.
    exiting: Arc<AtomicBool>,
    sender: Sender<Value>,
    config: Config,
    encoding: Encoding,
    /// The latest analysis of each document, with the revision of its text.
    analyses: HashMap<String, (u64, Analysis)>,
    dirty: HashMap<String, Dirty>,
    waiting: Vec<Waiting>,
}

impl Worker {
    fn run(mut self, jobs: &Receiver<Job>) {
        loop {
            let now = Instant::now();
            let due = self
                .dirty
                .values()
                .map(|d| (d.last_edit + self.config.debounce).min(d.since + self.config.max_delay))
                .min();
            let job = match due {
                None => jobs.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(due) => jobs.recv_timeout(due.saturating_duration_since(now)),
            };
            match job {
                Ok(Job::Shutdown) => {
                    self.analyze_all();
                    self.abandon("the document was not analysed before shutdown");
                    return;
                }
                Ok(Job::Exit) | Err(RecvTimeoutError::Disconnected) => break,
                Ok(job) => self.handle(job),
                Err(RecvTimeoutError::Timeout) => self.analyze_due(),
            }
            if self.exiting.load(Ordering::Relaxed) {
                break;
            }
        }
        // Requests still queued behind the exit are answered too: every job was sent
        // before the flag was set.
        for job in jobs.try_iter() {
            if let Job::Request { id, .. } = job {
                self.reply(message::error(
                    id,
                    code::REQUEST_CANCELLED,
                    "the server exits",
                ));
            }
        }
        self.abandon("the server exits");
    }

    /// Answers every request still waiting with `RequestCancelled`.
    fn abandon(&mut self, why: &str) {
        for w in std::mem::take(&mut self.waiting) {
            self.reply(message::error(w.id, code::REQUEST_CANCELLED, why));
        }
    }

    fn handle(&mut self, job: Job) {
        match job {
            Job::Changed(uri) => {
                let now = Instant::now();
                self.dirty
                    .entry(uri.as_str().to_owned())
                    .and_modify(|d| d.last_edit = now)
                    .or_insert(Dirty {
                        uri,
                        since: now,
                        last_edit: now,
                    });
            }
            Job::Closed(uri) => {
                let key = uri.as_str();
                self.dirty.remove(key);
                self.analyses.remove(key);
                for w in self.take_waiting(key, u64::MAX) {
                    self.reply(message::ok(w.id, Value::Null));
                }
                self.publish(uri, Vec::new(), None);
            }
            Job::Request {
                id,
                uri,
                rev,
                query,
            } => {
                let analysed = self.analyses.get(uri.as_str()).map(|a| a.0);
                match analysed {
                    Some(r) if r == rev => self.answer(id, &uri, query),
                    Some(r) if r > rev => self.reply(content_modified(id)),
                    _ => self.waiting.push(Waiting {
                        id,
                        uri,
                        rev,
                        query,
                    }),
                }
            }
            Job::Cancel(id) => {
                if let Some(i) = self.waiting.iter().position(|w| w.id == id) {
                    let w = self.waiting.remove(i);
                    self.reply(message::error(w.id, code::REQUEST_CANCELLED, "canceled"));
                }
            }
            Job::Shutdown | Job::Exit => {}
        }
    }

    /// The requests waiting on `key` made on a text no newer than `rev`.
    fn take_waiting(&mut self, key: &str, rev: u64) -> Vec<Waiting> {
        let (done, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|w| w.uri.as_str() == key && w.rev <= rev);
        self.waiting = kept;
        done
    }

    /// Analyses every document whose wait is over.
    fn analyze_due(&mut self) {
        let now = Instant::now();
        let due: Vec<String> = self
            .dirty
            .iter()
            .filter(|(_, d)| {
                (d.last_edit + self.config.debounce).min(d.since + self.config.max_delay) <= now
            })
            .map(|(k, _)| k.clone())
            .collect();
        self.analyze_each(due);
    }

    /// Analyses every document waiting, at once: `shutdown` answers what was asked
    /// before it.
    fn analyze_all(&mut self) {
        let all = self.dirty.keys().cloned().collect();
        self.analyze_each(all);
    }

    fn analyze_each(&mut self, keys: Vec<String>) {
        for key in keys {
            let Some(dirty) = self.dirty.remove(&key) else {
                continue;
            };
            self.analyze(&key, dirty.uri);
        }
    }

    fn analyze(&mut self, key: &str, uri: Uri) {
        let Some((text, version, rev)) = lock(&self.store)
            .get(key)
            .map(|d| (d.text.clone(), d.version, d.rev))
        else {
            return;
        };
        let stale = || {
            self.exiting.load(Ordering::Relaxed)
                || lock(&self.store).get(key).map(|d| d.rev) != Some(rev)
        };
        let (settings, encoding) = (self.config.settings, self.encoding);
        let result = catch_unwind(AssertUnwindSafe(|| {
            analyze(&uri, version, text, settings, encoding, &stale)
        }));
        match result {
            // Stale: a newer text is on its way (the Changed job is queued), or the
            // server exits.
            Ok(None) => {}
            Ok(Some(analysis)) => {
                self.publish(uri.clone(), analysis.diagnostics.clone(), Some(version));
                let old = self.analyses.insert(key.to_owned(), (rev, analysis));
                self.answer_waiting(key, rev);
                // Freeing a large file's IR takes tens of milliseconds: after the
                // answers, not before them.
                drop(old);
            }
            Err(panic) => {
                let message = format!(
                    "tensor-lsp: internal error while analysing this file: {}",
                    panic_message(&*panic)
                );
                let d = lsp_types::Diagnostic {
                    severity: Some(lsp_types::DiagnosticSeverity::ERROR),
                    source: Some("tensor-lsp".into()),
                    message: message.clone(),
                    ..lsp_types::Diagnostic::default()
                };
                self.publish(uri, vec![d], Some(version));
                self.analyses.remove(key);
                for w in self.take_waiting(key, rev) {
                    self.reply(message::error(w.id, code::INTERNAL_ERROR, &message));
                }
            }
        }
    }

    /// Answers the requests made on text `rev` of the document; those made on older
    /// texts can no longer be answered.
    fn answer_waiting(&mut self, key: &str, rev: u64) {
        for w in self.take_waiting(key, rev) {
            if w.rev == rev {
                self.answer(w.id, &w.uri, w.query);
            } else {
                self.reply(content_modified(w.id));
            }
        }
    }

    fn answer(&self, id: Id, uri: &Uri, query: Query) {
        let Some((_, a)) = self.analyses.get(uri.as_str()) else {
            self.reply(message::ok(id, Value::Null));
            return;
        };
        let result = catch_unwind(AssertUnwindSafe(|| match query {
            Query::Hover(pos) => serde_json::to_value(features::hover(a, pos)),
            Query::Definition(pos) => serde_json::to_value(features::definition(a, uri, pos)),
            Query::Symbols => serde_json::to_value(features::document_symbols(a)),
        }));
        let response = match result {
            Ok(Ok(value)) => message::ok(id, value),
            Ok(Err(e)) => message::error(id, code::INTERNAL_ERROR, &e.to_string()),
            Err(panic) => message::error(
                id,
                code::INTERNAL_ERROR,
                &format!("internal error: {}", panic_message(&*panic)),
            ),
        };
        self.reply(response);
    }

    fn reply(&self, response: Value) {
        let _ = self.sender.send(response);
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        let params = serde_json::to_value(params).unwrap_or(Value::Null);
        let n = message::notification(PublishDiagnostics::METHOD, params);
        let _ = self.sender.send(n);
    }
}

fn content_modified(id: Id) -> Value {
    message::error(id, code::CONTENT_MODIFIED, "the document changed")
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}
