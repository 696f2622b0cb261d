//! A small client of the Chrome DevTools Protocol, enough to drive the
//! system's headless Chromium through a page as a person would: open a
//! URL, type, click, read the page, take screenshots. One websocket to the
//! browser, one page attached to it (flattened session).

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// The browser's program, when installed.
pub fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser"].into_iter().find(|name| {
        Command::new(name)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// A headless Chromium with one page, closed when dropped.
pub struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next_id: u64,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub fn launch(program: &str) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(program)
            .args([
                "--headless",
                // As root in a container the sandbox cannot start.
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    let _ = tx.send(url.trim().to_string());
                }
            }
        });
        let url = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(url) => url,
            Err(_) => {
                let _ = child.kill();
                panic!("chromium did not open its DevTools port within 30 s");
            }
        };
        let (socket, _) = tungstenite::connect(url.as_str()).expect("DevTools websocket");
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream
                .set_read_timeout(Some(Duration::from_secs(30)))
                .unwrap();
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next_id: 0,
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Page.enable", json!({}));
        browser.call("Runtime.enable", json!({}));
        browser
    }

    /// Sends a command (to the page once attached) and waits for its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.try_call(method, params)
            .unwrap_or_else(|error| panic!("{method}: {error}"))
    }

    /// [`Self::call`], with the error the browser answered, if any.
    fn try_call(&mut self, method: &str, params: Value) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .expect("DevTools send");
        loop {
            let reply = self.socket.read().expect("DevTools read");
            let Message::Text(text) = reply else { continue };
            let value: Value = serde_json::from_str(text.as_str()).unwrap();
            if value["id"].as_u64() == Some(id) {
                if let Some(error) = value.get("error") {
                    return Err(error.clone());
                }
                return Ok(value["result"].clone());
            }
        }
    }

    /// The value of a JavaScript expression in the page (awaited when it
    /// is a promise).
    pub fn eval(&mut self, expression: &str) -> Value {
        let params = json!({"expression": expression, "returnByValue": true, "awaitPromise": true});
        // A page that is navigating has no context to evaluate in for a
        // moment (a link followed, a form sent): asked again, the next page
        // answers.
        let started = Instant::now();
        let result = loop {
            match self.try_call("Runtime.evaluate", params.clone()) {
                Ok(result) => break result,
                // ("Execution context was destroyed", "Cannot find context
                // with specified id", "Inspected target navigated or
                // closed").
                Err(error)
                    if ["context", "navigated"]
                        .iter()
                        .any(|w| error.to_string().contains(w))
                        && started.elapsed() < Duration::from_secs(10) =>
                {
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(error) => panic!("Runtime.evaluate of {expression}: {error}"),
            }
        };
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("{expression}: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Waits until the expression is true, for at most 10 s.
    pub fn wait_for(&mut self, expression: &str) {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(10) {
            if self.eval(expression) == Value::Bool(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(25));
        }
        panic!("still not true after 10 s: {expression}");
    }

    /// Opens a URL and waits until the page is loaded.
    pub fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}));
        self.wait_for(&format!(
            "location.href === {} && document.readyState === 'complete'",
            json!(url)
        ));
    }

    /// Types text into the focused field, one character at a time, as
    /// a keyboard does.
    pub fn type_char(&mut self, c: char) {
        self.call("Input.insertText", json!({"text": c.to_string()}));
    }

    /// Sets the window's size (as a phone, when narrow).
    pub fn resize(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600}),
        );
    }

    /// Saves a PNG of what the window shows.
    pub fn screenshot(&mut self, path: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap())
            .unwrap();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
