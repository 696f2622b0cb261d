//! Mutation fuzzing of the document reader on stable Rust.
//!
//! Each execution takes a stretch of one of the bundled documents or
//! converted originals (now and then a whole document), mutates it with an
//! RNG seeded from the run's seed and the execution's number (byte flips,
//! inserted separators, list markers, dashes, dates and newlines, a line
//! duplicated, another document spliced in, truncation, newlines removed over
//! a stretch) and checks the reading of it:
//!
//! - no panic;
//! - time within a linear bound ([`FLOOR`] plus [`PER_KB`] per KB, taken as
//!   the best of three timings so scheduling noise does not count);
//! - rendered text (wrapped, one execution in [`WRAP_EVERY`]) at most
//!   [`RENDER_FACTOR`] times the input;
//! - every word: each word of the input is kept, as often as it occurs, in
//!   an entry (topic, subtopic, section, body, kind, printed date) or in the
//!   front matter.
//!
//! Stretches keep executions small, so millions run in minutes; the whole
//! documents keep the shapes only a full document has.
//!
//! ```text
//! cargo run --release --example fuzz -- EXECUTIONS [SEED] [THREADS] [START]
//! cargo run --release --example fuzz -- --replay SEED EXECUTION > input.md
//! ```
//!
//! The bounded run in `cargo test` calls [`run`] through `tests/it/fuzz.rs`.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use rulings::markdown::plain_text;
use rulings::model::Release;
use rulings::parse::parse_document;
use rulings::render::wrap;

/// Rendered text may be this many times the input (entities and list
/// markers expand a little; nesting must not multiply it).
pub const RENDER_FACTOR: usize = 4;
/// The linear bound on one reading: a floor for any input...
pub const FLOOR: Duration = Duration::from_millis(20);
/// ...plus this much per KB (typical readings take about a tenth of it).
pub const PER_KB: Duration = Duration::from_millis(2);
/// Longest stretch taken from a document, in bytes.
pub const STRETCH: usize = 2048;
/// One execution in this many reads a whole document.
const WHOLE: u64 = 64;

const INSERTS: &[&str] = &[
    " – ",
    " - ",
    "—",
    "-",
    ":",
    "* ",
    "**",
    "\n",
    "\n\n",
    "See ",
    "see also ",
    "1.",
    "# ",
    "> ",
    "+++\n",
    "12/3/99",
    "2019-01-02",
    "March 3, 2000",
    "<u>",
    "</u>",
    "(",
    "[NEW] ",
    "Erratum:",
    "\u{202e}",
    "\t",
    "|",
];

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub executions: u64,
    pub parsed: u64,
    /// Executions that panicked, by number.
    pub panics: Vec<u64>,
    /// Executions over the linear bound, by number.
    pub slow: Vec<u64>,
    /// Executions whose rendered text outgrew `RENDER_FACTOR` times the input.
    pub blowups: Vec<u64>,
    /// Executions that lost a word, by number, with the first words lost.
    pub lost: Vec<(u64, Vec<String>)>,
    /// The slowest reading per KB among inputs of 1 KB or more, in
    /// microseconds, and its size.
    pub slowest_us_per_kb: f64,
    pub slowest_bytes: usize,
    /// Bytes read over the run.
    pub bytes: u64,
    pub elapsed: Duration,
}

impl Report {
    /// Adds another part of the same run.
    pub fn merge(&mut self, other: Report) {
        self.executions += other.executions;
        self.parsed += other.parsed;
        self.panics.extend(other.panics);
        self.slow.extend(other.slow);
        self.blowups.extend(other.blowups);
        self.lost.extend(other.lost);
        if other.slowest_us_per_kb > self.slowest_us_per_kb {
            self.slowest_us_per_kb = other.slowest_us_per_kb;
            self.slowest_bytes = other.slowest_bytes;
        }
        self.bytes += other.bytes;
        self.elapsed = self.elapsed.max(other.elapsed);
    }

    /// Whether every check held.
    pub fn clean(&self) -> bool {
        self.panics.is_empty()
            && self.slow.is_empty()
            && self.blowups.is_empty()
            && self.lost.is_empty()
    }
}

/// The RNG of execution `n` of a run seeded with `seed`: any execution can be
/// replayed alone, and threads can share a run.
fn rng_of(seed: u64, n: u64) -> fastrand::Rng {
    fastrand::Rng::with_seed(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ n)
}

/// A stretch of `doc` that starts at a line, at most `STRETCH` bytes long.
fn stretch<'a>(rng: &mut fastrand::Rng, doc: &'a [u8]) -> &'a [u8] {
    let at = rng.usize(0..=doc.len());
    let start = doc[..at]
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let end = (start + rng.usize(STRETCH / 8..=STRETCH)).min(doc.len());
    &doc[start..end]
}

/// The input of execution `n` of a run seeded with `seed`.
pub fn input(documents: &[String], seed: u64, n: u64) -> Vec<u8> {
    let mut rng = rng_of(seed, n);
    let doc = documents[rng.usize(0..documents.len())].as_bytes();
    let other = documents[rng.usize(0..documents.len())].as_bytes();
    if rng.u64(0..WHOLE) == 0 {
        return mutate(&mut rng, doc, other);
    }
    // A stretch rarely names its edition: a front-matter block does, as a
    // TD would add one, so the stretch is read rather than refused.
    let edition = if rng.bool() { "1E" } else { "2E" };
    let mut piece =
        format!("+++\nedition = \"{edition}\"\ndate = \"2001-01-01\"\n+++\n").into_bytes();
    piece.extend_from_slice(stretch(&mut rng, doc));
    let other = stretch(&mut rng, other);
    mutate(&mut rng, &piece, other)
}

/// Mutates `doc` (with `other` for splicing) once or a few times.
pub fn mutate(rng: &mut fastrand::Rng, doc: &[u8], other: &[u8]) -> Vec<u8> {
    let mut bytes = doc.to_vec();
    for _ in 0..rng.usize(1..=4) {
        let at = rng.usize(0..=bytes.len());
        match rng.u8(0..7) {
            0 if !bytes.is_empty() => {
                let i = rng.usize(0..bytes.len());
                bytes[i] ^= 1 << rng.u8(0..8);
            }
            1 => {
                let piece = INSERTS[rng.usize(0..INSERTS.len())].repeat(rng.usize(1..=50));
                bytes.splice(at..at, piece.bytes());
            }
            2 => {
                // Duplicate one line many times.
                let start = bytes[..at]
                    .iter()
                    .rposition(|b| *b == b'\n')
                    .map_or(0, |i| i + 1);
                let end = bytes[at..]
                    .iter()
                    .position(|b| *b == b'\n')
                    .map_or(bytes.len(), |i| at + i + 1);
                let line = bytes[start..end].to_vec();
                for _ in 0..rng.usize(1..=20) {
                    bytes.splice(end..end, line.iter().copied());
                }
            }
            3 => {
                let from = rng.usize(0..=other.len());
                bytes.truncate(at);
                bytes.extend_from_slice(&other[from..]);
            }
            4 => bytes.truncate(at),
            5 => {
                // Remove the newlines of a stretch: entries flattened onto a line.
                let end = (at + rng.usize(0..2000)).min(bytes.len());
                for b in &mut bytes[at..end] {
                    if *b == b'\n' {
                        *b = b' ';
                    }
                }
            }
            _ => {
                let end = (at + rng.usize(0..200)).min(bytes.len());
                bytes.drain(at..end);
            }
        }
    }
    bytes
}

/// Words of `text`: runs of letters, lowercased, with emphasis markup
/// (`*`, `_`, `<u>`, `</b>`, ...) taken out first, since a reading may
/// drop markup that was glued to a word.
fn words(text: &str) -> Vec<String> {
    let mut plain = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if let Some(tag) = markup_tag(rest) {
            rest = &rest[tag..];
            continue;
        }
        if c != '*' && c != '_' {
            plain.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    plain
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The length of an HTML tag of letters at the start of `s` (`<u>`, `</b>`).
fn markup_tag(s: &str) -> Option<usize> {
    let inner = s.strip_prefix('<')?;
    let inner = inner.strip_prefix('/').unwrap_or(inner);
    let name = inner.find(|c: char| !c.is_ascii_alphabetic())?;
    (name > 0 && inner[name..].starts_with('>')).then(|| s.len() - inner.len() + name + 1)
}

/// Words of the input (after a front-matter block) that occur more often
/// than in everything the reading kept, with how many are missing.
pub fn lost_words(text: &str, release: &Release) -> Vec<String> {
    let body = after_front_matter(text);
    let mut counts: HashMap<String, i64> = HashMap::new();
    for w in words(body) {
        *counts.entry(w).or_default() += 1;
    }
    let mut keep = |part: &str| {
        for w in words(part) {
            *counts.entry(w).or_default() -= 1;
        }
    };
    for e in &release.entries {
        keep(&e.topic);
        keep(&e.text);
        keep(e.kind.label());
        e.subtopic.as_deref().map(&mut keep);
        e.section.as_deref().map(&mut keep);
        if e.dated {
            keep(&e.date.format("%B %b").to_string());
        }
    }
    for p in &release.front {
        keep(&p.text);
    }
    let mut lost: Vec<String> = counts
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(w, n)| format!("{w} ×{n}"))
        .collect();
    lost.sort();
    lost.truncate(5);
    lost
}

/// `text` after its `+++` block, read as the parser reads one: the first
/// line and the closing line are `+++` with trailing whitespace allowed.
fn after_front_matter(text: &str) -> &str {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.split_inclusive('\n');
    let mut at = match lines.next() {
        Some(first) if first.trim_end() == "+++" => first.len(),
        _ => return text,
    };
    for line in lines {
        at += line.len();
        if line.trim_end() == "+++" {
            return &text[at..];
        }
    }
    text
}

/// One execution in this many also wraps what it rendered (wrapping costs
/// as much as reading; its size follows the rendered text's).
const WRAP_EVERY: u64 = 8;

/// What one reading gave: whether it parsed, the words it lost, and the
/// size of its rendered text (wrapped when `wrapped`).
fn read(text: &str, wrapped: bool) -> (bool, Vec<String>, usize) {
    match parse_document("1e-2001-01-01-fuzz.md", text, 0) {
        Ok(release) => {
            let rendered = release
                .entries
                .iter()
                .map(|e| {
                    let plain = plain_text(&e.text);
                    if wrapped {
                        wrap(&plain, 80, "    ").len()
                    } else {
                        plain.len()
                    }
                })
                .sum();
            (true, lost_words(text, &release), rendered)
        }
        Err(_) => (false, Vec::new(), 0),
    }
}

/// The linear bound for an input of `bytes`.
pub fn bound(bytes: usize) -> Duration {
    FLOOR + PER_KB.mul_f64(bytes as f64 / 1024.0)
}

/// How long reading `text` takes: `first` when it is well within the bound,
/// else the best of three timings (a slow one may be the scheduler's, or the
/// first reading compiling the patterns).
fn best_time(text: &str, first: Duration) -> Duration {
    if first <= bound(text.len()) / 4 {
        return first;
    }
    (0..2)
        .map(|_| {
            let t = Instant::now();
            let _ = parse_document("1e-2001-01-01-fuzz.md", text, 0);
            t.elapsed()
        })
        .fold(first, Duration::min)
}

/// Runs executions `range` of the run seeded with `seed` over `documents`.
pub fn run(documents: &[String], range: std::ops::Range<u64>, seed: u64) -> Report {
    let mut report = Report::default();
    let started = Instant::now();
    for n in range {
        let bytes = input(documents, seed, n);
        let text = String::from_utf8_lossy(&bytes);
        report.executions += 1;
        report.bytes += text.len() as u64;
        let t = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| read(&text, n % WRAP_EVERY == 0)));
        let first = t.elapsed();
        let Ok((parsed, lost, rendered)) = outcome else {
            report.panics.push(n);
            continue;
        };
        report.parsed += u64::from(parsed);
        if !lost.is_empty() {
            report.lost.push((n, lost));
        }
        if rendered > RENDER_FACTOR * text.len() + 1024 {
            report.blowups.push(n);
        }
        let took = best_time(&text, first);
        if took > bound(text.len()) {
            report.slow.push(n);
        }
        if text.len() >= 1024 {
            let per_kb = took.as_secs_f64() * 1e6 / (text.len() as f64 / 1024.0);
            if per_kb > report.slowest_us_per_kb {
                report.slowest_us_per_kb = per_kb;
                report.slowest_bytes = text.len();
            }
        }
    }
    report.elapsed = started.elapsed();
    report
}

/// Runs executions `range` on `threads` threads.
pub fn run_parallel(
    documents: &[String],
    range: std::ops::Range<u64>,
    seed: u64,
    threads: u64,
) -> Report {
    let threads = threads.max(1);
    let share = (range.end - range.start).div_ceil(threads);
    let mut report = Report::default();
    std::thread::scope(|s| {
        let parts: Vec<_> = (0..threads)
            .map(|t| {
                let at = |k: u64| (range.start + k * share).min(range.end);
                let part = at(t)..at(t + 1);
                s.spawn(move || run(documents, part, seed))
            })
            .collect();
        for part in parts {
            report.merge(part.join().expect("a fuzz thread catches its panics"));
        }
    });
    report
}

/// The bundled documents and the converted originals the fuzzer starts from.
pub fn seeds(root: &std::path::Path) -> Vec<String> {
    let mut docs = Vec::new();
    for dir in ["rulings", "tests/fixtures/originals"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
            let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            paths.sort();
            for p in paths {
                if let Ok(text) = std::fs::read_to_string(&p) {
                    docs.push(text);
                }
            }
        }
    }
    docs
}

/// Documents whose text nests deep, the shapes that overflowed the PDF
/// reader's stack and held the HTML reader for minutes: seeds of the long
/// run (not of the bounded run in the tests, whose inputs stay as they
/// were).
#[allow(dead_code)]
pub fn nesting_shapes() -> Vec<String> {
    let front = "+++\nedition = \"1E\"\ndate = \"2001-01-01\"\n+++\n";
    let deep = 100_000;
    [
        format!("{}{}", "[".repeat(deep), "]".repeat(deep)),
        "[".repeat(deep),
        format!("{}1{}", "<< /A ".repeat(deep / 10), " >>".repeat(deep / 10)),
        "<div></x>".repeat(deep / 5),
        "> ".repeat(deep),
        "* ".repeat(deep),
    ]
    .into_iter()
    .map(|shape| format!("{front}cloaking - A cloaked ship {shape} cannot attack.\n"))
    .collect()
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .map(|a| a.parse().expect("a number"))
            .unwrap_or(default)
    };
    let mut docs = seeds(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    docs.extend(nesting_shapes());
    if args.first().map(String::as_str) == Some("--replay") {
        use std::io::Write;
        let bytes = input(&docs, number(1, 1), number(2, 0));
        std::io::stdout()
            .write_all(&bytes)
            .expect("the input is written");
        return;
    }
    let executions = number(0, 10_000);
    let seed = number(1, 1);
    let threads = number(2, 1);
    let start = number(3, 0);
    // A panic is caught and counted; its message would only flood the output.
    std::panic::set_hook(Box::new(|_| {}));
    let r = run_parallel(&docs, start..start + executions, seed, threads);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "seed {seed}, executions {start}..{}: {} executions in {:.0} s ({:.0}/s on {threads} threads), {:.1} MB read, {} parsed; \
         panics {}; over the linear bound {}; render blow-ups {}; inputs losing words {}; \
         slowest {:.0} µs/KB ({} bytes)",
        start + executions,
        r.executions,
        secs,
        r.executions as f64 / secs,
        r.bytes as f64 / 1e6,
        r.parsed,
        r.panics.len(),
        r.slow.len(),
        r.blowups.len(),
        r.lost.len(),
        r.slowest_us_per_kb,
        r.slowest_bytes
    );
    let replay = |what: &str, n: &u64| println!("{what}: --replay {seed} {n}");
    r.panics.iter().take(20).for_each(|n| replay("panic", n));
    r.slow.iter().take(20).for_each(|n| replay("slow", n));
    r.blowups.iter().take(20).for_each(|n| replay("blow-up", n));
    for (n, lost) in r.lost.iter().take(20) {
        println!("lost {}: --replay {seed} {n}", lost.join(", "));
    }
    if !r.clean() {
        std::process::exit(1);
    }
}
