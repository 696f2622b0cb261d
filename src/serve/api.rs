//! The JSON API for bots: each endpoint's parameters are read and checked
//! ([`params`]) into a typed request ([`Request`]), answered by the library
//! as the command line's `--json` answers it (no command line is written or
//! parsed). The HTTP status says how it ended: 200
//! found, 404 nothing found (with the answer, which says what is near), 400
//! a question that cannot be read, with the error object.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use serde::Deserialize;

use super::params::{self, Endpoint};
use super::{status_of, AppState};
use crate::answer::request::{Request, DEFAULT_LIMIT};
use crate::commands::{ErrorCode, JsonAnswer, Outcome, Refusal};
use crate::diff::NamedSide;
use crate::model::Edition;

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

/// Present and not blank.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl Params {
    /// A parameter read as what it takes, where given and not blank.
    fn read<T>(
        &self,
        endpoint: &Endpoint,
        name: &str,
        read: fn(&str) -> Result<T, String>,
    ) -> Result<Option<T>, JsonAnswer> {
        let value = match name {
            "as_of" => &self.as_of,
            "edition" => &self.edition,
            "limit" => &self.limit,
            "all" => &self.all,
            "typing" => &self.typing,
            other => unreachable!("`{other}` is read as it is"),
        };
        given(value)
            .map(|v| params::value(endpoint, name, v, read))
            .transpose()
    }

    fn as_of(&self, endpoint: &Endpoint) -> Result<Option<NaiveDate>, JsonAnswer> {
        self.read(endpoint, "as_of", params::date)
    }

    fn edition(&self, endpoint: &Endpoint) -> Result<Option<Edition>, JsonAnswer> {
        self.read(endpoint, "edition", params::edition)
    }

    fn switch(&self, endpoint: &Endpoint, name: &str) -> Result<bool, JsonAnswer> {
        Ok(self
            .read(endpoint, name, params::on_or_off)?
            .unwrap_or(false))
    }

    /// A search for `q`, with the options asked.
    pub fn search(&self) -> Result<Request, JsonAnswer> {
        let endpoint = &params::SEARCH;
        Ok(Request::Search {
            query: self.q.clone().unwrap_or_default(),
            edition: self.edition(endpoint)?,
            as_of: self.as_of(endpoint)?,
            all: self.switch(endpoint, "all")?,
            limit: self
                .read(endpoint, "limit", params::limit)?
                .unwrap_or(DEFAULT_LIMIT),
            typing: self.switch(endpoint, "typing")?,
        })
    }

    /// A topic shown: `topic`, else the request's `topic`.
    pub fn show(&self, topic: Option<&str>) -> Result<Request, JsonAnswer> {
        let endpoint = &params::SHOW;
        let topic = topic
            .map(str::to_string)
            .or_else(|| self.topic.clone())
            .ok_or_else(|| params::missing(endpoint, "topic"))?;
        Ok(Request::Show {
            topic,
            edition: self.edition(endpoint)?,
            as_of: self.as_of(endpoint)?,
        })
    }

    /// A card's errata: `card`, else the request's `card`, else every
    /// card's.
    pub fn errata(&self, card: Option<&str>) -> Result<Request, JsonAnswer> {
        let endpoint = &params::ERRATA;
        Ok(Request::Errata {
            card: card.map(str::to_string).or_else(|| self.card.clone()),
            edition: self.edition(endpoint)?,
            as_of: self.as_of(endpoint)?,
        })
    }

    /// What changed between `from` and `to`.
    pub fn diff(&self) -> Result<Request, JsonAnswer> {
        let endpoint = &params::DIFF;
        let side = |value: &Option<String>, name: &str| {
            let text = value
                .as_deref()
                .ok_or_else(|| params::missing(endpoint, name))?;
            params::value(endpoint, name, text, NamedSide::read)
        };
        Ok(Request::Diff {
            from: side(&self.from, "from")?,
            to: side(&self.to, "to")?,
            edition: self.edition(endpoint)?,
        })
    }
}

/// The answer to a request, computed off the async workers; a request
/// whose parameters could not be read is its refusal.
pub async fn ask(state: &Arc<AppState>, request: Result<Request, JsonAnswer>) -> JsonAnswer {
    let request = match request {
        Ok(request) => request,
        Err(refused) => return refused,
    };
    // The semaphore is never closed: a permit is always given in turn.
    let _turn = state.answering.acquire().await;
    let state = Arc::clone(state);
    tokio::task::spawn_blocking(move || state.answer(&request))
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
    request: impl FnOnce(&Params) -> Result<Request, JsonAnswer>,
) -> Response {
    let read = match query {
        Ok(Query(pairs)) => endpoint.read(pairs),
        Err(e) => Err(JsonAnswer::refused(&anyhow::Error::new(Refusal::new(
            ErrorCode::Usage,
            format!("the query string cannot be read: {}", e.body_text()),
        )))),
    };
    let answer = match read {
        Ok(params) => ask(&state, request(&params)).await,
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
    respond(state, query, &params::RELEASES, |_| Ok(Request::Releases)).await
}
