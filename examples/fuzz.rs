//! Mutation fuzzing of the document reader on stable Rust: takes the bundled
//! documents, mutates them with a seeded RNG (byte flips, inserted
//! separators, list markers, dashes and newlines, duplicated lines, two
//! documents spliced, truncation) and checks each input: no panic, parse
//! time within a linear bound, rendered text bounded by the input's size,
//! and every non-blank line landing in an entry or the front matter.
//!
//! `cargo run --release --example fuzz -- EXECUTIONS [SEED]`; the bounded run
//! in `cargo test` calls [`run`] through `tests/fuzz.rs`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use rulings::parse::parse_document;
use rulings::render::plain_text;

/// What a run found.
#[derive(Debug, Default)]
pub struct Report {
    pub executions: u64,
    pub parsed: u64,
    pub panics: Vec<String>,
    /// Inputs whose rendered text outgrew `RENDER_FACTOR` times the input.
    pub blowups: u64,
    /// Non-blank lines owned by no entry and no front paragraph.
    pub lost_lines: u64,
    /// The slowest input per KB, in microseconds, and its size.
    pub slowest_us_per_kb: f64,
    pub slowest_bytes: usize,
    pub elapsed: Duration,
}

/// Rendered text may be this many times the input (entities and list
/// markers expand a little; nesting must not multiply it).
pub const RENDER_FACTOR: usize = 4;

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
    "<u>",
    "</u>",
    "(",
    "\u{202e}",
    "\t",
    "|",
];

/// Mutates `doc` (with `other` for splicing) once or a few times.
pub fn mutate(rng: &mut fastrand::Rng, doc: &str, other: &str) -> Vec<u8> {
    let mut bytes = doc.as_bytes().to_vec();
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
                let tail = other.as_bytes()[from..].to_vec();
                bytes.truncate(at);
                bytes.extend(tail);
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

/// Non-blank lines (after a front-matter block) that no entry and no front
/// paragraph owns.
fn lost_lines(text: &str, release: &rulings::model::Release) -> u64 {
    let mut owned = vec![false; text.lines().count() + 2];
    let mut own = |a: usize, b: usize| {
        for slot in owned.iter_mut().take(b.saturating_add(1)).skip(a) {
            *slot = true;
        }
    };
    for e in &release.entries {
        for &(a, b) in &e.spans {
            own(a, b);
        }
    }
    for p in &release.front {
        own(p.line, p.end_line);
    }
    let skip = if text.starts_with("+++") {
        text.lines()
            .skip(1)
            .position(|l| l == "+++")
            .map_or(0, |i| i + 2)
    } else {
        0
    };
    text.lines()
        .enumerate()
        .skip(skip)
        .filter(|(i, l)| !l.trim().is_empty() && !owned[i + 1])
        .count() as u64
}

/// Runs `executions` mutated inputs from `seed` over `documents`.
pub fn run(documents: &[String], executions: u64, seed: u64) -> Report {
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut report = Report::default();
    let started = Instant::now();
    for n in 0..executions {
        let doc = &documents[rng.usize(0..documents.len())];
        let other = &documents[rng.usize(0..documents.len())];
        let bytes = mutate(&mut rng, doc, other);
        let text = String::from_utf8_lossy(&bytes);
        let t = Instant::now();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let parsed = parse_document("1e-2001-01-01-fuzz.md", &text, 0);
            let rendered: usize = match &parsed {
                Ok(r) => r.entries.iter().map(|e| plain_text(&e.text).len()).sum(),
                Err(_) => 0,
            };
            (parsed.ok().map(|r| lost_lines(&text, &r)), rendered)
        }));
        let took = t.elapsed();
        report.executions += 1;
        match outcome {
            Ok((lost, rendered)) => {
                if let Some(lost) = lost {
                    report.parsed += 1;
                    report.lost_lines += lost;
                }
                if rendered > RENDER_FACTOR * text.len() + 1024 {
                    report.blowups += 1;
                }
            }
            Err(_) => report.panics.push(format!("execution {n} of seed {seed}")),
        }
        let kb = (text.len() as f64 / 1024.0).max(1.0);
        let per_kb = took.as_secs_f64() * 1e6 / kb;
        if per_kb > report.slowest_us_per_kb {
            report.slowest_us_per_kb = per_kb;
            report.slowest_bytes = text.len();
        }
    }
    report.elapsed = started.elapsed();
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

#[allow(dead_code)]
fn main() {
    let mut args = std::env::args().skip(1);
    let executions = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    // A panic is caught and counted; its message would only flood the output.
    std::panic::set_hook(Box::new(|_| {}));
    let docs = seeds(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    let r = run(&docs, executions, seed);
    let secs = r.elapsed.as_secs_f64();
    println!(
        "{} executions in {:.1} s ({:.0}/s), {} parsed; panics {}; render blow-ups {}; lost lines {}; slowest {:.0} µs/KB ({} bytes)",
        r.executions,
        secs,
        r.executions as f64 / secs,
        r.parsed,
        r.panics.len(),
        r.blowups,
        r.lost_lines,
        r.slowest_us_per_kb,
        r.slowest_bytes
    );
    for p in &r.panics {
        println!("panic: {p}");
    }
    if !r.panics.is_empty() || r.blowups > 0 {
        std::process::exit(1);
    }
}
