//! The PDF reader on real PDFs printed by chromium from the HTML sources in
//! `tests/fixtures/pdf/` (`make.sh` there regenerates them): the Markdown it
//! gives, what the parser makes of it, and the errors for files it cannot
//! read — damaged files included, which must never panic or hang.

use std::path::Path;
use std::time::{Duration, Instant};

use rulings::parse::parse_document;
use rulings::pdf::{to_markdown, PdfError, PdfMarkdown};

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/pdf")
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn read(name: &str) -> PdfMarkdown {
    let started = Instant::now();
    let read = to_markdown(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    eprintln!("{name}: read in {:?}\n{}", started.elapsed(), read.markdown);
    read
}

/// The paragraph of the Markdown that starts with `start`.
fn paragraph<'a>(markdown: &'a str, start: &str) -> &'a str {
    markdown
        .split("\n\n")
        .find(|p| p.starts_with(start))
        .unwrap_or_else(|| panic!("no paragraph starts with {start:?} in\n{markdown}"))
}

fn position(markdown: &str, needle: &str) -> usize {
    markdown
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in\n{markdown}"))
}

#[test]
fn two_columns_are_read_left_column_first() {
    let read = read("crd-two-columns.pdf");
    let md = &read.markdown;
    assert_eq!(read.pages, 3);
    assert_eq!(read.columns, 2);
    // Everything of the left column of page 1 before anything of its right.
    assert!(position(md, "Leftcolumn sentinel") < position(md, "Rightcolumn sentinel"));
    assert!(position(md, "**Alien Parasites**") < position(md, "**Dabo**"));
    assert!(position(md, "**Empok Nor**") < position(md, "**Ferengi Ingenuity**"));
    assert!(md.starts_with("# First Edition Current Rulings Document – 03 November 2014\n\n"));
}

#[test]
fn bold_heads_red_entries_and_icons_become_markdown() {
    let read = read("crd-two-columns.pdf");
    let md = &read.markdown;
    assert!(paragraph(md, "**Bajoran Wormhole** – Whenever you play").ends_with("Gamma Quadrant."));
    assert!(md.contains("\n\n**cloaking** – A cloaked ship"));
    // Red with an asterisk of its own: one marker, outside the bold.
    assert!(md.contains("\n\n***Lore Returns** – When you play this event"));
    assert!(read.colored > 0);
    assert!(read.bold >= 13, "{} bold runs", read.bold);
    // A symbol font's glyph and a private-use code point.
    assert!(md.contains("your opponent's [?] cards"));
    assert!(md.contains("has the [?] icon"));
    assert_eq!(read.icons, 2);
}

#[test]
fn running_headers_and_page_numbers_are_dropped() {
    let read = read("crd-two-columns.pdf");
    let md = &read.markdown;
    assert!(
        !md.contains("Star Trek CCG – First Edition Current Rulings"),
        "{md}"
    );
    for line in md.lines() {
        assert!(
            line.trim().parse::<u32>().is_err(),
            "page number left: {line:?}"
        );
    }
    assert_eq!(
        read.furniture,
        [
            "1",
            "2",
            "3",
            "Star Trek CCG – First Edition Current Rulings"
        ]
    );
}

#[test]
fn hyphens_at_line_ends_are_joined_only_into_words() {
    let md = read("crd-two-columns.pdf").markdown;
    let holodeck = paragraph(&md, "**holodeck**");
    assert!(
        holodeck.contains("Holographic recreation personnel"),
        "{holodeck}"
    );
    assert!(holodeck.contains("non-Borg ones"), "{holodeck}");
}

#[test]
fn the_parser_reads_the_entries_of_the_two_column_pdf() {
    let md = read("crd-two-columns.pdf").markdown;
    let release = parse_document("crd.pdf", &md, 0).expect("parses");
    let topics: Vec<&str> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(
        topics,
        [
            "Alien Parasites",
            "Bajoran Wormhole",
            "battle",
            "cloaking",
            "Dabo",
            "Lore Returns",
            "Empok Nor",
            "Ferengi Ingenuity",
            "gambling",
            "holodeck",
            "nebula",
            "Quark",
            "Vulcan Nerve Pinch",
        ]
    );
    let new: Vec<&str> = release
        .entries
        .iter()
        .filter(|e| e.new)
        .map(|e| e.topic.as_str())
        .collect();
    assert_eq!(new, ["Lore Returns"]);
    assert_eq!(release.date.to_string(), "2014-11-03");
}

#[test]
fn one_column_with_footers_and_a_paragraph_across_pages() {
    let read = read("rrd-one-column.pdf");
    let md = &read.markdown;
    assert_eq!(read.columns, 1);
    assert!(
        !md.contains("Page 1 of 2") && !md.contains("Rulings Team"),
        "{md}"
    );
    // Colour alone marks the entry new.
    assert!(md.contains("\n\n***Borg Ship** – This card"));
    // The paragraph goes on across the page break, its footer left out.
    assert!(paragraph(md, "**Cardassian Trap**")
        .ends_with("simply continues with the rest of the sentence about the trap, ending here."));
    let release = parse_document("rrd.pdf", md, 0).expect("parses");
    let topics: Vec<(&str, bool)> = release
        .entries
        .iter()
        .map(|e| (e.topic.as_str(), e.new))
        .collect();
    assert_eq!(
        topics,
        [
            ("Assimilate Planet", false),
            ("Borg Ship", true),
            ("Cardassian Trap", false),
            ("Dal'Rok", false),
            ("Yuta", false),
        ]
    );
}

#[test]
fn an_encrypted_pdf_is_refused() {
    assert_eq!(
        to_markdown(&fixture("encrypted.pdf")),
        Err(PdfError::Encrypted)
    );
}

#[test]
fn a_pdf_without_a_text_layer_is_refused() {
    assert_eq!(to_markdown(&fixture("scanned.pdf")), Err(PdfError::NoText));
}

#[test]
fn garbage_is_damaged() {
    for bytes in [
        &b""[..],
        b"hello",
        b"%PDF-1.7\n garbage",
        &[0xFFu8; 4096][..],
    ] {
        assert!(
            matches!(to_markdown(bytes), Err(PdfError::Damaged(_))),
            "{bytes:?}"
        );
    }
}

/// Flipped and truncated bytes of every fixture: an answer or an error,
/// each in bounded time, never a panic.
#[test]
fn damaged_pdfs_never_panic_or_hang() {
    let originals: Vec<Vec<u8>> = ["crd-two-columns.pdf", "rrd-one-column.pdf", "scanned.pdf"]
        .iter()
        .map(|n| fixture(n))
        .collect();
    let mut rng = fastrand::Rng::with_seed(19);
    let started = Instant::now();
    let mut runs = 0;
    while runs < 300 && started.elapsed() < Duration::from_secs(8) {
        let mut bytes = originals[rng.usize(..originals.len())].clone();
        match rng.u8(..3) {
            0 => bytes.truncate(rng.usize(..bytes.len())),
            1 => {
                for _ in 0..rng.usize(1..16) {
                    let at = rng.usize(..bytes.len());
                    bytes[at] ^= 1 << rng.u8(..8);
                }
            }
            _ => {
                let at = rng.usize(..bytes.len());
                let len = rng.usize(..(bytes.len() - at).min(512));
                bytes[at..at + len].fill(rng.u8(..));
            }
        }
        let one = Instant::now();
        let _ = to_markdown(&bytes);
        assert!(
            one.elapsed() < Duration::from_secs(5),
            "run {runs} took {:?}",
            one.elapsed()
        );
        runs += 1;
    }
    eprintln!("{runs} damaged PDFs read in {:?}", started.elapsed());
    assert!(runs >= 50, "only {runs} runs in 8 s");
}

#[test]
fn a_pdf_encrypted_with_an_owner_password_only_is_read() {
    let plain = read("rrd-one-column.pdf");
    let restricted = read("owner-password-only.pdf");
    assert_eq!(restricted.markdown, plain.markdown);
}

/// `rulings check --markdown` on one PDF, `name`, in a folder of its own:
/// the Markdown it was read as, and everything the run said.
fn read_by_the_binary(name: &str, bytes: &[u8]) -> (String, String) {
    let folder = crate::common::folder::Folder::new(&[(name, bytes)]);
    let out = folder
        .rulings(&["check", "--markdown"])
        .arg(folder.folder().join(name))
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

const WORDS: &str =
    "BT /F1 12 Tf 72 700 Td (Cloaking rulings apply) Tj 0 -20 Td (to every ship) Tj ET";

#[test]
fn a_media_box_given_corner_first_or_negative_is_read() {
    // The same page, its box given from the far corner; and a box below
    // and left of the origin, the text drawn inside it.
    let from_the_far_corner =
        crate::common::pdf::one_page("", "/MediaBox [612 792 0 0]", "", WORDS, &[]);
    let below_the_origin = crate::common::pdf::one_page(
        "",
        "/MediaBox [0 0 -612 -792]",
        "",
        &("1 0 0 1 -612 -792 cm ".to_owned() + WORDS),
        &[],
    );
    for (name, bytes) in [
        ("far.pdf", from_the_far_corner),
        ("below.pdf", below_the_origin),
    ] {
        let (markdown, said) = read_by_the_binary(name, &bytes);
        assert!(
            markdown.contains("Cloaking rulings apply to every ship"),
            "{name}: {markdown}\n{said}"
        );
    }
}

#[test]
fn a_turned_page_is_read_as_it_is_shown() {
    // Each page turned clockwise when shown, its two lines drawn turned
    // the other way: upright as seen, at (72, 540) and (72, 520) of what
    // is seen.
    let turned = [
        ("90", "0 1 -1 0 72 72 Tm", "0 1 -1 0 92 72 Tm"),
        ("180", "-1 0 0 -1 540 92 Tm", "-1 0 0 -1 540 112 Tm"),
        ("270", "0 -1 1 0 540 720 Tm", "0 -1 1 0 520 720 Tm"),
        ("-90", "0 -1 1 0 540 720 Tm", "0 -1 1 0 520 720 Tm"),
    ];
    for (degrees, first, second) in turned {
        let content = format!(
            "BT /F1 12 Tf {first} (Cloaking rulings apply) Tj {second} (to every ship) Tj ET"
        );
        let rotate = format!("/Rotate {degrees}");
        // Set on the page, and inherited from the page tree.
        for (pages, page) in [("", rotate.as_str()), (rotate.as_str(), "")] {
            let bytes = crate::common::pdf::one_page(
                pages,
                &format!("/MediaBox [0 0 612 792] {page}"),
                "",
                &content,
                &[],
            );
            let (markdown, said) = read_by_the_binary("turned.pdf", &bytes);
            assert!(
                markdown.contains("Cloaking rulings apply to every ship"),
                "/Rotate {degrees} on the {}: {markdown}\n{said}",
                if page.is_empty() { "pages" } else { "page" }
            );
        }
    }
}

#[test]
fn text_at_an_angle_is_left_out_and_named_never_read_backwards() {
    // Upright text, and a line turned 45 degrees (a stamp across the page).
    let content = "BT /F1 12 Tf 72 700 Td (Cloaking rulings apply) Tj ET BT /F1 30 Tf 0.7071 0.7071 -0.7071 0.7071 100 100 Tm (DRAFT COPY) Tj ET";
    let bytes = crate::common::pdf::one_page("", "/MediaBox [0 0 612 792]", "", content, &[]);
    let good = b"+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\nfaction \xe2\x80\x93 There are 3 factions.\n";
    let folder =
        crate::common::folder::Folder::new(&[("stamped.pdf", &bytes[..]), ("a.md", &good[..])]);
    let out = folder
        .rulings(&["index"])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("warning: stamped.pdf: page 1: 10 characters drawn at an angle (not upright as the page is shown) are left out"),
        "{said}"
    );
    let (markdown, said) = read_by_the_binary("stamped.pdf", &bytes);
    assert!(
        markdown.contains("Cloaking rulings apply"),
        "{markdown}\n{said}"
    );
    assert!(
        !markdown.contains('D') && !markdown.contains('Y'),
        "{markdown}"
    );
    // A page of nothing but text at an angle is not read at all.
    let angled =
        "BT /F1 12 Tf 0.7071 0.7071 -0.7071 0.7071 100 100 Tm (Cloaking rulings apply) Tj ET";
    let bytes = crate::common::pdf::one_page("", "/MediaBox [0 0 612 792]", "", angled, &[]);
    let (markdown, said) = read_by_the_binary("angled.pdf", &bytes);
    assert!(
        !markdown.contains("Cloaking") && !markdown.contains("ylppa"),
        "{markdown}"
    );
    assert!(
        said.contains("angled.pdf") && said.contains("drawn at an angle"),
        "{markdown}\n{said}"
    );
}
