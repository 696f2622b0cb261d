//! The page's own files, built into the binary: nothing is read from disk
//! and nothing is loaded from elsewhere, so the page works with no internet.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/app.css");
const WORKER: &str = include_str!("assets/sw.js");
const MANIFEST: &str = include_str!("assets/manifest.webmanifest");
const ICON: &str = include_str!("assets/icon.svg");

fn file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            // A new build may change them: the browser asks again.
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

pub async fn worker() -> Response {
    file("text/javascript; charset=utf-8", WORKER)
}

pub async fn manifest() -> Response {
    file("application/manifest+json", MANIFEST)
}

pub async fn icon() -> Response {
    file("image/svg+xml", ICON)
}
