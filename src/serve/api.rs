//! The JSON API for bots: each endpoint is a command run with `--json`, its
//! object sent as the command line prints it. Its parameters are read and
//! checked first ([`params`]). The HTTP status says how it ended: 200
//! found, 404 nothing found (with the answer, which says what is near), 400
//! a question that cannot be read, with the error object.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::params::{self, Endpoint};
use super::{status_of, AppState};
use crate::commands::{ErrorCode, JsonAnswer, Outcome, Refusal};

/// What a request may ask, in its query string; each endpoint reads the
/// parameters it knows and leaves the rest.
#[derive(Debug, Default, Deserialize)]
pub struct Params {
    pub q: Option<String>,
    pub topic: Option<String>,
    pub card: Option<String>,
    pub as_of: Option<String>,
    pub edition: Option<String>,
    pub all: Option<String>,
    pub typing: Option<String>,
    pub limit: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// A query string that cannot be read (a broken percent-encoding) is a
/// usage error.
pub fn params(query: Result<Query<Params>, QueryRejection>) -> Result<Params, JsonAnswer> {
    query.map(|Query(p)| p).map_err(|e| {
        JsonAnswer::refused(&anyhow::Error::new(Refusal::new(
            ErrorCode::Usage,
            format!("the query string cannot be read: {}", e.body_text()),
        )))
    })
}

/// Whether a parameter is set on ("1", "true", "on" as a checkbox sends it).
fn on(value: &Option<String>) -> bool {
    value.as_deref().and_then(params::switch) == Some(true)
}

/// Present and not blank.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl Params {
    fn options(&self, words: &mut Vec<String>, names: &[&str]) {
        for name in names {
            match *name {
                "as_of" => words.extend(given(&self.as_of).map(|v| format!("--as-of={v}"))),
                "edition" => words.extend(given(&self.edition).map(|v| format!("--edition={v}"))),
                "limit" => words.extend(given(&self.limit).map(|v| format!("--limit={v}"))),
                "all" if on(&self.all) => words.push("--all".into()),
                "typing" if on(&self.typing) => words.push("--typing".into()),
                _ => {}
            }
        }
    }

    /// `rulings search Q --json` with the options asked.
    pub fn search(&self) -> Vec<String> {
        let mut words = vec!["search".to_string(), "--json".to_string()];
        self.options(&mut words, &["as_of", "edition", "limit", "all", "typing"]);
        words.push("--".into());
        words.extend(self.q.clone());
        words
    }

    /// `rulings show TOPIC --json`.
    pub fn show(&self, topic: Option<&str>) -> Vec<String> {
        let mut words = vec!["show".to_string(), "--json".to_string()];
        self.options(&mut words, &["as_of", "edition"]);
        words.push("--".into());
        words.extend(topic.map(str::to_string).or_else(|| self.topic.clone()));
        words
    }

    /// `rulings errata [CARD] --json`.
    pub fn errata(&self, card: Option<&str>) -> Vec<String> {
        let mut words = vec!["errata".to_string(), "--json".to_string()];
        self.options(&mut words, &["as_of", "edition"]);
        words.push("--".into());
        words.extend(card.map(str::to_string).or_else(|| self.card.clone()));
        words
    }

    /// `rulings diff FROM TO --json`.
    pub fn diff(&self) -> Vec<String> {
        let mut words = vec!["diff".to_string(), "--json".to_string()];
        self.options(&mut words, &["edition"]);
        words.push("--".into());
        words.extend(self.from.clone());
        words.extend(self.to.clone());
        words
    }
}

/// The answer to a command line, computed off the async workers.
pub async fn ask(state: &Arc<AppState>, words: Vec<String>) -> JsonAnswer {
    // The semaphore is never closed: a permit is always given in turn.
    let _turn = state.answering.acquire().await;
    let state = Arc::clone(state);
    tokio::task::spawn_blocking(move || state.answer(&words))
        .await
        .unwrap_or_else(|e| {
            JsonAnswer::refused(&anyhow::Error::new(Refusal::new(
                ErrorCode::Internal,
                format!("the answer failed: {e}"),
            )))
        })
}

/// The HTTP status of an answer.
pub fn status(answer: &JsonAnswer) -> StatusCode {
    match answer.ended {
        Ok(Outcome::Found) => StatusCode::OK,
        Ok(Outcome::NothingFound) => StatusCode::NOT_FOUND,
        Ok(Outcome::BadInput) => StatusCode::BAD_REQUEST,
        Err(code) => status_of(code),
    }
}

pub fn json(status: StatusCode, body: Vec<u8>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

async fn respond(
    state: State<Arc<AppState>>,
    query: Result<Query<Vec<(String, String)>>, QueryRejection>,
    endpoint: &Endpoint,
    words: impl FnOnce(&Params) -> Vec<String>,
) -> Response {
    let read = match query {
        Ok(Query(pairs)) => endpoint.read(pairs),
        Err(e) => Err(JsonAnswer::refused(&anyhow::Error::new(Refusal::new(
            ErrorCode::Usage,
            format!("the query string cannot be read: {}", e.body_text()),
        )))),
    };
    let answer = match read {
        Ok(params) => ask(&state, words(&params)).await,
        Err(refused) => refused,
    };
    json(status(&answer), answer.body)
}

/// The query string of an API request, as the pairs it holds.
type Pairs = Result<Query<Vec<(String, String)>>, QueryRejection>;

pub async fn search(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::SEARCH, Params::search).await
}

pub async fn show(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::SHOW, |p| p.show(None)).await
}

pub async fn errata(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::ERRATA, |p| p.errata(None)).await
}

pub async fn diff(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::DIFF, Params::diff).await
}

pub async fn releases(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::RELEASES, |_| {
        vec!["releases".into(), "--json".into()]
    })
    .await
}
