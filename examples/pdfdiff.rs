//! Differential check of the two PDF readers: each file given is read by
//! both, and the Markdown and counts compared. Temporary.
use std::sync::atomic::Ordering;

use rulings::pdf::{to_markdown, OLD_READER};

fn main() {
    let mut same = 0;
    let mut total = 0;
    let show = std::env::var("SHOW").is_ok();
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).expect("readable");
        OLD_READER.store(true, Ordering::Relaxed);
        let t = std::time::Instant::now();
        let old = to_markdown(&bytes);
        let old_time = t.elapsed();
        OLD_READER.store(false, Ordering::Relaxed);
        let t = std::time::Instant::now();
        let new = to_markdown(&bytes);
        let new_time = t.elapsed();
        total += 1;
        let verdict = match (&old, &new) {
            (Ok(a), Ok(b)) if a == b => "same".to_string(),
            (Ok(a), Ok(b)) => {
                let counts = |m: &rulings::pdf::PdfMarkdown| {
                    (m.pages, m.columns, m.bold, m.colored, m.icons, m.furniture.len())
                };
                let lines_differ = similar::TextDiff::from_lines(&a.markdown, &b.markdown)
                    .iter_all_changes()
                    .filter(|c| c.tag() != similar::ChangeTag::Equal)
                    .count();
                if show {
                    for change in similar::TextDiff::from_lines(&a.markdown, &b.markdown)
                        .iter_all_changes()
                        .filter(|c| c.tag() != similar::ChangeTag::Equal)
                        .take(40)
                    {
                        let sign = if change.tag() == similar::ChangeTag::Delete { "-" } else { "+" };
                        eprint!("{sign}{change}");
                    }
                    if a.furniture != b.furniture {
                        eprintln!("furniture old {:?}\nfurniture new {:?}", a.furniture, b.furniture);
                    }
                }
                format!(
                    "DIFF old {:?} new {:?}, {lines_differ} lines differ",
                    counts(a),
                    counts(b)
                )
            }
            (Err(a), Err(b)) if a == b => format!("same error: {a}"),
            (a, b) => format!(
                "DIFF outcome old {:?} new {:?}",
                a.as_ref().map(|_| "ok"),
                b.as_ref().map(|_| "ok")
            ),
        };
        if verdict.starts_with("same") {
            same += 1;
        }
        println!(
            "{path}\t{:.0}ms\t{:.0}ms\t{verdict}",
            old_time.as_secs_f64() * 1000.0,
            new_time.as_secs_f64() * 1000.0
        );
    }
    println!("{same} of {total} the same");
}
