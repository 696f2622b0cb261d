//! Document-level shapes: each rule of head detection and assembly, on small
//! documents written for the case.

use chrono::NaiveDate;

use super::parse_document;
use crate::error::DocumentError;
use crate::model::{Edition, EntryKind, ReleaseKind};

fn topics(text: &str) -> Vec<String> {
    parse_document("t.md", text, 0)
        .unwrap()
        .entries
        .into_iter()
        .map(|e| e.topic)
        .collect()
}

/// Each entry's topic, after an asterisk where it is marked new.
fn heads_marked_new(file: &str, text: &str) -> Vec<String> {
    parse_document(file, text, 0)
        .unwrap()
        .entries
        .into_iter()
        .map(|e| {
            if e.new {
                format!("*{}", e.topic)
            } else {
                e.topic
            }
        })
        .collect()
}

const FM: &str = "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\n";

#[test]
fn a_bare_topic_needs_a_body_and_a_finished_paragraph_before_it() {
    let doc = format!(
        "{FM}Alien Parasites\n\nreplace the first sentence of the final paragraph.\n\nBorg\n\nReplace the first paragraph.\n\nPhased Matter\n\nscouting attempt –\n\nText.\n"
    );
    // "Phased Matter" is followed by a head, not by a body of its own.
    assert_eq!(
        topics(&doc),
        ["Alien Parasites", "Borg", "scouting attempt"]
    );
}

/// A hard-wrapped text that kept no bold and no blank lines: heads alone on
/// their lines between paragraphs (as `pdftotext` gives a PDF).
const OWN_LINE_HEADS: &str = "\
This document gathers the rulings of the game that are in force now, for
players and for the tournament directors who settle their questions.
unique dilemmas
Until further notice, a unique dilemma that is placed under a mission
does not count as being in play for the purposes of uniqueness.
forces winning battles
Until further notice, a force wins a battle only if its controller does
not also control the opposing force.
Objectives and
Assimilation Rules
A Borg player uses objectives to accomplish goals, and may assimilate
personnel, ships and planets as the objectives allow in the game.
Phased Matter
is no head when the line after it goes on with a lowercase word, as a
sentence does.
stopped
A stopped card cannot move, attempt missions or initiate battles until
your next turn.
";

#[test]
fn a_short_line_between_a_finished_sentence_and_a_new_one_is_a_head() {
    let doc = format!("{FM}{OWN_LINE_HEADS}");
    // "Objectives and" / "Assimilation Rules": two short lines that end no
    // sentence are one line wrapped short (a title in larger type), and
    // "Phased Matter" is followed by no sentence of its own.
    assert_eq!(
        topics(&doc),
        ["unique dilemmas", "forces winning battles", "stopped"]
    );
    let release = parse_document("t.md", &doc, 0).unwrap();
    assert!(release.entries[1].text.contains("opposing force"));
    assert!(release.entries[1].text.contains("Assimilation Rules"));
}

#[test]
fn a_head_alone_ends_a_quote_but_what_a_colon_announces_is_quoted() {
    let doc = format!(
        "{FM}\
This document gathers the rulings of the game that are in force now, for
players and for the tournament directors who settle their questions.
points
In the third paragraph, of the scoring rules for the game, delete:
or for calculating differential
Tournament scoring rules are given in the guide for organized play, which
the directors of every tournament hold to.
Alien Parasites
Replace the first sentence of the final paragraph with the following:
If you take control of your opponent's cards, you must follow all of the
Away Team restrictions of those cards.
Bajoran Wormhole
Whenever you play this doorway to the Alpha Quadrant, you must download
another copy to the Gamma Quadrant.
"
    );
    assert_eq!(
        topics(&doc),
        ["points", "Alien Parasites", "Bajoran Wormhole"]
    );
}

#[test]
fn a_text_with_no_measure_keeps_its_short_lines_in_their_paragraph() {
    // One paragraph to a line: no line wrapped, so the shortness of a line
    // tells nothing and a bare line inside a paragraph stays text.
    let doc = format!(
        "{FM}Alpha –\n\nThe first ruling of the document, on one line.\nAlien Parasites\nThe dilemma goes on in the same paragraph.\n"
    );
    assert_eq!(topics(&doc), ["Alpha"]);
}

#[test]
fn in_an_alphabetical_document_a_head_out_of_order_is_text() {
    // "Objectives" sits between "Borg" and "Brilgar": quoted replacement text.
    let doc = format!(
        "{FM}Alpha –\n\nText.\n\nBorg\n\nReplace the first paragraph of the *Objectives* subsection with the following\n\nObjectives – [Borg] personnel may never begin missions.\n\nBrilgar –Erratum:\n\nLore.\n\ncloaking –\n\nText.\n\nDS9 –\n\nText.\n\nfaction –\n\nText.\n\nspecies –\n\nSteps.\n\nComparing species - Two personnel are the same species.\n\ntime location –\n\nText.\n"
    );
    assert_eq!(
        topics(&doc),
        [
            "Alpha",
            "Borg",
            "Brilgar",
            "cloaking",
            "DS9",
            "faction",
            "species",
            "time location"
        ]
    );
}

#[test]
fn in_an_alphabetical_document_sub_heads_of_an_entry_do_not_hide_the_entries_after_it() {
    // A text copy: every head is weak, and "attempting missions" holds
    // three sub-heads late in the alphabet. The longest run in order wins:
    // the sub-heads are its text, the entries after them are entries.
    let doc = format!(
        "{FM}Entries are arranged alphabetically.\n\nabilities – Text.\n\nattempting missions – Below is the timing.\n\nDraw Dilemmas\n\nThe opponent draws.\n\nFacing Dilemmas\n\nThe crew faces.\n\nOvercoming Dilemmas\n\nIt is overcome.\n\nattributes, ship – Public.\n\ncannot / may not – Forbids.\n\ncost reduction – Lower.\n\ndilemmas – Actions.\n\ninfinite loops – Repeat.\n\nmissions – Copies.\n\nown – Owned.\n\nplaying a card – Timing.\n"
    );
    assert_eq!(
        topics(&doc),
        [
            "abilities",
            "attempting missions",
            "attributes, ship",
            "cannot / may not",
            "cost reduction",
            "dilemmas",
            "infinite loops",
            "missions",
            "own",
            "playing a card"
        ]
    );
}

#[test]
fn a_table_of_contents_opens_no_section() {
    // The contents name the sections again: the preamble under them is no
    // temporary ruling, and each section opens once, where it is printed.
    let doc = format!(
        "{FM}# First Edition Recent Rulings Document\n\nContents\n\nGLOSSARY UPDATES\n\nTEMPORARY RULING UPDATES\n\nThe Recent Rulings Document lists all Glossary updates issued since the last update.\n\nGLOSSARY UPDATES\n\nbecome –\n\nAdd this paragraph.\n\nTEMPORARY RULING UPDATES\n\nThe temporary ruling about unique dilemmas remains in place.\n"
    );
    let release = parse_document("t.md", &doc, 0).unwrap();
    let topics: Vec<&str> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["become", "TEMPORARY RULING UPDATES"]);
    assert!(release.entries[1].text.contains("remains in place"));
}

#[test]
fn a_form_feed_opening_a_page_is_no_part_of_its_line() {
    // `pdftotext` starts every page's first line with a form feed.
    let doc = format!("{FM}Alpha – Text.\n\n\x0cBeta – Text.\n\n\x0c\nGamma – Text.\n");
    assert_eq!(topics(&doc), ["Alpha", "Beta", "Gamma"]);
    let release = parse_document("t.md", &doc, 0).unwrap();
    assert_eq!(release.entries[2].line, 10);
}

#[test]
fn in_an_alphabetical_text_copy_an_entry_after_a_finished_sentence_needs_no_blank_line() {
    let doc = format!(
        "{FM}Entries are arranged alphabetically.\n\nabilities – Personnel may have one or more\nabilities. Skills are not abilities.\nattributes, ship – The printed attributes of a ship\nare public knowledge.\nFor example, Kor reads: \"While this personnel is aboard.\"\nKor - the personnel - is a Klingon.\ncannot / may not – Game text which forbids an\naction cannot be overridden.\ndilemmas – Some dilemmas select.\nmissions – Copies are separate.\n"
    );
    // "Kor - …" has a head's shape after a finished sentence, but out of
    // the order it is the ruling's text.
    assert_eq!(
        topics(&doc),
        [
            "abilities",
            "attributes, ship",
            "cannot / may not",
            "dilemmas",
            "missions"
        ]
    );
}

#[test]
fn a_declared_order_is_used_even_with_few_entries() {
    let doc = format!(
        "{FM}Entries are arranged alphabetically, ignoring punctuation symbols.\n\nRULINGS\n\nrevised game text - The following card has revised game text.\n\nPhased Matter\n\nscouting attempt - Interrupt cards may not be played.\n"
    );
    assert_eq!(topics(&doc), ["revised game text", "scouting attempt"]);
}

#[test]
fn in_other_documents_announced_text_is_quoted_until_a_strong_head() {
    let doc = format!(
        "{FM}7.4.2: Battle -\n\nRevise as follows:\n\nInitiation - The attacking player announces.\n\nPERSONNEL BATTLE (7.4.2)\n\nbecome -\n\nText.\n"
    );
    assert_eq!(topics(&doc), ["7.4.2: Battle", "become"]);
}

#[test]
fn page_breaks_and_interleaved_columns_are_repaired() {
    let doc = format!(
        "{FM}RULEBOOK UPDATES\n\n7.4.2: Battle -\n\n2. *Responses*: players may play cards, such\n\nGLOSSARY UPDATES\n\nbecome -\n\nRevise as follows:\n\nwhen a card becomes a thing, it\n\nloses the old thing.\n\npoints –\n\nDelete it.\n\nas Antique Machine Gun.\n\n3. *Form Up*: set aside.\n"
    );
    let release = parse_document("t.md", &doc, 0).unwrap();
    let by_topic = |t: &str| release.entries.iter().find(|e| e.topic == t).unwrap();
    let battle = by_topic("7.4.2: Battle");
    assert!(
        battle.text.contains("such as Antique Machine Gun."),
        "{}",
        battle.text
    );
    assert!(battle.text.contains("3. *Form Up*"));
    assert_eq!(battle.section.as_deref(), Some("RULEBOOK UPDATES"));
    assert_eq!(battle.kind, EntryKind::RulebookUpdate);
    let become_ = by_topic("become");
    assert!(
        become_.text.contains("it loses the old thing."),
        "{}",
        become_.text
    );
    assert_eq!(become_.kind, EntryKind::GlossaryUpdate);
    assert_eq!(by_topic("points").text, "Delete it.");
}

#[test]
fn a_summary_list_and_a_preamble_are_front_matter() {
    let doc = "Current Rulings\n\n3/27/00\n\nThis document contains all Current Rulings issued since the October 1999 Rulebook and Glossary (which includes all prior FAQs).\n\nSIGNIFICANT RULINGS CHANGES AND CLARIFICATIONS\n\n- actions – required:** When your cards are required.\n\nRULINGS\n\nAccess Denied - See **Ferengi Ingenuity**.\n";
    let release = parse_document("t.txt", doc, 0).unwrap();
    assert_eq!(release.entries.len(), 1);
    assert_eq!(release.entries[0].kind, EntryKind::Redirect);
    assert_eq!(
        release.edition,
        Edition::First,
        "before 2002 there is only 1E"
    );
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2000, 3, 27).unwrap());
    assert_eq!(
        release.since.as_deref(),
        Some("October 1999 Rulebook and Glossary")
    );
    assert_eq!(release.front.len(), 6);
}

#[test]
fn a_title_after_entries_still_names_the_release() {
    let doc = "General\n\nabilities – Personnel may have abilities.\n\nCurrent Rulings Document (6 February 2012)\n\nCurrent Rulings are periodic updates to the Second Edition Rulebook.\n\nattributes, ship – The printed attributes are public.\n";
    let release = parse_document("t.txt", doc, 0).unwrap();
    assert_eq!(release.edition, Edition::Second);
    assert_eq!(release.kind, ReleaseKind::CurrentRulings);
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2012, 2, 6).unwrap());
    let topics: Vec<_> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["abilities", "attributes, ship"]);
}

#[test]
fn a_dated_list_takes_its_newest_entry_date() {
    let doc = "Second Edition\nNaming a Number 2017-06-06\nWhen a player names a number.\n\nSet Up 2016-09-19\nWhen this event's text is used.\n";
    let release = parse_document("t.txt", doc, 0).unwrap();
    assert_eq!(release.edition, Edition::Second);
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2017, 6, 6).unwrap());
    assert_eq!(
        release.entries[1].date,
        NaiveDate::from_ymd_opt(2016, 9, 19).unwrap()
    );
    assert!(release.entries[1].dated);
    assert_eq!(release.entries[1].release_date, release.date);
}

#[test]
fn missing_edition_is_said_with_the_file_and_a_missing_date_reads_undated() {
    // No date anywhere: read all the same, undated, its entries kept.
    let undated = parse_document(
        "a.txt",
        "First Edition notes\n\nfaction – Text here.\n\ncloaking – A cloaked ship hides.\n",
        0,
    )
    .unwrap();
    assert_eq!(undated.date_precision, crate::model::DatePrecision::Undated);
    assert_eq!(undated.edition, Edition::First);
    assert!(!undated.entries.is_empty());
    assert!(undated.entries.iter().all(|e| e.is_undated()));
    assert_eq!(undated.entries[0].date_label(), "undated");
    let no_edition = parse_document(
        "b.txt",
        "Rulings of 2015-01-01\n\nfaction – Text here.\n",
        0,
    )
    .unwrap_err();
    assert!(
        matches!(no_edition, DocumentError::NoEdition { .. }),
        "{no_edition}"
    );
    let nothing = parse_document("c.txt", "   \n\n", 0).unwrap_err();
    assert!(matches!(nothing, DocumentError::Empty { .. }));
    let no_entries = parse_document(
        "d.txt",
        "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\n+++\nJust a note.\n",
        0,
    )
    .unwrap_err();
    assert!(matches!(no_entries, DocumentError::NoEntries { .. }));
}

#[test]
fn the_usual_separator_decides_between_dashes() {
    let doc = format!(
        "{FM}Access Denied - See **Ferengi Ingenuity**.\n\nactions – interrupting actions - Interrupt cards may not be played.\n\nandroid - This Glossary entry has been deleted.\n"
    );
    assert_eq!(
        topics(&doc),
        ["Access Denied", "actions – interrupting actions", "android"]
    );
}

#[test]
fn entry_fields() {
    let doc = format!(
        "{FM}RULINGS\n\n* **Away Team and crew** - The third paragraph of this Glossary entry has been deleted and replaced: See **dilemmas – resolution**. Use **Empok Nor**.\n\nStop First Contact –\n\nThis entry is replaced with: See **timeline disruption**.\n"
    );
    let release = parse_document("dir/t.md", &doc, 0).unwrap();
    let e = &release.entries[0];
    assert_eq!(release.id, "dir/t");
    assert!(e.new);
    assert_eq!(e.kind, EntryKind::RuleChange);
    assert_eq!(e.see, ["dilemmas – resolution"]);
    assert_eq!(e.cards, ["Empok Nor"]);
    assert_eq!(e.supersedes[0].document.as_deref(), Some("Glossary"));
    assert_eq!(e.line, 7);
    let redirect = &release.entries[1];
    assert_eq!(redirect.kind, EntryKind::Redirect);
    assert_eq!(
        redirect.supersedes[0].target.as_deref(),
        Some("timeline disruption")
    );
    assert_eq!(redirect.subtopic, None);
}

#[test]
fn a_title_read_from_the_text_leaves_its_date_to_the_citation() {
    let crd = parse_document("t.txt", "Current Rulings Document (6 February 2012)\n\nCurrent Rulings are periodic updates to the Second Edition Rulebook.\n\nfaction – Text.\n", 0).unwrap();
    assert_eq!(crd.title, "Current Rulings Document");
    let untitled = parse_document("u.md", &format!("{FM}faction – Text.\n"), 0).unwrap();
    assert_eq!(untitled.title, "1E rulings");
}

/// Shapes that were quadratic: the results stay bounded and correct at
/// 1× and 4× (the timing check is `bench/adversarial.sh`).
#[test]
fn adversarial_shapes_parse_with_bounded_results() {
    use super::lines::inline_separators;
    let mut reach = Vec::new();
    for n in [2_000, 8_000] {
        // A line of separators: only those within topic reach are found,
        // however long the line.
        let line = format!("topic{}", " – ".repeat(n));
        reach.push(inline_separators(&line).len());
        // Lowercase one-line paragraphs join into the entry before them.
        let doc = format!(
            "+++\nedition = \"1E\"\ndate = \"2001-01-01\"\n+++\ncloaking - A cloaked ship cannot attack,\n\n{}",
            "word\n\n".repeat(n)
        );
        let release = super::parse_document("x.md", &doc, 0).unwrap();
        let words: usize = release
            .entries
            .iter()
            .map(|e| e.text.matches("word").count())
            .sum::<usize>()
            + release
                .front
                .iter()
                .map(|p| p.text.matches("word").count())
                .sum::<usize>();
        assert_eq!(words, n, "every paragraph lands somewhere");
    }
    assert_eq!(reach[0], reach[1]);
    assert!(reach[0] <= 40, "{reach:?}");
}

/// Bytes classified per document byte, for `body` repeated `n` times under
/// a front-matter block.
fn classified_per_byte(body: &str, n: usize) -> f64 {
    let doc = format!(
        "+++\nedition = \"1E\"\ndate = \"2001-01-01\"\n+++\ncloaking - A cloaked ship cannot attack.\n\n{}",
        body.repeat(n)
    );
    super::lines::CLASSIFIED.with(|bytes| bytes.set(0));
    let _ = super::parse_document("x.md", &doc, 0);
    super::lines::CLASSIFIED.with(|bytes| bytes.get()) as f64 / doc.len() as f64
}

/// Counting work instead of timing it: the bytes classified per document
/// byte stay the same at 1× and 4× for shapes that once made a stage
/// classify a growing paragraph again after every joined line.
#[test]
fn classification_work_is_linear_in_the_document() {
    for body in [
        "a\n",
        "the ship moves and\n",
        "word\n\n",
        "Vulcan Nerve\nPinch –\nbody of the ruling goes on and\n",
        "topic – body\n",
        "**battle** –\n",
    ] {
        let one = classified_per_byte(body, 500);
        let four = classified_per_byte(body, 2_000);
        assert!(
            four <= one * 1.25 + 0.5,
            "{body:?}: {one:.2} bytes classified per byte at 1x, {four:.2} at 4x"
        );
        assert!(four < 64.0, "{body:?}: {four:.2} bytes classified per byte");
    }
}

/// Found by the fuzzer: an entry whose head is marked `Erratum` and whose
/// body only points elsewhere lost the mark (it was read as a redirect).
#[test]
fn a_marked_erratum_that_points_elsewhere_stays_an_erratum() {
    for body in [
        "See Intelligence Gathering.",
        "See **Intelligence Gathering**.",
    ] {
        let doc = format!(
            "{FM}Going to the Top – Erratum:\n\nPlays if you have two personnel together.\n\nHQ: Defensive Measures – Erratum:\n\n{body}\n\ncloaking – {}\n",
            body.replace("Intelligence Gathering", "Tachyon Pulse")
        );
        let release = parse_document("x.md", &doc, 0).unwrap();
        let kinds: Vec<(&str, EntryKind)> = release
            .entries
            .iter()
            .map(|e| (e.topic.as_str(), e.kind))
            .collect();
        assert_eq!(
            kinds,
            [
                ("Going to the Top", EntryKind::Erratum),
                ("HQ: Defensive Measures", EntryKind::Erratum),
                ("cloaking", EntryKind::Redirect),
            ],
            "{body}"
        );
        assert_eq!(release.entries[1].see, ["Intelligence Gathering"], "{body}");
    }
}

/// More lines of text than any rulings document has are refused before
/// they cost memory; blank lines and a paragraph's wrapped lines do not
/// count, page furniture does.
#[test]
fn a_document_of_more_lines_than_any_rulings_document_is_refused() {
    use super::{read_within, MAX_LINES};
    const LIMIT: usize = 1_000;
    let heads = |n: usize| {
        (0..n)
            .map(|i| format!("topic {i} – Body {i}.\n\n"))
            .collect::<String>()
    };
    let read = |doc: &str| read_within("t.md", doc, 0, LIMIT).map(|r| r.release);
    let refused = |doc: &str| {
        matches!(
            read(doc),
            Err(DocumentError::TooManyLines { limit: LIMIT, .. })
        )
    };
    assert!(refused(&format!("{FM}{}", heads(LIMIT + 1))));
    // Page numbers are lines of text too.
    assert!(refused(&format!(
        "{FM}{}{}",
        heads(1),
        "12\n".repeat(LIMIT)
    )));
    assert_eq!(
        read(&format!("{FM}{}", heads(LIMIT)))
            .unwrap()
            .entries
            .len(),
        LIMIT
    );
    // Blank lines are free, and so is a paragraph wrapped over many lines.
    let blank = format!("{FM}{}{}", heads(2), "\n".repeat(30 * LIMIT));
    assert_eq!(read(&blank).unwrap().entries.len(), 2);
    let wrapped = format!(
        "{FM}cloaking – A cloaked ship\n{}cannot attack.\n",
        "and so on\n".repeat(20 * LIMIT)
    );
    let release = read(&wrapped).unwrap();
    assert_eq!(release.entries.len(), 1);
    assert_eq!(release.entries[0].spans, [(5, 5 + 20 * LIMIT + 1)]);
    // The public reading uses the stated limit.
    let numbers = format!("{FM}{}{}", heads(1), "12\n".repeat(MAX_LINES + 1));
    assert!(matches!(
        parse_document("t.md", &numbers, 0),
        Err(DocumentError::TooManyLines {
            limit: MAX_LINES,
            ..
        })
    ));
}

/// Inside an entry only what the page prints (a running header, a page
/// number) is furniture; a line that merely looks like a legend or like
/// navigation is the entry's text. Before the first head and after the last
/// line of text such shapes are furniture.
#[test]
fn inside_an_entry_only_the_page_s_own_lines_are_furniture() {
    use super::flow::Furniture;
    use super::read_document;
    let doc = format!(
        "{FM}Home | News | Rulings\n\nRules Team Bulletin\n\nVisit Cochrane Memorial – Erratum:\n\nPick one result.\n\n[?]: \"Oooh.\" Draw one card.\n\n[?]: \"Wow!\" Download probe card.\n\nRules Team Bulletin\n\nWeather Control Net - Stops one ship.\n\n7\n\nRules Team Bulletin\n\nBack to top\n"
    );
    let reading = read_document("t.md", &doc, 0).unwrap();
    assert_eq!(
        reading.furniture,
        [
            (5, Furniture::Navigation),
            (7, Furniture::Repeated),
            (17, Furniture::Repeated),
            (21, Furniture::PageNumber),
            (23, Furniture::Repeated),
            (25, Furniture::Navigation),
        ]
    );
    let entries = &reading.release.entries;
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].topic, "Visit Cochrane Memorial");
    assert_eq!(
        entries[0].text,
        "Pick one result.\n\n[?]: \"Oooh.\" Draw one card.\n\n[?]: \"Wow!\" Download probe card."
    );
    assert_eq!(entries[0].spans, [(9, 9), (11, 11), (13, 13), (15, 15)]);
    assert_eq!(entries[1].text, "Stops one ship.");
}

/// The text of the entry with `topic`.
fn text_of(text: &str, topic: &str) -> String {
    parse_document("t.md", text, 0)
        .unwrap()
        .entries
        .into_iter()
        .find(|e| e.topic == topic)
        .map(|e| e.text)
        .unwrap_or_else(|| panic!("no entry {topic}"))
}

#[test]
fn a_lowercase_head_right_after_a_bullet_list_opens_an_entry() {
    // After a blank line, and right under the last item.
    for gap in ["\n\n", "\n"] {
        let doc = format!(
            "{FM}Alpha Card – Some text.\n\nMore of it.\n\n- one copy of a card\n- two copies of a card{gap}beta rule – Text of beta.\n\ngamma rule – Text of gamma.\n"
        );
        assert_eq!(
            topics(&doc),
            ["Alpha Card", "beta rule", "gamma rule"],
            "{gap:?}"
        );
        assert!(
            text_of(&doc, "Alpha Card").ends_with("- two copies of a card"),
            "{gap:?}"
        );
    }
}

#[test]
fn a_capitalised_head_or_one_after_a_numbered_list_opens_an_entry() {
    let doc = format!(
        "{FM}Alpha Card – Some text.\n\n- one copy of a card\n- two copies of a card\n\nBeta Rule – Text of beta.\n\nGamma Card – Steps.\n\n1. the first step\n2. the second step\n\ndelta rule – Text of delta.\n"
    );
    assert_eq!(
        topics(&doc),
        ["Alpha Card", "Beta Rule", "Gamma Card", "delta rule"]
    );
}

#[test]
fn a_line_that_continues_a_list_item_stays_in_the_list() {
    // Indented under its item, or at the margin with no head's shape.
    let doc = format!(
        "{FM}Alpha Card – Some text.\n\n- one copy of a card that goes\n  on – as printed – to the next line\n- two copies of a card that\ngo on as well.\n\nbeta rule – Text of beta.\n"
    );
    assert_eq!(topics(&doc), ["Alpha Card", "beta rule"]);
    let alpha = text_of(&doc, "Alpha Card");
    assert!(alpha.contains("to the next line"), "{alpha}");
    assert!(alpha.contains("go on as well."), "{alpha}");
}

#[test]
fn a_head_read_as_the_rest_of_a_sentence_is_said_not_taken() {
    let doc = format!("{FM}Alpha Card – Some text that goes on to\n\nbeta rule – Text of beta.\n");
    let reading = super::read_document("t.md", &doc, 0).unwrap();
    assert_eq!(reading.release.entries.len(), 1);
    assert_eq!(
        reading.not_taken,
        [(
            7,
            "beta rule – Text of beta.".to_string(),
            super::Rejection::ContinuesSentence
        )]
    );
}

/// The kind a document is read as, with no front matter.
fn kind_read(text: &str) -> ReleaseKind {
    parse_document("t.md", text, 0).unwrap().kind
}

/// The body of a small Glossary, after its title block: a preamble, then
/// alphabetical entries under a part heading.
const GLOSSARY_BODY: &str = "This Glossary is a guide to the rules of the First Edition game.\n\n## Glossary\n\nbattle – A fight between forces.\n\npoints – Points are scored by completing missions.\n\nstopped – A stopped card cannot act.\n";

#[test]
fn a_glossary_is_known_by_its_title_under_banners_in_every_shape() {
    for block in [
        // Banners, title, version line, date line.
        "Star Trek Customizable Card Game\n\nThe Continuing Committee\n\nFirst Edition\n\nGLOSSARY\n\nVersion 1.9.1\n\nNovember 2021\n",
        // Title and version on one line, banner after the title.
        "Glossary, Version 1.9.1 (November 2021)\n\nStar Trek Customizable Card Game, First Edition\n",
        // All caps, bold banners, a heading-marked title.
        "**STAR TREK CUSTOMIZABLE CARD GAME**\n\n**FIRST EDITION**\n\n# FIRST EDITION GLOSSARY\n\nVersion 1.9.1 – November 2021\n",
        // A text copy where the banner lines ran together.
        "Star Trek CCG First Edition The Continuing Committee GLOSSARY\nVersion 1.9.1\nNovember 2021\n",
        // The web site and the edition before the title.
        "www.trekcc.org\nFirst Edition\nThe Star Trek CCG Glossary\n1 November 2021\n",
    ] {
        let doc = format!("{block}\n{GLOSSARY_BODY}");
        let release = parse_document("t.md", &doc, 0).unwrap();
        assert_eq!(release.kind, ReleaseKind::Glossary, "{block}");
        // Neither the banners nor the title became entries; the part
        // heading "Glossary" still opens the entries.
        let topics: Vec<&str> = release.entries.iter().map(|e| e.topic.as_str()).collect();
        assert_eq!(topics, ["battle", "points", "stopped"], "{block}");
    }
}

#[test]
fn a_compendium_and_a_rulebook_are_known_by_their_title_lines() {
    let doc = format!(
        "**STAR TREK CUSTOMIZABLE CARD GAME**\n\nFirst Edition\n\nRules Compendium, Version 2.7.4 (3 October 2022)\n\n{GLOSSARY_BODY}"
    );
    assert_eq!(kind_read(&doc), ReleaseKind::Compendium);
    let doc = format!(
        "Star Trek Customizable Card Game\nFIRST EDITION RULE BOOK\n2 May 2022\n\n{GLOSSARY_BODY}"
    );
    assert_eq!(kind_read(&doc), ReleaseKind::Rulebook);
}

#[test]
fn rulings_documents_that_name_a_base_are_not_bases() {
    // A section of glossary updates, a Recent Rulings Document under the
    // game's name, a preamble that names the Glossary.
    for doc in [
        "Star Trek Customizable Card Game\n\n7 November 2022\n\n## GLOSSARY UPDATES\n\npoints – In the first paragraph, delete: and by some cards\n\nstopped – Replace this entry with: A stopped card cannot act.\n",
        "Star Trek Customizable Card Game\n\nRecent Rulings Document\n\nFirst Edition, 7 November 2022\n\nGLOSSARY\n\npoints – In the first paragraph, delete: and by some cards\n\nstopped – Replace this entry with: A stopped card cannot act.\n",
        "First Edition rulings, 7 November 2022\n\nThese rulings amend the Glossary v1.9.1 and the Rulebook.\n\npoints – In the first paragraph, delete: and by some cards\n\nstopped – Replace this entry with: A stopped card cannot act.\n",
        "Star Trek CCG\n\nFirst Edition, 7 November 2022\n\nThese rulings amend the Glossary v1.9.1 and the Rulebook, and are read with them.\n\nGlossary errata\n\npoints – In the first paragraph, delete: and by some cards\n",
        "First Edition Current Rulings Document\n\nThe Glossary is amended by the rulings below.\n\npoints – In the first paragraph, delete: and by some cards\n",
        "1E rulings\n\nThe Recent Rulings Document lists all Glossary updates.\n\npoints – In the first paragraph, delete: and by some cards\n",
    ] {
        assert_eq!(super::base::kind_of(None, doc, 0), None, "{doc}");
    }
}

#[test]
fn a_text_copys_title_block_names_edition_kind_and_date() {
    // Saved as text: the title and the version line are plain lines, with
    // the preamble and the first part heading right under them.
    let doc = "Star Trek Customizable Card Game\nFirst Edition Glossary\nVersion 2.5.4 — November 2021\nThis Glossary is a comprehensive guide to the rules of the game.\nTemporary Rulings\nforces winning battles – Until further notice, a force wins.\nGlossary\nactions – The first step of an action.\nbattle – A battle is fought.\n";
    let release = parse_document("g.txt", doc, 0).unwrap();
    assert_eq!(release.edition, Edition::First);
    assert_eq!(release.kind, ReleaseKind::Glossary);
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2021, 11, 1).unwrap());
    assert_eq!(release.date_precision, crate::model::DatePrecision::Month);
    let topics: Vec<_> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["forces winning battles", "actions", "battle"]);
}

#[test]
fn the_title_printed_again_at_a_pages_top_does_not_cut_an_entry() {
    let doc = "Second Edition Rulings\n\nNaming a Number – 2017-06-06\nWhen a player names a number, he or she must choose\nSecond Edition Rulings\nzero or a positive integer.\n\nSet Up – 2016-09-19\nWhen this event's text is used.\n";
    let release = parse_document("r.txt", doc, 0).unwrap();
    assert_eq!(release.edition, Edition::Second);
    assert_eq!(release.kind, ReleaseKind::Rulings);
    let topics: Vec<_> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["Naming a Number", "Set Up"]);
    assert!(
        release.entries[0]
            .text
            .contains("zero or a positive integer"),
        "{}",
        release.entries[0].text
    );
    assert!(release.front.iter().any(|p| p.line == 5));
}

#[test]
fn a_preamble_that_says_what_the_document_is_names_a_base_under_a_bare_title() {
    // The title names rulings of no sort; the preamble's subject names the
    // Compendium.
    let doc = "1E rulings Version 2.5.4 — October 2022\nThe Rules Compendium gathers the Rulebook, the Glossary, the Temporary Rulings and the card errata of the First Edition\ngame in one document.\nTemporary Rulings\nunique dilemmas – Until further notice, a dilemma is not unique.\nGlossary\nbecome – When a card becomes a thing.\npoints – Points are scored.\n";
    let release = parse_document("c.txt", doc, 0).unwrap();
    assert_eq!(release.kind, ReleaseKind::Compendium);
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2022, 10, 1).unwrap());
    let topics: Vec<_> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["unique dilemmas", "become", "points"]);
}

#[test]
fn a_date_alone_above_a_bases_title_dates_it() {
    let doc = "Star Trek Customizable Card Game\n\n10/3/22\n\nFirst Edition Rules Compendium\n\nThe Rules Compendium gathers the rules in one document.\n\n## Glossary\n\nbecome – When a card becomes a thing.\n\npoints – Points are scored.\n";
    let release = parse_document("c.txt", doc, 0).unwrap();
    assert_eq!(release.kind, ReleaseKind::Compendium);
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2022, 10, 3).unwrap());
    let topics: Vec<_> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["become", "points"]);
    // The banner and the date are front matter, once each.
    let front: Vec<usize> = release.front.iter().map(|p| p.line).collect();
    assert_eq!(front.iter().filter(|&&l| l == 3).count(), 1, "{front:?}");
    assert!(front.contains(&1), "{front:?}");
}

#[test]
fn an_undated_document_whose_every_date_falls_before_second_edition_is_first_edition() {
    // No date of its own is found (the title block lost it); the only
    // date it prints is another document's, before 2002.
    let text = "Current Rulings\n\nEntries that are new since the last Current Rulings \
                document (2/28/00) are marked with an asterisk.\n\n\
                cloaking – A cloaked ship cannot be targeted.\n\n\
                dilemmas – A dilemma is encountered when revealed.\n";
    let release = parse_document("cr.txt", text, 0).unwrap();
    assert_eq!(release.date_precision, crate::model::DatePrecision::Undated);
    assert_eq!(release.edition, Edition::First);
    // A date after Second Edition began leaves the edition unknown.
    let later = text.replace("(2/28/00)", "(2/28/05)");
    assert!(matches!(
        parse_document("cr.txt", &later, 0),
        Err(DocumentError::NoEdition { .. })
    ));
}

#[test]
fn a_base_whose_edition_only_a_banner_names_is_of_that_edition() {
    let text =
        "Home | Rules | Tournaments\n\nSTAR TREK CUSTOMIZABLE CARD GAME\n\nFirst Edition\n\n\
                Rules Compendium, Version 2.7.4 — 3 October 2022\n\n\
                The Rules Compendium gathers the rules in one document.\n\n\
                Temporary Rulings\n\n\
                unique dilemmas – Until further notice, a unique dilemma does not count.\n\n\
                forces winning battles – Until further notice, a force wins.\n";
    let release = parse_document("compendium.txt", text, 0).unwrap();
    assert_eq!(release.edition, Edition::First);
    assert_eq!(release.kind, crate::model::ReleaseKind::Compendium);
    assert_eq!(release.entries.len(), 2);
    // Every line keeps its number.
    assert_eq!(release.entries[0].line, 13);
}

/// A preamble hard-wrapped to about 72 places, as a text copy of a page
/// prints one: what tells the text's measure.
const WRAPPED_PREAMBLE: &str = include_str!("../../tests/fixtures/wrapped-preamble.txt");

/// A hard-wrapped text copy of a rulings document whose heads stood on
/// their own lines, one of them quoting a rule with labels of its own.
const QUOTED_LABELS: &str = "\
RULEBOOK UPDATES

7.4.2: Personnel Battle
Revise as follows:
The battle proceeds in a few stages, each of them set out in this
rule with a label of its own, as the rulebook prints them all:
Initiation: The attacking player announces an attack and chooses
the single opposing force that the attack is made against now.
Form Up: Set aside personnel who are disabled or stunned, and then
shuffle the remaining cards of each force into a combat pile.
Combat: Simultaneously reveal the top combatant in each combat pile
and compare the STRENGTH of the two adversaries to each other.
Resolution: All mortally wounded cards die, and the surviving cards
in both forces are stopped until the end of this turn of play.

GLOSSARY UPDATES

become
Revise as follows:
when a card becomes a characteristic, it gains the new one and loses
any other characteristic of the same kind for as long as it lasts.

points
In the third paragraph, delete:
in your final score for the game (whether you win or lose)
";

#[test]
fn labels_quoted_after_a_head_do_not_make_a_colon_document() {
    let doc = format!("{FM}{WRAPPED_PREAMBLE}\n{QUOTED_LABELS}");
    // The stage labels are the quoted rule's; the heads are the lines
    // alone, each with a short line announcing what follows it.
    assert_eq!(
        topics(&doc),
        ["7.4.2: Personnel Battle", "become", "points"]
    );
}

#[test]
fn a_list_summing_up_entries_is_no_entry_and_no_vote_for_colon_heads() {
    let doc = format!(
        "{FM}SIGNIFICANT CHANGES
For details, see the following listings:
actions – interrupting actions: Interrupt cards may no longer be played.
android: This term is no longer interchangeable with Soong-type android.
Away Team: You may no longer split your personnel on a planet at will.
Exocomp: Exocomps are now considered androids for every purpose.

RULINGS
actions – interrupting actions
Interrupt and Doorway cards may no longer be played during a mission
attempt unless the card suspends play or responds to the attempt.
android
This term is no longer interchangeable with Soong-type android, and the
Glossary entry that said so has been revised to say it.
Away Team
You may no longer voluntarily split your personnel on a planet into two
Away Teams, though a dilemma may still stop some of them for you.
Big Picture, The
See The Big Picture.
Exocomp
Exocomps are now considered androids, though not Soong-type androids, by
every rule and every card that names an android of either kind.
Kevin Uxbridge: Convergence
This interrupt may now nullify any card played as an Event card on the
spaceline, whatever its card type was before it was played so.
"
    );
    assert_eq!(
        topics(&doc),
        [
            "actions – interrupting actions",
            "android",
            "Away Team",
            "Big Picture, The",
            "Exocomp",
            "Kevin Uxbridge: Convergence"
        ]
    );
}

#[test]
fn a_head_pasted_at_the_end_of_a_paragraph_opens_the_next_entry() {
    // Pasted text: each paragraph one line, the break before a head lost
    // and the one after it kept.
    let doc = format!(
        "{FM}GLOSSARY UPDATES\nbecome –\nRevise the entry as follows: a card that becomes a characteristic loses the others.\nClarifies that becoming reverts if the cause is nullified. points –\nIn the third paragraph, delete the words about the final score.\nThere are no new format changes. TEMPORARY RULING UPDATES\nunique dilemmas –\nUntil further notice, a unique dilemma under a mission is not in play.\n"
    );
    let doc = parse_document("t.md", &doc, 0).unwrap();
    let read: Vec<(&str, EntryKind)> = doc
        .entries
        .iter()
        .map(|e| (e.topic.as_str(), e.kind))
        .collect();
    assert_eq!(
        read,
        [
            ("become", EntryKind::GlossaryUpdate),
            ("points", EntryKind::GlossaryUpdate),
            ("unique dilemmas", EntryKind::Temporary)
        ]
    );
}

#[test]
fn in_text_that_is_not_wrapped_a_head_after_a_finished_sentence_opens_an_entry() {
    // A paragraph a line, and blank lines kept only here and there: the
    // line break after a sentence ends the paragraph, as a cut does.
    let doc = format!(
        "{FM}points – Points are scored by solving missions and by some other cards.\nYou need 100 points to win the game, and points may never go below zero.\nstopped – A stopped card cannot move, attempt missions, or initiate battle until your next turn.\n\nunique dilemmas – Until further notice, a unique dilemma under a mission is not in play.\nIt counts again when the mission is solved, as the rulebook says - Under a mission it waits.\n"
    );
    assert_eq!(topics(&doc), ["points", "stopped", "unique dilemmas"]);
}

#[test]
fn a_dating_line_under_the_title_is_no_part_of_the_first_head() {
    let doc = format!(
        "Second Edition Rulings\n2017-06-06\nNAMING A NUMBER – 2017-06-06\nWhen a player names a number, he or she must choose zero or a positive\ninteger, and may not name a fraction or a negative number at any time.\n{WRAPPED_PREAMBLE}EXAMINING A CARD – 2016-11-02\nWhen a card instructs you to examine a card or set of cards, the examined\ncards do not change location until a card instructs you to change them.\n"
    );
    let doc = parse_document("r.txt", &doc, 0).unwrap();
    let topics: Vec<&str> = doc.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["NAMING A NUMBER", "EXAMINING A CARD"]);
    assert_eq!(doc.date.to_string(), "2017-06-06");
}

#[test]
fn a_dash_head_alone_whose_words_after_the_dash_name_something_is_one_topic() {
    let doc = format!(
        "{FM}{WRAPPED_PREAMBLE}Bok
This personnel does not count as a DaiMon in any rule or on any card.
Borg – The Delta Quadrant and Borg Outpost
The rule that you may not report cards to a Borg Outpost in the Alpha
or Gamma Quadrants has been modified to follow native quadrant rules.
dilemmas – DNA-related
This Glossary entry has been deleted, and androids are now treated as
every other personnel is by all dilemmas that name DNA in their text.
"
    );
    assert_eq!(
        topics(&doc),
        [
            "Bok",
            "Borg – The Delta Quadrant and Borg Outpost",
            "dilemmas – DNA-related"
        ]
    );
}

#[test]
fn a_wrapped_line_short_of_the_measure_ends_its_paragraph_before_a_head() {
    let doc = format!(
        "{FM}{WRAPPED_PREAMBLE}\nskills – Whenever all skills are added to or subtracted from a card, all levels
of those skills are added or subtracted, as the Glossary has long said about
every card that adds or subtracts skills, including the ones that add one.
Whenever a card adds or subtracts a skill, the card is said to modify
it: such are added or subtracted
winning the game – A player wins the game when he or she has 100 points or
more, or when the opponent can no longer draw a card or play a card.
"
    );
    assert_eq!(topics(&doc), ["skills", "winning the game"]);
}

#[test]
fn a_line_cut_inside_a_quotation_is_no_topic() {
    let doc = format!(
        "{FM}*dilemmas – resolution – targets – The
“Targets” section of the “dilemmas –
resolution” Glossary entry has been deleted and replaced with a new one.

dual-icon missions – When a Space/Planet dilemma is encountered during a
dual-icon mission attempt, the player attempting it must choose.
"
    );
    assert_eq!(
        topics(&doc),
        ["dilemmas – resolution – targets", "dual-icon missions"]
    );
}

#[test]
fn a_word_a_wrap_broke_with_a_hyphen_is_joined_whole() {
    // Narrow columns through `pdftotext -layout`: a body's word and a
    // head in capitals broken at the measure, which joined with a space
    // would read as `a num - ber` (a head's dash) and two heads.
    let doc = format!(
        "{FM}{WRAPPED_PREAMBLE}
NAMING A NUMBER –
When a player names a num-
ber, he or she must choose zero or a
positive integer, and no card may make it
a fraction, whatever the card says.

NESTED PLAY ABILI-
TIES – 2015-11-16
Cards with \"when you play\"
abilities may cause additional cards

to be played in Step 8 or 9 of the
Playing a Card sequence, and so on.
"
    );
    assert_eq!(topics(&doc), ["NAMING A NUMBER", "NESTED PLAY ABILITIES"]);
    let text = text_of(&doc, "NAMING A NUMBER");
    assert!(text.contains("names a number, he"), "{text}");
}

#[test]
fn heads_alone_in_a_text_copy_tell_the_order_and_their_short_bodies() {
    // `pdftotext -layout` of a document whose heads stood alone, bold lost:
    // before the heads are known, too few lines have a head's shape to tell
    // the order; the heads taken tell it. A head's body may be a short
    // editing instruction, an icon may end a head, and an erratum mark may
    // stand on the line under its card's name.
    let doc = format!(
        "{FM}{WRAPPED_PREAMBLE}
Alien Parasites

Replace the first sentence of the final paragraph with the words below.

Continuing Mission
Erratum:

Seed one on table. You may download one card, and each turn you may
draw a card when you play a personnel of the right kind.

Dilemma Resolution

Add this paragraph before \"Triggers\"

Multisection Dilemmas: some dilemmas have more than one section.

Reactor Core icon 🏭

A card with this icon is related to the series, and it has no built in
gameplay function of its own.

Sam Lavelle

Erratum:

This card has updated lore:

Typical ensign eagerly chasing a promotion.

scouting location

Add the following

You may only scout a location that has a point box.

seed phase

The only actions you may take during the seed phases are seeding cards.
"
    );
    assert_eq!(
        topics(&doc),
        [
            "Alien Parasites",
            "Continuing Mission",
            "Dilemma Resolution",
            "Reactor Core icon 🏭",
            "Sam Lavelle",
            "scouting location",
            "seed phase"
        ]
    );
}

#[test]
fn a_title_wrapped_after_its_month_is_the_title_and_dates_the_document() {
    for (title, date) in [
        ("Current Rulings March\n2000\n", None),
        (
            "Current Rulings Document February\n6, 2012\n",
            NaiveDate::from_ymd_opt(2012, 2, 6),
        ),
    ] {
        let doc = format!(
            "First Edition\n{title}\nCurrent Rulings are periodic updates to the Rulebook and Glossary.\n\nBorg – The Borg are a species.\n\nexternal phenomena – Cloaked ships are not affected by external\nphenomena (for example, Q-\nNet, Temporal Rift and Supernova).\n"
        );
        let release = parse_document("t.txt", &doc, 0).unwrap();
        let topics: Vec<&str> = release.entries.iter().map(|e| e.topic.as_str()).collect();
        // The title is no entry; a line cut inside an aside is no topic.
        assert_eq!(topics, ["Borg", "external phenomena"], "{title}");
        if let Some(date) = date {
            assert_eq!(release.date, date, "{title}");
        }
    }
}

#[test]
fn an_index_topic_filed_by_its_noun_is_a_head_and_a_clause_is_not() {
    let doc = format!(
        "{FM}The printed attributes of a card are public knowledge, as every player can see them.\n\n\
         attributes, ship\n\n\
         The printed attributes of a ship are public knowledge.\n\n\
         however, the\n\n\
         Response actions can only be used once per dilemma.\n"
    );
    assert_eq!(topics(&doc), ["attributes, ship"]);
}

#[test]
fn a_numbered_head_after_a_sentence_left_without_its_stop_opens_an_entry() {
    // A text copy of a PDF of an alphabetical list: the source left
    // `subtracted` without its full stop, and the line after it is the next
    // numbered entry, no topic's first words.
    let doc = format!(
        "{FM}1.1 abilities – An ability printed on a card is used only as the card says, and never more.\n\
         1.2 cannot / may not – Game text which forbids an action cannot be overridden except as stated.\n\
         1.3 dilemmas – A dilemma that selects several personnel selects them all as one action.\n\
         1.4 infinite loops – A player may not repeat a set of actions without end in one turn.\n\
         1.5 requirements – A mission's printed requirements are always active unless replaced.\n\
         1.6 showing your cards – Any player may view any card in any discard pile or any card that has\n\
         been removed from the game at any time.\n\
         1.7 skills – Whenever \"all skills\" are added to or subtracted from a card, all levels of those skills are\n\
         added or subtracted\n\
         1.8 winning the game – A player wins the game when he or she:\n\
         • has 100 points (or more);\n\
         • commands at least one completed planet mission.\n"
    );
    let release = parse_document("t.txt", &doc, 0).unwrap();
    let topics: Vec<&str> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(
        topics,
        [
            "abilities",
            "cannot / may not",
            "dilemmas",
            "infinite loops",
            "requirements",
            "showing your cards",
            "skills",
            "winning the game"
        ]
    );
}

#[test]
fn a_head_set_apart_after_a_sentence_left_without_its_stop_is_a_head() {
    let doc = format!(
        "{FM}skills\n\n\
         Whenever \"all skills\" are added to or subtracted from a card, all levels of those skills are added or\n\
         subtracted\n\n\
         winning the game\n\n\
         A player wins the game when he or she has 100 points and commands at least one completed planet\n\
         mission and one completed space mission.\n\n\
         Naming\n\n\
         a\n\n\
         Number\n\n\
         When a player names a number, he or she must choose zero or a positive integer, never a fraction.\n"
    );
    // `a` / `Number` are a head's words a column scattered, after a
    // paragraph that is no sentence: they stay text.
    assert_eq!(topics(&doc), ["skills", "winning the game"]);
}

#[test]
fn where_heads_stand_alone_one_after_a_full_line_left_without_its_stop_is_a_head() {
    // A text copy of one column: the heads alone between blank lines, and
    // `skills` left without its full stop, its last line run to the
    // measure, so the next head follows it with no blank line. The measure
    // cannot tell whether `winning` would have fit; the document's other
    // heads alone tell that a short line over a sentence is one.
    let doc = format!(
        "{FM}The characteristics of a card may not be used to meet\n\
         requirements of its abilities while the card is being played\n\
         for the first time, nor while its play is still resolved.\n\n\
         requirements\n\
         A mission's printed requirements are always active unless\n\
         they are replaced by the game text of another card.\n\n\
         response actions\n\
         Response actions triggered when personnel are facing a\n\
         dilemma can only be used once per dilemma they face.\n\n\
         selected\n\
         Any game text that includes the words select or choose is\n\
         a selection, whoever makes it and whenever it is made.\n\n\
         showing your cards\n\
         Any player may view any card in any discard pile or any card\n\
         that has been removed from the game at any time at all.\n\n\
         skills\n\
         Whenever all skills are added to or subtracted from a card,\n\
         all levels of those skills are added or subtracted in full\n\
         winning the game\n\
         A player wins the game when he or she has 100 points and\n\
         commands one completed planet and one space mission.\n"
    );
    assert_eq!(
        topics(&doc),
        [
            "requirements",
            "response actions",
            "selected",
            "showing your cards",
            "skills",
            "winning the game"
        ]
    );
}

#[test]
fn a_head_alone_after_a_paragraph_that_ended_short_of_the_measure_is_a_head() {
    // `pdftotext -layout`: heads indented alone on their lines, bodies at
    // the margin, and a paragraph whose source left off its full stop.
    let doc = format!(
        "{FM}This document gathers the rulings of the game that are in force now, for players.\n\
         \x20      skills\n\
         Whenever \"all skills\" are added to or subtracted from a card, all levels of those skills are added or sub-\n\
         tracted\n\
         \x20     winning the game\n\
         A player wins the game when he or she has 100 points (or more), commands at least one completed\n\
         planet mission and commands at least one completed space mission, all at the same time.\n\
         \x20     William T. Riker, Jean-Luc\n\
         Picard, and Captain Picard are\n\
         Human\n\
         Stefan deSeve is Human\n\
         Vina is Orion\n\
         Arandis is Risian.\n"
    );
    // The short lines of a list ended short as well, but the line after
    // one is no body of prose: no head there.
    assert_eq!(topics(&doc), ["skills", "winning the game"]);
}

#[test]
fn a_new_tag_before_a_head_with_a_sub_topic_is_no_part_of_its_topic() {
    // Where heads carry sub-topics, the document's usual separator decides
    // where each topic ends; the tag in front is still no word of it.
    let doc = "First Edition Current Rulings March 27, 2000\n\n\
         Devidian Door – Because calling it is an effect, it counts against the limit of a portal.\n\n\
         NEW dilemmas – resolution – The next-to-last paragraph of this Glossary entry has been\n\
         deleted. See dilemmas – resolution – targets.\n\n\
         dilemmas – timing – A dilemma is resolved in full before the next one is encountered.\n";
    assert_eq!(
        heads_marked_new("t.txt", doc),
        [
            "Devidian Door",
            "*dilemmas – resolution",
            "dilemmas – timing"
        ]
    );
}

#[test]
fn a_head_alone_with_a_new_asterisk_stands_over_a_body_in_lower_case() {
    // A text copy that kept no bold: heads alone on their lines, and a
    // Glossary's definition that opens in lower case under a new head.
    let doc = format!(
        "{FM}This document gathers the rulings of the game that are in force now, for\n\
         players and for the tournament directors who settle their questions.\n\
         corresponding\n\
         The corresponding spaceline location for a time location is the one in\n\
         the same quadrant as the time location, which has its location name.\n\
         *couple\n\
         a personnel and their romantic partner.\n\
         Deep Space 9 icon\n\
         A card with this icon is related to the television series. It has no\n\
         built in gameplay function and will be referenced on other cards.\n"
    );
    assert_eq!(
        heads_marked_new("t.md", &doc),
        ["corresponding", "*couple", "Deep Space 9 icon"]
    );
}

#[test]
fn a_head_whose_body_edits_a_rule_ends_the_text_a_head_before_it_quoted() {
    // Pasted text: each paragraph a line. What `Add a new sidebar …:`
    // announces is quoted, but a head that says how to edit another rule
    // is no line of that quote.
    let doc = format!(
        "{FM}4.2: Mission Phase – Add a new sidebar, 4.2.0.3: Shared Missions are Both Players':\n\
         Clarification: Since both players seeded any shared mission, a shared mission is both players'.\n\
         7.4.2: Personnel Battle & 7.4.3: Ship Battle – Revise as follows:\n\
         PERSONNEL BATTLE (7.4.2)\n\
         Determine Winner: Add the total STRENGTH of each force's combatants who are not stunned.\n\
         points – In the third paragraph, delete: in your final score for the game\n"
    );
    assert_eq!(
        topics(&doc),
        [
            "4.2: Mission Phase",
            "7.4.2: Personnel Battle & 7.4.3: Ship Battle",
            "points"
        ]
    );
}

#[test]
fn heads_alone_on_a_dash_outvote_the_labels_of_a_list_that_lost_its_numbers() {
    // `pdftotext` of a numbered list drops the numbers: the steps' labels
    // read as colon heads. The document's own heads stand alone on their
    // lines, ending on a dash, and count against them.
    let doc = format!(
        "{FM}4.2: Mission Phase –\n\
         Add a new sidebar on shared missions.\n\
         7.4.2: Personnel Battle –\n\
         The battle proceeds in stages, each in turn.\n\
         Form Up: Set aside personnel who are disabled, stunned, or\n\
         otherwise excluded from battle.\n\
         Open Fire: Compute the attacking force's ATTACK total by\n\
         adding all WEAPONS.\n\
         Return Fire: If the defending force is returning fire, repeat\n\
         the stage with the forces reversed.\n\
         become –\n\
         A card that becomes a characteristic loses any other of the same kind.\n\
         points –\n\
         In the third paragraph, delete: or for calculating differential\n"
    );
    assert_eq!(
        topics(&doc),
        [
            "4.2: Mission Phase",
            "7.4.2: Personnel Battle",
            "become",
            "points"
        ]
    );
}

#[test]
fn a_part_name_in_capitals_between_two_sentences_is_a_heading() {
    // Pasted text runs each heading into the paragraphs around it.
    let doc = format!(
        "{FM}points – In the third paragraph, delete: or for calculating differential\n\n\
         Tournament scoring rules are given in the Organized Play Guide. FORMAT UPDATES\n\n\
         There are no new format changes. TEMPORARY RULING UPDATES The temporary ruling \
         about unique dilemmas remains in place this month.\n"
    );
    let document = parse_document("t.md", &doc, 0).unwrap();
    let last = document.entries.last().unwrap();
    assert_eq!(last.topic, "TEMPORARY RULING UPDATES");
    assert!(last
        .text
        .starts_with("The temporary ruling about unique dilemmas"));
}

#[test]
fn a_head_s_date_broken_at_its_hyphen_is_joined_whole() {
    // A narrow column wraps a head's date at one of its hyphens.
    let doc = "Second Edition Rulings\nJune 6, 2017\n\n\
         Set Up – 2017-06-06\nWhen you reveal this card, you may\n\
         destroy it to pay the cost of\nanother card you reveal with it.\n\n\
         One-Time Broadcast Abilities – 2016-\n09-19\nWhen an ability is used, it will\n\
         only affect personnel in play at\nthat time. If you gain command of\n\
         more personnel later, the effect is\nnot applied to them.\n";
    let document = parse_document("t.txt", doc, 0).unwrap();
    let broadcast = &document.entries[1];
    assert_eq!(broadcast.topic, "One-Time Broadcast Abilities");
    assert_eq!(
        broadcast.date,
        NaiveDate::from_ymd_opt(2016, 9, 19).unwrap()
    );
}

#[test]
fn a_head_over_its_ruling_under_an_empty_contents_opens_an_entry() {
    // A converter dropped the contents' items and kept their heading: the
    // first head under it, over a sentence of ruling, is no item of it.
    let doc = format!(
        "{FM}**Contents**\n\n**Naming a Number**\n\n\
         When a player names a number, he or she must choose zero or a positive integer.\n\n\
         **Set Up**\n\nWhen this event's text is used, choose one personnel first.\n"
    );
    assert_eq!(topics(&doc), ["Naming a Number", "Set Up"]);
    // Items of a contents that was kept are still no heads.
    let doc = format!(
        "{FM}**Contents**\n\nNaming a Number\n\nSet Up\n\n\
         **Naming a Number**\n\nWhen a player names a number, he or she must choose zero.\n\n\
         **Set Up**\n\nWhen this event's text is used, choose one personnel first.\n"
    );
    assert_eq!(topics(&doc), ["Naming a Number", "Set Up"]);
}

#[test]
fn a_head_in_capitals_opens_an_entry_after_a_line_that_ran_on() {
    // Heads set in capitals, a text copy wrapped to its measure, and a
    // ruling printed without its full stop: the next head in capitals is
    // still a head.
    let doc = format!(
        "{FM}ACTIONS – An action is anything a player does with a card, whether\n\
         playing it or using its game text, and each one is completed in turn.\n\
         BATTLE – A battle is fought between two forces that are present with\n\
         each other, and the winner is the force with the greater total.\n\
         DILEMMAS – A dilemma is encountered when it is revealed, one at a time\n\
         and in the order the player who seeded them chose when seeding them.\n\
         SKILLS – Whenever all skills are added to or subtracted from a card, all\n\
         levels of those skills are added or subtracted from that card in full\n\
         WINNING THE GAME – A player wins the game when he or she has 100 points\n\
         and commands at least one completed planet and one space mission.\n"
    );
    assert_eq!(
        topics(&doc),
        [
            "ACTIONS",
            "BATTLE",
            "DILEMMAS",
            "SKILLS",
            "WINNING THE GAME"
        ]
    );
}

#[test]
fn a_dash_on_a_line_of_its_own_ends_the_head_above_it() {
    // A text copy of underlined heads sets each head's dash on the line
    // under it; repeated on every entry, the dash is no running header.
    let doc = format!(
        "{FM}facility commander\n–\nYour personnel aboard your facility is its commander.\n\n\
         DS9\n–\nReferences in lore to \"DS9\" are equivalent to \"Deep Space 9.\"\n\n\
         faction\n–\nA faction is a group of personnel that share a cause.\n"
    );
    assert_eq!(topics(&doc), ["facility commander", "DS9", "faction"]);
}

#[test]
fn a_compound_broken_at_its_own_hyphen_is_no_head() {
    // `Q-` / `card and tactic.`: the wrap broke "Q-card" at its hyphen, and
    // the line before it goes on; the next entries are read as they stand.
    let doc = format!(
        "{FM}card types – The card types of the game are listed on each\n\
         card: personnel, ship, facility, equipment, event, interrupt,\n\
         dilemma, mission, artifact, objective, doorway, incident, Q-\n\
         card and tactic.\n\n\
         cloaking device – A ship with the Cloaking Device special\n\
         equipment may cloak at the start of your turn, and a cloaked\n\
         ship may not be targeted by any card that would target it.\n\n\
         cumulative – A cumulative card's effects add to those of other\n\
         copies of it in play, unless the card says that the effects of\n\
         its copies do not add up, as a few older cards say.\n"
    );
    let document = parse_document("t.md", &doc, 0).unwrap();
    let topics: Vec<&str> = document.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["card types", "cloaking device", "cumulative"]);
    assert!(document.entries[0]
        .text
        .contains("incident, Q-card and tactic."));
}

#[test]
fn a_title_that_opens_a_hard_wrapped_text_with_its_date_ends_there() {
    // The title line and its date, then a preamble wrapped to the measure:
    // the title is no first line of the preamble's paragraph.
    let doc = "          Current Rulings Version 2.5.4 — March 2000\n\
         \x20      Current Rulings are periodic updates to the Rulebook and Glossary, including clarifi-\n\
         cations and situations not addressed in the Rulebook, Glossary or the rules supple-\n\
         ments. Current Rulings are the official supplement to the Rulebook and should be\n\
         used by tournament directors in making tournament rulings at their tables.\n\
         Borg – The Borg may not attempt missions. They use Objective cards to accomplish\n\
         their goals, as the Glossary entry for them describes in full for every player.\n\
         cloaking – A cloaked ship may not be targeted by any card or rule that would tar-\n\
         get it, and it may not attack, though it may move along the spaceline as usual.\n";
    let release = parse_document("t.txt", doc, 0).unwrap();
    assert_eq!(release.date, NaiveDate::from_ymd_opt(2000, 3, 1).unwrap());
    let topics: Vec<&str> = release.entries.iter().map(|e| e.topic.as_str()).collect();
    assert_eq!(topics, ["Borg", "cloaking"]);
}

/// Each entry's topic and date.
fn dated_topics(text: &str) -> Vec<(String, NaiveDate)> {
    parse_document("t.txt", text, 0)
        .unwrap()
        .entries
        .into_iter()
        .map(|e| (e.topic, e.date))
        .collect()
}

#[test]
fn a_date_alone_under_each_head_dates_it_and_is_no_running_header() {
    // A text copy of a rulings page: each head over its date, both alone on
    // their lines, and no blank line after the title. The date lines share
    // a shape on every entry, as a running header's do, but each sits under
    // a topic printed once.
    let doc = "Star Trek Customizable Card Game\nThe Continuing Committee\n\n\
         Second Edition Rulings\nJune 6, 2017\n\
         Naming a Number\n2017-06-06\n\
         When a player names a number, he or she must choose zero or a positive integer.\n\
         Examining a Card\n2016-11-02\n\
         When a card instructs you to \"examine\" a card or set of cards, the examined cards do not change\n\
         location until and unless a card instructs you to change their locations.\n\
         Set Up\n2016-09-19\n\
         When this event's text is used on a random selection involving more than one personnel, the player\n\
         using Set Up chooses one personnel to be included in the selection, then the remainder of that\n\
         random selection occurs as usual (multiple copies would each select one personnel to be included).\n\
         Alpha 5 Approach\n2016-05-02\n\
         This mission does not list any affiliation icons, so any affiliation may attempt it; the personnel\n\
         of every affiliation may attempt it, as its game text allows, whatever their icons say of them.\n";
    let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    assert_eq!(
        dated_topics(doc),
        [
            ("Naming a Number".to_string(), date(2017, 6, 6)),
            ("Examining a Card".to_string(), date(2016, 11, 2)),
            ("Set Up".to_string(), date(2016, 9, 19)),
            ("Alpha 5 Approach".to_string(), date(2016, 5, 2)),
        ]
    );
}

#[test]
fn under_a_title_with_its_date_a_head_and_its_date_are_no_title_block() {
    let doc = "                   Second Edition Rulings (6 June 2017)\n\n\
         Naming a Number\n\n2017-06-06\n\n\
         When a player names a number, he or she must choose zero or a positive integer.\n\n\
         Examining a Card\n\n2016-11-02\n\n\
         When a card instructs you to examine a card, the examined cards do not change location.\n";
    let topics: Vec<String> = dated_topics(doc).into_iter().map(|(t, _)| t).collect();
    assert_eq!(topics, ["Naming a Number", "Examining a Card"]);
}
