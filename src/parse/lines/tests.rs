//! Tests of `lines`.

use super::*;

#[test]
fn a_titles_dating_line_is_no_head_and_body() {
    for title in [
        "Current Rulings — March 2000",
        "Current Rulings Version 2.5.4 — March 2000",
        "Rulings Version 2.5.4 – 3/27/00",
        "Glossary – (May 2013)",
    ] {
        assert_eq!(split_inline(title), None, "{title}");
    }
    // A ruling is dated by its day, and a body is more than a date.
    assert!(split_inline("Naming a Number – 2017-06-06").is_some());
    assert!(split_inline("cloaking – Since March 2000, a cloaked ship hides.").is_some());
}

#[test]
fn a_hyphen_after_a_lowercase_letter_at_the_end_is_a_broken_word() {
    let strong = |line: &str| classify(line).strength() == Some(Strength::Strong);
    assert!(!strong("turn, you may download a mission-"));
    // A compound broken at its own hyphen (`Q-` / `card`).
    assert!(!strong(
        "dilemma, mission, artifact, objective, doorway, incident, Q-"
    ));
    assert!(strong("Borg Outpost -"));
    assert!(strong("cloaking –"));
    assert!(strong("scouting attempt -"));
}

fn cand(line: &str) -> Candidate {
    match classify(line) {
        Shape::Candidate(c) => *c,
        other => panic!("{line:?} is {other:?}, not a head candidate"),
    }
}

#[test]
fn a_parts_name_alone_is_a_section_in_any_case() {
    for line in [
        "Temporary Rulings",
        "Glossary",
        "**Errata**",
        "Rulebook Updates:",
        "GLOSSARY",
        "**General**",
        "**Card-Specific**",
        "**GLOSSARY UPDATES**",
        "**Contents**",
    ] {
        assert!(
            matches!(classify(line), Shape::Section(_)),
            "{line:?} is {:?}",
            classify(line)
        );
    }
    // A part named in a head or a sentence is no heading.
    assert!(!matches!(
        classify("Glossary errata – The entry is revised."),
        Shape::Section(_)
    ));
    assert!(!matches!(
        classify("Glossary entries are listed below"),
        Shape::Section(_)
    ));
}

#[test]
fn a_parts_name_run_into_the_first_head() {
    fn cut(l: &str) -> Option<(&str, &str)> {
        part_name_before_head(l).map(|end| (&l[..end], l[end..].trim()))
    }
    assert_eq!(
        cut("Glossary actions – step 1: initiation – The first step."),
        Some(("Glossary", "actions – step 1: initiation – The first step."))
    );
    assert_eq!(
        cut("Temporary Rulings forces winning battles – Until further notice."),
        Some((
            "Temporary Rulings",
            "forces winning battles – Until further notice."
        ))
    );
    assert_eq!(
        cut("RULINGS – General actions – step 1: initiation –"),
        Some(("RULINGS – General", "actions – step 1: initiation –"))
    );
    // A head whose topic names a part's errata, and a sentence.
    assert_eq!(cut("Glossary errata – The entry is revised."), None);
    assert_eq!(cut("Glossary entries are listed below."), None);
    assert_eq!(cut("Glossary"), None);
}

#[test]
fn a_rules_number_and_title_alone_is_a_bare_head() {
    for line in [
        "4.2: Mission Phase",
        "7.4.2: Personnel Battle & 7.4.3: Ship Battle",
    ] {
        let c = cand(line);
        assert_eq!(c.topic, line);
        assert_eq!(c.strength, Strength::Bare);
    }
    // A sentence that opens with a rule's number is no head.
    assert!(!matches!(
        classify("4.2: Missions are laid out, then seeded."),
        Shape::Candidate(_)
    ));
}

#[test]
fn an_editing_instruction_is_no_colon_head() {
    for line in [
        "Add a new sidebar, 4.2.0.3: Shared Missions are Both Players':",
        "Revise as follows: The battle proceeds in stages.",
        "Replace the first paragraph: A stopped card cannot act.",
    ] {
        assert!(
            !matches!(classify(line), Shape::Candidate(ref c) if c.strength == Strength::Colon),
            "{line:?}"
        );
    }
    assert_eq!(
        cand("ADDITIONAL CARDS: Now counts as a ship.").topic,
        "ADDITIONAL CARDS"
    );
}

#[test]
fn a_bases_name_with_its_version_or_date_is_a_title_line() {
    assert!(is_title_line(
        "Rules Compendium, Version 2.7.4 — 2022-10-03"
    ));
    assert!(is_title_line("Glossary Version 1.9.1 May 2013"));
    // A version line that says what the update was, besides its dates.
    assert!(is_title_line(
        "Version 2.0.9 — February 2020 Last Updated 3 February 2020 (Annual Update)"
    ));
    // Undated, or a sentence after the version, it is no version line.
    assert!(!is_title_line(
        "Version 2.0.9 — Last Updated (Annual Update)"
    ));
    assert!(!is_title_line(
        "Version 2 of this rule, printed in 1997, lets a player seed two copies of each dilemma at once"
    ));
    assert!(is_title_line("Rulebook — 7/31/00"));
    // The name alone is a part's heading; a topic that begins with
    // the word is a head.
    assert!(!is_title_line("Glossary"));
    assert!(!is_title_line("Glossary updates – Revise as follows."));
    assert!(!is_title_line(
        "Rulebook errata – 2016-09-19 In section 4, read"
    ));
}

#[test]
fn a_running_header_names_the_part_and_the_document() {
    assert!(is_title_line("Rules Compendium — 1 August 2026"));
    assert!(part_and_title(
        "GLOSSARY                           Rules Compendium — 1 August 2026"
    ));
    assert!(part_and_title("Temporary Rulings   Rulebook — 7/31/00"));
    assert_eq!(
        part_name_before_head("GLOSSARY   Rules Compendium — 1 August 2026"),
        None
    );
    // A part's name run onto its first head is no header.
    assert!(!part_and_title(
        "Glossary become – When a card becomes another."
    ));
    assert!(part_name_before_head("Glossary become – When a card becomes another.").is_some());
}

#[test]
fn a_bare_head_marked_new_is_an_asterisk_against_a_few_words() {
    assert!(marked_bare_head("*couple"));
    assert!(marked_bare_head("*Sergey and Helena"));
    // A topic with a dash may be wrapped before its own separator
    // (`*points – resolution` / `– It does not …`); a spaced asterisk
    // is a list's bullet; a sentence is no head.
    assert!(!marked_bare_head("*points – resolution"));
    assert!(!marked_bare_head("* couple"));
    assert!(!marked_bare_head("*Players may not do this."));
}

#[test]
fn a_new_tag_before_or_after_a_topic_marks_it_new() {
    for line in [
        "NEW infiltration icon – Text.",
        "NEW! infiltration icon – Text.",
        "[NEW] infiltration icon – Text.",
        "(new) infiltration icon –",
        "infiltration icon NEW – Text.",
        "infiltration icon [New] –",
        "**NEW infiltration icon** – Text.",
    ] {
        let c = cand(line);
        assert_eq!(c.topic, "infiltration icon", "{line:?}");
        assert!(c.new, "{line:?}");
    }
    // "New" as a topic's own first word is no tag.
    let c = cand("New Card Types – Text.");
    assert_eq!(c.topic, "New Card Types");
    assert!(!c.new);
}

#[test]
fn topic_alone_ending_in_a_dash() {
    let c = cand("actions – step 1: initiation –");
    assert_eq!(c.topic, "actions – step 1: initiation");
    assert_eq!(c.strength, Strength::Strong);
    assert_eq!(cand("◆Nebula –").topic, "◆Nebula");
    assert_eq!(
        cand("7.4.2: Personnel Battle & 7.4.3: Ship Battle -").topic,
        "7.4.2: Personnel Battle & 7.4.3: Ship Battle"
    );
    assert_eq!(cand("missions - persona –").topic, "missions - persona");
}

#[test]
fn erratum_heads() {
    let c = cand("Brilgar –Erratum:");
    assert_eq!((c.topic.as_str(), c.erratum), ("Brilgar", true));
    let c = cand("Continuing Mission – Erratum:");
    assert_eq!((c.topic.as_str(), c.erratum), ("Continuing Mission", true));
}

#[test]
fn topic_and_body_on_one_line() {
    let c = cand("requirements - A mission's printed requirements are always active.");
    assert_eq!(c.topic, "requirements");
    assert_eq!(c.strength, Strength::Inline);
    let c = cand("*playing a card — Below is the timing sequence.");
    assert_eq!((c.topic.as_str(), c.new), ("playing a card", true));
    let c = cand("naming a card- When an ability requires a player to name a card.");
    assert_eq!(c.topic, "naming a card");
    let c = cand("Borg – The Delta Quadrant and Borg Outpost - The rule that you may not report.");
    assert_eq!(c.topic, "Borg – The Delta Quadrant and Borg Outpost");
}

#[test]
fn bold_topics_behind_a_new_marker() {
    let c = cand("* **Away Team and crew** - The third and fourth paragraphs.");
    assert_eq!(
        (c.topic.as_str(), c.new, c.strength),
        ("Away Team and crew", true, Strength::Strong)
    );
    let c = cand("***couple** - a **personnel** and their **romantic partner**.");
    assert_eq!((c.topic.as_str(), c.new), ("couple", true));
    let c = cand("*infiltration icon –");
    assert_eq!((c.topic.as_str(), c.new), ("infiltration icon", true));
}

#[test]
fn a_bold_topic_followed_by_its_date_is_dated_not_new() {
    let c = cand("**Set Up** 2016-09-19");
    assert_eq!((c.topic.as_str(), c.new), ("Set Up", false));
    assert_eq!(c.date, NaiveDate::from_ymd_opt(2016, 9, 19));
    let c = cand("***Set Up** 2016-09-19");
    assert_eq!((c.topic.as_str(), c.new), ("Set Up", true));
}

#[test]
fn a_title_followed_by_its_date() {
    let c = cand("Set Up 2016-09-19");
    assert_eq!(c.topic, "Set Up");
    assert_eq!(c.date, NaiveDate::from_ymd_opt(2016, 9, 19));
}

#[test]
fn a_bold_title_followed_by_its_date() {
    let c = cand("**Set Up 2016-09-19**");
    assert_eq!((c.topic.as_str(), c.new), ("Set Up", false));
    assert_eq!(c.date, NaiveDate::from_ymd_opt(2016, 9, 19));
    assert_eq!(c.strength, Strength::Strong);
    let c = cand("* **Borg Queen 2017-06-06**");
    assert_eq!((c.topic.as_str(), c.new), ("Borg Queen", true));
}

#[test]
fn bare_topics() {
    assert_eq!(cand("Alien Parasites").strength, Strength::Bare);
    assert_eq!(cand("Borg").strength, Strength::Bare);
    // A qualifier in brackets (a card's set) counts no words of the title.
    let c = cand("Ferengi Military Operations (Deep Space Nine)");
    assert_eq!(c.strength, Strength::Bare);
    assert_eq!(c.topic, "Ferengi Military Operations (Deep Space Nine)");
    assert!(!matches!(
        classify("One two three four five six (Premiere)"),
        Shape::Candidate(_)
    ));
}

#[test]
fn a_bold_title_with_a_qualifier_after_it_is_one_head() {
    let c = cand("**Alien Parasites** (Premiere) \u{2013} Seeds or plays on a planet.");
    assert_eq!(c.topic, "Alien Parasites (Premiere)");
    assert!(!c.new);
    assert_eq!(c.body.as_deref(), Some("Seeds or plays on a planet."));
    assert_eq!(c.strength, Strength::Strong);
}

#[test]
fn lines_that_are_not_heads() {
    for line in [
        "2. Draw Dilemmas",
        "- I Hate You allows you to play Vulcan Nerve Pinch as a cost.",
        "* If one combatant's STRENGTH is greater than the adversary's STRENGTH.",
        "Examples:",
        "key personnel.",
        "- actions – interrupting actions:** Interrupt and Doorway cards may no longer be played.",
        "(The active player does not finish the rest of his or her turn.) The rest.",
        "[New sidebar here: SIDEBAR Reminder: Holographic Safety",
        "3/27/00",
    ] {
        assert!(
            !matches!(classify(line), Shape::Candidate(_)),
            "{line:?} read as a head"
        );
    }
}

#[test]
fn colon_heads_are_left_to_the_document() {
    // Shaped like a colon head; only a document that prints its heads
    // this way takes it as one (`prints_colon_heads`).
    let c = cand("Multisection Dilemmas: Some dilemmas have more than one section.");
    assert_eq!(c.strength, Strength::Colon);
    let c = cand("QUARK'S ISOLINEAR RODS: Now counts as a ship.");
    assert_eq!(
        (c.topic.as_str(), c.strength),
        ("QUARK'S ISOLINEAR RODS", Strength::Colon)
    );
    for line in [
        "Example: If Player A attempts.",
        "Note: This is text.",
        "NOTE: Cross-references.",
    ] {
        assert!(
            !matches!(classify(line), Shape::Candidate(_)),
            "{line:?} read as a head"
        );
    }
}

#[test]
fn markers_and_dashes_of_the_family() {
    let c = cand("* Kivas Fajo - Now counts as a ship.");
    assert_eq!((c.topic.as_str(), c.new), ("Kivas Fajo", true));
    let c = cand("**Kivas Fajo - Now counts as a ship.");
    assert_eq!((c.topic.as_str(), c.new), ("Kivas Fajo", true));
    let c = cand("Kivas Fajo -Now counts as a ship.");
    assert_eq!(c.topic, "Kivas Fajo");
    let c = cand("Ishan –Erratum");
    assert_eq!((c.topic.as_str(), c.erratum), ("Ishan", true));
    let c = cand("Tamarian - See skills - diplomacy.");
    assert_eq!(
        (c.topic.as_str(), c.body.as_deref()),
        ("Tamarian", Some("See skills - diplomacy."))
    );
    let c = cand("actions - required - When your cards are required.");
    assert_eq!(c.topic, "actions - required");
    // A starred list item that is a sentence, with no separator, stays text.
    assert!(!matches!(
        classify("* If one combatant's STRENGTH is greater than the adversary's."),
        Shape::Candidate(_)
    ));
}

#[test]
fn titles_sections_and_footers() {
    assert_eq!(
        classify("First Edition Current Rulings Document (03 November 2014)"),
        Shape::Title
    );
    assert_eq!(
        classify("First Edition Recent Rulings Document"),
        Shape::Title
    );
    assert_eq!(
        classify("Current Rulings Document (6 February 2012)"),
        Shape::Title
    );
    assert_eq!(classify("Current Rulings"), Shape::Title);
    assert_eq!(classify("Second Edition"), Shape::Title);
    assert_eq!(classify("# Anything at all"), Shape::Title);
    // A text copy's title line, with or without its version and date.
    for line in [
        "First Edition Glossary",
        "Second Edition Rulings 2017-06-06",
        "First Edition Rules Compendium",
        "First Edition Recent Rulings Document Version 2.5.4 — November 2022",
        "1E rulings — October 3, 2022",
        "Second Edition Rulings (6 February 2012) page 2",
        "Version 2.5.4 — October 2022",
    ] {
        assert_eq!(classify(line), Shape::Title, "{line:?}");
    }
    // A head or a sentence that names a document is no title.
    for line in [
        "First Edition Glossary entries – These are read first.",
        "Second Edition rulings apply to every tournament.",
    ] {
        assert_ne!(classify(line), Shape::Title, "{line:?}");
    }
    assert_eq!(
        classify("Current Rulings are periodic updates to the Rulebook."),
        Shape::Plain
    );
    for s in [
        "RULINGS – General",
        "General",
        "Card-Specific",
        "GLOSSARY UPDATES",
        "TEMPORARY RULING UPDATES",
        "SIGNIFICANT RULINGS CHANGES AND CLARIFICATIONS",
        "RULINGS",
        "## Anything",
    ] {
        assert!(
            matches!(classify(s), Shape::Section(_)),
            "{s:?} is not a section"
        );
    }
    assert!(!matches!(
        classify("PERSONNEL BATTLE (7.4.2)"),
        Shape::Section(_)
    ));
    assert!(!matches!(
        classify("THE CONTINUING COMMITTEE"),
        Shape::Section(_)
    ));
    assert_eq!(
        classify("STAR TREK is a registered trademark. TM, @ & © 2022 CBS Studios Inc."),
        Shape::Footer
    );
}

#[test]
fn mid_sentence_endings() {
    assert!(ends_mid_sentence(
        "Often served as a bodyguard for visiting dignitaries and"
    ));
    assert!(ends_mid_sentence("For example, *I.K.C. K'elric*"));
    assert!(!ends_mid_sentence("Often served as a bodyguard."));
    assert!(!ends_mid_sentence("Examples:"));
    assert!(!ends_mid_sentence(
        "- Commander Data and all Cravic Units are **Androids**"
    ));
    assert!(ends_mid_sentence(
        "2. *Responses*: Players may now play cards, such"
    ));
    assert!(starts_lowercase("becomes an infiltrator."));
    assert!(!starts_lowercase("Becomes"));
}

#[test]
fn a_head_numbered_after_its_title_with_its_body_run_in() {
    let line = "CARD PLAY (4.1) During your card play phase you may play one card.";
    let end = super::named_head_run_in(line).unwrap();
    assert_eq!(&line[..end], "CARD PLAY (4.1) ");
    let line = "MOVING SHIPS (4.2.1) A staffed ship may move along the spaceline.";
    assert!(super::named_head_run_in(line).is_some());
    // A title not in capitals, or no sentence after it, is no head run in.
    assert_eq!(
        super::named_head_run_in("Card play (4.1) During your phase you play."),
        None
    );
    assert_eq!(super::named_head_run_in("CARD PLAY (4.1) Tip"), None);
}
