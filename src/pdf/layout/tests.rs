//! Tests of `layout`.

use super::*;

mod glyphs;

fn pieces(text: &str) -> Vec<Piece> {
    vec![Piece {
        text: text.to_string(),
        bold: false,
    }]
}

#[test]
fn a_hyphen_at_a_line_end_is_joined_only_into_a_word() {
    let none = HashSet::new();
    let mut p = pieces("the recre-");
    join_line_end(&mut p, "ation room", &none);
    assert_eq!(p[0].text, "the recre");
    let mut p = pieces("a non-");
    join_line_end(&mut p, "Borg ship", &none);
    assert_eq!(p[0].text, "a non-");
    let known: HashSet<String> = ["cardassian".to_string()].into();
    let mut p = pieces("a Cardas-");
    join_line_end(&mut p, "sian ship", &known);
    assert_eq!(p[0].text, "a Cardas");
    let mut p = pieces("Clarifications: Multitarget-");
    join_line_end(&mut p, "ing: Some cards", &none);
    assert_eq!(p[0].text, "Clarifications: Multitarget");
    let mut p = pieces("a well-");
    join_line_end(&mut p, "known rule", &none);
    assert_eq!(p[0].text, "a well-");
    let mut p = pieces("Dabo -");
    join_line_end(&mut p, "See gambling.", &none);
    assert_eq!(p[0].text, "Dabo - ");
    let mut p = pieces("Broadcast Abilities – 2016-");
    join_line_end(&mut p, "09-19", &none);
    assert_eq!(p[0].text, "Broadcast Abilities – 2016-");
    let mut p = pieces("the end.");
    join_line_end(&mut p, "Next", &none);
    assert_eq!(p[0].text, "the end. ");
}

#[test]
fn a_separator_ending_a_bold_run_is_left_outside_it() {
    assert_eq!(embolden("Bajoran Wormhole"), "**Bajoran Wormhole**");
    assert_eq!(embolden(" Bajoran Wormhole – "), " **Bajoran Wormhole** – ");
    assert_eq!(embolden("Dabo:"), "**Dabo**:");
    assert_eq!(embolden("non-"), "**non-**");
}

#[test]
fn color_marks_the_start_of_a_new_entry_not_its_body() {
    // A red paragraph after black text: a new entry starts.
    assert!(color_marks_new(true, false, false));
    // A red paragraph going on a red entry is its body...
    assert!(!color_marks_new(true, false, true));
    // ...unless it opens with a bold head: the next new entry.
    assert!(color_marks_new(true, true, true));
    assert!(!color_marks_new(false, true, false));
}

#[test]
fn a_dated_running_header_is_the_title_only_where_the_pages_give_no_date() {
    let header = Some("Current Rulings Document — (6 February 2012)");
    let undated = "# Current Rulings Document\n\n**Set Up** – text of 3/27/00.\n\n".to_string();
    assert_eq!(
        with_running_title(undated.clone(), header),
        format!("# Current Rulings Document — (6 February 2012)\n\n{undated}")
    );
    let dated = "# Current Rulings\n\n3/27/00\n\n**Set Up** – text.\n\n".to_string();
    assert_eq!(with_running_title(dated.clone(), header), dated);
    assert_eq!(with_running_title(undated.clone(), None), undated);
}

#[test]
fn a_date_in_the_margin_is_no_page_number() {
    for page in ["7", "- 7 -", "Page 7", "7 of 12", "7/12", "page 3 of 3"] {
        assert!(is_page_number(page), "{page}");
    }
    for not in ["3/27/00", "11/1/21", "12/7", "7 12 2000", "Page"] {
        assert!(!is_page_number(not), "{not}");
    }
}

#[test]
fn a_print_stamp_is_not_a_document_date() {
    assert!(is_document_date("1E rulings — October 3, 2022"));
    assert!(is_document_date("Current Rulings, 12 June 2022, page 3"));
    assert!(!is_document_date("11/25/26, 2:42 AM Current Rulings"));
    assert!(!is_document_date("Current Rulings – page 3"));
}

#[test]
fn a_first_page_header_is_smaller_than_the_text_under_it() {
    let row = |text: &str, top: f32, size: f32| Row {
        top,
        bottom: top + size,
        runs: vec![run(text, top, size)],
        across: false,
    };
    let page = Page {
        width: 612.0,
        height: 792.0,
        runs: Vec::new(),
        bars: Vec::new(),
    };
    let body = |mut rows: Vec<Row>| {
        for i in 0..6 {
            rows.push(row("Body text of an entry.", 150.0 + 12.0 * i as f32, 10.0));
        }
        rows
    };
    let headed = body(vec![
        row("Current Rulings — 6 February 2012", 30.0, 8.0),
        row("Current Rulings", 80.0, 15.0),
    ]);
    assert_eq!(lone_header(&headed, &page), Some(0));
    // A dated title is set larger: not a header.
    let titled = body(vec![row("Current Rulings — 6 February 2012", 30.0, 15.0)]);
    assert_eq!(lone_header(&titled, &page), None);
    // Nor is a small line below the top margin.
    let low = body(vec![row("Current Rulings — 6 February 2012", 200.0, 8.0)]);
    assert_eq!(lone_header(&low, &page), None);
}

fn run(text: &str, top: f32, size: f32) -> Run {
    Run {
        text: text.to_string(),
        left: 50.0,
        right: 250.0,
        top,
        height: size,
        size,
        bold: false,
        colored: false,
        colour: 0,
        symbol: false,
    }
}

/// The flow of a text set in 10-point type at `pitch`.
fn body_flow(pitch: f32, spaced: bool) -> Flow {
    Flow {
        body_size: 10.0,
        pitch,
        spaced,
    }
}

fn line(text: &str, top: f32, size: f32, bold: bool) -> Line {
    let run = Run {
        text: text.to_string(),
        left: 50.0,
        right: 250.0,
        top,
        height: size,
        size,
        bold,
        colored: false,
        colour: 0,
        symbol: false,
    };
    Line::new(vec![run], (0, 0))
}

#[test]
fn a_section_heading_is_a_few_words_in_capitals_or_bold() {
    assert!(is_section_heading(&[run("GLOSSARY UPDATES", 10.0, 10.0)]));
    assert!(is_section_heading(
        &line("Temporary Rulings", 10.0, 10.0, true).runs
    ));
    // A bold head with its dash, a sentence, or plain words are not.
    assert!(!is_section_heading(
        &line("points –", 10.0, 10.0, true).runs
    ));
    assert!(!is_section_heading(&[run(
        "NO NEW FORMAT CHANGES.",
        10.0,
        10.0
    )]));
    assert!(!is_section_heading(&[run("Glossary updates", 10.0, 10.0)]));
}

#[test]
fn a_larger_head_a_narrow_column_wrapped_runs_on_into_its_line() {
    let head = line("Changing Number of", 100.0, 13.0, false);
    // The rest of the head at its size, then the date in body type.
    let rest = Line::new(
        vec![run("Complete Missions", 115.0, 13.0), {
            let mut date = run(" – 2016-04-26", 117.0, 10.0);
            date.left = 180.0;
            date
        }],
        (0, 0),
    );
    assert!(head_runs_on(&head, &rest));
    // The head's dash and date alone on the next line.
    let whole = line("One-Time Broadcast Abilities", 100.0, 13.0, false);
    assert!(head_runs_on(
        &whole,
        &line("– 2016-09-19", 115.0, 10.0, false)
    ));
    // A body in body type under a heading is no part of it, nor is
    // anything under a heading that ends a sentence.
    assert!(!head_runs_on(
        &whole,
        &line("When an ability is used, it", 115.0, 10.0, false)
    ));
    let sentence = line("Read this first.", 100.0, 13.0, false);
    assert!(!head_runs_on(&sentence, &rest));
}

#[test]
fn a_colour_most_heads_are_set_in_is_their_style_not_a_marker() {
    let blue = Some(0x00f);
    let mut written: Vec<(String, Option<u16>)> = ["Dabo", "Q", "Quark"]
        .iter()
        .map(|t| (format!("*{t} – text."), blue))
        .collect();
    written.push(("*Rom – text.".to_string(), Some(0xf00)));
    written.push(("**Nog** – text.".to_string(), None));
    assert_eq!(
        unmark_head_colour(written.clone()),
        [
            "Dabo – text.",
            "Q – text.",
            "Quark – text.",
            "*Rom – text.",
            "**Nog** – text."
        ]
    );
    // Red on a few heads of many is the marker.
    written.truncate(3);
    written.extend((0..5).map(|i| (format!("**Head {i}** – text."), None)));
    assert_eq!(unmark_head_colour(written.clone())[0], "*Dabo – text.");
}

#[test]
fn a_heading_wrapped_over_two_lines_is_one_paragraph() {
    let flow = body_flow(13.0, true);
    let first = line("Current Rulings Document (03", 100.0, 15.0, true);
    let second = line("November 2014)", 119.5, 15.0, true);
    assert!(!starts_paragraph(&first, &second, &flow));
    // A section head under the title is a paragraph of its own.
    let section = line("RULINGS", 119.5, 12.0, true);
    assert!(starts_paragraph(&first, &section, &flow));
}

#[test]
fn a_bold_name_starting_a_line_is_a_head_only_where_paragraphs_are_not_spaced() {
    let sentence = line("with the following text now.", 100.0, 10.0, false);
    let mut name = line("Vulcan Nerve Pinch", 113.0, 10.0, true);
    let mut rest = run(" may be played on any personnel", 113.0, 10.0);
    rest.left = 250.0;
    name.runs.push(rest);
    let mut flow = Flow {
        body_size: 10.0,
        pitch: 13.0,
        spaced: true,
    };
    assert!(!starts_paragraph(&sentence, &name, &flow));
    flow.spaced = false;
    assert!(starts_paragraph(&sentence, &name, &flow));
    let mut coloured = line("Assimilation: Borg may assimilate", 113.0, 10.0, false);
    coloured.runs[0].colored = true;
    coloured.runs[0].colour = 0x00f;
    assert!(starts_paragraph(&sentence, &coloured, &flow));
}

#[test]
fn a_head_on_a_line_of_its_own_set_apart_by_its_type_is_a_paragraph() {
    let flow = body_flow(12.0, true);
    let sentence = line("the end of a ruling.", 100.0, 10.0, false);
    let bold = line("Alien Parasites", 112.0, 10.0, true);
    let small = line("ALIEN PARASITES", 112.0, 9.0, false);
    let body = line("If you take control of cards, you", 124.0, 10.0, false);
    for head in [&bold, &small] {
        assert!(starts_paragraph(&sentence, head, &flow));
        assert!(starts_paragraph(head, &body, &flow));
    }
    // A bold line in the middle of a sentence is no head.
    let open = line("a ruling that names", 100.0, 10.0, false);
    assert!(!starts_paragraph(&open, &bold, &flow));
    // A head wrapped over two bold lines stays one paragraph, and so
    // does one whose second line goes on in body type after its bold
    // end.
    let more = line("and Their Hosts", 124.0, 10.0, true);
    assert!(!starts_paragraph(&bold, &more, &flow));
    // A head in small capitals broken inside a word goes on too.
    let broken = line("ACTIONS – STEP 1: INITIA-", 112.0, 9.0, false);
    let mut rest = line("TION", 124.0, 9.0, false);
    let mut text = run(" – The first step of performing", 124.0, 10.0);
    text.left = 80.0;
    rest.runs.push(text);
    assert!(!starts_paragraph(&broken, &rest, &flow));
    let whole = line("ACTIONS – STEP 1", 112.0, 9.0, false);
    assert!(starts_paragraph(&whole, &rest, &flow));
    let mut end = line("Outpost", 124.0, 10.0, true);
    let mut ruling = run(" – Native quadrant rules now apply", 124.0, 10.0);
    ruling.left = 160.0;
    end.runs.push(ruling);
    assert!(!starts_paragraph(&bold, &end, &flow));
}

#[test]
fn the_pitch_is_the_smallest_step_that_recurs_not_the_most_frequent() {
    // Short paragraphs, one line or two, spaced: the step between
    // paragraphs (29.5) is the most frequent, the step within one
    // (15) the pitch.
    let mut tops = Vec::new();
    let mut top = 100.0;
    for lines_in_paragraph in [2, 1, 1, 2, 1, 1, 1, 2, 1, 1, 2, 1] {
        for _ in 0..lines_in_paragraph {
            tops.push(top);
            top += 15.0;
        }
        top += 14.5;
    }
    let lines: Vec<Line> = tops
        .iter()
        .map(|&t| line("text of a ruling", t, 10.0, false))
        .collect();
    assert_eq!(line_pitch(&lines, 10.0), 15.0);
    let flow = body_flow(15.0, true);
    assert!(starts_paragraph(&lines[2], &lines[3], &flow));
    assert!(!starts_paragraph(&lines[0], &lines[1], &flow));
    // A line whose top a larger run raises gives no step, and a step
    // that does not recur is no pitch.
    let mut uneven = lines.clone();
    uneven[5].runs[0].size = 13.0;
    uneven[5].top -= 3.0;
    assert_eq!(line_pitch(&uneven, 10.0), 15.0);
}

#[test]
fn a_paragraph_spaced_by_a_third_of_a_line_starts_a_paragraph() {
    // groff -ms: a 12-point pitch, 0.3 of a line between paragraphs.
    let tops = [100.0, 112.0, 124.0, 139.6, 151.6, 167.2, 179.2, 191.2];
    let lines: Vec<Line> = tops
        .iter()
        .map(|&t| line("text of a ruling.", t, 10.0, false))
        .collect();
    let pitch = line_pitch(&lines, 10.0);
    assert!((pitch - 12.0).abs() < 0.01, "{pitch}");
    let flow = Flow {
        body_size: 10.0,
        pitch,
        spaced: spaces_paragraphs(&lines, pitch, 10.0),
    };
    assert!(starts_paragraph(&lines[2], &lines[3], &flow));
    assert!(!starts_paragraph(&lines[3], &lines[4], &flow));
}

#[test]
fn a_line_indented_after_a_finished_sentence_starts_a_paragraph() {
    let flow = body_flow(12.0, false);
    let at = |text: &str, top: f32, indent: f32| {
        let mut l = line(text, top, 10.0, false);
        l.indent = indent;
        l.left += indent;
        l
    };
    let end = at(
        "also. See doorways, wormholes – movement through.",
        100.0,
        0.0,
    );
    let first = at(
        "If a card allows you to attack a specific affiliation",
        112.0,
        25.0,
    );
    assert!(starts_paragraph(&end, &first, &flow));
    // Mid-sentence, the indent is no paragraph's.
    let open = at("the game text of the card being played as a", 100.0, 0.0);
    assert!(!starts_paragraph(&open, &first, &flow));
    // An item's second line hangs indented under its text, and a
    // block set in goes on at its indent.
    let item = at("• Nebula requires you to play Scan as a cost.", 100.0, 0.0);
    let hanging = at("Another sentence of the item.", 112.0, 10.0);
    assert!(!starts_paragraph(&item, &hanging, &flow));
    let quoted = at("\"When this Equipment card enters play.\"", 100.0, 25.0);
    assert!(!starts_paragraph(&quoted, &first, &flow));
}

#[test]
fn an_item_of_a_list_is_a_paragraph_written_as_a_list_item() {
    let flow = body_flow(12.0, true);
    let first = line(
        "• android: no longer interchangeable with",
        100.0,
        10.0,
        false,
    );
    let more = line("\"Soong-type android.\"", 112.0, 10.0, false);
    let mut second = line("•", 124.0, 10.0, false);
    let mut text = run(" Exocomp: Exocomps are now androids.", 124.0, 10.0);
    text.left = 60.0;
    second.runs.push(text);
    assert!(!starts_paragraph(&first, &more, &flow));
    assert!(starts_paragraph(&more, &second, &flow));
    let mut result = PdfMarkdown::default();
    let words = HashSet::new();
    let write = |lines: &[Line], result: &mut PdfMarkdown| {
        write_paragraph(lines, (10.0, 15.0), (false, false), &words, result).0
    };
    assert_eq!(
        write(&[first, more], &mut result),
        "- android: no longer interchangeable with \"Soong-type android.\""
    );
    assert_eq!(
        write(std::slice::from_ref(&second), &mut result),
        "- Exocomp: Exocomps are now androids."
    );
    // A new one keeps its bullet behind the marker.
    let mut barred = second;
    barred.barred = true;
    assert_eq!(
        write(&[barred], &mut result),
        "*• Exocomp: Exocomps are now androids."
    );
}

#[test]
fn paragraphs_are_spaced_where_wide_steps_are_common_between_body_lines() {
    let at = |tops: &[f32]| -> Vec<Line> {
        tops.iter().map(|&t| line("text", t, 10.0, false)).collect()
    };
    let spaced = at(&[0.0, 13.0, 26.0, 46.0, 59.0, 79.0, 92.0]);
    assert!(spaces_paragraphs(&spaced, 13.0, 10.0));
    let unspaced = at(&[0.0, 13.0, 26.0, 39.0, 52.0, 65.0, 78.0, 98.0, 111.0]);
    assert!(!spaces_paragraphs(&unspaced, 13.0, 10.0));
    // Wide steps around a heading are not paragraph spacing.
    let mut with_heading = at(&[0.0, 13.0, 26.0]);
    with_heading.push(line("SECTION", 46.0, 14.0, true));
    with_heading.extend(at(&[66.0, 79.0, 92.0]));
    assert!(!spaces_paragraphs(&with_heading, 13.0, 10.0));
}

#[test]
fn a_line_opening_in_larger_type_and_going_on_in_body_type_is_no_heading() {
    let heading = line("RULINGS", 100.0, 13.0, false);
    assert!(is_heading(&heading, 10.0));
    let mut entry = line("unique dilemmas", 100.0, 13.0, false);
    let mut rest = run(" – Until further notice, a unique dilemma", 100.0, 10.0);
    rest.left = 250.0;
    entry.runs.push(rest);
    assert!(!is_heading(&entry, 10.0));
    let mut result = PdfMarkdown::default();
    let (text, _, _) = write_paragraph(
        &[entry],
        (10.0, 15.0),
        (false, false),
        &HashSet::new(),
        &mut result,
    );
    assert_eq!(
        text,
        "**unique dilemmas** – Until further notice, a unique dilemma"
    );
}

#[test]
fn a_bullet_drawn_before_a_line_opens_a_list_item_and_is_no_change_bar() {
    // Chromium draws a list's disc: a 3-point dot left of the text.
    let dot = Bar {
        x: 69.0,
        top: 103.5,
        bottom: 106.5,
    };
    let mut item = line(
        "Stopped cards may be targeted in battle.",
        100.0,
        10.0,
        false,
    );
    item.left = 80.0;
    assert!(dotted(&item, &[dot]));
    assert!(!barred(&item, &[dot], (80.0, 250.0)));
    // Not beside another line, nor far from the text.
    let below = line(
        "Stopped cards may be targeted in battle.",
        120.0,
        10.0,
        false,
    );
    assert!(!dotted(&below, &[dot]));
    let mut far = item.clone();
    far.left = 120.0;
    assert!(!dotted(&far, &[dot]));
    // A bar is no bullet.
    let bar = Bar {
        x: 69.0,
        top: 100.0,
        bottom: 112.0,
    };
    assert!(!dotted(&item, &[bar]) && barred(&item, &[bar], (80.0, 250.0)));
}

#[test]
fn the_space_before_a_run_in_head_set_larger_is_measured_on_body_type() {
    // groff: a 12-point pitch, 3.6 points between paragraphs; the
    // head's larger type raises its line's top by two points.
    let flow = body_flow(12.0, true);
    let end = line(
        "all levels of those skills are added or subtracted",
        100.0,
        10.0,
        false,
    );
    let mut head = line("winning the game", 113.6, 12.0, false);
    let mut text = run(" – A player wins the game when he or she:", 115.6, 10.0);
    text.left = 150.0;
    head.runs.push(text);
    assert!(starts_paragraph(&end, &head, &flow));
    // Without the space, the same line goes on the paragraph.
    let mut near = head.clone();
    near.runs[1].top = 112.0;
    near.runs[0].top = 110.0;
    near.top = 110.0;
    assert!(!starts_paragraph(&end, &near, &flow));
}

#[test]
fn a_bar_beside_an_entry_marks_it_new_once() {
    // groff's change bar: a stroke in the right margin, line by line.
    let bars = [
        Bar {
            x: 514.0,
            top: 100.0,
            bottom: 110.0,
        },
        Bar {
            x: 514.0,
            top: 112.0,
            bottom: 122.0,
        },
    ];
    let mut head = line("Playing a Card", 100.0, 10.0, true);
    let mut body = line("Below is the timing sequence.", 112.0, 10.0, false);
    let other = line("Own – text.", 130.0, 10.0, false);
    // The head is short: its text ends far from the bar, which stands
    // by the column's right edge.
    head.runs[0].right = 180.0;
    body.runs[0].right = 504.0;
    let edges = column_edges(&[head.clone(), body.clone(), other.clone()]);
    let column = edges[&head.place];
    assert!(barred(&head, &bars, column) && barred(&body, &bars, column));
    assert!(!barred(&other, &bars, column));
    // A rule far from the column, or above it, is no bar.
    assert!(!barred(
        &head,
        &[Bar {
            x: 560.0,
            top: 100.0,
            bottom: 110.0
        }],
        column
    ));
    head.barred = true;
    body.barred = true;
    let mut result = PdfMarkdown::default();
    let words = HashSet::new();
    let (text, _, _) = write_paragraph(&[head], (10.0, 15.0), (false, false), &words, &mut result);
    assert_eq!(text, "***Playing a Card**");
    let (text, _, _) = write_paragraph(&[body], (10.0, 15.0), (false, true), &words, &mut result);
    assert_eq!(text, "Below is the timing sequence.");
}

#[test]
fn a_head_in_the_heads_colour_over_a_body_in_another_is_new() {
    // Heads set in blue; a new entry's text in red after its head.
    let (blue, red) = (0x00f, 0xf00);
    let entry = |head: &str, body_colour: Option<u16>| {
        let mut line = line(head, 100.0, 10.0, false);
        line.runs[0].colored = true;
        line.runs[0].colour = blue;
        let mut rest = run(" – Text of the entry.", 100.0, 10.0);
        rest.left = 260.0;
        if let Some(colour) = body_colour {
            rest.colored = true;
            rest.colour = colour;
        }
        line.runs.push(rest);
        line
    };
    let mut result = PdfMarkdown::default();
    let words = HashSet::new();
    let written: Vec<(String, Option<u16>)> = [
        entry("Dabo", None),
        entry("couple", Some(red)),
        entry("Nog", None),
        entry("Quark", None),
    ]
    .into_iter()
    .map(|line| {
        let (text, _, marked_by) =
            write_paragraph(&[line], (10.0, 15.0), (false, false), &words, &mut result);
        (text, marked_by)
    })
    .collect();
    assert_eq!(
        unmark_head_colour(written),
        [
            "Dabo – Text of the entry.",
            "*couple – Text of the entry.",
            "Nog – Text of the entry.",
            "Quark – Text of the entry."
        ]
    );
}

#[test]
fn a_head_in_small_capitals_a_column_wrapped_is_one_head() {
    let flow = body_flow(12.0, true);
    let before = line("of the personnel she commands.", 88.0, 10.0, false);
    let first = line("CHANGING NUMBER OF", 100.0, 8.0, false);
    let mut second = line("COMPLETE MISSIONS", 110.0, 8.0, false);
    let mut date = run(" – 2016-04-26", 110.0, 10.0);
    date.left = 200.0;
    second.runs.push(date);
    let body = line(
        "When a mission is completed, a player scores.",
        128.0,
        10.0,
        false,
    );
    assert!(starts_paragraph(&before, &first, &flow));
    assert!(!starts_paragraph(&first, &second, &flow));
    assert!(starts_paragraph(&second, &body, &flow));
    let mut result = PdfMarkdown::default();
    let (text, _, _) = write_paragraph(
        &[first.clone(), second],
        (10.0, 15.0),
        (false, false),
        &HashSet::new(),
        &mut result,
    );
    // (A line without lower case is all head: its date too.)
    assert_eq!(
        text,
        "**CHANGING NUMBER OF COMPLETE MISSIONS – 2016-04-26**"
    );
}

#[test]
fn a_head_in_small_capitals_wrapped_after_its_separator_is_one_head() {
    let flow = body_flow(12.0, true);
    let first = line("ACTIONS – INTERRUPTING", 100.0, 8.0, false);
    let mut second = line("ACTIONS", 110.0, 8.0, false);
    let mut body = run(" – Interrupt cards may no longer be played.", 110.0, 10.0);
    body.left = 150.0;
    second.runs.push(body);
    assert!(!starts_paragraph(&first, &second, &flow));
    let mut result = PdfMarkdown::default();
    let (text, _, _) = write_paragraph(
        &[first.clone(), second.clone()],
        (10.0, 15.0),
        (false, false),
        &HashSet::new(),
        &mut result,
    );
    assert_eq!(
        text,
        "**ACTIONS – INTERRUPTING ACTIONS** – Interrupt cards may no longer be played."
    );
    // A head that ends on its date is done: the next line of small
    // capitals opens the next entry.
    let dated = line("ABILITIES – 2016-09-19", 100.0, 8.0, false);
    assert!(starts_paragraph(&dated, &second, &flow));
}

#[test]
fn a_run_in_head_set_smaller_is_a_head() {
    let flow = body_flow(12.0, false);
    let sentence = line("the end of a ruling.", 100.0, 10.0, false);
    let mut entry = line("BOK", 112.0, 9.0, false);
    let mut rest = run(" – This personnel does not count as a DaiMon.", 112.0, 10.0);
    rest.left = 250.0;
    entry.runs.push(rest);
    assert!(starts_paragraph(&sentence, &entry, &flow));
    let mut result = PdfMarkdown::default();
    let (text, _, _) = write_paragraph(
        &[entry],
        (10.0, 15.0),
        (false, false),
        &HashSet::new(),
        &mut result,
    );
    assert_eq!(text, "**BOK** – This personnel does not count as a DaiMon.");
    // Small capitals: the text's capitals full size, the rest smaller.
    let mut entry = line("(NON-", 112.0, 8.0, false);
    for (text, size, left) in [
        ("B", 10.0, 80.0),
        ("ORG)", 8.0, 90.0),
        (" – Text.", 10.0, 120.0),
    ] {
        let mut piece = run(text, 112.0, size);
        piece.left = left;
        entry.runs.push(piece);
    }
    let (text, _, _) = write_paragraph(
        &[entry],
        (10.0, 15.0),
        (false, false),
        &HashSet::new(),
        &mut result,
    );
    assert_eq!(text, "**(NON-BORG)** – Text.");
}

#[test]
fn headings_below_the_title_size_are_sections() {
    assert_eq!(heading_marker(15.0, 15.0), "#");
    assert_eq!(heading_marker(14.6, 15.0), "#");
    assert_eq!(heading_marker(12.0, 15.0), "##");
}

#[test]
fn page_numbers_are_recognised() {
    for t in ["7", "- 7 -", "Page 7", "7 of 12", "Page 3/9"] {
        assert!(is_page_number(t), "{t}");
    }
    for t in ["7 November 2022", "cloaking", "1E"] {
        assert!(!is_page_number(t), "{t}");
    }
}

#[test]
fn a_boxs_two_sides_are_no_change_bars() {
    let side = |x: f32| Bar {
        x,
        top: 100.0,
        bottom: 130.0,
    };
    // A shaded sidebar's left and right sides, and a lone bar beside it.
    let lone = Bar {
        x: 40.0,
        top: 200.0,
        bottom: 212.0,
    };
    let kept = without_box_sides(&[side(70.0), side(300.0), lone]);
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].x, 40.0);
}

#[test]
fn a_contents_line_is_a_line_of_its_own() {
    assert!(is_contents_line("7.4.2 Personnel Battle ........ 45"));
    assert!(is_contents_line("2 CARD TYPES . . . . . 3"));
    assert!(is_contents_line("Glossary … 120"));
    assert!(!is_contents_line("The first is 12."));
    assert!(!is_contents_line("... 12"));
    assert!(!is_contents_line("7.4.2 Personnel Battle"));
    let flow = body_flow(12.0, true);
    let item = line("1.1 About This Game ........ 2", 100.0, 10.0, false);
    let next = line("1.2 About This Rulebook ........ 2", 112.0, 10.0, false);
    assert!(starts_paragraph(&item, &next, &flow));
}
