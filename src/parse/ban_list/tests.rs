use super::*;

fn lists(text: &str) -> Lists {
    let lines: Vec<&str> = text.split('\n').collect();
    read_lists(&lines, 1, lines.len(), lines[0])
}

fn summary(lists: &Lists) -> Vec<(String, Vec<String>, Vec<String>)> {
    lists
        .lists
        .iter()
        .map(|l| (l.format.clone(), l.banned.clone(), l.lifted.clone()))
        .collect()
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

#[test]
fn a_list_under_its_title_takes_the_titles_format() {
    let read = lists("OTF Ban List - 2018-12-20\n\n- Q's Tent\n- Mirror Image (Premiere)\n* Hunter Gangs — banned 2016-01-01\n");
    assert_eq!(
        summary(&read),
        vec![(
            "OTF".to_string(),
            s(&["Q's Tent", "Mirror Image (Premiere)", "Hunter Gangs"]),
            vec![]
        )]
    );
}

#[test]
fn heads_name_formats_and_say_what_their_cards_are() {
    let text = "Ban List — June 2024\n\n## Modern Format\n\n1. Q's Tent\n2. Rogue Borg Mercenaries\n\n**Traditional:**\nQ's Tent\n\nModern — Unbanned:\n- Hunter Gangs\n\nRestricted:\n- Kivas Fajo - Collector\n";
    let read = lists(text);
    assert_eq!(
        summary(&read),
        vec![
            (
                "Modern".to_string(),
                s(&["Q's Tent", "Rogue Borg Mercenaries"]),
                s(&["Hunter Gangs"])
            ),
            ("Traditional".to_string(), s(&["Q's Tent"]), vec![]),
        ]
    );
}

#[test]
fn a_sentence_names_the_format_and_may_list_the_cards() {
    let text = "Banned Cards\n\nThe following 3 cards are banned in the Official Tournament Format (OTF) as of December 20, 2018: Q's Tent, Mirror Image and Hunter Gangs.\n\nThese cards are banned in Modern:\n\nRevolving Door\n";
    let read = lists(text);
    assert_eq!(
        summary(&read),
        vec![
            (
                "Official Tournament Format (OTF)".to_string(),
                s(&["Q's Tent", "Mirror Image", "Hunter Gangs"]),
                vec![]
            ),
            ("Modern".to_string(), s(&["Revolving Door"]), vec![]),
        ]
    );
    assert_eq!(read.counted, vec![(3, 3, 3)]);
}

#[test]
fn a_table_gives_each_card_its_formats() {
    let text = "Ban List 2025-01-06\n\n| Card | Formats | Since |\n|---|---|---|\n| Q's Tent | Modern, Traditional | 2018-12-20 |\n| Revolving Door | Modern | 2020-03-02 |\n";
    let read = lists(text);
    assert_eq!(
        summary(&read),
        vec![
            (
                "Modern".to_string(),
                s(&["Q's Tent", "Revolving Door"]),
                vec![]
            ),
            ("Traditional".to_string(), s(&["Q's Tent"]), vec![]),
        ]
    );
}

#[test]
fn a_version_in_the_title_is_no_format() {
    let read = lists(
        "First Edition Ban List — Version 2.5.4 — March 2019\n\n## Modern Format\n\n1. Q's Tent\n",
    );
    assert_eq!(
        summary(&read),
        vec![("Modern".to_string(), s(&["Q's Tent"]), vec![])]
    );
    assert_eq!(
        format_in_title("First Edition Ban List — Version 2.5.4 — March 2019"),
        None
    );
}

#[test]
fn the_game_s_name_is_no_format_and_a_sentence_s_end_is_no_card() {
    let read = lists("Ban List\n\nFirst Edition Ban List\nThis list names the cards that may not be played, by format. A format this list does not name\nbans no card.\n\nModern Format\n  Q's Tent\n");
    assert_eq!(
        summary(&read),
        vec![("Modern".to_string(), s(&["Q's Tent"]), vec![])]
    );
}

#[test]
fn a_list_that_names_no_format_is_every_formats() {
    let read = lists(
        "Ban List 2019-01-01\n\nThe cards below are banned from tournament play.\n\nQ's Tent\n",
    );
    assert_eq!(
        summary(&read),
        vec![(EVERY_FORMAT.to_string(), s(&["Q's Tent"]), vec![])]
    );
}

#[test]
fn a_count_printed_is_held_against_the_cards_read() {
    let read = lists(
        "OTF Ban List\n\nThe following twelve cards are banned:\n\n- Q's Tent\n- Mirror Image\n",
    );
    assert_eq!(read.counted, vec![(12, 2, 3)]);
}

#[test]
fn formats_are_matched_by_name_letters_or_initials() {
    assert!(format_matches("Official Tournament Format (OTF)", "otf"));
    assert!(format_matches(
        "Official Tournament Format (OTF)",
        "Official Tournament Format"
    ));
    assert!(format_matches("Revised Tournament Format", "RTF"));
    assert!(format_matches("Modern", "modern format"));
    assert!(format_matches(EVERY_FORMAT, "Traditional"));
    assert!(!format_matches("Modern", "Traditional"));
    assert!(!format_matches("Modern", ""));
    assert_eq!(short_name("Official Tournament Format (OTF)"), "OTF");
    assert_eq!(short_name("Revised Tournament Format"), "RTF");
    assert_eq!(short_name("Warp Core"), "Warp Core");
}

#[test]
fn a_lists_text_is_read_back_to_its_cards() {
    let list = List {
        format: "Modern".into(),
        line: 3,
        banned: s(&["Q's Tent", "Revolving Door"]),
        lifted: s(&["Hunter Gangs"]),
        lines: vec![2, 3, 4],
    };
    let entry = list.entry(
        (
            "b",
            crate::model::Edition::First,
            chrono::NaiveDate::MIN,
            "b.txt",
        ),
        BAN_LISTS,
    );
    assert_eq!(entry.topic, "Modern ban list");
    assert_eq!(format_of_topic(&entry.topic), Some("Modern"));
    assert!(is_list_key(&entry.key));
    assert_eq!(format_printed(&entry.text), Some("Modern"));
    assert_eq!(
        banned_cards(&entry.text),
        vec!["Q's Tent", "Revolving Door"]
    );
}

#[test]
fn a_title_names_a_list_and_a_sentence_does_not() {
    assert!(names_a_list("OTF Ban List - 2018-12-20"));
    assert!(names_a_list("# BANNED CARDS"));
    assert!(names_a_list("Second Edition Banned Card List"));
    assert!(!names_a_list(
        "The ban list is kept by the Director of Organized Play."
    ));
    assert!(!names_a_list("Rules Update — March 2025"));
}

#[test]
fn lines_a_converter_ran_together_are_taken_apart() {
    let lost = lists("OTF Ban List\n\n[?] Heavy Lift\n\n[?] Ambush Tactics\n");
    assert_eq!(
        summary(&lost),
        vec![(
            "OTF".to_string(),
            s(&["Heavy Lift", "Ambush Tactics"]),
            vec![]
        )]
    );
    let text = "First Edition Ban List\n\nModern Format - Q's Tent - Going to the Top (Premiere)\n\nTraditional Format - Q's Tent\n\n- Heavy Lift - banned since 2016\n";
    let read = lists(text);
    assert_eq!(
        summary(&read),
        vec![
            (
                "Modern".to_string(),
                s(&["Q's Tent", "Going to the Top (Premiere)"]),
                vec![]
            ),
            (
                "Traditional".to_string(),
                s(&["Q's Tent", "Heavy Lift"]),
                vec![]
            ),
        ]
    );
}
