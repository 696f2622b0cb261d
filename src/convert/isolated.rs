//! Reading PDFs and web pages in child processes: a batch of documents'
//! bytes in, each one's [`Converted`] Markdown or the reason it was
//! skipped out ([`convert_all`]). No file can take the process down.
//!
//! A stack overflow or a failed allocation cannot be caught in Rust: the
//! runtime aborts the whole process. So each PDF or HTML file is read by a
//! child process of this same binary (started with [`CHILD_ENV`] set, which
//! `main` checks before anything else; the bytes go in on stdin, the answer
//! comes back as JSON on stdout), whose address space is capped at
//! [`MOST_MEMORY`] and which is killed once the readings' time is up, so a
//! reading cut off stops its work. At most [`AT_ONCE`] children run at a
//! time, and all share one deadline ([`limit`] from the start of the
//! batch): five slow files cost one limit, not five.
//!
//! Only the binary may start children (`main` calls
//! [`allow_child_processes`]); anything else that runs the library (its
//! unit tests, whose executable is a test harness) reads in a thread of
//! its own, as [`crate::pdf`] does, and can still be aborted by a stack
//! overflow.
//!
//! A file that failed is remembered (see `memo`) and skipped at once by the
//! next reading, until its bytes change.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitCode, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use super::{memo, Converted, Format, Report};
use crate::error::{DocumentError, Unread};

/// Set (to the format) in the environment of a child that reads one file.
pub const CHILD_ENV: &str = "RULINGS_READ_CHILD";
/// Set to the file's name in a reading child's environment, so that its
/// notes (an encoding guessed, a page not read) name the file.
const CHILD_NAME_ENV: &str = "RULINGS_READ_NAME";
pub use crate::pdf::{reading_limit as limit, SECONDS_ENV};
/// The address space a reading child may use: the official documents read
/// in a few tens of megabytes.
pub const MOST_MEMORY: u64 = 1024 * 1024 * 1024;
/// The most children reading at a time.
pub const AT_ONCE: usize = 4;
/// The most bytes of an answer read from a child: its Markdown, at most
/// [`super::MAX_TEXT_BYTES`], is written as JSON, which writes a quote or
/// a backslash in two bytes; the report and notes are small. An answer
/// longer than this is a document whose text passes the limit.
const MOST_ANSWER: u64 = 2 * super::MAX_TEXT_BYTES as u64 + 1024 * 1024;
/// The most bytes of a child's error output kept (to tell why it died).
const MOST_STDERR: u64 = 64 * 1024;

static MAY_SPAWN: AtomicBool = AtomicBool::new(false);

/// Lets readings run in child processes of the current executable: called
/// once by `main`, never by a test harness.
pub fn allow_child_processes() {
    MAY_SPAWN.store(true, Ordering::SeqCst);
}

/// One document to read.
#[derive(Debug)]
pub struct Job {
    pub format: Format,
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Why a reading failed, as a child says it.
#[derive(Debug, Clone, Serialize, Deserialize)]
enum Failure {
    Binary { line: usize },
    Empty,
    TooDeep { limit: usize },
    TooManyLines { limit: usize },
    TooMuchText,
    Encrypted,
    Scanned,
    Damaged { why: String },
    Other { why: String },
}

/// A child's answer on stdout.
#[derive(Debug, Serialize, Deserialize)]
enum Answer {
    Converted {
        markdown: String,
        report: Report,
        notes: Vec<String>,
    },
    Failed(Failure),
}

impl Failure {
    fn of(error: DocumentError) -> Failure {
        match error {
            DocumentError::Binary { line, .. } => Failure::Binary { line },
            DocumentError::Empty { .. } => Failure::Empty,
            DocumentError::TooDeep { limit, .. } => Failure::TooDeep { limit },
            DocumentError::TooManyLines { limit, .. } => Failure::TooManyLines { limit },
            DocumentError::TooMuchText { .. } => Failure::TooMuchText,
            DocumentError::Unread {
                what: Unread::EncryptedPdf,
                ..
            } => Failure::Encrypted,
            DocumentError::Unread {
                what: Unread::ScannedPdf,
                ..
            } => Failure::Scanned,
            DocumentError::Damaged { why, .. } => Failure::Damaged { why },
            other => Failure::Other {
                why: error_reason(&other),
            },
        }
    }

    fn into_error(self, format: Format, name: &str) -> DocumentError {
        let file = name.to_string();
        match self {
            Failure::Binary { line } => DocumentError::Binary { file, line },
            Failure::Empty => DocumentError::Empty { file },
            Failure::TooDeep { limit } => DocumentError::TooDeep { file, limit },
            Failure::TooManyLines { limit } => DocumentError::TooManyLines { file, limit },
            Failure::TooMuchText => super::too_much_text(name),
            Failure::Encrypted => DocumentError::Unread {
                file,
                what: Unread::EncryptedPdf,
            },
            Failure::Scanned => DocumentError::Unread {
                file,
                what: Unread::ScannedPdf,
            },
            Failure::Damaged { why } | Failure::Other { why } => failed(format, name, why),
        }
    }
}

/// The error of a reader that gave up on `name`, worded for its format.
pub(super) fn failed(format: Format, name: &str, why: String) -> DocumentError {
    let file = name.to_string();
    match format {
        Format::Html => DocumentError::PageFailed { file, why },
        _ => DocumentError::Damaged { file, why },
    }
}

/// The reader's name, for a failure of the child.
fn reader(format: Format) -> &'static str {
    match format {
        Format::Html => "the web page reader",
        _ => "the PDF reader",
    }
}

/// Reads every job (PDFs and web pages), at most [`AT_ONCE`] at a time,
/// all within one [`limit`]; the answers in the jobs' order. A file
/// remembered as unreadable is skipped at once, and a new failure is
/// remembered.
pub fn convert_all(jobs: Vec<Job>) -> Vec<Result<Converted, DocumentError>> {
    let limit = limit();
    let mut remembered = memo::Memo::load();
    let mut answers: Vec<Option<Result<Converted, DocumentError>>> = Vec::new();
    let mut pending = Vec::new();
    for (at, job) in jobs.into_iter().enumerate() {
        let key = memo::Key::of(&job.bytes);
        match remembered.as_ref().and_then(|m| m.reason(&key)) {
            Some(why) => answers.push(Some(Err(failed(
                job.format,
                &job.name,
                format!(
                    "{why}; remembered from an earlier reading, skipped until the file changes"
                ),
            )))),
            None => {
                answers.push(None);
                pending.push((at, key, job));
            }
        }
    }
    let exe = MAY_SPAWN
        .load(Ordering::SeqCst)
        .then(own_executable)
        .flatten();
    // Smaller files first: a file that is slow to read is most often a
    // large one, and the files queued behind the slow ones are the ones
    // the shared time may run out on.
    pending.sort_by_key(|(_, _, job)| job.bytes.len());
    let deadline = Instant::now() + limit;
    let read: Vec<(usize, memo::Key, String, Outcome)> = match exe {
        Some(exe) => in_children(&exe, pending, deadline, limit),
        None => pending
            .into_iter()
            .map(|(at, key, job)| {
                let name = job.name.clone();
                let outcome = Outcome::Done(super::in_process(job.format, &job.name, job.bytes));
                (at, key, name, outcome)
            })
            .collect(),
    };
    let mut learned = false;
    for (at, key, name, outcome) in read {
        let answer = match outcome {
            Outcome::Done(answer) => {
                if let (Err(e), Some(m)) = (&answer, remembered.as_mut()) {
                    if let Some(why) = worth_remembering(e) {
                        m.remember(key, &name, why);
                        learned = true;
                    }
                }
                answer
            }
            Outcome::Cut(error) => Err(error),
        };
        answers[at] = Some(answer);
    }
    if let (true, Some(m)) = (learned, remembered) {
        m.save();
    }
    answers
        .into_iter()
        .map(|a| a.expect("every job answered"))
        .collect()
}

/// What a reading came to: an answer (remembered if it is a failure), or a
/// cut-off that is not the file's fault (the shared time was up before the
/// file had a whole limit of its own): not remembered.
enum Outcome {
    Done(Result<Converted, DocumentError>),
    Cut(DocumentError),
}

/// The reason to remember for a failure worth not repeating: the reader
/// gave up on the file (damaged, too slow, crashed); not a file merely
/// found empty or in another format.
fn worth_remembering(error: &DocumentError) -> Option<String> {
    match error {
        DocumentError::Damaged { why, .. } | DocumentError::PageFailed { why, .. } => {
            Some(why.clone())
        }
        DocumentError::TooDeep { .. } | DocumentError::TooMuchText { .. } => {
            Some(error_reason(error))
        }
        _ => None,
    }
}

/// An error's words without the file name that starts them.
fn error_reason(error: &DocumentError) -> String {
    let text = error.to_string();
    let name = crate::safe::escape_name(error.file());
    text.strip_prefix(&format!("{name}: "))
        .map(str::to_string)
        .unwrap_or(text)
}

type Pending = Vec<(usize, memo::Key, Job)>;

/// Reads the jobs in children, [`AT_ONCE`] at a time.
fn in_children(
    exe: &Path,
    pending: Pending,
    deadline: Instant,
    limit: Duration,
) -> Vec<(usize, memo::Key, String, Outcome)> {
    let queue = Mutex::new(pending.into_iter().map(Some).collect::<Vec<_>>());
    let count = queue.lock().map(|q| q.len()).unwrap_or(0);
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(count));
    std::thread::scope(|scope| {
        for _ in 0..AT_ONCE.min(count) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= count {
                    break;
                }
                let Some((at, key, job)) = queue.lock().ok().and_then(|mut q| q[i].take()) else {
                    continue;
                };
                let outcome = in_child(exe, &job, deadline, limit);
                if let Ok(mut done) = done.lock() {
                    done.push((at, key, job.name, outcome));
                }
            });
        }
    });
    done.into_inner().unwrap_or_default()
}

/// Reads one job in a child, killed at `deadline`.
fn in_child(exe: &Path, job: &Job, deadline: Instant, limit: Duration) -> Outcome {
    let started = Instant::now();
    let whole = format!("{:.0}", limit.as_secs_f64());
    if started >= deadline {
        return Outcome::Cut(failed(
            job.format,
            &job.name,
            format!("not read: the {whole} seconds all files share were spent on others"),
        ));
    }
    let spawned = Command::new(exe)
        .env(CHILD_ENV, tag(job.format))
        .env(CHILD_NAME_ENV, &job.name)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        // Never read here instead: the file could take this process down.
        // Not remembered: the file is not at fault.
        Err(e) => {
            return Outcome::Cut(failed(
                job.format,
                &job.name,
                format!("could not start a process to read it: {e}"),
            ))
        }
    };
    let (status, (stdout, answer_cut), stderr) = std::thread::scope(|scope| {
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        scope.spawn(move || {
            if let Some(mut stdin) = stdin {
                // A child that died early closes the pipe: its status says why.
                let _ = stdin.write_all(&job.bytes);
            }
        });
        let out = scope.spawn(move || drain(stdout, MOST_ANSWER));
        let err = scope.spawn(move || drain(stderr, MOST_STDERR).0);
        let status = wait_until(&mut child, deadline);
        let stdout = out.join().unwrap_or_default();
        let stderr = err.join().unwrap_or_default();
        (status, stdout, stderr)
    });
    let Some(status) = status else {
        let why = format!(
            "still reading after {:.0} seconds",
            started.elapsed().as_secs_f64()
        );
        let error = failed(job.format, &job.name, why);
        // A file cut off before it had a whole limit of its own may be
        // fine: read it again next time.
        return if deadline.duration_since(started) + limit / 10 >= limit {
            Outcome::Done(Err(error))
        } else {
            Outcome::Cut(error)
        };
    };
    if status.success() && answer_cut {
        return Outcome::Done(Err(super::too_much_text(&job.name)));
    }
    if status.success() {
        if let Ok(answer) = serde_json::from_slice::<Answer>(&stdout) {
            return Outcome::Done(match answer {
                Answer::Converted {
                    markdown,
                    report,
                    notes,
                } => Ok(Converted {
                    markdown,
                    report,
                    notes,
                }),
                Answer::Failed(failure) => Err(failure.into_error(job.format, &job.name)),
            });
        }
    }
    let stderr = String::from_utf8_lossy(&stderr);
    if let Some(signal) = stopped_from_outside(status, &stderr) {
        // Not the file's fault: not remembered, read again next time.
        return Outcome::Cut(failed(
            job.format,
            &job.name,
            format!(
                "not read this time: the reading was stopped from outside (signal {signal}); it is read again next time"
            ),
        ));
    }
    let why = format!(
        "{} failed on this file ({})",
        reader(job.format),
        death(status, &stderr)
    );
    Outcome::Done(Err(failed(job.format, &job.name, why)))
}

/// The signal that ended a child from outside, if one did: one this
/// process never sends (it only kills a child at the deadline, which
/// [`wait_until`] tells apart) and the child never raises itself. A child
/// ends itself with `SIGABRT` (a stack overflow, an allocation past
/// [`MOST_MEMORY`], said on its stderr), `SIGSEGV`, `SIGBUS`, `SIGILL`,
/// `SIGFPE`, `SIGTRAP` or `SIGSYS`: the file's doing. Any other signal
/// (`kill -9`, an interrupt sent to the whole process group, the system's
/// memory killer acting for the machine as a whole) says nothing of the
/// file.
fn stopped_from_outside(status: ExitStatus, stderr: &str) -> Option<i32> {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        let signal = status.signal()?;
        let raised_by_the_reading = [
            libc::SIGABRT,
            libc::SIGSEGV,
            libc::SIGBUS,
            libc::SIGILL,
            libc::SIGFPE,
            libc::SIGTRAP,
            libc::SIGSYS,
        ];
        let said_why =
            stderr.contains("overflowed its stack") || stderr.contains("memory allocation of");
        (!raised_by_the_reading.contains(&signal) && !said_why).then_some(signal)
    }
    #[cfg(not(unix))]
    {
        let _ = (status, stderr);
        None
    }
}

/// The executable to start readers from: on Linux the running image itself
/// (`/proc/self/exe` stays valid when the file on disk is replaced by an
/// upgrade or a build), elsewhere its path.
fn own_executable() -> Option<std::path::PathBuf> {
    let running = Path::new("/proc/self/exe");
    if cfg!(target_os = "linux") && running.exists() {
        return Some(running.to_path_buf());
    }
    std::env::current_exe().ok()
}

/// Waits for the child; kills it at `deadline` (then `None`).
fn wait_until(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

/// Everything of a pipe, up to `most` bytes, and whether there was more
/// (the rest is read and dropped, so the child never blocks on a full
/// pipe).
fn drain(pipe: Option<impl Read>, most: u64) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut more = 0;
    if let Some(mut pipe) = pipe {
        let _ = pipe.by_ref().take(most).read_to_end(&mut kept);
        more = std::io::copy(&mut pipe, &mut std::io::sink()).unwrap_or(0);
    }
    (kept, more > 0)
}

/// How a child died, from its status and what it said on stderr.
fn death(status: ExitStatus, stderr: &str) -> String {
    if stderr.contains("overflowed its stack") {
        return "stack overflow: structures nested too deep".to_string();
    }
    if stderr.contains("memory allocation of") {
        return format!(
            "more than the {} MiB of memory a reading may use",
            MOST_MEMORY / (1024 * 1024)
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => "no answer".to_string(),
    }
}

fn tag(format: Format) -> &'static str {
    match format {
        Format::Text => "text",
        Format::Html => "html",
        Format::Pdf => "pdf",
    }
}

/// In a reading child (started with [`CHILD_ENV`] set), reads the document
/// on stdin and writes the answer on stdout, and gives the exit status;
/// elsewhere `None`. `main` calls this before anything else.
pub fn child() -> Option<ExitCode> {
    let format = match std::env::var(CHILD_ENV).ok()?.as_str() {
        "pdf" => Format::Pdf,
        "html" => Format::Html,
        _ => Format::Text,
    };
    cap_memory();
    let mut bytes = Vec::new();
    let most = super::MAX_DOCUMENT_BYTES + 1;
    if std::io::stdin()
        .lock()
        .take(most)
        .read_to_end(&mut bytes)
        .is_err()
    {
        return Some(ExitCode::from(2));
    }
    let name = std::env::var_os(CHILD_NAME_ENV)
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let answer = match super::in_process(format, &name, bytes) {
        Ok(c) => Answer::Converted {
            markdown: c.markdown,
            report: c.report,
            notes: c.notes,
        },
        Err(e) => Answer::Failed(Failure::of(e)),
    };
    Some(answer_parent(&answer))
}

/// A child's answer written to its parent as JSON on stdout, and the exit
/// status that says whether it was.
pub fn answer_parent(answer: &impl Serialize) -> ExitCode {
    let mut out = std::io::stdout().lock();
    let written = serde_json::to_writer(&mut out, answer)
        .ok()
        .and_then(|()| out.flush().ok());
    if written.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    }
}

/// Runs `input` through a child of this binary started with `env` set (a
/// child that `main` knows by one of those variables), its memory capped
/// at [`MOST_MEMORY`] and killed after [`limit`]: what it wrote on stdout
/// (at most `most` bytes), or why it gave nothing. `None` where no child
/// may be started (a test harness): the caller works in process.
pub fn in_capped_child(
    env: &[(&str, &str)],
    input: &[u8],
    most: u64,
) -> Option<Result<Vec<u8>, String>> {
    let exe = MAY_SPAWN
        .load(Ordering::SeqCst)
        .then(own_executable)
        .flatten()?;
    let limit = limit();
    let deadline = Instant::now() + limit;
    let mut command = Command::new(exe);
    command.envs(env.iter().copied());
    let spawned = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => return Some(Err(format!("could not start a process to read it: {e}"))),
    };
    let (status, (stdout, cut), stderr) = std::thread::scope(|scope| {
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr = child.stderr.take();
        scope.spawn(move || {
            if let Some(mut stdin) = stdin {
                let _ = stdin.write_all(input);
            }
        });
        let out = scope.spawn(move || drain(stdout, most));
        let err = scope.spawn(move || drain(stderr, MOST_STDERR).0);
        let status = wait_until(&mut child, deadline);
        (
            status,
            out.join().unwrap_or_default(),
            err.join().unwrap_or_default(),
        )
    });
    Some(match status {
        None => Err(format!(
            "still reading after {:.0} seconds",
            limit.as_secs_f64()
        )),
        Some(_) if cut => Err(format!("an answer of over {} MB", most / (1024 * 1024))),
        Some(status) if status.success() => Ok(stdout),
        Some(status) => Err(death(status, &String::from_utf8_lossy(&stderr))),
    })
}

/// Caps the child's address space at [`MOST_MEMORY`]: an allocation past
/// it fails, and the child aborts, not the machine.
pub fn cap_memory() {
    // Elsewhere than Linux the time limit is the only backstop.
    #[cfg(target_os = "linux")]
    {
        let cap = rustix::process::Rlimit {
            current: Some(MOST_MEMORY),
            maximum: Some(MOST_MEMORY),
        };
        let _ = rustix::process::setrlimit(rustix::process::Resource::As, cap);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_child_stopped_from_outside_is_told_from_one_the_file_ended() {
        use std::os::unix::process::ExitStatusExt;
        // A wait status of a death by signal is the signal's number.
        let by = |signal: i32| ExitStatus::from_raw(signal);
        assert_eq!(stopped_from_outside(by(libc::SIGKILL), ""), Some(9));
        assert_eq!(
            stopped_from_outside(by(libc::SIGTERM), ""),
            Some(libc::SIGTERM)
        );
        assert_eq!(
            stopped_from_outside(by(libc::SIGINT), ""),
            Some(libc::SIGINT)
        );
        for signal in [libc::SIGABRT, libc::SIGSEGV, libc::SIGBUS] {
            assert_eq!(stopped_from_outside(by(signal), ""), None, "{signal}");
        }
        // What the child said it died of is the file's doing, whatever
        // signal ended it.
        let said = "memory allocation of 1073741824 bytes failed";
        assert_eq!(stopped_from_outside(by(libc::SIGKILL), said), None);
        // An exit is no signal.
        assert_eq!(stopped_from_outside(ExitStatus::from_raw(2 << 8), ""), None);
    }
}
