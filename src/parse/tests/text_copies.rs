//! Text copies of documents (pdftotext, a page saved or pasted): lines
//! wrapped to a measure, words broken at a hyphen, heads alone, heads run
//! on after a sentence left without its stop, dates under heads.

use super::*;

#[test]
pub(super) fn a_wrapped_line_short_of_the_measure_ends_its_paragraph_before_a_head() {
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
pub(super) fn a_line_cut_inside_a_quotation_is_no_topic() {
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
pub(super) fn a_word_a_wrap_broke_with_a_hyphen_is_joined_whole() {
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
pub(super) fn heads_alone_in_a_text_copy_tell_the_order_and_their_short_bodies() {
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
pub(super) fn a_title_wrapped_after_its_month_is_the_title_and_dates_the_document() {
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
pub(super) fn an_index_topic_filed_by_its_noun_is_a_head_and_a_clause_is_not() {
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
pub(super) fn a_numbered_head_after_a_sentence_left_without_its_stop_opens_an_entry() {
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
pub(super) fn a_head_set_apart_after_a_sentence_left_without_its_stop_is_a_head() {
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
pub(super) fn where_heads_stand_alone_one_after_a_full_line_left_without_its_stop_is_a_head() {
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
pub(super) fn a_head_alone_after_a_paragraph_that_ended_short_of_the_measure_is_a_head() {
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
pub(super) fn a_new_tag_before_a_head_with_a_sub_topic_is_no_part_of_its_topic() {
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
pub(super) fn a_head_alone_with_a_new_asterisk_stands_over_a_body_in_lower_case() {
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
pub(super) fn a_head_whose_body_edits_a_rule_ends_the_text_a_head_before_it_quoted() {
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
pub(super) fn heads_alone_on_a_dash_outvote_the_labels_of_a_list_that_lost_its_numbers() {
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
pub(super) fn a_part_name_in_capitals_between_two_sentences_is_a_heading() {
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
pub(super) fn a_head_s_date_broken_at_its_hyphen_is_joined_whole() {
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
pub(super) fn a_head_over_its_ruling_under_an_empty_contents_opens_an_entry() {
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
pub(super) fn a_head_in_capitals_opens_an_entry_after_a_line_that_ran_on() {
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
pub(super) fn a_dash_on_a_line_of_its_own_ends_the_head_above_it() {
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
pub(super) fn a_compound_broken_at_its_own_hyphen_is_no_head() {
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
pub(super) fn a_title_that_opens_a_hard_wrapped_text_with_its_date_ends_there() {
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
pub(super) fn dated_topics(text: &str) -> Vec<(String, NaiveDate)> {
    parse_document("t.txt", text, 0)
        .unwrap()
        .entries
        .into_iter()
        .map(|e| (e.topic, e.date))
        .collect()
}

#[test]
pub(super) fn a_date_alone_under_each_head_dates_it_and_is_no_running_header() {
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
pub(super) fn under_a_title_with_its_date_a_head_and_its_date_are_no_title_block() {
    let doc = "                   Second Edition Rulings (6 June 2017)\n\n\
         Naming a Number\n\n2017-06-06\n\n\
         When a player names a number, he or she must choose zero or a positive integer.\n\n\
         Examining a Card\n\n2016-11-02\n\n\
         When a card instructs you to examine a card, the examined cards do not change location.\n";
    let topics: Vec<String> = dated_topics(doc).into_iter().map(|(t, _)| t).collect();
    assert_eq!(topics, ["Naming a Number", "Examining a Card"]);
}
