//! What kind of document a text is and whose edition: Glossaries,
//! Compendiums and Rulebooks known by their title lines among banners, and
//! rulings documents that only name a base.

use super::*;

/// The kind a document is read as, with no front matter.
pub(super) fn kind_read(text: &str) -> ReleaseKind {
    parse_document("t.md", text, 0).unwrap().kind
}

/// The body of a small Glossary, after its title block: a preamble, then
/// alphabetical entries under a part heading.
pub(super) const GLOSSARY_BODY: &str = "This Glossary is a guide to the rules of the First Edition game.\n\n## Glossary\n\nbattle – A fight between forces.\n\npoints – Points are scored by completing missions.\n\nstopped – A stopped card cannot act.\n";

#[test]
pub(super) fn a_glossary_is_known_by_its_title_under_banners_in_every_shape() {
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
pub(super) fn a_compendium_and_a_rulebook_are_known_by_their_title_lines() {
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
pub(super) fn rulings_documents_that_name_a_base_are_not_bases() {
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
        assert_eq!(super::super::base::kind_of(None, doc, 0), None, "{doc}");
    }
}

#[test]
pub(super) fn a_text_copys_title_block_names_edition_kind_and_date() {
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
pub(super) fn the_title_printed_again_at_a_pages_top_does_not_cut_an_entry() {
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
pub(super) fn a_preamble_that_says_what_the_document_is_names_a_base_under_a_bare_title() {
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
pub(super) fn a_date_alone_above_a_bases_title_dates_it() {
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
pub(super) fn an_undated_document_whose_every_date_falls_before_second_edition_is_first_edition() {
    // No date of its own is found (the title block lost it); the only
    // date it prints is another document's, before 2002.
    let text = "Current Rulings\n\nEntries that are new since the last Current Rulings \
                document (2/28/00) are marked with an asterisk.\n\n\
                cloaking – A cloaked ship cannot be targeted.\n\n\
                dilemmas – A dilemma is encountered when revealed.\n";
    let release = parse_document("cr.txt", text, 0).unwrap();
    assert_eq!(release.date_precision, crate::model::DatePrecision::Undated);
    assert_eq!(release.edition, Edition::First);
    // A date after Second Edition began leaves the edition unknown: the
    // document is read all the same, and says so.
    let later = text.replace("(2/28/00)", "(2/28/05)");
    let read = crate::parse::read_document("cr.txt", &later, 0).unwrap();
    assert_eq!(read.found.edition, crate::parse::about::Source::Unknown);
    assert!(!read.release.entries.is_empty());
}

#[test]
pub(super) fn a_base_whose_edition_only_a_banner_names_is_of_that_edition() {
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
