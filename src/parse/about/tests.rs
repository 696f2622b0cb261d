//! Tests of `about`.

use super::*;

fn ymd(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// The date taken and the candidate it came from.
fn dated(text: &str) -> (NaiveDate, DateCandidate) {
    let reading = super::super::read_document("doc.md", text, 0).expect("read");
    let winner = best_date(&reading.found.dates).expect("a date").clone();
    assert_eq!(reading.release.date, winner.date);
    (reading.release.date, winner)
}

const ENTRIES: &str = "\n**Battle** – A battle is fought.\n\n**Cloaking** – A ship cloaks.\n";

#[test]
fn title_block_under_banners() {
    let text = format!(
            "Star Trek Customizable Card Game\n\nGLOSSARY\n\nVersion 1.9.1\n\nMay 2013\n\nSecond Edition.\n{ENTRIES}"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2013, 5, 1));
    assert_eq!(from.place, DatePlace::TitleBlock);
    assert!(from.month_only);
}

#[test]
fn date_on_its_own_line_under_the_title() {
    let text = format!("# Current Rulings\n\n12 June 2022\n\nSecond Edition.\n{ENTRIES}");
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2022, 6, 12));
    assert_eq!(from.place, DatePlace::TitleBlock);
    assert_eq!(from.line, Some(3));
    assert!(!from.month_only);
}

#[test]
fn running_header_only() {
    let text =
        "Second Edition\n\n**Battle** – A battle is fought, unlike the ruling of 3/27/00.\n\n\
                    Current Rulings, 12 June 2022, page 1\n\n**Cloaking** – A ship cloaks.\n\n\
                    Current Rulings, 12 June 2022, page 2\n";
    let (date, from) = dated(text);
    assert_eq!(date, ymd(2022, 6, 12));
    assert_eq!(from.place, DatePlace::RunningHeader);
}

#[test]
fn version_line_with_a_month() {
    let text = format!(
            "Star Trek Customizable Card Game\n\nSecond Edition\n\nThe rules of play, in force for every\n\
             tournament of the game and all its expansions to date, as the judges read them\n\n\
             Version 2.5.4 — April 2024\n{ENTRIES}"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2024, 4, 1));
    assert!(from.month_only);
    assert!(matches!(
        from.place,
        DatePlace::VersionLine | DatePlace::TitleBlock
    ));
}

#[test]
fn version_line_with_a_day_in_parentheses() {
    let text =
        format!("Rules Compendium, Version 2.7.4 (3 August 2026)\n\nSecond Edition\n{ENTRIES}");
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2026, 8, 3));
    assert!(!from.month_only);
}

#[test]
fn a_cited_date_is_never_the_documents_own() {
    let text = format!(
            "Second Edition rulings since the Glossary of 3 May 2021\n\n# Current Rulings\n\n12 June 2022\n{ENTRIES}"
        );
    let reading = super::super::read_document("doc.md", &text, 0).expect("read");
    assert_eq!(reading.release.date, ymd(2022, 6, 12));
    let cited: Vec<_> = reading.found.dates.iter().filter(|c| c.cited).collect();
    assert_eq!(cited.len(), 1);
    assert_eq!(cited[0].date, ymd(2021, 5, 3));
    assert_eq!(cited[0].line, Some(1));
    // A preamble that reverses an old ruling, the date in the title.
    let text = format!(
            "# Current Rulings (6 February 2012)\n\nSecond Edition. This reverses the ruling of 3/27/00 on cloaking.\n{ENTRIES}"
        );
    assert_eq!(dated(&text).0, ymd(2012, 2, 6));
}

#[test]
fn dates_of_listed_and_earlier_documents_are_cited() {
    // The preamble lists the documents of the game's rules and names
    // the last release; the title block has the document's own date.
    let text = format!(
            "# Current Rulings\n\n3/27/00\n\nChanged since the last Current Rulings document (2/28/00):\n\n- Rulebook Version 1.6 (October 1999)\n\n• Rulebook Glossary Version 1.6 (October 1999)\n{ENTRIES}"
        );
    let reading = super::super::read_document("doc.md", &text, 0).expect("read");
    assert_eq!(reading.release.date, ymd(2000, 3, 27));
    let cited: Vec<_> = reading
        .found
        .dates
        .iter()
        .filter(|c| c.cited)
        .map(|c| c.date)
        .collect();
    assert_eq!(
        cited,
        [ymd(2000, 2, 28), ymd(1999, 10, 1), ymd(1999, 10, 1)]
    );
}

#[test]
fn a_date_run_into_the_paragraph_under_the_title_is_the_title_blocks() {
    let text = format!(
            "# GLOSSARY\n11/1/21 This Glossary is a comprehensive guide to the rules of the game, First Edition, as of today.\n{ENTRIES}"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2021, 11, 1));
    assert_eq!(from.place, DatePlace::TitleBlock);
    // The version line run in with it, as a justified PDF copies it.
    let text = format!(
            "# GLOSSARY

Version 1.9.1 11/1/21 This Glossary is a comprehensive guide to the rules of the game, First Edition, as of today.
{ENTRIES}"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2021, 11, 1));
    assert_eq!(from.place, DatePlace::TitleBlock);
    // Words before the date are no version: it dates nothing.
    let text = format!(
            "# GLOSSARY

Printed first on 11/1/21, this Glossary is a comprehensive guide to the rules of the game, First Edition.
{ENTRIES}"
        );
    assert!(matches!(
        super::super::read_document("doc.md", &text, 0).map(|r| r.release.date_precision),
        Ok(DatePrecision::Undated)
    ));
    // Further down, a paragraph opening with a date is no title block.
    let text = format!(
            "# GLOSSARY\n\nFirst Edition.\n\n11/1/21 was the day this Glossary was first printed in full.\n{ENTRIES}"
        );
    assert!(matches!(
        super::super::read_document("doc.md", &text, 0).map(|r| r.release.date_precision),
        Ok(DatePrecision::Undated)
    ));
}

#[test]
fn a_change_logs_newest_revision_dates_an_otherwise_undated_document() {
    let text = format!(
            "# GLOSSARY\n\nFirst Edition.\n{ENTRIES}\n## Change Log\n\n2022-09-05: First release.\n\n2022-10-03: Added sidebars.\n\n## Errata\n\n2023-01-01 is no revision.\n"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2022, 10, 3));
    assert_eq!(from.place, DatePlace::ChangeLog);
    // The title block's date wins over the log's.
    let text = format!(
            "# GLOSSARY\n\n1 November 2021\n\nFirst Edition.\n{ENTRIES}\n## Change Log\n\n2022-10-03: Added sidebars.\n"
        );
    assert_eq!(dated(&text).0, ymd(2021, 11, 1));
}

#[test]
fn a_cited_date_alone_dates_nothing() {
    let text = format!("Second Edition rulings since the Glossary of 3 May 2021.\n{ENTRIES}");
    let reading = super::super::read_document("doc.md", &text, 0).expect("read, undated");
    assert_eq!(reading.release.date_precision, DatePrecision::Undated);
    assert_eq!(reading.release.date, crate::model::UNDATED);
    assert!(!reading.release.entries.is_empty());
    assert!(reading.release.entries.iter().all(|e| e.is_undated()));
    // Undated is no reason to take the document for First Edition.
    assert_eq!(reading.release.edition, Edition::Second);
}

#[test]
fn a_file_names_date_on_or_after_the_newest_entry_dates_the_document() {
    let at = |date: &str, place| DateCandidate {
        date: date.parse().unwrap(),
        month_only: false,
        place,
        line: None,
        cited: false,
    };
    let named = at("2017-06-06", DatePlace::FileName);
    let entries = at("2016-09-19", DatePlace::EntryDates);
    let dates = [entries.clone(), named.clone()];
    assert_eq!(best_date(&dates), Some(&named));
    // A file name older than an entry is wrong: the entries win.
    let old_name = at("2015-01-01", DatePlace::FileName);
    let dates = [entries.clone(), old_name];
    assert_eq!(best_date(&dates), Some(&entries));
    // A date the document prints wins over both.
    let title = at("2017-05-01", DatePlace::TitleBlock);
    let dates = [entries, named, title.clone()];
    assert_eq!(best_date(&dates), Some(&title));
}

#[test]
fn words_citing_a_date_may_end_the_lines_before_it() {
    // A column wrapped the sentence that cites an earlier document: its
    // date is no date of this one, and the file name dates it.
    let text = format!(
            "Current Rulings\n\nFirst Edition. Entries that\nare new or changed since the last\nCurrent Rulings document\n(2/28/00) are marked with an aster-\nisk before the topic.\n{ENTRIES}"
        );
    let reading = super::super::read_document("cr_2000-03-27.txt", &text, 0).expect("read");
    assert_eq!(reading.release.date, ymd(2000, 3, 27));
    let cited = reading
        .found
        .dates
        .iter()
        .find(|d| d.date == ymd(2000, 2, 28));
    assert!(cited.is_some_and(|d| d.cited), "{:?}", reading.found.dates);
    // A sentence that ended before the line cites nothing on it.
    let text = format!("Current Rulings\n\nFirst Edition. Read this.\n(2/28/00)\n{ENTRIES}");
    let (date, _) = dated(&text);
    assert_eq!(date, ymd(2000, 2, 28));
}

#[test]
fn the_item_naming_the_document_in_its_list_of_documents_dates_it() {
    let text = format!(
            "Current Rulings\n\nFirst Edition. A complete set of rules consists of the following documents:\n• Rulebook Version 1.6 (October 1999) • Rulebook Glossary Version 1.6 (October 1999)\n• Current Rulings (3/27/00) NOTE: Cross-references refer to the Glossary.\n{ENTRIES}"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2000, 3, 27));
    assert!(!from.cited);
    // The other items are cited, and so is every item under another
    // title.
    let other = text.replacen("Current Rulings\n", "Tournament Notes\n", 1);
    let reading = super::super::read_document("doc.md", &other, 0).expect("read");
    assert!(
        reading.found.dates.iter().all(|d| d.cited),
        "{:?}",
        reading.found.dates
    );
    assert_eq!(
        item_name("• Rulebook (Oct 1999) • Current Rulings ("),
        "current rulings"
    );
    // Its title block and preamble name no edition (its title reads as
    // a head), but its first page names one, and never the other.
    assert_eq!(reading.release.edition, Edition::First);
    let both = other.replace("documents:", "documents of Second Edition:");
    // Naming both, it cannot tell: read all the same, its edition unknown.
    let read = super::super::read_document("doc.md", &both, 0).unwrap();
    assert_eq!(read.found.edition, Source::Unknown);
}

#[test]
fn a_month_only_date() {
    let text = format!("# Rules Update\n\nMarch 2019\n\nSecond Edition.\n{ENTRIES}");
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2019, 3, 1));
    assert!(from.month_only);
}

#[test]
fn front_matter_beats_every_printed_date() {
    let text = format!(
            "+++\ndate = \"2020-01-02\"\n+++\n# Current Rulings (6 February 2012)\n\nSecond Edition.\n{ENTRIES}"
        );
    let (date, from) = dated(&text);
    assert_eq!(date, ymd(2020, 1, 2));
    assert_eq!(from.place, DatePlace::FrontMatter);
}

#[test]
fn an_archive_range_is_no_date() {
    let text = format!("# Archive\n\n12 Jan 1999 - 30 Aug 2003\n\nSecond Edition.\n{ENTRIES}");
    let reading = super::super::read_document("doc.md", &text, 0).expect("read, undated");
    assert_eq!(reading.release.date_precision, DatePrecision::Undated);
}

#[test]
fn a_line_naming_both_editions_tells_neither() {
    use super::found_dates::names_both;
    for line in [
        "Tip: First vs. Second Edition",
        "First and Second Editions alike",
        "cards of 1E or 2E",
        "Second & First Edition",
    ] {
        assert!(names_both(line), "{line}");
    }
    for line in [
        "First Edition Rulebook",
        "Second Edition rulings",
        "the first second",
    ] {
        assert!(!names_both(line), "{line}");
    }
    // A Rulebook whose sidebar compares the two games is of neither by it.
    let text = "# Rulebook\n\nVersion 2.5.6 — June 2024\n\nTip: First vs. Second Edition\n\nAnother game shares the name.\n\nseeding – Seed cards face down.\n";
    let read = super::super::read_document("rb.md", text, 0).unwrap();
    assert_ne!(read.release.edition, Edition::Second);
}

#[test]
fn an_article_with_no_title_is_known_by_its_preamble() {
    use crate::model::ReleaseKind;
    let text = format!(
        "Posted by rules_desk on Tuesday\n2025-03-04\n\nWelcome to this month's First Edition rules update! The following changes take effect now.\n\n{ENTRIES}"
    );
    let read = super::super::read_document("doc.md", &text, 0).unwrap();
    assert_eq!(read.release.kind, ReleaseKind::RecentRulings);
}
