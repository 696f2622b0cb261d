//! Load on `rulings serve`: CLIENTS threads, each with its own HTTP
//! connection, ask `/api/search` with the questions of
//! `bench/questions.tsv` in turn until REQUESTS answers have come back;
//! prints the latency percentiles and the throughput. Every answer must be
//! 200 or 404 (nothing found), with a body. With `distinct`, each request
//! asks its question on another date (`as_of`), so that no two requests are
//! the same question and none is answered from the answers the server
//! keeps. With `deck=FILE`, each request posts the decklist FILE to
//! `/api/deck` instead (a deck's sheet: 200, or 404 when a name of it is
//! not found). Run by `bench/serve-load.sh`:
//!
//! ```sh
//! cargo run --release --example load -- http://127.0.0.1:7700 50 100000 [distinct] [deck=FILE] [format=NAME]
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn main() {
    let mut args = std::env::args().skip(1);
    let url = args.next().expect("usage: load URL [CLIENTS] [REQUESTS]");
    let url = url.trim_end_matches('/').to_string();
    let clients: usize = args.next().map_or(50, |n| n.parse().expect("CLIENTS"));
    let requests: usize = args
        .next()
        .map_or(100_000, |n| n.parse().expect("REQUESTS"));
    let rest: Vec<String> = args.collect();
    let distinct = rest.iter().any(|a| a == "distinct");
    let deck: Option<String> = rest
        .iter()
        .find_map(|a| a.strip_prefix("deck="))
        .map(|path| std::fs::read_to_string(path).expect("the decklist"));
    let first_day = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    let questions: Vec<String> = include_str!("../bench/questions.tsv")
        .lines()
        .filter(|l| l.starts_with("search\t"))
        .filter_map(|l| l.split('\t').nth(1))
        .map(|q| format!("{url}/api/search?q={}", encode(q)))
        .collect();
    // With `format=NAME`, the deck is checked against that format's ban
    // list as well.
    let format = rest
        .iter()
        .find_map(|a| a.strip_prefix("format="))
        .map_or(String::new(), |f| format!("format={}", encode(f)));
    let questions = match &deck {
        Some(_) => vec![format!("{url}/api/deck?{format}")],
        None => questions,
    };
    assert!(!questions.is_empty(), "no question in bench/questions.tsv");

    let next = AtomicUsize::new(0);
    let started = Instant::now();
    let mut times: Vec<Duration> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..clients)
            .map(|_| {
                scope.spawn(|| {
                    let agent: ureq::Agent = ureq::Agent::config_builder()
                        .http_status_as_error(false)
                        .build()
                        .into();
                    let mut times = Vec::new();
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= requests {
                            return times;
                        }
                        let mut url = questions[n % questions.len()].clone();
                        if distinct {
                            let day = first_day + chrono::Days::new((n / questions.len()) as u64);
                            url.push_str(&format!("&as_of={day}"));
                        }
                        let asked = Instant::now();
                        let mut response = match &deck {
                            Some(list) => agent.post(&url).send(list.as_str()),
                            None => agent.get(&url).call(),
                        }
                        .expect("an answer");
                        let status = response.status().as_u16();
                        let body = response.body_mut().read_to_string().expect("a body");
                        times.push(asked.elapsed());
                        assert!(
                            matches!(status, 200 | 404) && !body.is_empty(),
                            "{status}: {body}"
                        );
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a client thread"))
            .collect()
    });
    let took = started.elapsed();
    times.sort();
    let at = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{}{}{} requests, {clients} clients, {:.1} s: {:.0} requests/s; latency ms p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}",
        if deck.is_some() { "decks: " } else { "" },
        if distinct { "distinct questions: " } else { "" },
        times.len(),
        took.as_secs_f64(),
        times.len() as f64 / took.as_secs_f64(),
        ms(at(0.50)),
        ms(at(0.90)),
        ms(at(0.99)),
        ms(times[times.len() - 1]),
    );
}

/// A query value, percent-encoded.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
