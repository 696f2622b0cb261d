//! Tests of `timeline`.

use super::*;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn period(from: NaiveDate, status: Status) -> Period {
    Period {
        from,
        status,
        title: None,
    }
}

#[test]
fn the_standing_is_the_last_period_begun() {
    let superseded = Status::Superseded {
        by: "b:1".into(),
        release: "b".into(),
        date: date(2014, 11, 3),
    };
    let periods = [
        period(date(2000, 3, 27), Status::InForce),
        period(date(2014, 11, 3), superseded),
    ];
    let encoded: Vec<i64> = periods.iter().map(encode).collect();
    let on = |d: NaiveDate| standing_on(encoded.iter().rev().copied(), day(d));
    assert_eq!(on(date(1999, 1, 1)), Standing::NotInEffect);
    assert_eq!(on(date(2000, 3, 27)), Standing::Current);
    assert_eq!(on(date(2014, 11, 2)), Standing::Current);
    assert_eq!(on(date(2014, 11, 3)), Standing::Past);
    assert_eq!(
        period_on(&periods, date(2005, 1, 1)).unwrap().status,
        Status::InForce
    );
    assert!(period_on(&periods, date(1999, 1, 1)).is_none());
}

#[test]
fn the_period_of_a_date_is_read_from_its_line_alone() {
    let periods = [
        period(date(2000, 3, 27), Status::InForce),
        period(
            date(2014, 11, 3),
            Status::Rescinded {
                by: "b:1".into(),
                release: "b".into(),
                date: date(2014, 11, 3),
            },
        ),
    ];
    let lines = to_lines(&periods).unwrap();
    for probe in [
        date(1999, 1, 1),
        date(2000, 3, 27),
        date(2010, 1, 1),
        date(2020, 1, 1),
    ] {
        assert_eq!(
            line_on(&lines, probe).unwrap().as_ref(),
            period_on(&periods, probe),
            "{probe}"
        );
    }
}

#[test]
fn each_stored_line_begins_with_its_date() {
    let periods = [
        period(date(2000, 3, 27), Status::InForce),
        Period {
            title: Some("CRD".into()),
            ..period(date(2014, 11, 3), Status::InForce)
        },
    ];
    let lines = to_lines(&periods).unwrap();
    let dates: Vec<&str> = lines
        .lines()
        .map(|l| l.split_once('\t').unwrap().0)
        .collect();
    assert_eq!(dates, ["2000-03-27", "2014-11-03"]);
    assert_eq!(
        line_on(&lines, date(2020, 1, 1)).unwrap().as_ref(),
        periods.last()
    );
}

#[test]
fn a_damaged_line_is_an_error_never_not_in_effect() {
    let good = to_lines(&[period(date(2000, 3, 27), Status::InForce)]).unwrap();
    let on = date(2020, 1, 1);
    // The date cut off, as an index written by an older program has it.
    let old = r#"{"from":"2000-03-27","status":{"state":"in-force"}}"#;
    assert!(matches!(line_on(old, on), Err(DamagedLine::NoDate)));
    assert!(matches!(
        line_on("2000-13-45\t{}", on),
        Err(DamagedLine::Date(_))
    ));
    let cut = &good[..good.len() - 3];
    assert!(matches!(line_on(cut, on), Err(DamagedLine::Json(_))));
    // A damaged line newer than the date is still damage: its date is read.
    let damaged_after = format!("{good}\n20x5-01-01\t{{}}");
    assert!(matches!(
        line_on(&damaged_after, on),
        Err(DamagedLine::Date(_))
    ));
}

#[test]
fn only_the_wanted_line_is_parsed_past_its_date() {
    // A later period's JSON is not read when an earlier date is asked:
    // a look-up reads dates newest back, and one line's JSON.
    let good = to_lines(&[period(date(2000, 3, 27), Status::InForce)]).unwrap();
    let lines = format!("{good}\n2014-11-03\tnot JSON");
    assert_eq!(
        line_on(&lines, date(2005, 1, 1)).unwrap().unwrap().status,
        Status::InForce
    );
    assert!(line_on(&lines, date(2015, 1, 1)).is_err());
    assert_eq!(line_on(&lines, date(1999, 1, 1)).unwrap(), None);
}

/// A corpus of documents (file name, edition, date, body).
fn corpus(documents: &[(&str, &str, &str, &str)]) -> (tempfile::TempDir, Corpus) {
    let dir = tempfile::tempdir().unwrap();
    for (name, edition, date, body) in documents {
        std::fs::write(
            dir.path().join(name),
            format!(
                "+++\nedition = \"{edition}\"\ndate = \"{date}\"\ntitle = \"{name}\"\n+++\n{body}"
            ),
        )
        .unwrap();
    }
    let corpus = crate::corpus::load(dir.path()).unwrap();
    assert!(corpus.problems.is_empty(), "{:?}", corpus.problems);
    (dir, corpus)
}

/// Each entry's (release, topic, effect, status on `on`), by release
/// order then line.
fn statuses(corpus: &Corpus, on: NaiveDate) -> Vec<(String, Option<Effect>, Option<String>)> {
    let (timelines, effects) = timelines(corpus);
    let mut out = Vec::new();
    for (ri, release) in corpus.releases.iter().enumerate() {
        for ei in 0..release.entries.len() {
            let status = period_on(&timelines[ri][ei], on)
                .map(|p| &p.status)
                .map(|s| match s.release() {
                    Some(by) => format!("{} by {by}", s.label()),
                    None => s.label().to_string(),
                });
            out.push((release.id.clone(), effects[ri][ei], status));
        }
    }
    out
}

fn row(id: &str, effect: Effect, status: &str) -> (String, Option<Effect>, Option<String>) {
    (id.to_string(), Some(effect), Some(status.to_string()))
}

#[test]
fn an_amendment_leaves_the_earlier_ruling_standing() {
    let (_dir, corpus) = corpus(&[
        (
            "a.md",
            "1E",
            "2000-01-01",
            "points – Points may be transferred between players.\n",
        ),
        (
            "b.md",
            "1E",
            "2010-01-01",
            "points – In the third paragraph, delete:\n\nor for calculating differential\n",
        ),
    ]);
    assert_eq!(
        statuses(&corpus, date(2020, 1, 1)),
        [
            row("a", Effect::New, "in force"),
            row("b", Effect::Amends, "in force")
        ]
    );
    // Before the amendment, the first ruling alone.
    assert_eq!(statuses(&corpus, date(2005, 1, 1))[1].2, None);
}

#[test]
fn thousands_of_amendments_of_one_topic_are_swept_in_linear_time() {
    // Two releases of the same 3,000 amendments: each reprint takes
    // the place of its first printing, every other amendment stands.
    // Compared with one another, 3,000 standing rulings cost millions
    // of text comparisons; looked up, a few thousand.
    let amendments: String = (1..=3_000)
        .map(|n| format!("points – Add the following paragraph:\n\nPoint rule {n} applies.\n\n"))
        .collect();
    let (_dir, corpus) = corpus(&[
        ("a.md", "1E", "2000-01-01", "points – Points are scored.\n"),
        ("b.md", "1E", "2010-01-01", &amendments),
        ("c.md", "1E", "2012-01-01", &amendments),
    ]);
    let started = std::time::Instant::now();
    let rows = statuses(&corpus, date(2020, 1, 1));
    let took = started.elapsed();
    assert_eq!(rows.len(), 6_001);
    assert_eq!(rows[0], row("a", Effect::New, "in force"));
    assert!(rows[1..3_001]
        .iter()
        .all(|r| *r == row("b", Effect::Amends, "superseded by c")));
    assert!(rows[3_001..]
        .iter()
        .all(|r| *r == row("c", Effect::Amends, "in force")));
    assert!(
        took < std::time::Duration::from_secs(5),
        "6,000 amendments swept in {took:?}"
    );
}

#[test]
fn an_amendment_printed_again_takes_the_place_of_its_earlier_printing() {
    let amendment = "stopped – Add the following bullet point:\n\n- Unstopping is allowed.\n";
    let (_dir, corpus) = corpus(&[
        (
            "a.md",
            "1E",
            "2000-01-01",
            "stopped – A stopped card cannot move.\n",
        ),
        ("b.md", "1E", "2010-01-01", amendment),
        ("c.md", "1E", "2012-01-01", amendment),
    ]);
    assert_eq!(
        statuses(&corpus, date(2020, 1, 1)),
        [
            row("a", Effect::New, "in force"),
            row("b", Effect::Amends, "superseded by c"),
            row("c", Effect::Amends, "in force"),
        ]
    );
}

#[test]
fn a_replacement_or_a_restatement_supersedes_and_a_deletion_rescinds() {
    let (_dir, corpus) = corpus(&[
        (
            "a.md",
            "1E",
            "2000-01-01",
            "stopped – A stopped card cannot move.\n",
        ),
        (
            "b.md",
            "1E",
            "2005-01-01",
            "stopped – Add the following bullet point:\n\n- Unstopping is allowed.\n",
        ),
        (
            "c.md",
            "1E",
            "2010-01-01",
            "stopped – Replace this entry with the following: A stopped card stays put.\n",
        ),
        (
            "d.md",
            "1E",
            "2012-01-01",
            "stopped – A stopped card stays put, whatever happens.\n",
        ),
        (
            "e.md",
            "1E",
            "2014-01-01",
            "stopped – This Glossary entry has been deleted.\n",
        ),
    ]);
    assert_eq!(
        statuses(&corpus, date(2011, 1, 1))[..3],
        [
            row("a", Effect::New, "superseded by c"),
            row("b", Effect::Amends, "superseded by c"),
            row("c", Effect::Replaces, "in force"),
        ]
    );
    assert_eq!(
        statuses(&corpus, date(2013, 1, 1))[2..4],
        [
            row("c", Effect::Replaces, "superseded by d"),
            row("d", Effect::Restates, "in force"),
        ]
    );
    let rescinded: Vec<_> = statuses(&corpus, date(2020, 1, 1))
        .into_iter()
        .map(|(_, _, status)| status.unwrap())
        .collect();
    assert!(
        rescinded.iter().all(|s| s == "rescinded by e"),
        "{rescinded:?}"
    );
}

#[test]
fn an_undated_release_takes_no_part_in_any_topic() {
    let (dir, _) = corpus(&[(
        "a.md",
        "1E",
        "2000-01-01",
        "stopped – A stopped card cannot move.\n",
    )]);
    // No date anywhere: read undated. Its ruling on the same topic
    // supersedes nothing, and nothing supersedes it.
    std::fs::write(
            dir.path().join("b.md"),
            "+++\nedition = \"1E\"\n+++\n# Notes\n\nstopped – A stopped card may move at will.\n\nlonely – Only here.\n",
        )
        .unwrap();
    let corpus = crate::corpus::load(dir.path()).unwrap();
    assert!(corpus.releases[1].is_undated());
    for on in [date(1990, 1, 1), date(2020, 1, 1)] {
        let rows = statuses(&corpus, on);
        assert_eq!(
            rows[1],
            ("b".to_string(), None, Some("undated".to_string()))
        );
        assert_eq!(
            rows[2],
            ("b".to_string(), None, Some("undated".to_string()))
        );
    }
    assert_eq!(
        statuses(&corpus, date(2020, 1, 1))[0],
        row("a", Effect::New, "in force")
    );
    let (timelines, _) = timelines(&corpus);
    let encoded: Vec<i64> = timelines[1][0].iter().map(encode).collect();
    assert_eq!(
        standing_on(encoded.into_iter(), day(date(1990, 1, 1))),
        Standing::Undated
    );
}

#[test]
fn a_gathering_release_consolidates_every_standing_ruling_it_does_not_repeat() {
    let gatherer = "+++\nedition = \"1E\"\ndate = \"2014-01-01\"\ntitle = \"CRD\"\nsince = \"Glossary v1.9.1\"\n+++\nother – A ruling on something else.\n\nstopped – Add the following bullet point:\n\n- Unstopping is allowed.\n";
    let (dir, _) = corpus(&[(
        "a.md",
        "1E",
        "2000-01-01",
        "stopped – A stopped card cannot move.\n\nlonely – Nobody repeats this.\n",
    )]);
    std::fs::write(dir.path().join("b.md"), gatherer).unwrap();
    let corpus = crate::corpus::load(dir.path()).unwrap();
    let on = statuses(&corpus, date(2020, 1, 1));
    assert_eq!(
        on,
        [
            row("a", Effect::New, "consolidated by b"),
            row("a", Effect::New, "consolidated by b"),
            row("b", Effect::New, "in force"),
            row("b", Effect::Amends, "in force"),
        ]
    );
    assert_eq!(
        statuses(&corpus, date(2010, 1, 1))[0].2.as_deref(),
        Some("in force")
    );
}

#[test]
fn a_bases_silence_ends_only_what_it_holds_whole() {
    let write = |dir: &std::path::Path, name: &str, head: &str, body: &str| {
        std::fs::write(
            dir.join(name),
            format!("+++\nedition = \"1E\"\n{head}+++\n{body}"),
        )
        .unwrap();
    };
    let dir = tempfile::tempdir().unwrap();
    // An older rulings document: a ruling, an erratum, a temporary ruling.
    write(
        dir.path(),
        "a.md",
        "date = \"2010-01-01\"\ntitle = \"CRD\"\n",
        "Dead End – A ruling nobody repeats.\n\nAlien Parasites – Erratum: Seeds on a planet.\n",
    );
    // A Glossary that repeats none of them, and has no errata appendix.
    write(
        dir.path(),
        "b.md",
        "date = \"2012-01-01\"\ntitle = \"Glossary\"\nkind = \"glossary\"\n",
        "battle – A fight.\n\nstopped – A stopped card cannot move.\n",
    );
    let corpus = crate::corpus::load(dir.path()).unwrap();
    let on = statuses(&corpus, date(2013, 1, 1));
    assert_eq!(on[0].2.as_deref(), Some("not repeated by b"), "{on:?}");
    assert_eq!(on[1].2.as_deref(), Some("not repeated by b"), "{on:?}");
    // A Compendium with an errata appendix ends the erratum it does not
    // print; the ruling still only goes unrepeated.
    write(
        dir.path(),
        "c.md",
        "date = \"2014-01-01\"\ntitle = \"Compendium\"\nkind = \"compendium\"\n",
        "## Glossary\n\nbattle – A fight.\n\n## Errata\n\nQ-Flash – Erratum: Seed one.\n",
    );
    let corpus = crate::corpus::load(dir.path()).unwrap();
    let on = statuses(&corpus, date(2015, 1, 1));
    assert_eq!(on[0].2.as_deref(), Some("not repeated by c"), "{on:?}");
    assert_eq!(on[1].2.as_deref(), Some("superseded by c"), "{on:?}");
    // The Glossary's own entry it does not print has ended.
    let stopped = corpus.releases[1]
        .entries
        .iter()
        .position(|e| e.topic == "stopped")
        .unwrap();
    let (timelines, _) = timelines(&corpus);
    let status = &period_on(&timelines[1][stopped], date(2015, 1, 1))
        .unwrap()
        .status;
    assert_eq!(status.label(), "superseded");
}
