//! `rulings serve`: the answers of the command line over HTTP, for the
//! phones at a venue (server-rendered pages, [`page`]) and for chat bots (a
//! JSON API, [`api`]). Takes the [`Config`] of the command line, gives a
//! server that runs until stopped.
//!
//! Every answer is a command of the command line run on the shared,
//! read-only catalog ([`state`]): the API sends its `--json` object as it
//! is, the pages render the same object. Nothing here searches or resolves.

mod api;
mod assets;
pub mod connections;
mod page;
mod params;
mod state;
#[cfg(test)]
mod tests;
mod worded;

use std::io::{self, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpListener, UdpSocket};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use tower_http::compression::CompressionLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

use rulings::answer::error::{ErrorCode, Failure};
use rulings::config::Config;
pub use state::AppState;

/// Most bytes of a request's body: the server answers GETs, but for a
/// decklist.
pub const MOST_BODY_BYTES: usize = 1024;
/// Most bytes of a decklist sent to be read (a form's list percent-encoded
/// is up to three times its text).
pub const MOST_DECK_BYTES: usize = 3 * rulings::answer::deck::MAX_BYTES + 1024;
/// Most bytes of a request's path and query: a query of the longest text
/// the limits let through, percent-encoded, with its options.
pub const MOST_URI_BYTES: usize = 4096;
/// Most time an answer may take.
pub const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);

/// What the pages may load: their own scripts, styles and images only.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   connect-src 'self'; manifest-src 'self'; worker-src 'self'; \
                   form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The headers every answer gets: the router's and those of the errors
/// hyper answers itself ([`worded`]).
const HEADERS: [(header::HeaderName, &str); 3] = [
    (header::CONTENT_SECURITY_POLICY, CSP),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// Where and how the server listens.
pub struct Listen {
    pub port: u16,
    /// On the machine's network address (for the phones at a venue), not
    /// only on this machine.
    pub lan: bool,
    /// The event's date every question is asked on, when pinned.
    pub as_of: Option<chrono::NaiveDate>,
}

/// Runs the server until the process is stopped.
pub fn run(config: &Config, args: &Listen) -> Result<(), Failure> {
    let state = Arc::new(AppState::open(config.clone(), args.as_of)?);
    let (host, warning) = if args.lan {
        match network_address() {
            Some(ip) => (ip, None),
            None => (
                IpAddr::V4(Ipv4Addr::UNSPECIFIED),
                Some(
                    "warning: no network address found (is Wi-Fi on?); listening on every address",
                ),
            ),
        }
    } else {
        (IpAddr::V4(Ipv4Addr::LOCALHOST), None)
    };
    let listener = TcpListener::bind(SocketAddr::new(host, args.port)).map_err(|e| {
        let said = format!("cannot listen on {host} port {}: {e}", args.port);
        io::Error::new(e.kind(), said)
    })?;
    let bound = listener.local_addr()?;
    let url = format!("http://{}/", bound);
    {
        let mut out = io::stdout().lock();
        writeln!(out, "listening on {url}")?;
        if args.lan {
            writeln!(out, "{}", qr_code(&url))?;
            writeln!(out, "open it on a phone on the same network: scan the code")?;
        }
        out.flush()?;
    }
    if let Some(warning) = warning {
        eprintln!("{warning}");
    }
    listener.set_nonblocking(true)?;
    // No more threads for answers than answers worked on at once: each
    // thread that allocates gets a malloc arena of its own, whose freed
    // memory stays with the process.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(state::answer_slots())
        .enable_io()
        .enable_time()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        connections::serve(listener, router(state)).await
    })?;
    Ok(())
}

/// Every page, the API and the files of the page, with the limits and
/// headers every answer gets.
pub fn router(state: Arc<AppState>) -> Router {
    // A decklist is sent in a request's body, with a room of its own;
    // everything else is a GET with none.
    let decks = Router::new()
        .route("/deck", get(page::deck_form_page).post(page::deck))
        .route("/api/deck", post(api::deck))
        .layer(RequestBodyLimitLayer::new(MOST_DECK_BYTES));
    Router::new()
        .route("/", get(page::search))
        .route("/card", get(page::card))
        .route("/api/card", get(api::card))
        .route("/errata", get(page::errata))
        .route("/changes", get(page::changes))
        .route("/releases", get(page::releases))
        .route("/{edition}/{topic}", get(page::ruling))
        .route("/api/search", get(api::search))
        .route("/api/show", get(api::show))
        .route("/api/errata", get(api::errata))
        .route("/api/diff", get(api::diff))
        .route("/api/releases", get(api::releases))
        .route("/app.js", get(assets::script))
        .route("/app.css", get(assets::style))
        .route("/sw.js", get(assets::worker))
        .route("/manifest.webmanifest", get(assets::manifest))
        .route("/icon.svg", get(assets::icon))
        .layer(RequestBodyLimitLayer::new(MOST_BODY_BYTES))
        .merge(decks)
        .fallback(not_found)
        .with_state(state)
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            ANSWER_TIMEOUT,
        ))
        .layer(middleware::from_fn(refuse_long_uris))
        .layer(middleware::from_fn(word_bare_errors))
        .layer(SetResponseHeaderLayer::overriding(
            HEADERS[0].0.clone(),
            HeaderValue::from_static(HEADERS[0].1),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HEADERS[1].0.clone(),
            HeaderValue::from_static(HEADERS[1].1),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            HEADERS[2].0.clone(),
            HeaderValue::from_static(HEADERS[2].1),
        ))
}

/// A request longer than any question is refused before it is read.
async fn refuse_long_uris(request: Request, next: Next) -> Response {
    let length = request
        .uri()
        .path_and_query()
        .map_or(0, |p| p.as_str().len());
    if length > MOST_URI_BYTES {
        let message = format!(
            "the request is {length} bytes long; a request may have at most {MOST_URI_BYTES}"
        );
        return error_response(
            request.uri().path(),
            StatusCode::URI_TOO_LONG,
            ErrorCode::TooLong,
            &message,
        );
    }
    next.run(request).await
}

/// An error the layers or the router write without a body of their own (a
/// method other than GET, a body too large, an answer past its time) is
/// written as every other error: a page, or the error object under
/// `/api/`, with its content type.
async fn word_bare_errors(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    let status = response.status();
    let typed = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| {
            let t = t.to_str().unwrap_or("");
            t.starts_with("text/html") || t.starts_with("application/json")
        });
    if !(status.is_client_error() || status.is_server_error()) || typed {
        return response;
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    // A rejection's own words (an extractor's), when it gave some.
    let said = axum::body::to_bytes(response.into_body(), MOST_URI_BYTES)
        .await
        .ok()
        .and_then(|b| String::from_utf8(b.to_vec()).ok())
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty());
    let (code, message) = match status {
        StatusCode::METHOD_NOT_ALLOWED => (
            ErrorCode::Usage,
            "only GET requests are answered".to_string(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (
            ErrorCode::TooLong,
            format!("a request may carry at most {MOST_BODY_BYTES} bytes"),
        ),
        StatusCode::SERVICE_UNAVAILABLE => (
            ErrorCode::Internal,
            format!(
                "the answer took more than {} s; try again",
                ANSWER_TIMEOUT.as_secs()
            ),
        ),
        other => (
            ErrorCode::Usage,
            said.unwrap_or_else(|| {
                other
                    .canonical_reason()
                    .unwrap_or("the request cannot be answered")
                    .to_string()
            }),
        ),
    };
    let mut worded = error_response(&path, status, code, &message);
    if let Some(allow) = allow {
        worded.headers_mut().insert(header::ALLOW, allow);
    }
    worded
}

async fn not_found(request: Request) -> Response {
    not_found_at(request.uri().path())
}

/// Every address of the API, as the answer to a path that is none names
/// them.
const API: [&str; 7] = [
    "GET /api/search",
    "GET /api/show",
    "GET /api/errata",
    "GET /api/card",
    "POST /api/deck",
    "GET /api/diff",
    "GET /api/releases",
];

/// The answer to a path that is no page.
fn not_found_at(path: &str) -> Response {
    error_response(
        path,
        StatusCode::NOT_FOUND,
        ErrorCode::Usage,
        &format!("no such page: the API is {}", API.join(", ")),
    )
}

/// An error as the API gives it (the error object) under `/api/`, else as
/// a page.
fn error_response(path: &str, status: StatusCode, code: ErrorCode, message: &str) -> Response {
    if path.starts_with("/api/") {
        let refused = rulings::answer::error::Refusal::new(code, message);
        let answer = state::JsonAnswer::refused(&refused.into());
        api::json(status, answer.body)
    } else {
        page::error_page(status, message)
    }
}

/// The HTTP status of an answer that ended in an error of this code.
pub fn status_of(code: ErrorCode) -> StatusCode {
    match code {
        ErrorCode::Usage
        | ErrorCode::InvalidValue
        | ErrorCode::EmptyQuery
        | ErrorCode::TooLong
        | ErrorCode::BadDate
        | ErrorCode::AmbiguousDate
        | ErrorCode::EditionsDiffer
        | ErrorCode::NoSuchEdition => StatusCode::BAD_REQUEST,
        ErrorCode::UnknownRelease | ErrorCode::UnknownTopic => StatusCode::NOT_FOUND,
        ErrorCode::CorpusNotFound
        | ErrorCode::NoDocuments
        | ErrorCode::NothingToCheck
        | ErrorCode::NeedsTerminal
        | ErrorCode::BadConfig
        | ErrorCode::Index
        | ErrorCode::Io
        | ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// The address of this machine on its network: the one its traffic to the
/// outside would leave from (finding it sends nothing).
fn network_address() -> Option<IpAddr> {
    let socket = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0)).ok()?;
    // TEST-NET-1: a route to it is the default route; no packet is sent.
    socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9)).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

/// The URL as a QR code drawn with half-block characters. The light modules
/// and the quiet zone are the blocks, which a dark terminal shows light, so
/// the code reads as printed there; a light terminal shows it inverted,
/// which phone cameras read too.
fn qr_code(url: &str) -> String {
    use qrcode::render::unicode::Dense1x2;
    match qrcode::QrCode::new(url.as_bytes()) {
        Ok(code) => code
            .render::<Dense1x2>()
            .dark_color(Dense1x2::Light)
            .light_color(Dense1x2::Dark)
            .quiet_zone(true)
            .build(),
        // Only a text past a QR code's capacity (about 2,900 bytes) has
        // none; an address is far shorter.
        Err(e) => format!("(no QR code: {e})"),
    }
}
