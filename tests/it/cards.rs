//! `rulings card` and `rulings deck` on the bundled rulings and a card
//! database of the tests' own in the LackeyCCG plugin's layout
//! (`tests/fixtures/cards`): printed text beside errata, icons as words,
//! versions of one persona, names no card has, decklists in every shape,
//! the date moving a ruling in and out, and the answers without a database.

use crate::common::{self, cdp, schemas::assert_valid, served};

use std::path::PathBuf;

use serde_json::Value;

fn fixtures(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(path)
}

/// The binary with the fixtures' card database.
fn with_cards(args: &[&str]) -> (i32, String, String) {
    let out = common::rulings()
        .arg("--cards")
        .arg(fixtures("cards"))
        .args(args)
        .output()
        .unwrap();
    common::outcome(out)
}

/// `rulings serve` with the fixtures' card database, as of 2020-01-01.
fn serve_with_cards() -> (std::process::Child, String) {
    let mut command = common::process(common::binary());
    command.arg("--cards").arg(fixtures("cards")).args([
        "serve",
        "--port",
        "0",
        "--as-of",
        "2020-01-01",
    ]);
    served::start(&mut command)
}

fn json(args: &[&str], schema: &str) -> (i32, Value) {
    let mut all = args.to_vec();
    all.push("--json");
    let (code, out, err) = with_cards(&all);
    let value: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}{err}"));
    assert_valid(schema, &value, &format!("{args:?}"));
    (code, value)
}

#[test]
fn a_card_with_errata_shows_its_printed_text_and_the_errata_side_by_side() {
    let (code, out, _) = with_cards(&["card", "going to the top", "--as-of", "2020-01-01"]);
    assert_eq!(code, 0, "{out}");
    // Printed, its icon as a word.
    assert!(out.contains("Plays if you have two [Ferengi] personnel together on a facility. Download a compatible personnel\n  with Leadership to them."), "{out}");
    // The erratum, its lost icon filled from the printed text, and said so.
    assert!(out.contains("Errata in force as of 2020-01-01"), "{out}");
    assert!(
        out.contains("1 icon lost in the document's conversion filled in"),
        "{out}"
    );
    assert!(
        out.contains("Leadership [-to them.-]{+x2 to them (once per game per affiliation).+}"),
        "{out}"
    );
    let (_, v) = json(
        &["card", "Going to the Top", "--as-of", "2020-01-01"],
        "card",
    );
    let card = &v["card"];
    assert_eq!(card["errata"][0]["icons_filled"], 1);
    assert!(card["errata"][0]["text_filled"]
        .as_str()
        .unwrap()
        .contains("two [Fer] personnel"));
    assert_eq!(card["printed"]["type"], "Interrupt");
    assert_eq!(card["quiet"], false);
}

#[test]
fn icons_read_as_words_and_versions_of_a_persona_are_listed() {
    let (code, out, _) = with_cards(&["card", "Kira**"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("Kira**  1E · Personnel · Bajoran · set ta 21 VP"),
        "{out}"
    );
    assert!(out.contains("icons: Command, Alpha Quadrant"), "{out}");
    assert!(out.contains("other versions: Kira · Kira*"), "{out}");
    // The persona alone is the version printed without a mark.
    let (_, v) = json(&["card", "kira"], "card");
    assert_eq!(v["card"]["printed"]["name"], "Kira");
    assert_eq!(
        v["card"]["versions"],
        serde_json::json!(["Kira*", "Kira**"])
    );
    // A version is a card of the persona the rulings name.
    let (_, v) = json(&["card", "Deanna Troi (First Contact)"], "card");
    let named: Vec<&str> = v["card"]["named_in"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["topic"].as_str().unwrap())
        .collect();
    assert_eq!(named, vec!["\"stopped\""]);
    assert_eq!(v["card"]["versions"], serde_json::json!(["Deanna Troi"]));
}

#[test]
fn a_real_card_with_neither_errata_nor_ruling_is_said_as_such() {
    let (code, out, _) = with_cards(&["card", "Ty Kajada", "--as-of", "2020-01-01"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("A card, with no errata and no ruling as of 2020-01-01."),
        "{out}"
    );
    let (_, v) = json(&["card", "Ty Kajada"], "card");
    assert_eq!(v["card"]["quiet"], true);
    // `show` no longer passes it off as the closest topic silently.
    let (_, v) = json(&["show", "Vedek Sorad"], "show");
    let codes = common::notes::codes(&v);
    assert!(codes.contains(&"is-card".to_string()), "{v}");
}

#[test]
fn a_card_only_the_rulings_name_and_a_name_neither_knows() {
    let (code, v) = json(&["card", "Liberty"], "card");
    assert_eq!(code, 0);
    assert!(v["card"].is_null());
    assert_eq!(v["rulings"]["answers"][0]["topic"], "Liberty", "{v}");
    let (code, v) = json(&["card", "Klingon Warbird of Doom"], "card");
    assert_eq!(code, 1);
    assert_eq!(v["found"], false);
    // A close spelling of a card is that card, said so.
    let (code, out, err) = with_cards(&["card", "Ty Kajadda"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Ty Kajada  1E"), "{out}");
    assert!(
        err.contains("no card is named `Ty Kajadda`; showing the closest, `Ty Kajada`"),
        "{err}"
    );
}

#[test]
fn the_date_moves_an_erratum_in_and_out() {
    let (_, before, _) = with_cards(&["card", "Phased Matter", "--as-of", "1999-01-01"]);
    assert!(
        before.contains("A card, with no errata and no ruling as of 1999-01-01."),
        "{before}"
    );
    let (_, after, _) = with_cards(&["card", "Phased Matter", "--as-of", "2001-01-01"]);
    assert!(
        after.contains("Errata in force as of 2001-01-01"),
        "{after}"
    );
    assert!(!after.contains("no errata and no ruling"), "{after}");
}

#[test]
fn a_lackey_decklist_becomes_a_sheet_with_every_name_accounted_for() {
    let list = fixtures("decks/registration.txt");
    let (code, out, _) = with_cards(&["deck", list.to_str().unwrap(), "--as-of", "2020-01-01"]);
    // A name not found makes the answer incomplete.
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("Ruling sheet as of 2020-01-01 — 14 cards"),
        "{out}"
    );
    assert!(out.contains("2 × Going to the Top"), "{out}");
    assert!(
        out.contains("1 × Phased Matter  (written `Phased Mater`)"),
        "{out}"
    );
    assert!(
        out.contains("kept out of every format by the card database"),
        "{out}"
    );
    assert!(out.contains("No errata, ruling or ban as of 2020-01-01 (3 cards)\n  1 × Kira** · 1 × Ty Kajada · 3 × Vedek Sorad"), "{out}");
    assert!(
        out.contains(
            "Not found (1 name): check the spelling\n  1 × Klingon Warbird of Doom  (line 8)"
        ),
        "{out}"
    );
    let (_, v) = json(&["deck", list.to_str().unwrap()], "deck");
    assert_eq!(v["shape"], "lackey_text");
    assert_eq!(
        v["not_found"][0]["listed"]["name"],
        "Klingon Warbird of Doom"
    );
    assert_eq!(v["not_found"][0]["listed"]["section"], Value::Null);
    let liberty = v["cards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "Liberty")
        .unwrap();
    assert!(liberty["card"].is_null() && !liberty["rulings"].is_null());
}

#[test]
fn a_dek_file_a_plain_list_and_standard_input_read_alike() {
    let dek = fixtures("decks/registration.dek");
    let (code, v) = json(&["deck", dek.to_str().unwrap()], "deck");
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["shape"], "lackey_dek");
    assert_eq!(v["total"], 5);
    let going = &v["cards"][0];
    assert_eq!(
        (going["name"].as_str(), going["count"].as_u64()),
        (Some("Going to the Top"), Some(2))
    );
    let out = common::rulings()
        .arg("--cards")
        .arg(fixtures("cards"))
        .args(["deck", "--as-of", "1999-01-01"])
        .write_stdin(std::fs::read(fixtures("decks/plain.txt")).unwrap())
        .output()
        .unwrap();
    let (code, out, _) = common::outcome(out);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("No errata, ruling or ban as of 1999-01-01 (4 cards)\n  3 × Vedek Sorad · 2 × Ty Kajada · 1 × Worf (First Contact) · 2 × Phased Matter"), "{out}");
}

#[test]
fn without_a_card_database_answers_stand_and_say_how_to_add_one() {
    let out = common::rulings()
        .args(["card", "Going to the Top"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("what the rulings say of `Going to the Top`"),
        "{out}"
    );
    assert!(
        err.contains("no card database") && err.contains("--cards DIR"),
        "{err}"
    );
    let out = common::rulings()
        .args(["show", "Ty Kajada", "--json"])
        .output()
        .unwrap();
    let (_, out, _) = common::outcome(out);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(
        common::notes::codes(&v).contains(&"no-card-database".to_string()),
        "{v}"
    );
}

#[test]
fn the_card_database_in_the_user_data_folder_is_no_rulings_document() {
    // `cards/` in the user data folder is both the default corpus folder's
    // child and the default card database: read as cards only.
    let data = common::test_folder().join("home/.local/share/rulings/cards");
    std::fs::create_dir_all(&data).unwrap();
    let lists = fixtures("cards/startrek1e/sets");
    for name in ["Physical.txt", "Virtual.txt"] {
        std::fs::copy(lists.join(name), data.join(name)).unwrap();
    }
    let out = common::rulings()
        .args(["card", "Kira**", "--json"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["database"], 16);
    assert!(!err.contains("skipped"), "{err}");
}

#[test]
fn the_served_card_and_deck_answer_as_the_command_line() {
    let (mut child, url) = serve_with_cards();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let card: Value = agent
        .get(&format!("{url}/api/card?card=Kira**"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .map(|t| serde_json::from_str::<Value>(&t).unwrap())
        .unwrap();
    assert_valid("card", &card, "/api/card");
    assert_eq!(card["card"]["printed"]["name"], "Kira**");
    let list = std::fs::read_to_string(fixtures("decks/registration.txt")).unwrap();
    let mut sheet = agent.post(&format!("{url}/api/deck")).send(&list).unwrap();
    assert_eq!(sheet.status(), 404, "a name not found");
    let sheet: Value = sheet
        .body_mut()
        .read_to_string()
        .map(|t| serde_json::from_str::<Value>(&t).unwrap())
        .unwrap();
    assert_valid("deck", &sheet, "/api/deck");
    assert_eq!(sheet["as_of"], "2020-01-01");
    let mut page = agent
        .post(&format!("{url}/deck"))
        .send_form([
            ("list", "2x Going to the Top\nTy Kajada\n"),
            ("as_of", "2020-01-01"),
        ])
        .unwrap();
    assert_eq!(page.status(), 200);
    let html = page.body_mut().read_to_string().unwrap();
    assert!(html.contains("Ruling sheet as of 2020-01-01"), "{html}");
    assert!(html.contains("two [Ferengi] personnel"), "{html}");
    // A list past the room a decklist has is refused, not read.
    let huge = "Ty Kajada\n".repeat(100_000);
    match agent.post(&format!("{url}/api/deck")).send(&huge) {
        Ok(refused) => assert_eq!(refused.status(), 413),
        // Refused on its length before its body was all sent: the server
        // answered 413 and closed while the client still wrote.
        Err(ureq::Error::Io(e)) => assert!(
            matches!(
                e.kind(),
                std::io::ErrorKind::BrokenPipe | std::io::ErrorKind::ConnectionReset
            ),
            "{e}"
        ),
        Err(e) => panic!("{e}"),
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn the_deck_page_is_seen_on_a_phone_and_printed_on_a4() {
    let Some(program) = cdp::chromium() else {
        eprintln!("SKIPPED: the browser test needs chromium (apt-get install chromium)");
        return;
    };
    let (mut child, url) = serve_with_cards();
    let mut browser = cdp::Browser::launch(program);
    let shots = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/screenshots");
    browser.resize(390, 844);
    browser.open(&format!("{url}/deck"));
    // With its script, the page offers to read a file too.
    assert_eq!(
        browser.eval("document.querySelector('div.row.file').hidden"),
        false
    );
    let list = std::fs::read_to_string(fixtures("decks/registration.txt")).unwrap();
    browser.eval(&format!(
        "document.querySelector('textarea[name=list]').value = {}; document.querySelector('form.deck').submit(); 1",
        serde_json::json!(list)
    ));
    browser.wait_for("location.pathname === '/deck' && !!document.querySelector('ol.sheet') && document.readyState === 'complete'");
    assert_eq!(
        browser.eval("document.querySelector('h1').textContent"),
        "Ruling sheet as of 2020-01-01"
    );
    // Nothing wider than the phone.
    assert_eq!(
        browser.eval("document.documentElement.scrollWidth <= 390"),
        true
    );
    browser.screenshot(&shots.join("deck-390.png"));
    // Printed on A4: the sheet alone, without the site's header and forms.
    browser.call(
        "Emulation.setEmulatedMedia",
        serde_json::json!({"media": "print"}),
    );
    browser.resize(794, 1123);
    assert_eq!(
        browser.eval("getComputedStyle(document.querySelector('header.top')).display"),
        "none"
    );
    assert_eq!(
        browser.eval("getComputedStyle(document.querySelector('ol.sheet li.card')).breakInside"),
        "avoid"
    );
    browser.screenshot(&shots.join("deck-a4-print.png"));
    let _ = child.kill();
    let _ = child.wait();
}

#[test]
fn a_ban_in_a_ruling_is_on_the_sheet_from_its_date() {
    let dir = tempfile::tempdir().unwrap();
    common::write_document(
        dir.path(),
        "bans.md",
        "1E",
        "2020-01-01",
        "Ty Kajada –\n\nThis card is banned from tournament play.\n",
    );
    let ask = |as_of: &str| {
        let out = common::rulings()
            .arg("--cards")
            .arg(fixtures("cards"))
            .arg("--rulings")
            .arg(dir.path())
            .args(["deck", "--as-of", as_of])
            .write_stdin("Ty Kajada\nKira\n")
            .output()
            .unwrap();
        common::outcome(out)
    };
    let (code, before, err) = ask("2019-12-31");
    assert_eq!(code, 0, "{err}");
    assert!(!before.contains("BANNED"), "{before}");
    assert!(before.contains("1 × Ty Kajada · 1 × Kira"), "{before}");
    let (_, after, _) = ask("2020-01-01");
    assert!(
        after.contains("1 × Ty Kajada\n  1E · Personnel · Non-Aligned · set ds9 C\n  BANNED: This card is banned from tournament play."),
        "{after}"
    );
}

#[test]
fn card_names_complete_from_the_card_database() {
    let cards = fixtures("cards");
    let out = common::rulings()
        .env("COMPLETE", "fish")
        .args([
            "--",
            "rulings",
            "--cards",
            cards.to_str().unwrap(),
            "card",
            "Ki",
        ])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        vec!["Kira\t1E", "Kira Ambassador\t1E", "Kira*\t1E", "Kira**\t1E"]
    );
}

/// The README's deck example runs from the checkout (its card database and
/// decklist are the tests' own), so it is run here rather than with the
/// README's other examples, and must print what the README shows.
#[test]
fn the_readme_deck_example_prints_what_it_shows() {
    let checkout = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(checkout.join("README.md")).unwrap();
    let typed = "$ rulings --cards tests/fixtures/cards deck tests/fixtures/decks/registration.dek --as-of 2020-01-01\n";
    let at = readme.find(typed).expect("the README shows a deck's sheet");
    let shown = &readme[at + typed.len()..];
    let shown = &shown[..shown.find("```").unwrap()];
    let words: Vec<&str> = typed
        .trim_start_matches("$ rulings ")
        .split_whitespace()
        .collect();
    let out = common::rulings()
        .current_dir(&checkout)
        .args(&words)
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim_end(), shown.trim_end());
}

#[cfg(unix)]
#[test]
fn a_card_database_with_files_that_are_no_card_lists_still_answers() {
    let dir = tempfile::tempdir().unwrap();
    let sets = dir.path().join("sets");
    std::fs::create_dir_all(&sets).unwrap();
    std::fs::copy(
        fixtures("cards/startrek1e/sets/Physical.txt"),
        sets.join("Physical.txt"),
    )
    .unwrap();
    let binary: Vec<u8> = (0..=255u8).cycle().take(4096).collect();
    std::fs::write(sets.join("binary.txt"), binary).unwrap();
    std::fs::write(sets.join("empty.txt"), "").unwrap();
    std::fs::write(sets.join("header-only.txt"), "Name\tText\n").unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(sets.join("pipe.txt"))
        .status();
    let piped = made.is_ok_and(|s| s.success());
    let started = std::time::Instant::now();
    let out = common::rulings()
        .arg("--cards")
        .arg(dir.path())
        .args(["card", "Kira**", "--json"])
        .timeout(std::time::Duration::from_secs(60))
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert!(
        started.elapsed().as_secs() < 30,
        "a pipe is never waited on"
    );
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["card"]["printed"]["name"], "Kira**");
    assert_eq!(v["database"], 14);
    if piped {
        assert!(
            err.contains("card database: skipped") && err.contains("pipe.txt"),
            "{err}"
        );
    } else {
        eprintln!("SKIPPED the pipe: mkfifo did not run");
    }
}

#[test]
fn only_a_card_database_is_passed_over_among_the_documents() {
    let dir = tempfile::tempdir().unwrap();
    // Documents in folders that are named like a card database's but hold
    // rulings are read.
    for (folder, topic) in [("old/cards", "Tribble"), ("old/sets", "Glommer")] {
        let at = dir.path().join(folder);
        std::fs::create_dir_all(&at).unwrap();
        common::write_document(
            &at,
            &format!("{}.md", topic.to_lowercase()),
            "1E",
            "2020-01-01",
            &format!("{topic} –\n\nA ruling on {topic}.\n"),
        );
    }
    // A plugin dropped in whole: its card lists and decks are not read as
    // documents, and say nothing of being skipped.
    let plugin = dir.path().join("startrek1e");
    std::fs::create_dir_all(plugin.join("sets")).unwrap();
    std::fs::create_dir_all(plugin.join("decks")).unwrap();
    std::fs::copy(
        fixtures("cards/startrek1e/sets/Physical.txt"),
        plugin.join("sets/Physical.txt"),
    )
    .unwrap();
    std::fs::write(plugin.join("decks/d.txt"), "1\tKira\n").unwrap();
    let out = common::rulings()
        .args(["--no-bundled", "--rulings"])
        .arg(dir.path())
        .args(["releases", "--json"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let files: Vec<&str> = v["releases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["source"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(files.len(), 2, "{v}");
    assert!(
        files.iter().any(|f| f.ends_with("old/cards/tribble.md")),
        "{files:?}"
    );
    assert!(
        files.iter().any(|f| f.ends_with("old/sets/glommer.md")),
        "{files:?}"
    );
    assert!(!err.contains("Physical") && !err.contains("d.txt"), "{err}");
}

#[test]
fn a_card_shows_its_glossary_entry_and_the_erratum_that_replaced_it() {
    let db = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(db.path().join("sets")).unwrap();
    std::fs::write(
        db.path().join("sets/a.txt"),
        "Name\tType\tText\nAlien Parasites\tDilemma\tPlace on Away Team. Parasites take over the crew.\n",
    )
    .unwrap();
    let ask = |as_of: &str| {
        let out = common::rulings()
            .arg("--cards")
            .arg(db.path())
            .arg("--rulings")
            .arg(fixtures("base"))
            .args(["card", "Alien Parasites", "--as-of", as_of])
            .output()
            .unwrap();
        common::outcome(out)
    };
    // The Glossary's entry is the card's base entry while it stands ...
    let (code, glossary, err) = ask("2021-12-01");
    assert_eq!(code, 0, "{err}");
    assert!(
        glossary.contains("Rulings on Alien Parasites as of 2021-12-01"),
        "{glossary}"
    );
    assert!(
        glossary.contains("This dilemma places parasites on an Away Team or crew."),
        "{glossary}"
    );
    assert!(!glossary.contains("Errata in force"), "{glossary}");
    // ... and the erratum of the Compendium in force since, the Glossary's
    // entry in its history.
    let (_, compendium, _) = ask("2023-01-01");
    assert!(
        compendium.contains("Errata in force as of 2023-01-01"),
        "{compendium}"
    );
    assert!(
        compendium.contains("Erratum: Seeds or plays on a planet."),
        "{compendium}"
    );
    assert!(
        compendium.contains("History (newest first)"),
        "{compendium}"
    );
}
