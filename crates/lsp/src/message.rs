//! JSON-RPC messages as the server sees them: a decoded body becomes a request, a
//! notification, nothing (a response, which this server never asks for), or the
//! error to answer it with.
//!
//! Not `lsp-server`'s `Message`: its ids are `i32` or strings, and a request whose
//! id is anything else deserializes as a notification, so it would never be
//! answered.

use serde_json::{Map, Value, json};

/// JSON-RPC's and the protocol's error codes that the server answers with.
pub mod code {
    /// The body is not JSON, or its frame is broken.
    pub const PARSE_ERROR: i32 = -32700;
    /// JSON, but not a request or notification (or a request after `shutdown`).
    pub const INVALID_REQUEST: i32 = -32600;
    /// A method the server does not handle.
    pub const METHOD_NOT_FOUND: i32 = -32601;
    /// Params of the wrong shape.
    pub const INVALID_PARAMS: i32 = -32602;
    /// A panic while answering.
    pub const INTERNAL_ERROR: i32 = -32603;
    /// A request before `initialize`.
    pub const SERVER_NOT_INITIALIZED: i32 = -32002;
    /// `$/cancelRequest` came before the answer, or the server exits.
    pub const REQUEST_CANCELLED: i32 = -32800;
    /// The document changed before the request could be answered.
    pub const CONTENT_MODIFIED: i32 = -32801;
}

/// A request's id as the client sent it: a string or an integer of any size JSON
/// gives (not only the protocol's 32 bits), echoed back unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Id(Value);

impl Id {
    /// The id in `value`, if it is one a request may have.
    #[must_use]
    pub fn new(value: &Value) -> Option<Id> {
        match value {
            Value::String(_) => Some(Id(value.clone())),
            Value::Number(n) if n.is_i64() || n.is_u64() => Some(Id(value.clone())),
            _ => None,
        }
    }
}

/// A message the server acts on.
#[derive(Debug)]
pub enum Incoming {
    /// A request: answered exactly once.
    Request {
        /// Echoed in the answer.
        id: Id,
        /// The method's name.
        method: String,
        /// `null` when absent.
        params: Value,
    },
    /// A notification: never answered.
    Notification {
        /// The method's name.
        method: String,
        /// `null` when absent.
        params: Value,
    },
}

/// Why a message cannot be acted on, and the id to answer with (`null` when none can
/// be read).
#[derive(Debug)]
pub struct Invalid {
    /// A string or number id of the message, when it has one.
    pub id: Value,
    /// [`code::PARSE_ERROR`] or [`code::INVALID_REQUEST`].
    pub code: i32,
    /// What is wrong.
    pub message: String,
}

/// The id to echo in an error about `message`: any string or number, even one a
/// request may not have (`1.5`), so the client can match the error to what it sent.
#[must_use]
pub fn readable_id(message: &Value) -> Value {
    match message.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    }
}

/// `value` as a message; `Ok(None)` for a response. `jsonrpc` is not checked: some
/// clients leave it out, and nothing else reads differently without it.
///
/// # Errors
/// Not an object, a method that is not a string, an id that is not a string or an
/// integer, or neither a method nor a result.
pub fn decode(value: Value) -> Result<Option<Incoming>, Invalid> {
    let invalid = |value: &Value, message: &str| Invalid {
        id: readable_id(value),
        code: code::INVALID_REQUEST,
        message: message.into(),
    };
    let Value::Object(mut object) = value else {
        return Err(invalid(
            &value,
            "a message must be a JSON object (batches are not part of the protocol)",
        ));
    };
    let params = object.remove("params").unwrap_or(Value::Null);
    let (id, method) = (object.get("id"), object.get("method"));
    let method = match method {
        Some(Value::String(m)) => m.clone(),
        Some(_) => return Err(invalid(&Value::Object(object), "`method` must be a string")),
        // Answers to requests: the server sends none, so every one is stray.
        None if object.contains_key("result") || object.contains_key("error") => {
            return Ok(None);
        }
        None => {
            return Err(invalid(
                &Value::Object(object),
                "neither a request, a notification nor a response: no `method`",
            ));
        }
    };
    match id {
        None => Ok(Some(Incoming::Notification { method, params })),
        Some(raw) => match Id::new(raw) {
            Some(id) => Ok(Some(Incoming::Request { id, method, params })),
            None => Err(invalid(
                &Value::Object(object),
                "a request's `id` must be a string or an integer",
            )),
        },
    }
}

/// The successful answer to request `id`.
#[must_use]
pub fn ok(id: Id, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id.0, "result": result})
}

/// The error answer to request `id`.
#[must_use]
pub fn error(id: Id, code: i32, message: &str) -> Value {
    error_with(id.0, code, message)
}

/// An error answer with any id (`null` when unknown), for messages that are not
/// requests.
#[must_use]
pub fn error_with(id: Value, code: i32, message: &str) -> Value {
    let mut error = Map::new();
    error.insert("code".into(), code.into());
    error.insert("message".into(), format!("tensor-lsp: {message}").into());
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

/// A notification from the server.
#[must_use]
pub fn notification(method: &str, params: Value) -> Value {
    json!({"jsonrpc": "2.0", "method": method, "params": params})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(v: Value) -> Result<&'static str, (Value, i32)> {
        match decode(v) {
            Ok(Some(Incoming::Request { .. })) => Ok("request"),
            Ok(Some(Incoming::Notification { .. })) => Ok("notification"),
            Ok(None) => Ok("response"),
            Err(e) => Err((e.id, e.code)),
        }
    }

    #[test]
    fn ids_of_every_kind() {
        let big = json!({"id": 1u64 << 40, "method": "m"});
        assert_eq!(kind(big), Ok("request"));
        assert_eq!(kind(json!({"id": u64::MAX, "method": "m"})), Ok("request"));
        assert_eq!(kind(json!({"id": -3, "method": "m"})), Ok("request"));
        assert_eq!(kind(json!({"id": "x", "method": "m"})), Ok("request"));
        let bad = code::INVALID_REQUEST;
        assert_eq!(
            kind(json!({"id": 1.5, "method": "m"})),
            Err((json!(1.5), bad))
        );
        assert_eq!(
            kind(json!({"id": {"a": 1}, "method": "m"})),
            Err((Value::Null, bad))
        );
        assert_eq!(
            kind(json!({"id": null, "method": "m"})),
            Err((Value::Null, bad))
        );
        assert_eq!(
            kind(json!({"id": [1], "method": "m"})),
            Err((Value::Null, bad))
        );
        assert_eq!(
            kind(json!({"id": true, "method": "m"})),
            Err((Value::Null, bad))
        );
    }

    #[test]
    fn methods_responses_and_shapes() {
        let bad = code::INVALID_REQUEST;
        assert_eq!(kind(json!({"id": 4, "method": 5})), Err((json!(4), bad)));
        assert_eq!(kind(json!({"method": null})), Err((Value::Null, bad)));
        assert_eq!(kind(json!({"method": "m"})), Ok("notification"));
        assert_eq!(kind(json!({"id": 4, "result": null})), Ok("response"));
        assert_eq!(kind(json!({"id": {}, "error": {}})), Ok("response"));
        assert_eq!(kind(json!({"id": 4})), Err((json!(4), bad)));
        assert_eq!(
            kind(json!([{"id": 4, "method": "m"}])),
            Err((Value::Null, bad))
        );
        assert_eq!(kind(json!("m")), Err((Value::Null, bad)));
    }

    #[test]
    fn answers_echo_the_id() {
        let id = Id::new(&json!(1u64 << 40)).unwrap();
        assert_eq!(
            ok(id.clone(), Value::Null).to_string(),
            r#"{"id":1099511627776,"jsonrpc":"2.0","result":null}"#
        );
        assert_eq!(error(id, -1, "x")["error"]["message"], "tensor-lsp: x");
    }
}
