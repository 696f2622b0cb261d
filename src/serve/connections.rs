//! The connections of the server: takes the listening socket and the
//! router, gives the loop that accepts and serves connections until the
//! process stops, within three limits a venue network needs.
//!
//! - A request head not complete within [`HEAD_TIMEOUT`] closes its
//!   connection; the same timer runs while a kept-alive connection waits
//!   for its next request, so an idle connection is closed after as long.
//! - At most [`most_connections`] connections are open at once: the
//!   process's file limit (`RLIMIT_NOFILE`) less [`RESERVED_FILES`] for the
//!   index, a reading of the documents and the process's own files.
//! - A request hyper refuses before the router sees it (a head it cannot
//!   read) is answered with words all the same (`worded`).
//! - When that many are open, a new connection sheds the oldest one that is
//!   not being answered (idle, or still sending its head) rather than wait:
//!   sockets that only hold a place never keep a real request out. Only
//!   when every connection is being answered does a new one wait, and
//!   answers end within the answer timeout.

use std::collections::BTreeMap;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::Service;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// Most time a request head may take to arrive, and a kept-alive
/// connection may wait for its next request.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// Sets [`HEAD_TIMEOUT`] in milliseconds instead (for tests).
pub const HEAD_TIMEOUT_VARIABLE: &str = "RULINGS_SERVE_HEAD_TIMEOUT_MS";
/// Files kept for other uses than connections: the standard streams, the
/// listening socket, the index's open files, the watch of the corpus's
/// folders (two while it is started anew) and a reading of the documents
/// writing a new generation beside it.
pub const RESERVED_FILES: u64 = 48;
/// The fewest connections allowed, however low the file limit.
const FEWEST_CONNECTIONS: u64 = 4;
/// The most connections allowed, however high the file limit.
const MOST_CONNECTIONS: u64 = 16_384;

/// The head timeout in use: [`HEAD_TIMEOUT`] unless the environment sets it.
pub fn head_timeout() -> Duration {
    std::env::var(HEAD_TIMEOUT_VARIABLE)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|&ms| ms > 0)
        .map_or(HEAD_TIMEOUT, Duration::from_millis)
}

/// The most connections open at once under the process's file limit.
pub fn most_connections() -> usize {
    let files = file_limit().unwrap_or(1024);
    let most = files
        .saturating_sub(RESERVED_FILES)
        .clamp(FEWEST_CONNECTIONS, MOST_CONNECTIONS);
    usize::try_from(most).unwrap_or(usize::MAX)
}

/// The soft limit on open files, when the system says.
#[cfg(target_os = "linux")]
fn file_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::Nofile).current
}

#[cfg(not(target_os = "linux"))]
fn file_limit() -> Option<u64> {
    None
}

/// A connection open now.
struct Open {
    /// Requests of it being answered now.
    answering: Arc<AtomicUsize>,
    /// Closes it.
    shed: Arc<Notify>,
}

/// Every open connection, oldest first.
struct Connections {
    most: usize,
    open: Mutex<BTreeMap<u64, Open>>,
}

impl Connections {
    /// Makes room for a new connection and counts it in, shedding the
    /// oldest one not being answered when there are already `most`; false
    /// when every connection is being answered.
    fn admit(&self, id: u64, new: Open) -> bool {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if open.len() >= self.most {
            let idle = open
                .iter()
                .find(|(_, o)| o.answering.load(Ordering::Acquire) == 0)
                .map(|(&id, _)| id);
            let Some(idle) = idle else {
                return false;
            };
            if let Some(shed) = open.remove(&idle) {
                // A permit is stored if its task is not waiting yet.
                shed.shed.notify_one();
            }
        }
        open.insert(id, new);
        true
    }

    fn close(&self, id: u64) {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&id);
    }
}

/// Counts a request as being answered while it lives.
struct Answering(Arc<AtomicUsize>);

impl Answering {
    fn new(count: &Arc<AtomicUsize>) -> Answering {
        count.fetch_add(1, Ordering::AcqRel);
        Answering(Arc::clone(count))
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The router as hyper calls it, counting the requests being answered.
#[derive(Clone)]
struct Counted {
    router: TowerToHyperService<Router>,
    answering: Arc<AtomicUsize>,
}

type Answer = Result<axum::response::Response, std::convert::Infallible>;

impl Service<hyper::Request<Incoming>> for Counted {
    type Response = axum::response::Response;
    type Error = std::convert::Infallible;
    type Future = Pin<Box<dyn Future<Output = Answer> + Send>>;

    fn call(&self, request: hyper::Request<Incoming>) -> Self::Future {
        let answering = Answering::new(&self.answering);
        let answer = self.router.call(request);
        Box::pin(async move {
            let answer = answer.await;
            drop(answering);
            answer
        })
    }
}

/// Accepts and serves connections until the process stops.
pub async fn serve(listener: TcpListener, router: Router) -> io::Result<()> {
    let connections = Arc::new(Connections {
        most: most_connections(),
        open: Mutex::new(BTreeMap::new()),
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(head_timeout())
        .keep_alive(true);
    let builder = Arc::new(builder);
    let router = TowerToHyperService::new(router);
    let mut next: u64 = 0;
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of files, or a connection reset before it was taken:
            // wait a little rather than spin.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        next += 1;
        let id = next;
        let answering = Arc::new(AtomicUsize::new(0));
        let shed = Arc::new(Notify::new());
        while !connections.admit(
            id,
            Open {
                answering: Arc::clone(&answering),
                shed: Arc::clone(&shed),
            },
        ) {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let service = Counted {
            router: router.clone(),
            answering,
        };
        let builder = Arc::clone(&builder);
        let connections = Arc::clone(&connections);
        tokio::spawn(async move {
            let stream = super::worded::Worded::new(stream);
            let connection = builder.serve_connection(TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                // Dropping the connection closes its socket.
                () = shed.notified() => {}
            }
            connections.close(id);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open(answering: usize) -> Open {
        Open {
            answering: Arc::new(AtomicUsize::new(answering)),
            shed: Arc::new(Notify::new()),
        }
    }

    #[test]
    fn a_full_server_sheds_the_oldest_connection_not_being_answered() {
        let connections = Connections {
            most: 3,
            open: Mutex::new(BTreeMap::new()),
        };
        assert!(connections.admit(1, open(1)));
        assert!(connections.admit(2, open(0)));
        assert!(connections.admit(3, open(0)));
        assert!(connections.admit(4, open(0)));
        let ids: Vec<u64> = connections.open.lock().unwrap().keys().copied().collect();
        assert_eq!(ids, [1, 3, 4], "the oldest idle one (2) is shed");
    }

    #[test]
    fn a_full_server_of_answers_makes_the_new_connection_wait() {
        let connections = Connections {
            most: 2,
            open: Mutex::new(BTreeMap::new()),
        };
        assert!(connections.admit(1, open(1)));
        assert!(connections.admit(2, open(1)));
        assert!(!connections.admit(3, open(0)));
        connections.close(1);
        assert!(connections.admit(3, open(0)));
    }
}
