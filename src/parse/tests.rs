//! Document-level shapes: each rule of head detection and assembly, on small
//! documents written for the case.

use chrono::NaiveDate;

use super::parse_document;
use crate::error::DocumentError;
use crate::model::{Edition, EntryKind, ReleaseKind};

mod kinds;

mod text_copies;

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
    // No edition named: read all the same, marked unknown.
    let no_edition = crate::parse::read_document(
        "b.txt",
        "Rulings of 2015-01-01\n\nfaction – Text here.\n",
        0,
    )
    .unwrap();
    assert_eq!(
        no_edition.found.edition,
        crate::parse::about::Source::Unknown
    );
    assert_eq!(no_edition.release.entries.len(), 1);
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
