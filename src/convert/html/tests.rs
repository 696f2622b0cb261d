//! Tests of `html`.

use super::*;

fn markdown(html: &str) -> Converted {
    convert("page.html", html.as_bytes().to_vec()).unwrap()
}

#[test]
fn a_table_row_is_a_bold_head_a_dash_and_its_text() {
    let c = markdown(
            "<table><tr><td><b>Borg Ship:</b></td><td>Now counts as a ship &ndash; always.</td></tr></table>",
        );
    assert_eq!(
        c.markdown,
        "**Borg Ship** – Now counts as a ship – always.\n"
    );
    assert_eq!(c.report.bold, Some(1));
}

#[test]
fn a_colored_head_is_marked_new_on_its_first_line_only() {
    let c = markdown(
            "<p><font color=\"#FF0000\"><b>Alien Probe</b> &ndash; Counts.<br>Still.</font></p><p><font color=black><b>Q</b> &ndash; Old.</font></p>",
        );
    assert_eq!(
        c.markdown,
        "* **Alien Probe** – Counts.\nStill.\n\n**Q** – Old.\n"
    );
    assert_eq!(c.report.colored, Some(1));
}

#[test]
fn a_class_that_colours_or_bars_an_entry_marks_it_new_once() {
    let sheet = "<style>@page { @top-center { content: \"x\"; } }\n/* marks */ div.new { color: #d00000; }\n.bar, .other { border-left: 2pt solid black; }\n.flat { border-left: none; }</style>";
    let c = markdown(&format!(
        "{sheet}<div class=\"new\"><p><b>Dabo</b></p><p>A game.</p></div>\
             <div class=\"bar\"><p><b>Q</b> &ndash; Old.</p><p>More of Q.</p></div>\
             <div class=\"bar\"><p><b>Quark</b> &ndash; A bar.</p></div>\
             <div class=\"flat\"><p><b>Rom</b> &ndash; Plain.</p></div>"
    ));
    assert_eq!(
            c.markdown,
            "* **Dabo**\n\nA game.\n\n* **Q** – Old.\n\nMore of Q.\n\n* **Quark** – A bar.\n\n**Rom** – Plain.\n"
        );
}

#[test]
fn a_colour_most_heads_are_set_in_is_their_style_not_a_marker() {
    let head = |t: &str, colour: &str| {
        format!("<p><span style=\"color:{colour}\">{t}</span> &ndash; Text.</p>")
    };
    let page: String = ["Dabo", "Q", "Quark", "Rom"]
        .iter()
        .map(|t| head(t, "#1d4f9c"))
        .chain([head("Nog", "red")])
        .collect();
    let c = markdown(&page);
    assert_eq!(
        c.markdown,
        "Dabo – Text.\n\nQ – Text.\n\nQuark – Text.\n\nRom – Text.\n\n*Nog – Text.\n"
    );
}

#[test]
fn a_list_item_is_written_as_one_and_is_no_head() {
    let page = "<html><body><h1>Current Rulings 3/27/00</h1><p>Changed:</p><ul><li>actions – required: You may choose the order.</li><li><p>android: No longer interchangeable.</p></li><li></li></ul><p><b>Access Denied</b> – See Ferengi Ingenuity.</p></body></html>";
    let converted = markdown(page);
    assert!(
            converted.markdown.contains(
                "- actions – required: You may choose the order.\n\n- android: No longer interchangeable.\n\n**Access Denied** – See"
            ),
            "{}",
            converted.markdown
        );
}

#[test]
fn a_new_tag_beside_a_head_is_the_new_marker() {
    let c = markdown("<p><b>NEW Dabo</b> &ndash; A game.</p><p><b>Q</b> &ndash; Old.</p>");
    assert_eq!(c.markdown, "***Dabo** – A game.\n\n**Q** – Old.\n");
}

#[test]
fn a_dated_print_header_is_the_title_when_the_page_gives_no_date() {
    let sheet = "<style>@page { margin: 2cm; @top-center { content: \"Current Rulings — 3 October 2022\"; font: 8pt serif; } @bottom-center { content: \"Page \" counter(page); } }</style>";
    let c = markdown(&format!(
        "{sheet}<h1>Current Rulings</h1><p><b>Dabo</b> &ndash; A game.</p>"
    ));
    assert!(
        c.markdown
            .starts_with("# Current Rulings — 3 October 2022\n\n"),
        "{}",
        c.markdown
    );
    let c = markdown(&format!(
        "{sheet}<h1>Current Rulings</h1><p>2 May 2021</p><p><b>Dabo</b> &ndash; A game.</p>"
    ));
    assert!(!c.markdown.contains("October"), "{}", c.markdown);
}

#[test]
fn symbol_fonts_private_use_and_inline_images_are_lost_icons() {
    let c = markdown(
            "<p>A <font face=\"Symbol\">W</font> card, a \u{e012} one, an <img src=i.gif> one.</p><p><img src=logo.gif></p>",
        );
    assert_eq!(c.markdown, "A [?] card, a [?] one, an [?] one.\n");
    assert_eq!(c.report.icons, Some(3));
    assert_eq!(c.report.furniture, ["image ×1"]);
}

#[test]
fn the_title_element_is_the_title_when_the_body_has_none() {
    let page = r#"<html><head><title>Second Edition Rulings – 2017-06-06</title></head>
<body><p><b>Access Denied</b> – You may not play it twice.</p></body></html>"#;
    let converted = convert("page.html", page.as_bytes().to_vec()).unwrap();
    assert!(
        converted
            .markdown
            .starts_with("# Second Edition Rulings – 2017-06-06\n"),
        "{}",
        converted.markdown
    );
    let titled = r#"<html><head><title>Rulings page</title></head>
<body><h1>Second Edition Rulings – 2017-06-06</h1><p><b>Access Denied</b> – text.</p></body></html>"#;
    let converted = convert("page.html", titled.as_bytes().to_vec()).unwrap();
    assert!(
        !converted.markdown.contains("Rulings page"),
        "{}",
        converted.markdown
    );
}

#[test]
fn headings_are_the_title_a_section_or_a_bold_head() {
    let c = markdown(
            "<h1>Star Trek CCG ** x ** y</h1><h2>Card-Specific</h2><h3>Current Rulings</h3><h4>Set Up 2016-09-19</h4><p>Text.</p>",
        );
    assert_eq!(
            c.markdown,
            "# Star Trek CCG ** x ** y\n\nCard-Specific\n\nCurrent Rulings\n\n**Set Up 2016-09-19**\n\nText.\n"
        );
    assert_eq!(c.report.bold, Some(1));
}

#[test]
fn site_chrome_is_dropped_and_listed() {
    let c = markdown(
            "<script>var x;</script><div class=\"navbar\">Home | Rulings</div><div role=banner>Logo</div><p><b>X</b> &ndash; Y.</p><footer>(c)</footer>",
        );
    assert_eq!(c.markdown, "**X** – Y.\n");
    assert_eq!(
        c.report.furniture,
        [
            "class=navbar: Home | Rulings",
            "role=banner: Logo",
            "<footer>: (c)"
        ]
    );
}

#[test]
fn a_declared_latin1_page_is_read_as_latin1_without_a_note() {
    let c = convert(
        "p.htm",
        b"<meta charset=\"windows-1252\"><p>Quark\x92s</p>".to_vec(),
    )
    .unwrap();
    assert_eq!(c.markdown, "Quark’s\n");
    assert!(c.notes.is_empty());
    let c = convert("p.htm", b"<p>Quark\x92s</p>".to_vec()).unwrap();
    assert_eq!(c.markdown, "Quark’s\n");
    assert_eq!(c.notes.len(), 1, "an undeclared Latin-1 page is said");
}

#[test]
fn deep_nesting_is_read_to_a_bound_and_refused_past_it() {
    let page = |depth: usize| {
        format!(
            "{}<b>Deep</b> &ndash; text{}",
            "<div><font color=red>".repeat(depth),
            "</font></div>".repeat(depth)
        )
    };
    // Past the depth whose styles are read: the text still is.
    let c = markdown(&page(MAX_NESTING / 2 - 1));
    assert!(c.markdown.contains("Deep – text"), "{}", c.markdown);
    let started = std::time::Instant::now();
    let refused = convert("deep.html", page(100_000).into_bytes()).unwrap_err();
    assert!(matches!(refused, DocumentError::TooDeep { .. }));
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    // Paragraphs and cells left open do not count as nesting.
    let open = "<p><b>X</b> &ndash; y<li>z<td>w".repeat(5000);
    assert!(convert("open.html", open.into_bytes()).is_ok());
}

#[test]
fn stray_end_tags_do_not_hide_nesting() {
    let started = std::time::Instant::now();
    let stray = format!("<p><b>X</b> &ndash; y{}", "<div></x>".repeat(200_000));
    let refused = convert("stray.html", stray.into_bytes()).unwrap_err();
    assert!(
        matches!(refused, DocumentError::TooDeep { .. }),
        "{refused}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    // An end tag of an element open still closes it.
    let closed = "<div><b>X</b> &ndash; y</DIV>".repeat(5000);
    assert!(convert("closed.html", closed.into_bytes()).is_ok());
}

#[test]
fn a_tag_keeps_its_first_attributes_only() {
    let attributes = |n: usize| {
        (0..n)
            .map(|i| format!(" a{i}=\"v>{i}\""))
            .collect::<String>()
    };
    let page = format!(
        "<p{}><b>Head</b> &ndash; text</p>",
        attributes(MAX_ATTRIBUTES + 5)
    );
    let capped = cap_attributes(&page).unwrap();
    assert_eq!(
        capped,
        format!(
            "<p{}><b>Head</b> &ndash; text</p>",
            attributes(MAX_ATTRIBUTES)
        )
    );
    assert_eq!(
        cap_attributes(&format!("<p{}>x", attributes(MAX_ATTRIBUTES))),
        None
    );
    let started = std::time::Instant::now();
    let many = format!("<p{}><b>Head</b> &ndash; text</p>", " a=1".repeat(500_000));
    let c = convert("many.html", many.into_bytes()).unwrap();
    assert!(c.markdown.contains("**Head** – text"), "{}", c.markdown);
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
}

/// Byte flips, insertions of markup and truncations of the fixtures:
/// never a panic, and never a hang (the whole run is bounded in time).
#[test]
fn damaged_pages_never_panic() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/html");
    let pages: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| std::fs::read(f.unwrap().path()).unwrap())
        .collect();
    assert!(!pages.is_empty());
    let started = std::time::Instant::now();
    let mut rng = fastrand::Rng::with_seed(19);
    const PIECES: [&[u8]; 8] = [
        b"<",
        b">",
        b"<b>",
        b"</td>",
        b"<table><tr><td>",
        b"&#xE000;",
        b"<font face=Symbol>",
        b"\xff\xfe",
    ];
    for run in 0..400 {
        let mut bytes = pages[run % pages.len()].clone();
        for _ in 0..rng.usize(1..8) {
            let at = rng.usize(..bytes.len());
            match rng.u8(..4) {
                0 => bytes[at] = rng.u8(..),
                1 => bytes.truncate(at),
                2 => {
                    let piece = PIECES[rng.usize(..PIECES.len())];
                    bytes.splice(at..at, piece.iter().copied());
                }
                _ => {
                    let end = (at + rng.usize(..64)).min(bytes.len());
                    bytes.drain(at..end);
                }
            }
            if bytes.is_empty() {
                bytes.push(b'<');
            }
        }
        // Any answer but a panic will do: a damaged page may be empty.
        let _ = convert("damaged.html", bytes);
    }
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

#[test]
fn a_heading_is_numbered_by_its_anchor_where_its_text_prints_no_number() {
    assert_eq!(anchor_number("2.3").as_deref(), Some("2.3"));
    assert_eq!(anchor_number("section-7.4.2").as_deref(), Some("7.4.2"));
    assert_eq!(anchor_number("top"), None);
    assert_eq!(anchor_number("2024"), None);
    let out = markdown(
        "<html><body><h3 id=\"2.2\">2.2 SHIPS</h3><p>Ships move.</p><h3 id=\"2.3\">EQUIPMENT</h3><p>Equipment is carried.</p></body></html>",
    )
    .markdown;
    assert!(out.contains("2.2 SHIPS"), "{out}");
    assert!(!out.contains("2.2 2.2"), "{out}");
    assert!(out.contains("2.3 EQUIPMENT"), "{out}");
}

#[test]
fn a_picture_named_by_a_short_code_is_that_icon() {
    let c = markdown(
        r#"<p>Your <img src="f.gif" alt="Fer"> personnel and <img src="x.gif" alt="[Cmd]"> ones, <img src="y.gif"> too, <img src="z.gif" alt="A picture of the captain on the bridge."> also.</p>"#,
    );
    assert_eq!(
        c.markdown,
        "Your [Fer] personnel and [Cmd] ones, [?] too, [?] also.\n"
    );
    // Two icons lost: the named ones are not.
    assert_eq!(c.report.icons, Some(2));
}
