//! The rendition matrix: the bundled documents and the base fixtures set in
//! many layouts by three real producers, read back by the real binary and
//! scored against the Markdown they came from (`bench/renditions.sh`).
//!
//! ```text
//! cargo run --example matrix -- plan OUT_DIR [--count 150] [--seed 7] SOURCE.md…
//! cargo run --example matrix -- score OUT_DIR RULINGS_BINARY
//! ```
//!
//! `plan` reads each source with the crate's own parser (so a head is set as
//! a head exactly when the Markdown is read as one), picks each rendition's
//! axis values with a seeded generator (document and producer in turn, every
//! other axis at random), and writes what each producer takes — an HTML page
//! for Chromium and LibreOffice, an `ms` file for groff, or the text a TD
//! saves or pastes — into `OUT_DIR/in/`, with `OUT_DIR/manifest.tsv` naming
//! each rendition's file, source, producer, form and axis values. The script
//! runs the producers. `score` runs `rulings check --json` on each rendition
//! and on its source and prints the tables per producer and per axis value,
//! the worst renditions, and `OUT_DIR/scores.tsv`.
//!
//! A rule-change history (a source of kind `rule-history`) takes three turns
//! in the rotation, one a layout ([`history::Layout`]), each a family of its
//! own in the tables.

mod design;
mod history;
mod html;
mod roff;
mod score;
mod source;
mod text;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use design::{Design, DATE_FORMS, FURNITURE, HEADS, MANIFEST_HEADER, NEW_MARKERS, TITLE_BLOCKS};
use history::Layout;
use source::{read_source, Source};

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("plan") => plan(&args[1..]),
        Some("score") if args.len() == 3 => {
            score::score(Path::new(&args[1]), Path::new(&args[2]))
        }
        _ => bail!("usage: matrix plan OUT_DIR [--count N] [--seed N] SOURCE.md… | matrix score OUT_DIR RULINGS"),
    }
}

// ---------------------------------------------------------------- plan

fn plan(args: &[String]) -> Result<()> {
    let mut count = 150;
    let mut seed = 7;
    let mut positional = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--count" => count = rest.next().context("--count N")?.parse()?,
            "--seed" => seed = rest.next().context("--seed N")?.parse()?,
            _ => positional.push(arg.clone()),
        }
    }
    let Some((out, sources)) = positional.split_first() else {
        bail!("plan OUT_DIR SOURCE.md…");
    };
    let out = PathBuf::from(out);
    std::fs::create_dir_all(out.join("in"))?;
    // A source's date, edition and kind are the truth the renditions are
    // scored against, so a document its own front matter does not settle
    // is left out, with a word on stderr.
    let sources: Vec<Source> = sources
        .iter()
        .filter_map(|s| {
            read_source(Path::new(s))
                .inspect_err(|e| eprintln!("{s}: left out: {e}"))
                .ok()
        })
        .collect();
    // Each source a turn in the rotation; a history a turn a layout.
    let documents: Vec<(&Source, Option<Layout>)> = sources
        .iter()
        .flat_map(|source| {
            let layouts: Vec<Option<Layout>> = match source.history {
                Some(_) => Layout::ALL.into_iter().map(Some).collect(),
                None => vec![None],
            };
            layouts.into_iter().map(move |layout| (source, layout))
        })
        .collect();
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut manifest = String::from(MANIFEST_HEADER);
    manifest.push('\n');
    for i in 0..count {
        let (source, layout) = documents[i % documents.len()];
        let producer = ["chromium", "libreoffice", "groff"][(i / documents.len()) % 3];
        let forms: &[&'static str] = if producer == "chromium" {
            &[
                "pdf",
                "pdf",
                "pdftotext",
                "pdftotext-layout",
                "html",
                "saved-text",
                "pasted",
            ]
        } else {
            &["pdf", "pdf", "pdftotext", "pdftotext-layout"]
        };
        let form = forms[rng.usize(..forms.len())];
        let title_block = match TITLE_BLOCKS[rng.usize(..TITLE_BLOCKS.len())] {
            // LibreOffice's HTML import prints no page margin boxes, so a
            // running header set by it would put the date nowhere in the
            // file: its renditions set title and date on separate lines.
            "running-header" if producer == "libreoffice" => "separate-lines",
            picked => picked,
        };
        let mut design = Design {
            file: String::new(),
            document: source.name.clone(),
            producer,
            form,
            title_block,
            date_form: DATE_FORMS[rng.usize(..DATE_FORMS.len())],
            heads: HEADS[rng.usize(..HEADS.len())],
            new_marker: NEW_MARKERS[rng.usize(..NEW_MARKERS.len())],
            columns: rng.u8(1..=3),
            justified: rng.bool(),
            furniture: FURNITURE[rng.usize(..FURNITURE.len())],
            layout,
        };
        if layout.is_some() {
            // A history prints no date over its list (its newest version
            // dates it), and numbers no version.
            design.date_form = "-";
            if design.heads == "numbered" {
                design.heads = "heading";
            }
        }
        // The date printed only in the file name: the file is named by the
        // date, every other rendition by a number that says nothing.
        let stem = if title_block == "file-name" {
            if layout.is_none() {
                design.date_form = "iso";
            }
            format!("r{i:03}-{}", source.date.format("%Y-%m-%d"))
        } else {
            format!("r{i:03}")
        };
        let ext = match form {
            "pdf" => "pdf",
            "html" => "html",
            _ => "txt",
        };
        design.file = format!("{stem}.{ext}");
        let (input, text) = match (producer, form) {
            ("chromium", "saved-text") => {
                (format!("{stem}.txt"), text::saved_text(source, &design))
            }
            ("chromium", "pasted") => {
                // Its own generator, so that the text of one document leaves
                // every other rendition's pick as it was.
                let mut breaks = fastrand::Rng::with_seed(seed ^ ((i as u64) << 8));
                (
                    format!("{stem}.txt"),
                    text::pasted_text(source, &design, &mut breaks),
                )
            }
            ("groff", _) => (format!("{stem}.ms"), roff::roff(source, &design)),
            _ => (format!("{stem}.html"), html::html(source, &design)),
        };
        std::fs::write(out.join("in").join(input), text)?;
        let day_given = if matches!(design.date_form, "month-only" | "version-month") {
            "no"
        } else {
            "yes"
        };
        let _ = writeln!(
            manifest,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            design.file,
            design.document,
            design.producer,
            design.form,
            design.title_block,
            design.date_form,
            day_given,
            design.heads,
            design.new_marker,
            design.columns,
            design.justified,
            design.furniture,
            design.layout.map_or("-", Layout::name)
        );
    }
    std::fs::write(out.join("manifest.tsv"), manifest)?;
    Ok(())
}
