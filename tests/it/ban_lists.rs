//! Ban lists by format and date: lists read as documents (a format, a
//! date, its cards, by name as printed) from text, a web page's table and
//! PDFs; `card` saying in which formats a card is banned on a date; `deck
//! --format` flagging the cards banned in that format with the list's
//! citation, and not those banned in another; and the tournament's rules
//! kept apart from the game's when asked (`--authority`).

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::folder::Folder;
use crate::common::schemas::assert_valid;
use crate::common::{self, served};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn fixture(name: &str) -> Vec<u8> {
    fs::read(fixtures().join("ban-lists").join(name)).unwrap()
}

/// The three First Edition lists and the Second Edition one.
const LISTS: [&str; 4] = [
    "ban-list-2019-03-04.txt",
    "ban-list-2021-06-07.txt",
    "ban-list-2025-01-06.html",
    "otf-ban-list-2018-12-20.txt",
];

fn folder_of(names: &[&str]) -> Folder {
    let files: Vec<(&str, Vec<u8>)> = names.iter().map(|n| (*n, fixture(n))).collect();
    Folder::new(&files)
}

fn run(folder: &Folder, args: &[&str]) -> (i32, String, String) {
    let cards = fixtures().join("cards");
    let mut all = vec!["--cards", cards.to_str().unwrap()];
    all.extend_from_slice(args);
    common::outcome(folder.rulings(&all).output().unwrap())
}

fn json(folder: &Folder, args: &[&str], schema: &str) -> (i32, Value) {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = run(folder, &all);
    let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert_valid(schema, &value, &format!("{args:?}"));
    (code, value)
}

/// The one document of a folder as read: its kind and date (as `check
/// --json` says, after checking it has no warning), and each format's list
/// with its cards (as `export --json` holds them).
fn read_lists(folder: &Folder) -> Vec<(String, String, String, Vec<String>)> {
    let (_, report) = json(folder, &["check"], "check");
    let documents = report["documents"].as_array().unwrap();
    assert_eq!(documents.len(), 1, "{report:#}");
    let document = &documents[0];
    assert!(
        document["warnings"].as_array().is_none_or(|w| w.is_empty()),
        "{document:#}"
    );
    let kind = document["kind"]["value"].as_str().unwrap().to_string();
    let date = document["date"]["value"].as_str().unwrap().to_string();
    let (_, exported) = json(folder, &["export", "--edition", "1e"], "export");
    let (_, second) = json(folder, &["export", "--edition", "2e"], "export");
    exported["entries"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["entries"].as_array().unwrap())
        .filter(|e| !e["release"].as_str().unwrap().ends_with("@2e"))
        .map(|entry| {
            (
                kind.clone(),
                date.clone(),
                entry["topic"].as_str().unwrap().to_string(),
                entry["cards"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

#[test]
fn each_shape_of_list_is_read_to_its_formats_and_cards() {
    let read = |name: &str| read_lists(&folder_of(&[name]));
    assert_eq!(
        read("ban-list-2019-03-04.txt"),
        vec![
            (
                "ban-list".into(),
                "2019-03-04".into(),
                "Modern ban list".into(),
                names(&["Q's Tent", "Going to the Top (Premiere)"])
            ),
            (
                "ban-list".into(),
                "2019-03-04".into(),
                "Traditional ban list".into(),
                names(&["Q's Tent"])
            ),
        ]
    );
    // Numbered items, a head saying what its cards are: the lifted card is
    // named, and not banned.
    let modern = &read("ban-list-2021-06-07.txt")[0];
    assert_eq!(modern.2, "Modern ban list");
    assert_eq!(
        modern.3,
        names(&["Going to the Top", "Phased Matter", "Q's Tent"])
    );
    // A web page's table: a column of cards, one of formats.
    let table = read("ban-list-2025-01-06.html");
    assert_eq!(table.len(), 2, "{table:?}");
    assert_eq!(
        (table[0].2.as_str(), &table[0].3),
        (
            "Modern ban list",
            &names(&["Going to the Top", "Phased Matter"])
        )
    );
    assert_eq!(
        (table[1].2.as_str(), &table[1].3),
        (
            "Traditional ban list",
            &names(&["Phased Matter", "Q's Tent"])
        )
    );
    // The format named in a sentence, the count it prints held against
    // the cards read; a note after a dash is no part of the name.
    let otf = read("otf-ban-list-2018-12-20.txt");
    assert_eq!(
        otf,
        vec![(
            "ban-list".into(),
            "2018-12-20".into(),
            "OTF ban list".into(),
            names(&["Heavy Lift", "Sisko's Gambit", "Ambush Tactics"])
        )]
    );
}

#[test]
fn a_list_that_counts_more_cards_than_were_read_says_so() {
    let text = "OTF Ban List - 2019-05-01\n\nThe following 4 cards are banned in the Official Tournament Format (OTF):\n\n- Heavy Lift\n- Ambush Tactics\n";
    let folder = Folder::new(&[("otf-2019.txt", text)]);
    let (_, out, _) = run(&folder, &["check"]);
    assert!(
        out.contains("read short of its card counts: 2 of 4 cards its lists count were read"),
        "{out}"
    );
}

#[test]
fn a_card_is_banned_in_the_formats_whose_list_is_in_force_on_the_date() {
    let folder = folder_of(&LISTS);
    let formats = |as_of: &str| -> Vec<(String, String, String)> {
        let (code, v) = json(&folder, &["card", "Q's Tent", "--as-of", as_of], "card");
        assert_eq!(code, 0, "{v}");
        v["card"]["legality"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["format"].is_string())
            .map(|l| {
                (
                    l["standing"].as_str().unwrap().to_string(),
                    l["format"].as_str().unwrap().to_string(),
                    l["source"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(formats("2018-01-01"), vec![]);
    assert_eq!(
        formats("2020-01-01"),
        vec![
            (
                "banned".into(),
                "Modern".into(),
                "First Edition Ban List 2019-03-04 — Modern".into()
            ),
            (
                "banned".into(),
                "Traditional".into(),
                "First Edition Ban List 2019-03-04 — Traditional".into()
            ),
        ]
    );
    // The list of 2021 takes it off Modern's and keeps it on Traditional's.
    assert_eq!(
        formats("2022-01-01"),
        vec![
            (
                "lifted".into(),
                "Modern".into(),
                "First Edition Ban List 2021-06-07 — Modern".into()
            ),
            (
                "banned".into(),
                "Traditional".into(),
                "First Edition Ban List 2021-06-07 — Traditional".into()
            ),
        ]
    );
    let (_, text, _) = run(&folder, &["card", "Q's Tent", "--as-of", "2022-01-01"]);
    assert!(
        text.contains(
            "BANNED: on the ban list of Traditional — First Edition Ban List 2021-06-07 — Traditional"
        ),
        "{text}"
    );
}

#[test]
fn a_deck_is_flagged_for_the_format_asked_and_not_for_another() {
    let folder = folder_of(&LISTS);
    let deck = fixtures().join("decks/registration.txt");
    let deck = deck.to_str().unwrap();
    let in_format =
        |format: &'static str| ["deck", deck, "--as-of", "2022-01-01", "--format", format];
    let (_, modern) = json(&folder, &in_format("modern"), "deck");
    let banned = |v: &Value| -> Vec<(String, String)> {
        v["format"]["banned"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                (
                    b["name"].as_str().unwrap().to_string(),
                    b["citation"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    assert_eq!(
        banned(&modern),
        vec![
            (
                "Going to the Top".into(),
                "First Edition Ban List 2021-06-07 — Modern".into()
            ),
            (
                "Phased Matter".into(),
                "First Edition Ban List 2021-06-07 — Modern".into()
            ),
        ]
    );
    let in_format =
        |format: &'static str| ["deck", deck, "--as-of", "2022-01-01", "--format", format];
    let (_, traditional) = json(&folder, &in_format("Traditional"), "deck");
    assert_eq!(
        banned(&traditional),
        vec![(
            "Q's Tent".into(),
            "First Edition Ban List 2021-06-07 — Traditional".into()
        )]
    );
    // Going to the Top, banned in Modern only, is no ban at a Traditional
    // event: its sheet says nothing of it.
    let going = traditional["quiet"]
        .as_array()
        .unwrap()
        .iter()
        .chain(traditional["cards"].as_array().unwrap())
        .find(|c| c["name"] == "Going to the Top")
        .unwrap();
    assert!(
        going["card"]["legality"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["format"].is_null()),
        "{going:#}"
    );
    // The counts a TD checks construction by.
    assert_eq!(
        modern["counts"]["sections"],
        serde_json::json!([
            {"name": "no section", "count": 11},
            {"name": "Missions", "count": 1},
            {"name": "Seed+Dil", "count": 2}
        ])
    );
    let types = modern["counts"]["types"].as_array().unwrap();
    let total: u64 = types.iter().map(|t| t["count"].as_u64().unwrap()).sum();
    assert_eq!(total, modern["total"].as_u64().unwrap());
    assert!(types.contains(&serde_json::json!({"name": "Personnel", "count": 6})));
    // In words, as printed for the table.
    let (_, text, _) = run(&folder, &in_format("otf"));
    assert!(
        text.contains("Format Official Tournament Format (OTF), checked against 2E OTF Ban List 2018-12-20 — OTF"),
        "{text}"
    );
    assert!(
        text.contains("by section: no section 11 · Missions 1 · Seed+Dil 2"),
        "{text}"
    );
    // A format no list names is said, with the formats that have one, and
    // the sheet is not complete.
    let (code, text, _) = run(&folder, &in_format("Warp Speed"));
    assert_eq!(code, 1, "{text}");
    assert!(
        text.contains(
            "No ban list in force on 2022-01-01 names the format `Warp Speed`: no ban was checked"
        ),
        "{text}"
    );
    assert!(
        text.contains("formats with a list in force: Modern, Traditional, OTF"),
        "{text}"
    );
}

#[test]
fn a_list_in_a_pdf_from_other_producers_reads_as_the_text_does() {
    for (name, date, formats) in [
        (
            "ban-list-2019-03-04-libreoffice.pdf",
            "2019-03-04",
            vec!["Modern ban list", "Traditional ban list"],
        ),
        (
            "ban-list-2025-01-06-chromium.pdf",
            "2025-01-06",
            vec!["Modern ban list", "Traditional ban list"],
        ),
        (
            "otf-ban-list-2018-12-20-groff.pdf",
            "2018-12-20",
            vec!["OTF ban list"],
        ),
    ] {
        let read = read_lists(&folder_of(&[name]));
        let topics: Vec<&str> = read.iter().map(|r| r.2.as_str()).collect();
        assert_eq!(topics, formats, "{name}: {read:?}");
        assert!(
            read.iter().all(|r| r.0 == "ban-list" && r.1 == date),
            "{name}: {read:?}"
        );
    }
}

#[test]
fn the_tournaments_rules_and_the_games_are_kept_apart_when_asked() {
    let guide = fs::read(fixtures().join("tournament/opg-5.1.txt")).unwrap();
    let folder = Folder::new(&[
        ("opg-5.1.txt", guide),
        ("ban-list-2021-06-07.txt", fixture("ban-list-2021-06-07.txt")),
        (
            "rrd.txt",
            b"+++\nedition = \"1E\"\ndate = \"2022-01-03\"\n+++\nRecent Rulings\n\nTime Penalty - A time penalty card is placed face up when played.\n"
                .to_vec(),
        ),
    ]);
    let hits = |args: &[&str]| -> Vec<(String, String)> {
        let mut all = vec!["search", "penalty", "--limit", "20"];
        all.extend_from_slice(args);
        let (_, v) = json(&folder, &all, "search");
        v["hits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| {
                (
                    h["entry"]["topic"].as_str().unwrap().to_string(),
                    h["authority"].as_str().unwrap().to_string(),
                )
            })
            .collect()
    };
    let both = hits(&[]);
    assert!(both.iter().any(|(_, a)| a == "game"), "{both:?}");
    assert!(both.iter().any(|(_, a)| a == "tournament"), "{both:?}");
    let game = hits(&["--authority", "game"]);
    assert_eq!(game, vec![("Time Penalty".into(), "game".into())]);
    let tournament = hits(&["--authority", "tournament"]);
    assert!(!tournament.is_empty());
    assert!(
        tournament.iter().all(|(_, a)| a == "tournament"),
        "{tournament:?}"
    );
    // In words, the tournament's hits say whose they are.
    let (_, text, _) = run(&folder, &["search", "penalty", "--authority", "tournament"]);
    assert!(text.contains("tournament rule"), "{text}");
    // A topic of the other authority is not answered.
    let (code, _, _) = run(
        &folder,
        &["show", "Time Penalty", "--authority", "tournament"],
    );
    assert_eq!(code, 1);
    let (code, v) = json(
        &folder,
        &[
            "show",
            "7.4.1",
            "--authority",
            "tournament",
            "--edition",
            "1e",
        ],
        "show",
    );
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["answers"][0]["authority"], "tournament");
    // The ban list is the tournament's; exported apart.
    let (_, out, _) = run(&folder, &["export", "--authority", "game"]);
    assert!(
        out.contains("Time Penalty") && !out.contains("ban list"),
        "{out}"
    );
}

#[test]
fn the_server_checks_a_deck_against_a_format_and_filters_by_authority() {
    let folder = folder_of(&LISTS);
    let cards = fixtures().join("cards");
    let mut command = std::process::Command::new(common::binary());
    command
        .arg("--no-bundled")
        .arg("--rulings")
        .arg(folder.folder())
        .arg("--cards")
        .arg(&cards)
        .env("RULINGS_INDEX", folder.folder().join("../index"))
        .env("XDG_CACHE_HOME", folder.folder().join("../cache"))
        .args(["serve", "--port", "0", "--as-of", "2022-01-01"]);
    let (mut server, url) = served::start(&mut command);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let list = "2x Going to the Top\n1 Q's Tent\n";
    let sheet: Value = agent
        .post(&format!("{url}/api/deck?format=Modern"))
        .send(list)
        .unwrap()
        .body_mut()
        .read_to_string()
        .map(|t| serde_json::from_str(&t).unwrap())
        .unwrap();
    assert_valid("deck", &sheet, "/api/deck?format=Modern");
    assert_eq!(sheet["format"]["banned"][0]["name"], "Going to the Top");
    assert_eq!(sheet["format"]["banned"].as_array().unwrap().len(), 1);
    let page = agent
        .post(&format!("{url}/deck"))
        .send_form([("list", list), ("format", "Traditional")])
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(page.contains("Format <bdi>Traditional</bdi>"), "{page}");
    assert!(
        page.contains("Q&#39;s Tent") || page.contains("Q's Tent"),
        "{page}"
    );
    let searched: Value =
        serde_json::from_str(&served::body(&url, "/api/search?q=tent&authority=game")).unwrap();
    assert_valid("search", &searched, "/api/search?authority=game");
    assert!(
        searched["hits"].as_array().unwrap().is_empty(),
        "the lists are the tournament's: {searched:#}"
    );
    // The page says whose a hit is where it is the tournament's.
    let page = served::body(&url, "/?q=modern%20ban%20list");
    assert!(
        page.contains(r#"<span class="edition tournament">tournament</span>"#),
        "{page}"
    );
    let refused = served::body(&url, "/api/search?q=tent&authority=judges");
    assert!(refused.contains("is not game or tournament"), "{refused}");
    let _ = server.kill();
    let _ = server.wait();
}

#[test]
fn a_compendiums_banned_cards_are_its_formats_lists_from_its_date() {
    let folder = folder_of(&["ban-list-2021-06-07.txt", "compendium-2.7.5.txt"]);
    let (_, report) = json(&folder, &["check"], "check");
    let compendium = report["documents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["kind"]["value"] == "compendium")
        .unwrap();
    assert_eq!(compendium["base"]["ban_lists"], 2, "{compendium:#}");
    let lists: Vec<&str> = compendium["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["topic"].as_str())
        .filter(|t| t.ends_with("ban list"))
        .collect();
    assert_eq!(lists, ["Modern ban list", "Traditional ban list"]);
    // Before the Compendium, the list of 2021; from its date, its own.
    let banned_in_modern = |card: &str, as_of: &str| -> Option<String> {
        let (_, v) = json(&folder, &["card", card, "--as-of", as_of], "card");
        v["card"]["legality"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["format"] == "Modern" && l["standing"] == "banned")
            .map(|l| l["source"].as_str().unwrap().to_string())
    };
    assert_eq!(
        banned_in_modern("Phased Matter", "2026-01-01").as_deref(),
        Some("First Edition Ban List 2021-06-07 — Modern")
    );
    assert_eq!(
        banned_in_modern("Phased Matter", "2026-11-01").as_deref(),
        Some("Compendium 2.7.5 — Modern ban list")
    );
    // The Compendium's list is read as the Compendium prints it, not only
    // as the one before it: a card it leaves out is not banned.
    let (_, out, _) = run(
        &folder,
        &["show", "Modern ban list", "--as-of", "2026-11-01"],
    );
    assert!(out.contains("in force since Compendium 2.7.5"), "{out}");
}

#[test]
fn a_section_number_the_game_and_the_tournament_share_is_asked_of_one() {
    let guide = fs::read(fixtures().join("tournament/opg-5.1.txt")).unwrap();
    let compendium = fs::read(fixtures().join("base/1e-2022-10-03-compendium.md")).unwrap();
    let folder = Folder::new(&[
        ("opg-5.1.txt", guide),
        ("1e-2022-10-03-compendium.md", compendium),
    ]);
    let topic = |authority: &str| -> (String, String) {
        let (code, v) = json(
            &folder,
            &[
                "show",
                "7.4.2",
                "--edition",
                "1e",
                "--authority",
                authority,
                "--as-of",
                "2024-01-01",
            ],
            "show",
        );
        assert_eq!(code, 0, "{v:#}");
        let answers = v["answers"].as_array().unwrap();
        assert_eq!(answers.len(), 1, "{v:#}");
        (
            answers[0]["topic"].as_str().unwrap().to_string(),
            answers[0]["authority"].as_str().unwrap().to_string(),
        )
    };
    assert_eq!(
        topic("game"),
        ("7.4.2 Personnel Battle".into(), "game".into())
    );
    assert_eq!(
        topic("tournament"),
        ("7.4.2 Tie-Breakers".into(), "tournament".into())
    );
}
