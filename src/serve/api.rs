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

use super::params::{self, Endpoint, Params};
use super::state::JsonAnswer;
use super::{status_of, AppState};
use rulings::answer::error::{ErrorCode, Refusal};
use rulings::answer::request::Request;

/// A query string that cannot be read (a broken percent-encoding) is a
/// usage error.
pub fn unreadable(rejection: &QueryRejection) -> Refusal {
    Refusal::new(
        ErrorCode::Usage,
        format!("the query string cannot be read: {}", rejection.body_text()),
    )
}

/// The answer to a request as its JSON object, computed off the async
/// workers; a request whose parameters could not be read is its refusal.
async fn ask(state: &Arc<AppState>, request: Result<Request, Refusal>) -> JsonAnswer {
    let request = match request {
        Ok(request) => request,
        Err(refused) => return JsonAnswer::refused(&refused.into()),
    };
    let (stop, _cancel) = AppState::stop();
    let _turn = state.turn(&request).await;
    let state = Arc::clone(state);
    tokio::task::spawn_blocking(move || state.answer(&request, &stop))
        .await
        .unwrap_or_else(|e| {
            let failed = Refusal::new(ErrorCode::Internal, format!("the answer failed: {e}"));
            JsonAnswer::refused(&failed.into())
        })
}

/// The HTTP status of an answer.
pub fn status(answer: &JsonAnswer) -> StatusCode {
    match answer.ended {
        Ok(true) => StatusCode::OK,
        Ok(false) => StatusCode::NOT_FOUND,
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
    request: impl FnOnce(&Params) -> Result<Request, Refusal>,
) -> Response {
    let read = match query {
        Ok(Query(pairs)) => endpoint.read(pairs),
        Err(e) => Err(unreadable(&e)),
    };
    // A plain question that names no edition asks the default one; a diff
    // compares what it is given.
    let read = read.map(|mut params| {
        let takes = endpoint.params.iter().any(|p| p.name == "edition");
        if takes && endpoint.path != params::DIFF.path && params.edition.is_none() {
            params.edition = state.default_edition();
        }
        params
    });
    let answer = ask(&state, read.and_then(|params| request(&params))).await;
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

pub async fn card(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::CARD, |p| {
        let card = p
            .card
            .clone()
            .ok_or_else(|| params::missing(&params::CARD, "card"))?;
        p.card(&card)
    })
    .await
}

/// A deck's sheet: the list is the request's body (text, as written), the
/// date and edition in its query string.
pub async fn deck(state: State<Arc<AppState>>, query: Pairs, body: String) -> Response {
    respond(state, query, &params::DECK, |p| p.deck(body)).await
}

pub async fn releases(state: State<Arc<AppState>>, query: Pairs) -> Response {
    respond(state, query, &params::RELEASES, |_| Ok(Request::Releases)).await
}
