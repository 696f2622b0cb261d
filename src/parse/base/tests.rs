//! Tests of `base`.

use super::*;

#[test]
fn a_section_head_with_its_body_run_in_is_cut_from_it() {
    let cut = |line: &'static str| {
        head_of(line).map(|((number, title), body)| (number, title, body.unwrap_or("")))
    };
    assert_eq!(
        cut("7.4.2: Personnel Battle Personnel battles are fought between two forces."),
        Some((
            "7.4.2".into(),
            "Personnel Battle".into(),
            "Personnel battles are fought between two forces."
        ))
    );
    assert_eq!(
        cut("1 INTRODUCTION This Compendium explains how to play the game."),
        Some((
            "1".into(),
            "INTRODUCTION".into(),
            "This Compendium explains how to play the game."
        ))
    );
    assert_eq!(
        cut("7.5 Damage and Repairs A damaged ship may be repaired at a facility."),
        Some((
            "7.5".into(),
            "Damage and Repairs".into(),
            "A damaged ship may be repaired at a facility."
        ))
    );
    // A copy may set a dash between the head and its body.
    assert_eq!(
        cut("6.3.1 DUPLICATION AND PERSONAS –  You may not have two copies in play."),
        Some((
            "6.3.1".into(),
            "DUPLICATION AND PERSONAS".into(),
            "You may not have two copies in play."
        ))
    );
    assert_eq!(
        cut("7.4.2: Personnel Battle – Personnel battles are fought between two forces."),
        Some((
            "7.4.2".into(),
            "Personnel Battle".into(),
            "Personnel battles are fought between two forces."
        ))
    );
    // A sentence that opens with a number, and a step of a procedure,
    // are no heads.
    assert_eq!(
        cut("2 Personnel are stopped when they lose a battle."),
        None
    );
    assert_eq!(cut("3 OF THEM are stopped."), None);
    assert_eq!(
        cut("1. Initiation: The attacking player announces an attack."),
        None
    );
}

#[test]
fn section_heads_in_the_printed_forms() {
    assert_eq!(
        section_head("6.3.1 DUPLICATION AND PERSONAS"),
        Some(("6.3.1".into(), "DUPLICATION AND PERSONAS".into()))
    );
    assert_eq!(
        section_head("7.4.2: Personnel Battle"),
        Some(("7.4.2".into(), "Personnel Battle".into()))
    );
    assert_eq!(
        section_head("## 7 BATTLE"),
        Some(("7".into(), "BATTLE".into()))
    );
    // A new marker before the number is no part of the head.
    assert_eq!(
        section_head("*6.3.1 DUPLICATION AND PERSONAS –"),
        Some(("6.3.1".into(), "DUPLICATION AND PERSONAS".into()))
    );
    assert_eq!(
        section_head("NEW 7.4.3: Ship Battle"),
        Some(("7.4.3".into(), "Ship Battle".into()))
    );
    assert_eq!(without_new_marker("**7 BATTLE**"), (false, "**7 BATTLE**"));
    // A numbered step of a procedure is no section.
    assert_eq!(
        section_head("1. *Initiation*: The attacking player announces."),
        None
    );
    assert_eq!(section_head("2. Responses"), None);
    assert_eq!(
        section_head("7.4.2 the force with the higher total wins."),
        None
    );
    // A dash between the number and the title, or the word "Section"
    // before the number (as the Organized Play Guide prints them).
    assert_eq!(
        section_head("7.4.1 – Calculating Differential"),
        Some(("7.4.1".into(), "Calculating Differential".into()))
    );
    assert_eq!(
        section_head("11.2.2 - Trek Masters"),
        Some(("11.2.2".into(), "Trek Masters".into()))
    );
    assert_eq!(
        section_head("Section 12: Guidelines for Online Play"),
        Some(("12".into(), "Guidelines for Online Play".into()))
    );
    // Without a dot in the number, the word alone makes it a head: a
    // bare number and a title in small letters is a step.
    assert_eq!(section_head("12: Guidelines for online play"), None);
    // A dash run into a sentence is no head.
    assert_eq!(
        section_head("7.4.1 – the winner's points less the loser's."),
        None
    );
}

#[test]
fn sidebars_open_their_own_blocks_without_blank_lines() {
    // A Compendium copied as text: no blank line between paragraphs,
    // a label indented as the page set it, and a page break (a form
    // feed) opening a line.
    let text = "First Edition Rules Compendium\n2022-10-03\n\n4 TURN SEQUENCE\nEach turn has three phases.\n4.2: Mission Phase\nThe missions are laid out at the start of the game.\n      Tip: Lay out your missions so that your\nopponent's ships must travel far.\n6.3.1 DUPLICATION AND PERSONAS –\nYou may not have two copies of the same unique card in play. A\nNote: in the middle of a sentence is no sidebar.\n\x0cException: A universal personnel may be duplicated.\nBorg Rule: The Borg do not count personas among drones.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    let topics = super::super::topics_of(&reading);
    assert_eq!(
        topics,
        [
            "4 TURN SEQUENCE",
            "4.2 Mission Phase",
            "4.2 Mission Phase – Tip",
            "6.3.1 DUPLICATION AND PERSONAS",
            "6.3.1 DUPLICATION AND PERSONAS – Exception",
            "6.3.1 DUPLICATION AND PERSONAS – Borg Rule",
        ]
    );
    let tip = &reading.release.entries[2];
    assert_eq!(
        tip.text,
        "Lay out your missions so that your\nopponent's ships must travel far."
    );
    assert!(reading.release.entries[3]
        .text
        .contains("Note: in the middle"));
}

#[test]
fn a_title_under_a_banner_that_names_the_edition_is_the_title() {
    // The banner names the edition, the title does not; the preamble
    // names it too. The title, a Markdown heading with a dash and a
    // date, is never an entry.
    for title in [
        "# Rules Compendium, Version 2.7.4 — 2022-10-03",
        "Rules Compendium, Version 2.7.4 — 2022-10-03",
    ] {
        let text = format!("STAR TREK CUSTOMIZABLE CARD GAME\n\nFirst Edition\n\n{title}\n\nThe Rules Compendium gathers the rules of the First Edition game.\n\nTemporary Rulings\n\nunique dilemmas – Until further notice, a unique dilemma is not in play.\n\nforces winning battles – Until further notice, a force wins only if its controller does not control the other.\n\n4 TURN SEQUENCE\nEach turn has three phases.\n");
        let reading = super::super::read_document("c.txt", &text, 0).expect("read");
        assert_eq!(reading.release.kind, ReleaseKind::Compendium, "{title}");
        assert_eq!(reading.release.date.to_string(), "2022-10-03", "{title}");
        assert_eq!(
            super::super::topics_of(&reading),
            [
                "unique dilemmas",
                "forces winning battles",
                "4 TURN SEQUENCE"
            ],
            "{title}"
        );
    }
}

#[test]
fn the_documents_name_at_the_top_of_a_page_leaves_the_section_open() {
    let text = "Rules Compendium, Version 2.7.4 — October 2022\n\n\
            STAR TREK CUSTOMIZABLE CARD GAME\n\nFirst Edition\n\n\
            Rules Compendium, Version 2.7.4\n\n\
            7 BATTLE\n\nBattle is a way to stop your opponent's cards.\n\n\
            7.4.3: Ship Battle\n\n\
            \u{c}Rules Compendium, Version 2.7.4 — October 2022\n\n\
            A ship battle is fought between two space forces.\n\n\
            Open Rules: The order in which damage is applied is not yet ruled.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    assert_eq!(
        super::super::topics_of(&reading),
        [
            "7 BATTLE",
            "7.4.3 Ship Battle",
            "7.4.3 Ship Battle – Open Rules"
        ]
    );
    assert_eq!(
        reading.release.entries[1].text,
        "A ship battle is fought between two space forces."
    );
}

#[test]
fn a_parts_name_a_paste_ran_onto_a_paragraph_opens_the_part() {
    let text = "First Edition Rules Compendium\n2022-10-03\n\n\
            The Compendium gathers the rules in one document. Temporary Rulings\n\
            unique dilemmas – Until further notice, a unique dilemma under a mission is not in play.\n\n\
            7 BATTLE\n\n\
            7.5 Damage and Repairs A damaged ship may be repaired at a facility. Glossary\n\n\
            become – When a card \"becomes\" a characteristic, it gains it.\n\n\
            stopped – A stopped card cannot move.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    let topics = super::super::topics_of(&reading);
    assert_eq!(
        topics,
        [
            "unique dilemmas",
            "7 BATTLE",
            "7.5 Damage and Repairs",
            "become",
            "stopped"
        ]
    );
    let section = &reading.release.entries[2];
    assert_eq!(
        section.text,
        "A damaged ship may be repaired at a facility."
    );
    let counts = reading.base.expect("a base");
    assert_eq!((counts.glossary, counts.temporary), (2, 1));
}

#[test]
fn heads_and_labels_a_paste_ran_onto_a_line_are_cut_off() {
    // Pasted text keeps a paragraph a line, but runs a head or a
    // sidebar onto the end of the sentence before it.
    let text = "First Edition Rules Compendium\n2022-10-03\n\n4.2: Mission Phase The missions are laid out at the start of the game.\n\nTip: Lay out your missions so that your opponent's ships must travel far. 6.3.1 DUPLICATION AND PERSONAS – \n\nYou may not have two copies of the same unique card in play.\n\nException: A universal personnel may be duplicated. Borg Rule: The Borg do not count personas among drones.\n\n7 BATTLE Battle is a way to stop your opponent's cards. 7.4.2: Personnel Battle\nIn combat, a combatant may stun it. Clarifications: Forces: A force is all the personnel of one player. See 7.4 for more. Note that 7.4 Battle rules apply.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    let topics = super::super::topics_of(&reading);
    assert_eq!(
        topics,
        [
            "4.2 Mission Phase",
            "4.2 Mission Phase – Tip",
            "6.3.1 DUPLICATION AND PERSONAS",
            "6.3.1 DUPLICATION AND PERSONAS – Exception",
            "6.3.1 DUPLICATION AND PERSONAS – Borg Rule",
            "7 BATTLE",
            "7.4.2 Personnel Battle",
            "7.4.2 Personnel Battle – Clarifications: Forces",
        ]
    );
    let text_of = |topic: &str| {
        let entry = reading.release.entries.iter().find(|e| e.topic == topic);
        entry.map(|e| e.text.as_str()).expect("entry")
    };
    assert_eq!(
        text_of("4.2 Mission Phase – Tip"),
        "Lay out your missions so that your opponent's ships must travel far."
    );
    // A number inside a sentence opens nothing.
    assert!(text_of("7.4.2 Personnel Battle – Clarifications: Forces")
        .ends_with("See 7.4 for more. Note that 7.4 Battle rules apply."));
    assert_eq!(
        run_together("The end. 7.4.2: Personnel Battle"),
        ["The end.", "7.4.2: Personnel Battle"]
    );
}

#[test]
fn a_sidebar_label_a_wrap_broke_is_read_whole() {
    let text = "First Edition Rules Compendium\n2022-10-03\n\n7.4.3: Ship Battle\nA ship battle is fought be-\ntween two space forces.\nClarifications: Multitarget-\ning: Some cards allow a ship to tar-\nget more than one ship.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    let topics = super::super::topics_of(&reading);
    assert_eq!(
        topics,
        [
            "7.4.3 Ship Battle",
            "7.4.3 Ship Battle – Clarifications: Multitargeting"
        ]
    );
    assert!(reading.release.entries[0].text.contains("fought between"));
}

#[test]
fn a_table_of_contents_names_parts_without_opening_them() {
    let text = "First Edition Rules Compendium\n\n(3 October 2022)\n\n**Contents**\n\nTemporary Rulings\n\n1 INTRODUCTION ........ 2\n\n7 BATTLE 5\n\nGlossary\n\nChange Log\n\nThe Rules Compendium gathers the rules.\n\n## Temporary Rulings\n\n**unique dilemmas** – Until further notice, no.\n\n## 1 INTRODUCTION\n\nThis Compendium explains how to play.\n\n## 7 BATTLE\n\nBattle is a way to stop cards.\n\n## Glossary\n\n**become** – When a card becomes.\n";
    let reading = super::super::read_document("c.md", text, 0).expect("read");
    let topics = super::super::topics_of(&reading);
    assert_eq!(
        topics,
        ["unique dilemmas", "1 INTRODUCTION", "7 BATTLE", "become"]
    );
    assert!(is_contents_line("4.2 Mission Phase ........ 12"));
    assert!(!is_contents_line("The Rules Compendium gathers the rules."));
    assert!(!is_contents_line("**NAMING A NUMBER** – 2017-06-06"));
    assert!(!is_contents_line("actions – interrupting actions"));
}

#[test]
fn a_capitals_head_wrapped_in_a_narrow_column_is_one_head() {
    assert_eq!(
        head_goes_on("DUPLICATION                     AND", "PERSONAS –"),
        Some("PERSONAS".into())
    );
    // A sentence, a line in lower case, or another head goes on nothing.
    assert_eq!(
        head_goes_on("DUPLICATION AND PERSONAS", "You may not."),
        None
    );
    assert_eq!(head_goes_on("Personnel Battle", "PERSONAS"), None);
    assert_eq!(head_goes_on("7 BATTLE", "7.4.2: PERSONNEL BATTLE"), None);
    let text = "First Edition Rules Compendium\n2022-10-03\n\n6.3.1 DUPLICATION     AND\nPERSONAS –\nYou may not have two copies.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    assert_eq!(
        reading.release.entries[0].topic,
        "6.3.1 DUPLICATION AND PERSONAS"
    );
}

#[test]
fn a_parts_name_run_into_its_first_head_opens_the_part() {
    // Pasted text: the Glossary's name and its first head on one line,
    // after the numbered sections.
    let text = "First Edition Rules Compendium\n2022-10-03\n\n7.5 Damage and Repairs –\nA damaged ship may be repaired at a facility.\nGlossary become – When a card becomes a characteristic, it gains it.\npoints – Points are scored by solving missions.\nstopped – A stopped card cannot move.\n";
    let reading = super::super::read_document("c.txt", text, 0).expect("read");
    let topics = super::super::topics_of(&reading);
    assert_eq!(
        topics,
        ["7.5 Damage and Repairs", "become", "points", "stopped"]
    );
    assert_eq!(reading.release.entries[1].line, 6);
}

#[test]
fn part_headings_and_section_numbers() {
    assert_eq!(part_heading("## Temporary Rulings"), Some(Part::Temporary));
    assert_eq!(part_heading("ERRATA"), Some(Part::Errata));
    assert_eq!(part_heading("Change Log"), Some(Part::ChangeLog));
    assert_eq!(part_heading("Glossary updates are monthly."), None);
    // An appendix's label before the part's name.
    assert_eq!(part_heading("APPENDIX A: ERRATA"), Some(Part::Errata));
    assert_eq!(
        part_heading("## Appendix B \u{2013} Change Log"),
        Some(Part::ChangeLog)
    );
    assert_eq!(part_heading("Appendix 2. Card Errata"), Some(Part::Errata));
    assert_eq!(part_heading("Appendix A"), None);
    assert_eq!(part_heading("ICON LEGEND"), Some(Part::Icons));
    assert_eq!(part_heading("Icon legend of the game, in full."), None);
    assert!(is_section_number("7.4.2"));
    assert!(!is_section_number("7.4.2 battle"));
    assert_eq!(
        section_number("7.4.2: Personnel Battle & 7.4.3"),
        Some("7.4.2")
    );
    assert_eq!(section_number("points"), None);
    assert_eq!(
        section_numbers("7.4.2: Personnel Battle & 7.4.3: Ship Battle"),
        ["7.4.2", "7.4.3"]
    );
    assert!(NAMED_SECTION_HEAD.is_match("SHIP BATTLE (7.4.3)"));
    assert!(!NAMED_SECTION_HEAD.is_match("See 7.5 (7.5) for damage."));
}

#[test]
fn a_title_run_together_with_its_tabs_and_version_names_the_base() {
    let text = "What's New Dashboard Articles Forums Chat Room Achievements Tournaments Player Map The Promenade Volunteers About Us Site Index\n\
STAR TREK CUSTOMIZABLE CARD GAME RULEBOOK - BASIC RULES - ADVANCED RULES Version 2.5.6 — June 2024\n\n\
\"Things are only impossible until they're not.\"\n";
    assert_eq!(title_cue(text, 0), Some((1, ReleaseKind::Rulebook)));
}

#[test]
fn sidebar_titles_are_read_where_a_paste_ran_them_on() {
    // Pasted from the Rulebook's page: a sidebar's title run into its text,
    // another set right under the paragraph before it, a chapter's first
    // sentence run into its heading (its sections are its own numbers, no
    // printer's).
    let text = "Star Trek Customizable Card Game\nRulebook\nVersion 2.5.6 — June 2024\n\n\
        ABOUT THIS GAME (1.1)\nYou and your opponent share one spaceline.\n\
        Tip: First vs. Second Edition A different game with the same name was released in 2003.\n\
        ABOUT THIS RULEBOOK (1.2)\nSection numbers let you cite a rule precisely.\n\
        Copyright Notice: Printing cards\nYou may print virtual cards to play with them yourself.\n\n\
        2: CARD TYPES Every card has a type.\n2.1 PERSONNEL\nPersonnel are people.\n\
        2.2 SHIPS Ships carry personnel.\n2.3 EQUIPMENT Equipment is carried.\n";
    let reading = super::super::read_document("rulebook.txt", text, 0).expect("read");
    assert_eq!(
        super::super::topics_of(&reading),
        [
            "1.1 ABOUT THIS GAME",
            "1.1 ABOUT THIS GAME – Tip: First vs. Second Edition",
            "1.2 ABOUT THIS RULEBOOK",
            "1.2 ABOUT THIS RULEBOOK – Copyright Notice: Printing cards",
            "2 CARD TYPES",
            "2.1 PERSONNEL",
            "2.2 SHIPS",
            "2.3 EQUIPMENT",
        ]
    );
    let copyright = reading
        .release
        .entries
        .iter()
        .find(|e| e.topic.contains("Copyright"))
        .unwrap();
    assert_eq!(
        copyright.text,
        "You may print virtual cards to play with them yourself."
    );
}

#[test]
fn a_glossary_named_by_a_running_header_keeps_its_preamble_apart() {
    // A copy whose page header named the Glossary before its cover did: the
    // cover's "GLOSSARY" is its name again, not the part, and the preamble
    // before the Temporary Rulings is no entry. A paste ran the letters
    // onto the heads they stand over.
    let text =
        "GLOSSARY — (1 May 2024)\n\nStar Trek Customizable Card Game\n\nGLOSSARY\nVersion 1.9.7\n\
        How to use the Glossary – You do not need to read this document from start to finish.\n\n\
        Temporary Rulings\n\nDead End – If a second copy is revealed, it may be nullified.\n\
        A affiliation – Every personnel belongs to one affiliation.\n\
        B battle – A battle is started by a leader.\nbrig – A captured personnel is held there.\n";
    let reading = super::super::read_document("glossary.txt", text, 0).expect("read");
    let entries: Vec<(&str, EntryKind)> = reading
        .release
        .entries
        .iter()
        .map(|e| (e.topic.as_str(), e.kind))
        .collect();
    assert_eq!(
        entries,
        [
            ("Dead End", EntryKind::Temporary),
            ("affiliation", EntryKind::Rule),
            ("battle", EntryKind::Rule),
            ("brig", EntryKind::Rule),
        ]
    );
}

#[test]
fn an_erratums_card_is_its_title_without_the_set_after_it() {
    use super::kinds::card_of_erratum;
    assert_eq!(
        card_of_erratum("Alien Parasites (Premiere)"),
        "Alien Parasites"
    );
    assert_eq!(
        card_of_erratum("Ferengi Military Operations (Deep Space Nine)"),
        "Ferengi Military Operations"
    );
    assert_eq!(card_of_erratum("Q-Flash (2000 Premiere)"), "Q-Flash");
    assert_eq!(card_of_erratum("Q-Flash"), "Q-Flash");
    // A number in brackets is part of the title ("Data (2)" is no set).
    assert_eq!(card_of_erratum("Data (2)"), "Data (2)");
}

#[test]
fn an_interim_ruling_may_name_its_section_by_number_alone() {
    for head in ["12.2", "Section 12.2:", "§12.2", "**12.2**"] {
        let text = format!(
            "Interim Organized Play Ruling: Disconnections\nPosted 3 June 2024 by the Director of Organized Play\n\nThis interim ruling overrides the section it names.\n\n{head}\nA player who loses the connection has five minutes to return.\n"
        );
        let reading = super::super::read_document("i.txt", &text, 0)
            .unwrap_or_else(|e| panic!("{head}: {e}"));
        let topics: Vec<&str> = reading
            .release
            .entries
            .iter()
            .map(|e| e.topic.as_str())
            .collect();
        assert_eq!(topics, [format!("12.2 {UNTITLED}")], "{head}");
        assert_eq!(reading.release.kind, ReleaseKind::InterimRuling);
    }
    // A number alone in any other document is no head.
    assert_eq!(
        sections_named_by_number("12.2\ntext"),
        format!("12.2 – {UNTITLED}\ntext")
    );
    assert!(matches!(
        sections_named_by_number("Version 5.1 of the Guide\n"),
        std::borrow::Cow::Borrowed(_)
    ));
}

#[test]
fn a_section_listed_before_it_is_printed_again_is_a_contents_line() {
    // An interim ruling whose title a copy lost, its contents first.
    let text = "Contents\n\n7.4.1 – Calculating Differential\n\n7.4.2 – Tie-Breakers\n\nPosted 15 March 2024 by the Director of Organized Play\n\nUnder section 14.3 of the Organized Play Guide, this interim ruling takes effect today.\n\n7.4.1 – Calculating Differential\nA game's differential is capped at 80.\n\n7.4.2 – Tie-Breakers\nPlayers level on points are ranked by differential.\n";
    let reading = super::super::read_document("i.txt", text, 0).expect("read");
    assert_eq!(reading.release.kind, ReleaseKind::InterimRuling);
    let read: Vec<(usize, &str)> = reading
        .release
        .entries
        .iter()
        .map(|e| (e.line, e.topic.as_str()))
        .collect();
    assert_eq!(
        read,
        [
            (11, "7.4.1 Calculating Differential"),
            (14, "7.4.2 Tie-Breakers")
        ]
    );
    assert!(reading.release.front.iter().any(|p| p.line == 3));
}
