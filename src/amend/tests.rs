//! Tests of `amend`.

use super::*;

fn one(text: &str) -> Instruction {
    let mut all = instructions(text).expect("an instruction");
    assert_eq!(all.len(), 1, "{all:?}");
    all.remove(0)
}

const ENTRY: &str = "First paragraph. It has two sentences.\n\nSecond paragraph.\n\n- one\n- two\n- three\n\nFinal paragraph. Its second sentence.";

#[test]
fn deletes_words_from_a_named_paragraph() {
    let i = one("In the second paragraph, delete:\n\nSecond\n\nWhy we did it.");
    assert_eq!(
        i.target,
        Target::Words {
            paragraph: Ordinal::Nth(2)
        }
    );
    let (text, steps) = apply(ENTRY, &[i]);
    assert!(text.contains("\n\nparagraph.\n\n"), "{text}");
    assert_eq!(steps[0].removed, "Second");
}

#[test]
fn a_change_is_told_in_whole_words() {
    let (removed, added) = changed_words(
            "all Borg Away Team restrictions. Those cards return.",
            "all Borg Away Team and battle restrictions, and they may not attempt missions. Those cards return.",
        );
    assert_eq!(removed, "restrictions");
    assert_eq!(
        added,
        "and battle restrictions, and they may not attempt missions"
    );
    let (removed, added) = changed_words("a cardinal rule", "a card rule");
    assert_eq!((removed.as_str(), added.as_str()), ("cardinal", "card"));
}

#[test]
fn words_not_found_are_not_guessed() {
    let (text, steps) = apply(ENTRY, &[one("In the first paragraph, delete:\n\nnowhere")]);
    assert_eq!(text, ENTRY);
    assert_eq!(steps[0].failure, Some(Failure::WordsNotFound));
}

#[test]
fn replaces_a_sentence_of_the_final_paragraph() {
    let i = one(
        "replace the first sentence of the final paragraph with the following:\n\nA new start.",
    );
    let (text, _) = apply(ENTRY, &[i]);
    assert!(
        text.ends_with("A new start. Its second sentence."),
        "{text}"
    );
}

#[test]
fn replaces_a_bullet_and_adds_one() {
    let (text, _) = apply(
        ENTRY,
        &[one(
            "Replace the third bullet point of this entry with the following:\n\nTHREE",
        )],
    );
    assert!(text.contains("- two\n- THREE\n\nFinal"), "{text}");
    let (text, _) = apply(ENTRY, &[one("Add the following bullet point:\n\n- four")]);
    assert!(text.contains("- three\n- four"), "{text}");
}

#[test]
fn ordinals_of_one_amendment_name_the_text_it_was_given() {
    let all = instructions("Add the following after the first paragraph of this entry:\n\nInserted.\n\nReplace the second paragraph of this entry with the following:\n\nSecond, anew.").unwrap();
    let (text, steps) = apply(ENTRY, &all);
    assert!(steps.iter().all(|s| s.failure.is_none()), "{steps:?}");
    assert!(
        text.starts_with("First paragraph. It has two sentences.\n\nInserted.\n\nSecond, anew."),
        "{text}"
    );
}

#[test]
fn a_loosely_named_part_is_not_applied() {
    let (text, steps) = apply(
        ENTRY,
        &[one(
            "Replace the first portion of this entry with the following:\n\nNew.",
        )],
    );
    assert_eq!(text, ENTRY);
    assert_eq!(steps[0].failure, Some(Failure::Unclear));
    let (_, steps) = apply(
        ENTRY,
        &[one(
            "Replace the ninth paragraph of this entry with the following:\n\nNew.",
        )],
    );
    assert_eq!(steps[0].failure, Some(Failure::Missing { have: 3 }));
}

#[test]
fn bracketed_sidebar_instructions_are_said_not_applied() {
    let found = bracketed(
        "Text. [Update Sidebar: Clarifications: Multitargeting: Revise the last sentence.] More.",
    );
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].target, Target::Unread);
    assert!(
        found[0]
            .statement
            .starts_with("[Update Sidebar: Clarifications"),
        "{found:?}"
    );
    assert!(bracketed("A [Tricorder] is equipment.").is_empty());
}

#[test]
fn editorial_paragraphs_end_the_given_text() {
    let i = one("Revise as follows:\n\nNew text.\n\nClarifies that nothing else changed.");
    assert_eq!(i.text, "New text.");
    assert!(instructions("A plain ruling.").is_none());
}

/// An entry of 25 paragraphs, each saying its place.
fn numbered(count: usize) -> String {
    (1..=count)
        .map(|n| format!("Paragraph {n}."))
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[test]
fn every_ordinal_form_is_read_exactly() {
    let forms = [
        ("first", Ordinal::Nth(1)),
        ("ninth", Ordinal::Nth(9)),
        ("twelfth", Ordinal::Nth(12)),
        ("nineteenth", Ordinal::Nth(19)),
        ("twentieth", Ordinal::Nth(20)),
        ("twenty-first", Ordinal::Nth(21)),
        ("twenty first", Ordinal::Nth(21)),
        ("forty–second", Ordinal::Nth(42)),
        ("ninety-ninth", Ordinal::Nth(99)),
        ("1st", Ordinal::Nth(1)),
        ("2nd", Ordinal::Nth(2)),
        ("3rd", Ordinal::Nth(3)),
        ("11th", Ordinal::Nth(11)),
        ("21st", Ordinal::Nth(21)),
        ("112th", Ordinal::Nth(112)),
        ("last", Ordinal::Last),
        ("final", Ordinal::Last),
        ("penultimate", Ordinal::FromLast(2)),
        ("second-to-last", Ordinal::FromLast(2)),
        ("next-to-last", Ordinal::FromLast(2)),
        ("second from last", Ordinal::FromLast(2)),
        ("third from the end", Ordinal::FromLast(3)),
        ("antepenultimate", Ordinal::FromLast(3)),
    ];
    for (words, want) in forms {
        let i = one(&format!(
            "Replace the {words} paragraph of this entry with the following:\n\nNew."
        ));
        assert_eq!(
            i.target,
            Target::Paragraphs {
                paragraphs: vec![want]
            },
            "{words}"
        );
    }
}

#[test]
fn each_ordinal_form_names_its_paragraph() {
    let entry = numbered(25);
    for (words, n) in [
        ("twentieth", 20),
        ("twenty-first", 21),
        ("21st", 21),
        ("penultimate", 24),
        ("second-to-last", 24),
        ("next-to-last", 24),
        ("second from last", 24),
        ("last", 25),
    ] {
        let (text, steps) = apply(
            &entry,
            &[one(&format!(
                "Replace the {words} paragraph of this entry with the following:\n\nNew."
            ))],
        );
        assert_eq!(steps[0].failure, None, "{words}");
        assert_eq!(steps[0].removed, format!("Paragraph {n}"), "{words}");
        assert!(!text.contains(&format!("Paragraph {n}.")), "{words}");
        assert_eq!(blocks(&text).len(), 25, "{words}: {text}");
    }
}

#[test]
fn an_ordinal_out_of_range_or_not_read_leaves_the_text() {
    let entry = numbered(25);
    for (words, failure) in [
        ("thirtieth", Failure::Missing { have: 25 }),
        ("30th", Failure::Missing { have: 25 }),
        ("ninety-ninth", Failure::Missing { have: 25 }),
        ("twenty-sixth from last", Failure::Missing { have: 25 }),
        ("0th", Failure::NoInstruction),
        ("21th", Failure::NoInstruction),
        ("twentyfirst", Failure::NoInstruction),
        ("umpteenth", Failure::NoInstruction),
    ] {
        let instruction = format!(
            "Replace the {words} paragraph of this entry with the following:\n\nNew words."
        );
        let all = instructions(&instruction).expect("read as an instruction");
        assert_eq!(all.len(), 1, "{words}: {all:?}");
        let (text, steps) = apply(&entry, &all);
        assert_eq!(text, entry, "{words}");
        assert_eq!(steps[0].failure, Some(failure), "{words}");
    }
    // A sentence named by an ordinal not read is not applied either.
    let (text, steps) = apply(
        &entry,
        &instructions(
            "Replace the zeroth sentence of the 2nd paragraph with the following:\n\nNew.",
        )
        .unwrap(),
    );
    assert_eq!(text, entry);
    assert_eq!(steps[0].failure, Some(Failure::NoInstruction));
}

#[test]
fn thousands_of_instructions_take_linear_time() {
    let many: Vec<Instruction> = (0..5000)
        .map(|n| Instruction {
            statement: String::new(),
            action: Action::Insert,
            target: Target::AfterParagraph {
                paragraph: Ordinal::Last,
            },
            text: format!("Added {n}."),
        })
        .collect();
    let mut text = Text::new(&numbered(3));
    let start = std::time::Instant::now();
    for instruction in &many {
        text.apply(std::slice::from_ref(instruction));
    }
    let text = text.to_string();
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    assert!(text.ends_with("Added 4998.\n\nAdded 4999."), "{text}");
}
