//! Tests of `flow`.

use super::*;

#[test]
fn a_narrow_column_that_breaks_words_is_hard_wrapped() {
    // A justified column a few words wide breaks as many words with a
    // hyphen as it wraps between them: both are wraps.
    let lines = [
        "This Glossary is a compre-",
        "hensive guide to the rules,",
        "game, First Edition. Entries are ar-",
        "ranged alphabetically. Where a",
        "card's text contradicts this Glos-",
        "sary, the card's text takes prece-",
        "dence.",
        "",
        "away team – A group of one or",
        "more personnel and equipment on",
        "a planet. An Away Team may at-",
        "tempt a planet mission or initi-",
        "ate battle against another Away",
        "Team present.",
        "",
        "become – When a card be-",
        "comes a characteristic,",
        "the new characteristic;",
        "any other characteristics of the",
        "same kind.",
    ];
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    assert!(looks_wrapped(&lines, &marks, &[false; 20]));
}

/// The furniture of lines where a form feed opens each page after
/// the first.
fn paged_furniture(lines: &[&str]) -> Vec<Option<Furniture>> {
    let tops: Vec<bool> = lines.iter().map(|l| l.starts_with('\u{c}')).collect();
    let lines: Vec<&str> = lines
        .iter()
        .map(|l| l.trim_start_matches('\u{c}'))
        .collect();
    furniture(&lines, &tops)
}

#[test]
fn a_header_that_repeats_a_sections_heading_at_each_page_top_is_furniture() {
    let lines = [
        "RULEBOOK UPDATES",
        "4.2: Mission Phase – Add a new sidebar to the",
        "\x0cRULEBOOK UPDATES",
        "battle. END SIDEBAR.]",
        "Combat: Simultaneously reveal the top combatant.",
        "\x0cRULEBOOK UPDATES",
        "If the ATTACK total is more than double the DEFENSE total.",
    ];
    let found = paged_furniture(&lines);
    // The heading in the text stays; the headers at the pages' tops go,
    // though the page before ran its sentence on past them.
    assert_eq!(found[0], None);
    assert_eq!(found[2], Some(Furniture::Repeated));
    assert_eq!(found[5], Some(Furniture::Repeated));
    // The first line opens the first page; a form feed each other.
    assert_eq!(
        page_tops("\nTitle\ntext\n\u{c}Header\ntext"),
        [false, true, false, true, false]
    );
    assert!(page_tops("Title\ntext").is_empty());
    // Where no page opens, a repeated name is furniture every time.
    let unpaged = [
        "Current Rulings",
        "A rule.",
        "Current Rulings",
        "B rule.",
        "Current Rulings",
    ];
    assert!(furniture(&unpaged, &[])
        .iter()
        .step_by(2)
        .all(|f| f.is_some()));
}

#[test]
fn a_sections_heading_again_atop_the_one_more_page_it_runs_on_is_furniture() {
    let lines = [
        "GLOSSARY UPDATES",
        "become –",
        "Revise as follows: when a card becomes a characteristic, it gains",
        "\x0cGLOSSARY UPDATES",
        "Clarifies that, as with other effects, it reverts if nullified.",
    ];
    let found = paged_furniture(&lines);
    assert_eq!(found[0], None);
    assert_eq!(found[3], Some(Furniture::Repeated));
    // Twice in the text, neither at a page's top: a name used twice.
    let unpaged: Vec<&str> = lines
        .iter()
        .map(|l| l.trim_start_matches('\u{c}'))
        .collect();
    assert!(furniture(&unpaged, &[]).iter().all(Option::is_none));
}

#[test]
fn where_pages_are_kept_a_line_repeated_mid_page_is_no_running_header() {
    // A Glossary's title, its contents' entry and the section it names
    // print the same word three times, in the middle of the first
    // page; the banner atop each page is the running header.
    // (A copy's first line opens its first page.)
    let lines = [
        "\u{c}Star Trek Customizable Card Game",
        "The Continuing Committee",
        "GLOSSARY",
        "Contents",
        "Temporary Rulings",
        "Glossary",
        "This Glossary is a guide to the rules of the game.",
        "Temporary Rulings",
        "forces winning battles – Until further notice, a force wins.",
        "Glossary",
        "actions – The first step of an action is initiation.",
        "away team – A group of personnel on a planet.",
        "\u{c}Star Trek Customizable Card Game",
        "battle – Battle is initiated by a personnel or ship.",
        "•",
        "Stefan deSeve is Human",
        "become – A card that becomes a characteristic gains it.",
        "\u{c}Star Trek Customizable Card Game",
        "borg – The Borg are a species.",
        "capturing – A captive is held.",
    ];
    let found = paged_furniture(&lines);
    for i in [2, 5, 9] {
        assert_eq!(found[i], None, "{}", lines[i]);
    }
    for i in [0, 12, 17] {
        assert_eq!(found[i], Some(Furniture::Repeated), "{}", lines[i]);
    }
    assert_eq!(found[14], Some(Furniture::Bullet));
}

#[test]
fn a_running_header_compares_without_page_numbers_case_or_spacing() {
    assert_eq!(
        repeat_key("  Current Rulings  –  Page 12 "),
        "current rulings – page"
    );
    assert_eq!(
        repeat_key("CURRENT RULINGS – page 3"),
        "current rulings – page"
    );
    assert_eq!(repeat_key("2019"), "");
}

/// The pieces `split_flattened` cuts a pasted line into.
fn pieces(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    split_flattened(
        Logical {
            no: 1,
            last: 1,
            text: Cow::Borrowed(line),
            glued: false,
            unchanged: true,
            after_short: false,
        },
        false,
        &mut out,
    );
    out.into_iter().map(|l| l.text.into_owned()).collect()
}

#[test]
fn bold_heads_flattened_onto_one_line_are_cut_apart() {
    let line = "**forces winning battles** –Until further notice, a force wins. **unique dilemmas** –Until further notice, a dilemma is not unique. See **Borg** – it is.";
    assert_eq!(
            pieces(line),
            [
                "**forces winning battles** –Until further notice, a force wins.",
                "**unique dilemmas** –Until further notice, a dilemma is not unique. See **Borg** – it is."
            ]
        );
    // A part's name a paste ran in between: a heading of its own.
    let line = "We also combined the two steps. GLOSSARY UPDATES become – Revise as follows: when a card becomes it, it changes.";
    assert_eq!(
        pieces(line),
        [
            "We also combined the two steps.",
            "GLOSSARY UPDATES",
            "become – Revise as follows: when a card becomes it, it changes."
        ]
    );
    // A head marked new, its body in lower case.
    let line = "You may not activate a hidden agenda. *Sergey and Helena – the two personnel are romantic partners.";
    assert_eq!(
        pieces(line),
        [
            "You may not activate a hidden agenda.",
            "*Sergey and Helena – the two personnel are romantic partners."
        ]
    );
    // A dated head after an aside that closed its paragraph without a
    // full stop; an aside inside a sentence cuts nothing.
    let line = "It does not copy a mission's characteristics. (i.e. quadrant, region) Ancient Grudge – 2016-03-09 If your opponent cannot choose, as a card (such as Q) Ancient Grudge says, you cannot pay.";
    assert_eq!(
            pieces(line),
            [
                "It does not copy a mission's characteristics. (i.e. quadrant, region)",
                "Ancient Grudge – 2016-03-09 If your opponent cannot choose, as a card (such as Q) Ancient Grudge says, you cannot pay."
            ]
        );
}

#[test]
fn the_measure_is_the_usual_length_of_a_wrapped_line() {
    // Lines of 49, 69 and 57 characters that go on, and a last one.
    let wrapped = [
        "word, ".repeat(8) + "a",
        "word, ".repeat(11) + "and",
        "word, ".repeat(9) + "and",
        "end.".to_string(),
    ];
    let lines: Vec<&str> = wrapped.iter().map(String::as_str).collect();
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    assert_eq!(measure(&lines, &marks, &[false; 4]), Some(57));
    // A paragraph to a line: nothing wrapped, no measure.
    let lines = [
        "One whole paragraph.",
        "Another one.",
        "A third.",
        "A fourth.",
    ];
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    assert_eq!(measure(&lines, &marks, &[false; 4]), None);
    // Broken anywhere, as a converter's random breaks leave a text: the
    // wrapped lines' lengths spread, and there is no measure.
    let broken = [
        "word, ".repeat(2) + "a",
        "word, ".repeat(10) + "and",
        "word, ".repeat(4) + "and",
        "word, ".repeat(11) + "a",
        "word, ".repeat(3) + "the",
        "word, ".repeat(10) + "so",
        "end.".to_string(),
    ];
    let lines: Vec<&str> = broken.iter().map(String::as_str).collect();
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    assert_eq!(measure(&lines, &marks, &[false; 7]), None);
}

#[test]
fn a_short_line_stands_alone_only_where_the_next_word_would_have_fit() {
    let measure = Some(70);
    let body = "Until further notice, a force wins a battle only if its controller";
    assert!(stands_alone(true, "unique dilemmas", &[body], measure));
    // Not after a sentence that goes on, nor before a lowercase line or
    // a date, nor without a measure.
    assert!(!stands_alone(false, "unique dilemmas", &[body], measure));
    assert!(!stands_alone(
        true,
        "Phased Matter",
        &["is a rule"],
        measure
    ));
    assert!(!stands_alone(
        true,
        "Document February",
        &["6, 2012"],
        measure
    ));
    assert!(!stands_alone(true, "unique dilemmas", &[body], None));
    // A wrapped line runs near the measure: the next word did not fit.
    let full = "Until further notice, a unique dilemma that is placed beneath";
    assert!(!stands_alone(true, full, &["Under a mission."], measure));
    // Short lines that end no sentence: one title wrapped short.
    let title = ["Rulings Document", "November 3, 2014", body];
    assert!(!stands_alone(
        true,
        "First Edition Current",
        &title,
        measure
    ));
    // A heading over a head alone stands alone too.
    let heading = ["unique dilemmas", body];
    assert!(stands_alone(true, "Temporary Rulings", &heading, measure));
    // A numbered head in title case stands alone however near the
    // measure it runs (a bold head is set wider than its characters
    // count); a numbered line of a sentence does not.
    let revise = [
        "Revise as follows:",
        "If both combatants have equal STRENGTH,",
    ];
    let head = "7.4.2: Personnel Battle & 7.4.3: Ship Battle";
    assert!(stands_alone(true, head, &revise, Some(60)));
    assert!(!stands_alone(
        true,
        "7.4.2: Personnel Battle says that both players may",
        &revise,
        Some(60)
    ));
}

#[test]
fn a_head_alone_in_wrapped_text_is_not_joined_to_its_body() {
    let lines = [
        "The rulings of the game that are in force now, for players and",
        "for the tournament directors who settle their questions at a table.",
        "unique dilemmas",
        "Until further notice, a unique dilemma that is placed under a",
        "mission does not count as being in play for the purposes of this.",
    ];
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    let joining = |measure| Joining {
        wrapped: true,
        join_topics: true,
        measure,
    };
    let texts = |measure| -> Vec<String> {
        join_lines(&lines, 1, &marks, &[false; 5], joining(measure), 10)
            .into_iter()
            .map(|l| l.text.into_owned())
            .collect()
    };
    assert_eq!(texts(Some(66))[1], "unique dilemmas");
    // Without a measure the short line is joined as any wrapped line.
    assert!(texts(None)[1].starts_with("unique dilemmas Until"));
}

#[test]
fn a_dash_head_alone_with_a_sub_topic_is_a_topic_alone() {
    let lines = [
        "The rulings of the game that are in force now, for players.",
        "actions – step 1: initiation",
        "The first step of performing an action is initiation, in which",
        "you declare the action.",
        "mission II – A mission",
        "II is an updated version of an original mission, with a new",
        "point box.",
    ];
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    let joining = Joining {
        wrapped: false,
        join_topics: true,
        measure: Some(66),
    };
    let joined = join_lines(&lines, 1, &marks, &[false; 7], joining, 10);
    assert_eq!(joined[1].text, "actions – step 1: initiation –");
    assert!(!joined[1].unchanged);
    // After the dash a capital opens the body, wrapped short.
    assert_eq!(joined[4].text, "mission II – A mission");

    // A blank line after the head ends it too, before a sentence.
    let lines = [
        "The rulings of the game that are in force now, for players.",
        "battle – affiliation restrictions",
        "",
        "If a card allows you to attack a specific affiliation, then you",
        "may attack any forces that include it.",
        "battle – and then",
        "",
        "more text.",
    ];
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    let joined = join_lines(&lines, 1, &marks, &[false; 8], joining, 10);
    assert_eq!(joined[1].text, "battle – affiliation restrictions –");
    assert_eq!(joined[5].text, "battle – and then");
}

#[test]
fn a_dating_line_is_never_the_first_half_of_a_wrapped_topic() {
    assert_eq!(
        wrapped_topic("2017-06-06", "NAMING A NUMBER – 2017-06-06"),
        None
    );
    assert_eq!(
        wrapped_topic("June 6, 2017", "Naming a Number – Text."),
        None
    );
    assert_eq!(
        wrapped_topic("cost reduction in", "play – The cost is reduced.").as_deref(),
        Some("cost reduction in play – The cost is reduced.")
    );
}

#[test]
fn a_heading_is_never_the_first_half_of_a_wrapped_topic() {
    let lines = [
        "RULINGS – General",
        "actions – step 1: initiation –",
        "cost reduction in",
        "play –",
    ];
    let marks: Vec<Mark> = lines.iter().map(|l| Mark::classify(l)).collect();
    let joined = join_lines(
        &lines,
        1,
        &marks,
        &[false; 4],
        Joining {
            wrapped: true,
            join_topics: true,
            measure: None,
        },
        10,
    );
    let texts: Vec<&str> = joined.iter().map(|l| l.text.as_ref()).collect();
    assert_eq!(
        texts,
        [
            "RULINGS – General",
            "actions – step 1: initiation –",
            "cost reduction in play –"
        ]
    );
}
