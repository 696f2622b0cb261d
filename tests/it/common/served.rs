//! A `rulings serve` started by a test: its address, read from the first
//! line it prints.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Starts `command` (a `serve --port 0` of the binary) with its output
/// piped, and returns it with the address it listens on
/// (`http://127.0.0.1:PORT`, no trailing slash). A server that prints
/// nothing within 30 s, or not its address, is killed and the test fails.
pub fn start(command: &mut Command) -> (Child, String) {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let Ok(line) = rx.recv_timeout(Duration::from_secs(30)) else {
        let _ = child.kill();
        panic!("the server said nothing within 30 s");
    };
    match line.trim().strip_prefix("listening on ") {
        Some(url) => (child, url.trim_end_matches('/').to_string()),
        None => {
            let _ = child.kill();
            panic!("first line: {line:?}");
        }
    }
}

/// The body of `url` + `path`, whatever its status: a page or an API
/// answer, as a phone or a bot gets it.
pub fn body(url: &str, path: &str) -> String {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    agent
        .get(&format!("{url}{path}"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap()
}
