//! The rule-change history's reading, tried on pages of each shape.

use super::*;

#[test]
fn a_link_is_dated_by_its_month_or_its_day() {
    let date = |y, m, d| NaiveDate::from_ymd_opt(y, m, d);
    assert_eq!(
        link("Deck size: the 30/30 rule (1997 Dec)"),
        ("Deck size: the 30/30 rule".to_string(), date(1997, 12, 1))
    );
    assert_eq!(
        link("the First Contact Rules Supplement (1 Dec 1997)."),
        (
            "the First Contact Rules Supplement".to_string(),
            date(1997, 12, 1)
        )
    );
    assert_eq!(link("Current Rulings").1, None);
}

const PAGE: &str = "First Edition Rule Changes\n\
    Deck size: sixty cards\n\
    Each player builds a deck of sixty cards.\n\
    Original | Superseded\n\
    Premiere Rulebook (10 Nov 1994)\n\
    Superseded by:\n\
    Deck size: the 30/30 rule (1997 Dec)\n\
    Dilemmas seed face down\n\
    Dilemmas seed face down under missions.\n\
    Original | Active\n\
    Premiere Rulebook (10 Nov 1994)\n\
    Deck size: the 30/30 rule\n\
    At most thirty seed cards, at least thirty draw cards.\n\
    Rule Change | Active\n\
    First Contact Rules Supplement (1 Dec 1997)\n\
    Doubles: discarded\n\
    A duplicate is discarded.\n\
    Rule Change | Rescinded\n\
    Glossary 1.6 (4 Oct 1999)\n\
    Rescinded by:\n\
    Current Rulings Document (2019 Mar)\n\
    Footer words.\n";

#[test]
fn each_version_is_an_entry_of_its_rule_dated_by_its_document() {
    let History {
        markdown,
        rules,
        versions,
        ..
    } = rewrite(PAGE, "changes.txt").unwrap();
    assert_eq!((rules, versions), (3, 4));
    assert!(markdown.contains("kind = \"rule-history\""), "{markdown}");
    assert!(markdown.contains("date = \"2019-03-01\""), "{markdown}");
    assert!(markdown.contains("Deck size 1994-11-10\n**Deck size: sixty cards.** Each player builds a deck of sixty cards. (Original | Superseded: Premiere Rulebook, 1994-11-10. Superseded by: Deck size: the 30/30 rule (December 1997).)"), "{markdown}");
    assert!(
        markdown.contains("Deck size 1997-12-01\n**Deck size: the 30/30 rule.**"),
        "{markdown}"
    );
    // Rescinded at the rescinding document's month.
    assert!(
        markdown.contains("Doubles 2019-03-01\nThis rule has been deleted: rescinded by Current Rulings Document."),
        "{markdown}"
    );
    assert!(markdown.contains("Footer words."), "{markdown}");
    // The 30/30 rule comes after the sixty cards it replaced.
    let sixty = markdown.find("Deck size 1994-11-10").unwrap();
    let thirty = markdown.find("Deck size 1997-12-01").unwrap();
    assert!(sixty < thirty);
}

#[test]
fn a_version_ended_with_no_successor_on_the_page_is_closed_at_its_link() {
    let page = "Shields: down\nShields are down.\nOriginal | Superseded\nPremiere Rulebook (10 Nov 1994)\nSuperseded by:\nShields: up (1996 Jan)\n\
        Phasers: fire\nPhasers fire.\nOriginal | Active\nPremiere Rulebook (10 Nov 1994)\n";
    let markdown = rewrite(page, "x.txt").unwrap().markdown;
    assert!(
        markdown.contains("Shields 1996-01-01\nThis entry is replaced with: See **Shields: up**."),
        "{markdown}"
    );
}

#[test]
fn a_source_printed_on_the_status_line_is_read_there() {
    let page = "Range: ten\nRange is ten.\nOriginal | Superseded — Premiere Rulebook (10 Nov 1994)\nSuperseded by: Range: twelve (2001 Feb)\n\
        Range: twelve\nRange is twelve.\nRule Change | Active, Current Rulings (5 Feb 2001)\n";
    let History {
        markdown,
        rules,
        versions,
        ..
    } = rewrite(page, "x.txt").unwrap();
    assert_eq!((rules, versions), (1, 2), "{markdown}");
    assert!(markdown.contains("Range 2001-02-05\n**Range: twelve.** Range is twelve. (Rule Change | Active: Current Rulings, 2001-02-05.)"), "{markdown}");
    assert!(markdown.contains("(Original | Superseded: Premiere Rulebook, 1994-11-10. Superseded by: Range: twelve (February 2001).)"), "{markdown}");
}

#[test]
fn the_status_is_read_however_a_copy_parts_it_from_the_change() {
    for separator in [" | ", "\t", " / ", " – ", " - "] {
        let page = format!(
            "Range: ten\nRange is ten.\nOriginal{separator}Superseded\nPremiere Rulebook (10 Nov 1994)\nSuperseded by:\nRange: twelve (2001 Feb)\n\
             Range: twelve\nRange is twelve.\nRule Change{separator}Active\nCurrent Rulings (5 Feb 2001)\n"
        );
        let History {
            markdown,
            rules,
            versions,
            ..
        } = rewrite(&page, "x.txt").unwrap();
        assert_eq!((rules, versions), (1, 2), "{separator:?}: {markdown}");
        assert!(
            markdown.contains("(Rule Change | Active: Current Rulings, 2001-02-05.)"),
            "{markdown}"
        );
    }
}

#[test]
fn a_status_line_is_known_by_its_shape_whatever_its_word() {
    let page =
        "Range: ten\nRange is ten.\nOriginal | Withdrawn2\nPremiere Rulebook (10 Nov 1994)\n\
        Shields: up\nShields are up.\nOriginal | Active\nPremiere Rulebook (10 Nov 1994)\n";
    let History {
        markdown,
        rules,
        versions,
        ..
    } = rewrite(page, "x.txt").unwrap();
    assert_eq!((rules, versions), (2, 2), "{markdown}");
    // Each rule with its own text, the word kept as printed, and no
    // closing entry: the version stands, never in force.
    assert!(markdown.contains("Range 1994-11-10\n**Range: ten.** Range is ten. (Original | Withdrawn2: Premiere Rulebook, 1994-11-10. Status printed as 'Withdrawn2': not known.)"), "{markdown}");
    assert!(
        markdown
            .contains("Shields 1994-11-10\n**Shields: up.** Shields are up. (Original | Active"),
        "{markdown}"
    );
    assert!(!markdown.contains("Range 1994-11-11"), "{markdown}");
    // Known words read as what they say: Withdrawn ends its rule.
    let page = page.replace("Withdrawn2", "Withdrawn");
    let markdown = rewrite(&page, "x.txt").unwrap().markdown;
    assert!(
        markdown.contains("This rule has been deleted: withdrawn."),
        "{markdown}"
    );
    assert!(!markdown.contains("not known"), "{markdown}");
    // A word not known after a dash or a slash is a title's, not a status.
    let titled = "Range – Ten\nPremiere Rulebook (10 Nov 1994)\nShields / Up\nDoc (10 Nov 1994)\n";
    assert!(rewrite(titled, "x.txt").is_none());
}

#[test]
fn a_long_history_with_no_successors_is_read_in_linear_time() {
    // Every version of one rule, ended, none later than another: whether
    // each has a later version was a scan of the whole page, 256
    // million comparisons at this size.
    let mut page = String::from("First Edition Rule Changes\n");
    for n in 0..16_000 {
        page.push_str(&format!(
            "Deck size: version {n}\nThe wording of version {n}.\nOriginal | Superseded\nPremiere Rulebook (10 Nov 1994)\n"
        ));
    }
    let started = std::time::Instant::now();
    let History {
        rules, versions, ..
    } = rewrite(&page, "x.txt").unwrap();
    let took = started.elapsed();
    assert_eq!((rules, versions), (1, 16_000));
    assert!(
        took < std::time::Duration::from_secs(3),
        "16,000 versions read in {took:?}"
    );
}

#[test]
fn a_page_of_rulings_is_no_rule_history() {
    assert!(rewrite("Naming a Number 2017-06-06\nA ruling.\n", "r.txt").is_none());
    // One status line alone is a ruling that quotes one.
    assert!(rewrite("A | Active\nDoc (1 Jan 2000)\n", "r.txt").is_none());
}

/// A table a rule, saved as text: each rule's name, then its versions'
/// rows (`kind | status`, the dated source, the wording, the links).
const TABLES: &str = "Rule Changes\n\
    Every rule with its versions.\n\
    Deck size\n\
    Original\tSuperseded\n\
    Premiere Rulebook (10 Nov 1994)\n\
    Each deck holds exactly sixty cards.\n\
    Superseded by: Deck size: the 30/30 rule (1997 Dec)\n\
    Rule Change\tActive\n\
    First Contact Rules Supplement\t1 Dec 1997\n\
    At most thirty seed cards, at least thirty draw cards.\n\
    Shields\n\
    Original | Active\n\
    Premiere Rulebook (10 Nov 1994)\n\
    Shields are raised by a ship's crew.\n\
    Footer words.\n";

#[test]
fn a_wording_after_its_status_and_source_is_its_own_versions() {
    let History {
        markdown,
        rules,
        versions,
        printed,
    } = rewrite(TABLES, "x.txt").unwrap();
    assert_eq!((rules, versions, printed), (2, 3, 3), "{markdown}");
    assert!(markdown.contains("Deck size 1994-11-10\n**Deck size.** Each deck holds exactly sixty cards. (Original | Superseded: Premiere Rulebook, 1994-11-10. Superseded by: Deck size: the 30/30 rule (December 1997).)"), "{markdown}");
    // The source apart from its date by a cell's tab.
    assert!(markdown.contains("Deck size 1997-12-01\n**Deck size.** At most thirty seed cards, at least thirty draw cards. (Rule Change | Active: First Contact Rules Supplement, 1997-12-01.)"), "{markdown}");
    assert!(markdown.contains("Shields 1994-11-10\n**Shields.** Shields are raised by a ship's crew. (Original | Active"), "{markdown}");
    // The page's own words, and its footer, are no version's.
    assert!(
        markdown.contains("# Rule Changes\n\nEvery rule with its versions. Footer words."),
        "{markdown}"
    );
    assert!(markdown.contains("date = \"1997-12-01\""), "{markdown}");
}

#[test]
fn a_rule_is_named_by_the_nearest_heading_above_not_the_first() {
    // Marked headings (a web page's), the rules' versions listed newest
    // first, and a version's own title between its rule's heading and its
    // status line.
    let page = "# Rule Changes\n\n## Deck size\n\nRule Change | Active\n\nFirst Contact Rules Supplement (1 Dec 1997)\n\nThirty and thirty.\n\n\
        Original | Superseded\n\nPremiere Rulebook (10 Nov 1994)\n\nSixty cards.\n\n\
        ## Shields\n\nShields: up\n\nOriginal | Active\n\nPremiere Rulebook (10 Nov 1994)\n\nShields are up.\n";
    let History {
        markdown,
        rules,
        versions,
        ..
    } = rewrite(page, "x.html").unwrap();
    assert_eq!((rules, versions), (2, 3), "{markdown}");
    assert!(
        markdown.contains("Deck size 1994-11-10\n**Deck size.** Sixty cards."),
        "{markdown}"
    );
    assert!(
        markdown.contains("Deck size 1997-12-01\n**Deck size.** Thirty and thirty."),
        "{markdown}"
    );
    assert!(
        markdown.contains("Shields 1994-11-10\n**Shields: up.** Shields are up."),
        "{markdown}"
    );
}

#[test]
fn a_status_line_with_no_dated_source_is_counted_not_read_and_names_no_rule() {
    // A version's rows cut short: its status line printed, nothing after.
    let page = TABLES.replace(
        "Rule Change\tActive\n",
        "Rule Change | Revised\nRule Change\tActive\n",
    );
    let History {
        markdown,
        rules,
        versions,
        printed,
    } = rewrite(&page, "x.txt").unwrap();
    assert_eq!((versions, printed), (3, 4), "{markdown}");
    // The 30/30 rule is still Deck size's.
    assert_eq!(rules, 2, "{markdown}");
    assert!(
        markdown.contains("Deck size 1997-12-01\n**Deck size.** At most thirty"),
        "{markdown}"
    );
}

#[test]
fn the_flat_list_is_told_from_the_table_by_what_follows_each_source() {
    let heads = |page: &str| {
        let lines: Vec<String> = page.lines().map(plain).collect();
        let headed: Vec<bool> = page.lines().map(is_heading).collect();
        let cores: Vec<Core> = (0..lines.len())
            .filter_map(|at| {
                status_line(&lines[at])?;
                let (source, date, after) = source_after(&lines, at)?;
                Some(Core {
                    at,
                    source,
                    date,
                    after,
                })
            })
            .collect();
        after::wording_after(&lines, &headed, &cores)
    };
    assert!(heads(TABLES));
    assert!(!heads(PAGE));
}

#[test]
fn a_rows_label_in_a_cell_of_its_own_is_no_part_of_what_it_labels() {
    let page = "Rule Changes\nDeck size\nStatus – Original | Superseded\nSource – Premiere Rulebook (10 Nov 1994)\n\
        Text – Sixty cards.\nSuperseded by – Deck size: the 30/30 rule (1997 Dec)\n\
        Status\tRule Change | Active\nSource: First Contact Rules Supplement (1 Dec 1997)\nText: Thirty and thirty.\n";
    let History {
        markdown,
        rules,
        versions,
        ..
    } = rewrite(page, "x.txt").unwrap();
    assert_eq!((rules, versions), (1, 2), "{markdown}");
    assert!(markdown.contains("Deck size 1994-11-10\n**Deck size.** Sixty cards. (Original | Superseded: Premiere Rulebook, 1994-11-10. Superseded by: Deck size: the 30/30 rule (December 1997).)"), "{markdown}");
    assert!(markdown.contains("Deck size 1997-12-01\n**Deck size.** Thirty and thirty. (Rule Change | Active: First Contact Rules Supplement, 1997-12-01.)"), "{markdown}");
}

#[test]
fn a_tables_cells_read_down_its_columns_are_read_across_again() {
    // A layout that took a table's two cells side by side for two columns
    // of text gives each column's cells in turn: kind, source, then
    // status, date.
    let page = "Rule Changes\n\nEvery rule with its versions.\n\nDeck size\n\nOriginal\n\nPremiere Rulebook\n\nSuperseded\n\n10 Nov 1994\n\n\
        Each deck holds exactly sixty cards.\n\nSuperseded by:\n\nDeck size: the 30/30 rule (1997 Dec)\n\n\
        Rule Change Active\n\nFirst Contact Rules Supplement 1 Dec 1997\n\nAt most thirty seed cards.\n";
    let History {
        markdown,
        rules,
        versions,
        printed,
    } = rewrite(page, "x.txt").unwrap();
    assert_eq!((rules, versions, printed), (1, 2, 2), "{markdown}");
    assert!(markdown.contains("Deck size 1994-11-10\n**Deck size.** Each deck holds exactly sixty cards. (Original | Superseded: Premiere Rulebook, 1994-11-10. Superseded by: Deck size: the 30/30 rule (December 1997).)"), "{markdown}");
    // Cells read across as they were printed are left as they are.
    let across = page.replace(
        "Original\n\nPremiere Rulebook\n\nSuperseded\n\n10 Nov 1994",
        "Original\n\nSuperseded\n\nPremiere Rulebook\n\n10 Nov 1994",
    );
    let History { markdown: same, .. } = rewrite(&across, "x.txt").unwrap();
    assert_eq!(same, markdown);
}

#[test]
fn a_rule_headed_with_no_version_read_counts_as_a_version_printed() {
    // The second rule's status line was lost to a copy (its row woven
    // into a running header): the page heads three rules, two read.
    let page = "# Rule Changes\n\nEvery rule with its versions.\n\n## Deck size\n\nOriginal | Active\n\nPremiere Rulebook (10 Nov 1994)\n\nSixty cards.\n\n\
        ## Range\n\nA ship moves as far as its range.\n\n\
        ## Shields\n\nOriginal | Active\n\nPremiere Rulebook (10 Nov 1994)\n\nShields are raised by a ship's crew.\n";
    let History {
        markdown,
        versions,
        printed,
        ..
    } = rewrite(page, "x.txt").unwrap();
    assert_eq!((versions, printed), (2, 3), "{markdown}");
    // A run of headings with no version under any (the page's notes) is
    // no rule lost.
    let notes = page.replace(
        "## Range\n\nA ship moves as far as its range.\n\n",
        "## Notes\n\nSee the rulebook.\n\n## Sources\n\nThe site.\n\n",
    );
    let History {
        versions, printed, ..
    } = rewrite(&notes, "x.txt").unwrap();
    assert_eq!((versions, printed), (2, 2));
    // A heading over the rules' headings titles a part: no rule lost.
    let parts = page.replace("## Shields", "# Other rules\n\n## Shields");
    let History {
        versions, printed, ..
    } = rewrite(
        &parts.replace("## Range\n\nA ship moves as far as its range.\n\n", ""),
        "x.txt",
    )
    .unwrap();
    assert_eq!((versions, printed), (2, 2));
    // Every rule read: no version is counted twice.
    let whole = page.replace(
        "## Range\n\nA ship",
        "## Range\n\nOriginal | Active\n\nPremiere Rulebook (10 Nov 1994)\n\nA ship",
    );
    let History {
        versions, printed, ..
    } = rewrite(&whole, "x.txt").unwrap();
    assert_eq!((versions, printed), (3, 3));
}

#[test]
fn the_first_versions_title_is_found_where_a_later_title_ran_into_its_wording() {
    // A paste ran one later title into its wording (`Range A ship …`): the
    // first version still has as many lines as most of the others.
    let page = "Rule Changes\nEvery rule with its versions.\n\
        Deck size: sixty\nEach deck holds sixty cards.\nOriginal | Superseded\nPremiere Rulebook (10 Nov 1994)\nSuperseded by:\nDeck size: thirty (1997 Dec)\n\
        Range A ship moves as far as its range.\nOriginal | Active\nPremiere Rulebook (10 Nov 1994)\n\
        Deck size: thirty\nThirty and thirty.\nRule Change | Active\nFirst Contact Rules Supplement (1 Dec 1997)\n\
        Shields\nShields are raised.\nOriginal | Active\nPremiere Rulebook (10 Nov 1994)\n";
    let History {
        markdown,
        rules,
        versions,
        ..
    } = rewrite(page, "x.txt").unwrap();
    assert_eq!((rules, versions), (3, 4), "{markdown}");
    assert!(
        markdown
            .contains("Deck size 1994-11-10\n**Deck size: sixty.** Each deck holds sixty cards."),
        "{markdown}"
    );
    assert!(
        markdown.contains("# Rule Changes\n\nEvery rule with its versions.\n\n"),
        "{markdown}"
    );
}
