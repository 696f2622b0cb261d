//! The errors hyper answers itself, worded as every other: a request
//! whose head it cannot read (an address past its own limit of 65,534
//! bytes, a head past its buffer or of too many fields, a head that is not
//! HTTP) never reaches the router, and hyper answers it with a bare status
//! and closes the connection. Takes a connection's stream, gives the same
//! stream, whose bare error is replaced, as it is written, by the page or
//! the error object the router gives for the same status.
//!
//! Which of the two is told by the opening bytes of the request being
//! read: those read first after the last answer was written (or since the
//! connection opened). A client that sends a request before its answer to
//! the one before arrived (pipelining, which browsers do not) may get a
//! page where it asked the API: worded either way.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, Waker};

use axum::http::StatusCode;
use hyper::body::Body;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use rulings::answer::error::ErrorCode;

/// How many opening bytes of a request are kept: its method and enough of
/// its path to tell the API's.
const OPENING_BYTES: usize = 16;

/// A connection's stream, its bare errors worded.
pub struct Worded<S> {
    inner: S,
    /// The opening bytes of the request being read.
    opening: Vec<u8>,
    /// Whether the next bytes read open a new request: nothing read since
    /// the last write.
    fresh: bool,
    /// Bytes of a worded error still to be written, before anything else.
    pending: Vec<u8>,
}

impl<S> Worded<S> {
    pub fn new(inner: S) -> Worded<S> {
        Worded {
            inner,
            opening: Vec::new(),
            fresh: true,
            pending: Vec::new(),
        }
    }
}

impl<S: AsyncWrite + Unpin> Worded<S> {
    /// Writes what is pending of a worded error; ready when none is left.
    fn drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            match Pin::new(&mut self.inner).poll_write(cx, &self.pending) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    self.pending.drain(..n);
                }
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Worded<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.inner).poll_read(cx, buf);
        let new = &buf.filled()[before..];
        if !new.is_empty() {
            let this = &mut *self;
            if this.fresh {
                this.opening.clear();
                this.fresh = false;
            }
            let room = OPENING_BYTES.saturating_sub(this.opening.len());
            this.opening.extend_from_slice(&new[..room.min(new.len())]);
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Worded<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.drain(cx)?.is_pending() {
            return Poll::Pending;
        }
        this.fresh = true;
        if let Some(worded) = bare_status(buf).and_then(|s| worded(s, &this.opening)) {
            // Taken whole in place of hyper's: what is not written now is
            // written before anything else, and by the flush.
            this.pending = worded;
            let _ = this.drain(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.drain(cx)?.is_pending() {
            return Poll::Pending;
        }
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        if self.drain(cx)?.is_pending() {
            return Poll::Pending;
        }
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// The status of a response hyper wrote itself: a client error with no
/// body, all in one write. The router never answers so: every error it
/// gives carries its words.
fn bare_status(buf: &[u8]) -> Option<StatusCode> {
    let head = std::str::from_utf8(buf).ok()?;
    let rest = head.strip_prefix("HTTP/1.1 4")?;
    if !head.ends_with("\r\n\r\n")
        || !head
            .to_ascii_lowercase()
            .contains("\r\ncontent-length: 0\r\n")
    {
        return None;
    }
    let code: u16 = format!("4{}", rest.get(..2)?).parse().ok()?;
    StatusCode::from_u16(code).ok()
}

/// The worded error for a bare `status`, with the request's `opening`
/// telling a page from the API, as the bytes of a whole response.
fn worded(status: StatusCode, opening: &[u8]) -> Option<Vec<u8>> {
    let message = match status {
        StatusCode::URI_TOO_LONG => format!(
            "the request is longer than this server reads; a request may have at most {}",
            super::MOST_URI_BYTES
        ),
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => {
            "the request's head is larger, or has more fields, than this server reads".to_string()
        }
        _ => "the request cannot be read as HTTP/1.1".to_string(),
    };
    let code = match status {
        StatusCode::BAD_REQUEST => ErrorCode::Usage,
        _ => ErrorCode::TooLong,
    };
    let text = String::from_utf8_lossy(opening);
    let path = text.split(' ').nth(1).unwrap_or("/");
    let response = super::error_response(path, status, code, &message);
    let (parts, mut body) = response.into_parts();
    // The router's bodies are whole: ready at the first poll.
    let mut cx = Context::from_waker(Waker::noop());
    let mut bytes = Vec::new();
    loop {
        match Pin::new(&mut body).poll_frame(&mut cx) {
            Poll::Ready(Some(Ok(frame))) => bytes.extend_from_slice(&frame.into_data().ok()?),
            Poll::Ready(None) => break,
            _ => return None,
        }
    }
    let mut head = format!(
        "HTTP/1.1 {} {}\r\n",
        parts.status.as_u16(),
        parts.status.canonical_reason().unwrap_or("")
    );
    let headers = parts.headers.iter().filter(|(name, _)| {
        *name != axum::http::header::CONTENT_LENGTH && *name != axum::http::header::CONNECTION
    });
    let shared = super::HEADERS
        .iter()
        .map(|(name, value)| (name, value.as_bytes()));
    for (name, value) in headers
        .map(|(name, value)| (name, value.as_bytes()))
        .chain(shared)
    {
        head.push_str(&format!("{name}: {}\r\n", String::from_utf8_lossy(value)));
    }
    head.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        bytes.len()
    ));
    let mut whole = head.into_bytes();
    whole.extend_from_slice(&bytes);
    Some(whole)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bare_client_error_is_taken_for_hyper_s() {
        let bare = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(bare_status(bare), Some(StatusCode::URI_TOO_LONG));
        let worded = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 40\r\n\r\n";
        assert_eq!(bare_status(worded), None);
        let fine = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_status(fine), None);
    }

    #[test]
    fn the_api_is_answered_with_its_error_object_and_pages_with_a_page() {
        let api = worded(StatusCode::URI_TOO_LONG, b"GET /api/search?").unwrap();
        let api = String::from_utf8(api).unwrap();
        assert!(api.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{api}");
        assert!(api.contains("content-type: application/json"), "{api}");
        let body = api.split("\r\n\r\n").nth(1).unwrap();
        let value: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(value["error"]["code"], "too_long", "{api}");
        assert!(api.contains("x-content-type-options: nosniff\r\n"), "{api}");
        let page = worded(StatusCode::URI_TOO_LONG, b"GET /?q=aaaaaaaa").unwrap();
        let page = String::from_utf8(page).unwrap();
        assert!(page.contains("content-type: text/html"), "{page}");
        assert!(page.contains("a request may have at most 4096"), "{page}");
        let length = page.split("\r\n\r\n").nth(1).unwrap().len();
        assert!(
            page.contains(&format!("content-length: {length}\r\n")),
            "{page}"
        );
    }
}
