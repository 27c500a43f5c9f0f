//! The protocol loop. The main thread reads messages and keeps each open document's
//! text; a worker thread analyses documents and answers requests about them.
//!
//! - Edits only update the text and tell the worker. The worker waits until a
//!   document has been quiet for [`Config::debounce`] (or dirty for
//!   [`Config::max_delay`]), then analyses its latest text. An analysis whose text
//!   was edited meanwhile stops at its next phase and publishes nothing.
//! - A request is answered against the analysis of the document version it was made
//!   on: it waits for that analysis, and gets `ContentModified` if a newer edit
//!   overtakes it (the protocol's code for exactly this).
//! - A panic while analysing or answering is caught: the document gets an error
//!   diagnostic, the request an error reply, and the server goes on.

use crate::analysis::{Analysis, Settings, analyze};
use crate::features;
use crate::lines::{Encoding, line_offset, line_start};
use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    DidChangeTextDocumentParams, DidCloseTextDocumentParams, DidOpenTextDocumentParams,
    DocumentSymbolParams, HoverProviderCapability, InitializeParams, InitializeResult, OneOf,
    Position, PositionEncodingKind, PublishDiagnosticsParams, ServerCapabilities, ServerInfo,
    TextDocumentPositionParams, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextDocumentSyncOptions, Uri,
};
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
    version: i32,
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
    /// Answer this request against the analysis of `version`.
    Request {
        id: RequestId,
        uri: Uri,
        version: i32,
        query: Query,
    },
    /// The client no longer wants the answer.
    Cancel(RequestId),
    /// `shutdown` or `exit`: stop now.
    Stop,
}

/// Runs the server on `connection` until `exit`. Returns whether `shutdown` came
/// first (the process should then exit with 0, else 1).
///
/// # Errors
/// A protocol error during initialization or shutdown.
pub fn run(connection: &Connection, config: Config) -> Result<bool, Error> {
    let (id, params) = connection.initialize_start()?;
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
    // Not `initialize_finish`, which ends the server if anything but `initialized`
    // comes next: a client may send its first notifications at once.
    let reply = Response::new_ok(id, serde_json::to_value(result)?);
    connection.sender.send(reply.into())?;

    let store: Store = Arc::default();
    let shutdown = Arc::new(AtomicBool::new(false));
    let (jobs, job_rx) = crossbeam_channel::unbounded();
    let jobs_for_stop = jobs.clone();
    let worker = {
        let (store, shutdown, sender) =
            (store.clone(), shutdown.clone(), connection.sender.clone());
        std::thread::Builder::new()
            .name("tensor-lsp-worker".into())
            .spawn(move || {
                Worker {
                    store,
                    shutdown,
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
    let stop_worker = move || {
        // An analysis in progress stops at its next phase; waiting for the worker
        // means nothing is published after the reply to `shutdown`.
        shutdown.store(true, Ordering::Relaxed);
        let _ = jobs_for_stop.send(Job::Stop);
        let _ = worker.join();
    };
    reader_loop(connection, &store, &jobs, encoding, stop_worker)
}

/// Reads messages until `exit`; returns whether `shutdown` came first. After
/// `shutdown`, requests get `InvalidRequest` and notifications are dropped, as the
/// protocol asks.
fn reader_loop(
    connection: &Connection,
    store: &Store,
    jobs: &Sender<Job>,
    encoding: Encoding,
    stop_worker: impl FnOnce(),
) -> Result<bool, Error> {
    let mut stop_worker = Some(stop_worker);
    let mut shut_down = false;
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) if shut_down => {
                let reply = Response::new_err(
                    req.id,
                    ErrorCode::InvalidRequest as i32,
                    "the server is shut down; only `exit` is expected".into(),
                );
                connection.sender.send(reply.into())?;
            }
            Message::Request(req) if req.method == lsp_types::request::Shutdown::METHOD => {
                shut_down = true;
                if let Some(stop) = stop_worker.take() {
                    stop();
                }
                let reply = Response::new_ok(req.id, serde_json::Value::Null);
                connection.sender.send(reply.into())?;
            }
            Message::Request(req) => {
                if let Some(reply) = on_request(req, store, jobs) {
                    connection.sender.send(reply.into())?;
                }
            }
            Message::Notification(n) if n.method == lsp_types::notification::Exit::METHOD => {
                break;
            }
            Message::Notification(_) if shut_down => {}
            Message::Notification(n) => on_notification(n, store, jobs, encoding),
            Message::Response(_) => {}
        }
    }
    if let Some(stop) = stop_worker.take() {
        stop();
    }
    Ok(shut_down)
}

/// Passes a request to the worker, or answers it at once (unknown method, bad params,
/// unknown document).
fn on_request(req: Request, store: &Store, jobs: &Sender<Job>) -> Option<Response> {
    use lsp_types::request::{DocumentSymbolRequest, GotoDefinition, HoverRequest};
    let parsed = match req.method.as_str() {
        HoverRequest::METHOD => serde_json::from_value::<TextDocumentPositionParams>(req.params)
            .map(|p| (p.text_document.uri, Query::Hover(p.position))),
        GotoDefinition::METHOD => serde_json::from_value::<TextDocumentPositionParams>(req.params)
            .map(|p| (p.text_document.uri, Query::Definition(p.position))),
        DocumentSymbolRequest::METHOD => serde_json::from_value::<DocumentSymbolParams>(req.params)
            .map(|p| (p.text_document.uri, Query::Symbols)),
        lsp_types::request::Initialize::METHOD => {
            return Some(Response::new_err(
                req.id,
                ErrorCode::InvalidRequest as i32,
                "the server is already initialized".into(),
            ));
        }
        _ => {
            return Some(Response::new_err(
                req.id,
                ErrorCode::MethodNotFound as i32,
                format!("tensor-lsp does not handle '{}'", req.method),
            ));
        }
    };
    let (uri, query) = match parsed {
        Ok(x) => x,
        Err(e) => {
            return Some(Response::new_err(
                req.id,
                ErrorCode::InvalidParams as i32,
                e.to_string(),
            ));
        }
    };
    let Some(version) = lock(store).get(uri.as_str()).map(|d| d.version) else {
        return Some(Response::new_ok(req.id, serde_json::Value::Null));
    };
    let job = Job::Request {
        id: req.id,
        uri,
        version,
        query,
    };
    let _ = jobs.send(job);
    None
}

fn on_notification(n: Notification, store: &Store, jobs: &Sender<Job>, encoding: Encoding) {
    use lsp_types::notification::{
        Cancel, DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument,
    };
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) {
                let doc = Doc {
                    text: p.text_document.text,
                    version: p.text_document.version,
                };
                lock(store).insert(p.text_document.uri.as_str().to_owned(), doc);
                let _ = jobs.send(Job::Changed(p.text_document.uri));
            }
        }
        DidChangeTextDocument::METHOD => {
            if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) {
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
                    drop(docs);
                    let _ = jobs.send(Job::Changed(p.text_document.uri));
                }
            }
        }
        DidCloseTextDocument::METHOD => {
            if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                lock(store).remove(p.text_document.uri.as_str());
                let _ = jobs.send(Job::Closed(p.text_document.uri));
            }
        }
        Cancel::METHOD => {
            if let Ok(p) = serde_json::from_value::<lsp_types::CancelParams>(n.params) {
                let id = match p.id {
                    lsp_types::NumberOrString::Number(n) => RequestId::from(n),
                    lsp_types::NumberOrString::String(s) => RequestId::from(s),
                };
                let _ = jobs.send(Job::Cancel(id));
            }
        }
        _ => {}
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

/// A request waiting for the analysis of its version.
struct Waiting {
    id: RequestId,
    uri: Uri,
    version: i32,
    query: Query,
}

struct Worker {
    store: Store,
    shutdown: Arc<AtomicBool>,
    sender: Sender<Message>,
    config: Config,
    encoding: Encoding,
    analyses: HashMap<String, Analysis>,
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
                Ok(Job::Stop) => return,
                Ok(job) => self.handle(job),
                Err(RecvTimeoutError::Timeout) => self.analyze_due(),
                Err(RecvTimeoutError::Disconnected) => return,
            }
            if self.shutdown.load(Ordering::Relaxed) {
                return;
            }
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
                let (done, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
                    .into_iter()
                    .partition(|w| w.uri.as_str() == key);
                self.waiting = kept;
                for w in done {
                    self.reply(Response::new_ok(w.id, serde_json::Value::Null));
                }
                self.publish(uri, Vec::new(), None);
            }
            Job::Request {
                id,
                uri,
                version,
                query,
            } => {
                let analysed = self.analyses.get(uri.as_str()).map(|a| a.version);
                match analysed {
                    Some(v) if v == version => self.answer(id, &uri, query),
                    Some(v) if v > version => self.reply(content_modified(id)),
                    _ => self.waiting.push(Waiting {
                        id,
                        uri,
                        version,
                        query,
                    }),
                }
            }
            Job::Stop => {}
            Job::Cancel(id) => {
                if let Some(i) = self.waiting.iter().position(|w| w.id == id) {
                    let w = self.waiting.remove(i);
                    self.reply(Response::new_err(
                        w.id,
                        ErrorCode::RequestCanceled as i32,
                        "canceled".into(),
                    ));
                }
            }
        }
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
        for key in due {
            let Some(dirty) = self.dirty.remove(&key) else {
                continue;
            };
            self.analyze(&key, dirty.uri);
        }
    }

    fn analyze(&mut self, key: &str, uri: Uri) {
        let Some((text, version)) = lock(&self.store)
            .get(key)
            .map(|d| (d.text.clone(), d.version))
        else {
            return;
        };
        let stale = || {
            self.shutdown.load(Ordering::Relaxed)
                || lock(&self.store).get(key).map(|d| d.version) != Some(version)
        };
        let (settings, encoding) = (self.config.settings, self.encoding);
        let result = catch_unwind(AssertUnwindSafe(|| {
            analyze(&uri, version, text, settings, encoding, &stale)
        }));
        match result {
            // Stale: a newer text is on its way (the Changed job is queued).
            Ok(None) => {}
            Ok(Some(analysis)) => {
                self.publish(uri.clone(), analysis.diagnostics.clone(), Some(version));
                let old = self.analyses.insert(key.to_owned(), analysis);
                self.answer_waiting(key, version);
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
                let (done, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
                    .into_iter()
                    .partition(|w| w.uri.as_str() == key && w.version <= version);
                self.waiting = kept;
                for w in done {
                    self.reply(Response::new_err(
                        w.id,
                        ErrorCode::InternalError as i32,
                        message.clone(),
                    ));
                }
            }
        }
    }

    /// Answers the requests made on `version` of the document; those made on older
    /// versions can no longer be answered.
    fn answer_waiting(&mut self, key: &str, version: i32) {
        let (done, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut self.waiting)
            .into_iter()
            .partition(|w| w.uri.as_str() == key && w.version <= version);
        self.waiting = kept;
        for w in done {
            if w.version == version {
                self.answer(w.id, &w.uri, w.query);
            } else {
                self.reply(content_modified(w.id));
            }
        }
    }

    fn answer(&self, id: RequestId, uri: &Uri, query: Query) {
        let Some(a) = self.analyses.get(uri.as_str()) else {
            self.reply(Response::new_ok(id, serde_json::Value::Null));
            return;
        };
        let result = catch_unwind(AssertUnwindSafe(|| match query {
            Query::Hover(pos) => serde_json::to_value(features::hover(a, pos)),
            Query::Definition(pos) => serde_json::to_value(features::definition(a, uri, pos)),
            Query::Symbols => serde_json::to_value(features::document_symbols(a)),
        }));
        let response = match result {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err(e)) => Response::new_err(id, ErrorCode::InternalError as i32, e.to_string()),
            Err(panic) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("tensor-lsp: internal error: {}", panic_message(&*panic)),
            ),
        };
        self.reply(response);
    }

    fn reply(&self, response: Response) {
        let _ = self.sender.send(response.into());
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams {
            uri,
            diagnostics,
            version,
        };
        let n = Notification::new(
            lsp_types::notification::PublishDiagnostics::METHOD.into(),
            params,
        );
        let _ = self.sender.send(n.into());
    }
}

fn content_modified(id: RequestId) -> Response {
    Response::new_err(
        id,
        ErrorCode::ContentModified as i32,
        "the document changed".into(),
    )
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into())
}
