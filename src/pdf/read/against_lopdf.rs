//! Why this reader lexes content streams and decodes text itself rather
//! than through `lopdf`, measured on the PDF fixtures of the rendition
//! matrix (`tests/fixtures/matrix/*.pdf`: Chromium, LibreOffice and groff
//! renditions of every document family), and on any more files named in
//! `RULINGS_PDF_BENCH` (paths separated by `:`).
//!
//! - `lopdf::content::Content::decode` reads the same operations as
//!   [`super::lexer`] on every fixture, at 1.8 to 4 times the cost: on the
//!   298-page rendition of the bench, 622 ms against 169 ms, more than
//!   this reader's whole reading of it (443 ms).
//! - `lopdf`'s text decoding (`Document::extract_text`, from
//!   `Dictionary::get_font_encoding`) loses words this reader finds: a
//!   groff font's `/Differences` (word recall 0.86 to 0.90 on the groff
//!   fixtures), and ligatures mapped by a `ToUnicode` CMap ("affect",
//!   "five", "identifies": 0.971 on the 298-page file). It decodes whole
//!   strings only, so a glyph's code and width cannot be had from it, and
//!   its encodings, glyph names and CMaps are a private module (`lopdf`
//!   0.47): nothing of them can be used one glyph at a time.
//!
//! - The page tree is walked in `objects::pages`, carrying what a page
//!   inherits (its boxes, `/Rotate`, resources) in the same pass.
//!   `Document::page_iter` gives the pages' ids only, and takes a node by
//!   its `/Type`: a node of pages that lost its `/Type` is taken for one
//!   blank page, and the pages under it are dropped; the walk here follows
//!   `/Kids` wherever they are.
//!
//! `cargo test --release --lib against_lopdf -- --nocapture` prints the
//! figures; the test fails when either measured reason stops holding.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::lexer::{Lexer, Token};

fn words(text: &str) -> HashSet<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() > 2)
        .map(str::to_lowercase)
        .collect()
}

fn files() -> Vec<PathBuf> {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/matrix");
    let mut files: Vec<PathBuf> = std::fs::read_dir(fixtures)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
        .collect();
    files.sort();
    if let Ok(more) = std::env::var("RULINGS_PDF_BENCH") {
        files.extend(more.split(':').filter(|p| !p.is_empty()).map(PathBuf::from));
    }
    files
}

/// Every page's content stream lexed into operators, and how long it took.
fn operators(document: &lopdf::Document, ours: bool) -> (usize, Duration) {
    let contents: Vec<Vec<u8>> = document
        .get_pages()
        .values()
        .map(|id| document.get_page_content(*id))
        .collect();
    let started = Instant::now();
    let mut count = 0;
    for content in &contents {
        count += if ours {
            let mut lexer = Lexer::new(content);
            std::iter::from_fn(|| lexer.next_token())
                .filter(|t| matches!(t, Token::Operator(_)))
                .count()
        } else {
            lopdf::content::Content::decode(content).map_or(0, |c| c.operations.len())
        };
    }
    (count, started.elapsed())
}

#[test]
fn lopdf_lexes_alike_at_a_higher_cost_and_decodes_fewer_words() {
    let mut fewer_words = 0;
    for file in files() {
        let bytes = std::fs::read(&file).unwrap();
        let started = Instant::now();
        let (pages, _) = super::read_pages(&bytes).unwrap();
        let read_in = started.elapsed();
        let ours: String = pages
            .iter()
            .flat_map(|p| p.runs.iter().flat_map(|r| [r.text.as_str(), " "]))
            .collect();
        let document = lopdf::Document::load_mem(&bytes).unwrap();
        let numbers: Vec<u32> = document.get_pages().keys().copied().collect();
        let theirs = document.extract_text(&numbers).unwrap_or_default();
        let (ours, theirs) = (words(&ours), words(&theirs));
        let recall = ours.intersection(&theirs).count() as f64 / ours.len().max(1) as f64;
        if recall < 0.99 {
            fewer_words += 1;
        }
        let (ops, lexed) = operators(&document, true);
        let (their_ops, they_lexed) = operators(&document, false);
        println!(
            "{}: read in {read_in:?}; lexed in {lexed:?}, by lopdf in {they_lexed:?}; lopdf's text has {recall:.3} of the {} words",
            file.file_name().unwrap().to_string_lossy(),
            ours.len()
        );
        assert_eq!(
            ops,
            their_ops,
            "{}: lopdf reads other operations",
            file.display()
        );
    }
    assert!(
        fewer_words > 0,
        "lopdf's text decoding now finds every word this reader does: see whether its decoding can serve"
    );
}
