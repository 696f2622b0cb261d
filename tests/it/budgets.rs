//! Work bounded where a careless or hostile user could make it endless: a
//! decklist of thousands of names that are no card (at the command line and
//! posted to the server by several clients at once), a card folder with
//! thousands of other `.txt` files beside its list, a card list thousands of
//! columns wide, a name of 100 KB in a decklist, old Mac line ends, and a
//! right-to-left override in a card's name on the pages.

use crate::common::{self, schemas::assert_valid, served};

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

/// The header of a LackeyCCG card list, as the plugin writes it.
const HEADER: &str = "Name\tSet\tImageFile\tRelease\tInfo\tType\tAffil\tIcons\tLore\tText";

/// A card list of `names`, each a made-up Personnel.
fn card_list(names: &[String]) -> String {
    let mut list = format!("{HEADER}\n");
    for name in names {
        list.push_str(&format!(
            "{name}\tTrad_Modern_Open_Warp\timg\tpremiere\t1 C\tPersonnel\tFederation\t[Stf]\tA lore.\tOFFICER Leadership.\n"
        ));
    }
    list
}

/// Names of a few syllables, alike as card names are: the worst case for
/// a look-up by spelling.
fn names(count: usize, seed: u64) -> Vec<String> {
    let mut rng = fastrand::Rng::with_seed(seed);
    const PARTS: [&str; 12] = [
        "ka", "tor", "ri", "dax", "mo", "ren", "sa", "lek", "vi", "qua", "zen", "bo",
    ];
    let word = |rng: &mut fastrand::Rng| -> String {
        let w: String = (0..rng.usize(2..4))
            .map(|_| PARTS[rng.usize(..PARTS.len())])
            .collect();
        let mut c = w.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect())
            .unwrap_or_default()
    };
    (0..count)
        .map(|_| {
            let words = rng.usize(1..4);
            (0..words)
                .map(|_| word(&mut rng))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A LackeyCCG `.dek` of `names`, on one line (a deck file's lines are
/// limited, its bytes are what a list may be).
fn dek(names: &[String]) -> String {
    let mut dek = String::from("<deck version=\"0.8\"><superzone name=\"Deck\">");
    for name in names {
        dek.push_str(&format!("<card><name>{name}</name></card>"));
    }
    dek.push_str("</superzone></deck>");
    dek
}

/// The worst decklist a client may send: as many names that are no card as
/// fit in the bytes a list may have.
fn worst_dek(seed: u64) -> String {
    let mut list = names(9_000, seed);
    while dek(&list).len() > 250 * 1024 {
        list.truncate(list.len() * 9 / 10);
    }
    // Not one of them a card: the database's names are of another seed,
    // and these are made unlike them.
    dek(&list.iter().map(|n| format!("{n} Xq")).collect::<Vec<_>>())
}

/// A card database of 5,000 cards in a temporary folder.
fn database() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("sets")).unwrap();
    fs::write(
        dir.path().join("sets/Physical.txt"),
        card_list(&names(5_000, 1)),
    )
    .unwrap();
    dir
}

fn rulings_with(cards: &Path, index: &Path) -> assert_cmd::Command {
    let mut command = common::rulings();
    command
        .arg("--cards")
        .arg(cards)
        .arg("--index")
        .arg(index)
        .timeout(Duration::from_secs(120));
    command
}

#[test]
fn a_deck_of_thousands_of_unknown_names_stops_at_its_budget_and_says_so() {
    let cards = database();
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("attack.dek");
    fs::write(&list, worst_dek(2)).unwrap();
    // Built beforehand: the index is not the deck's cost.
    rulings_with(cards.path(), &dir.path().join("index"))
        .arg("index")
        .assert()
        .success();
    let started = Instant::now();
    let out = rulings_with(cards.path(), &dir.path().join("index"))
        .args(["deck", "--json"])
        .arg(&list)
        .output()
        .unwrap();
    let took = started.elapsed();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 1, "{err}");
    let sheet: Value = serde_json::from_str(&out).unwrap();
    assert_valid("deck", &sheet, "a deck past its budget");
    assert_eq!(sheet["found"], false);
    let unfinished = &sheet["unfinished"];
    let why = unfinished["why"].as_str().unwrap();
    assert!(why == "names" || why == "time", "{unfinished}");
    assert!(
        !unfinished["not_looked_up"].as_array().unwrap().is_empty(),
        "{unfinished}"
    );
    assert!(sheet["near_not_looked_for"].as_u64().unwrap() > 0);
    // The sheet's own time, and a process's start, not the list's length.
    assert!(took < Duration::from_secs(20), "{took:?}");
    // Said to people too.
    let text = rulings_with(cards.path(), &dir.path().join("index"))
        .arg("deck")
        .arg(&list)
        .output()
        .unwrap();
    let (_, text, _) = common::outcome(text);
    assert!(text.contains("Not looked up ("), "{text}");
    assert!(text.contains("… and "), "{text}");
}

/// A server stopped when the test ends, however it ends.
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The CPU time a process has used so far, from `/proc`; none elsewhere.
fn cpu_seconds(pid: u32) -> Option<f64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

#[test]
fn searches_are_answered_while_clients_post_worst_case_decklists() {
    let cards = database();
    let index = tempfile::tempdir().unwrap();
    let mut command = common::process(common::binary());
    command
        .arg("--cards")
        .arg(cards.path())
        .arg("--index")
        .arg(index.path())
        .args(["serve", "--port", "0"]);
    let (child, url) = served::start(&mut command);
    let child = Stopped(child);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let stop = Arc::new(AtomicBool::new(false));
    let attackers: Vec<_> = (0..4)
        .map(|seed| {
            let (agent, url, stop) = (agent.clone(), url.clone(), Arc::clone(&stop));
            std::thread::spawn(move || {
                let mut sent = 0;
                while !stop.load(Ordering::Relaxed) {
                    // A fresh list each time: no answer kept can serve it.
                    let list = worst_dek(100 + seed * 1_000 + sent);
                    let _ = agent.post(&format!("{url}/api/deck")).send(&list);
                    sent += 1;
                }
            })
        })
        .collect();
    // Ordinary questions, never asked before, while the lists are read.
    let mut slowest = Duration::ZERO;
    for n in 0..12 {
        std::thread::sleep(Duration::from_millis(500));
        let started = Instant::now();
        let answer = agent
            .get(&format!("{url}/api/search?q=once+each+turn+{n}"))
            .call()
            .unwrap();
        let took = started.elapsed();
        assert!(
            answer.status() == 200 || answer.status() == 404,
            "{}",
            answer.status()
        );
        slowest = slowest.max(took);
    }
    stop.store(true, Ordering::Relaxed);
    for attacker in attackers {
        attacker.join().unwrap();
    }
    assert!(
        slowest < Duration::from_secs(2),
        "a search took {slowest:?} under deck load"
    );
    // Nobody waits for a list any more: within 10 s the server is idle.
    if let Some(before) = cpu_seconds(child.0.id()) {
        std::thread::sleep(Duration::from_secs(10));
        let settled = cpu_seconds(child.0.id()).unwrap();
        std::thread::sleep(Duration::from_secs(1));
        let idle = cpu_seconds(child.0.id()).unwrap() - settled;
        assert!(
            idle < 0.2,
            "{idle} s of CPU in a second, 10 s after the clients stopped (from {before})"
        );
    } else {
        eprintln!("no /proc: the server's CPU after the load was not measured");
    }
}

#[test]
fn a_card_list_is_read_whatever_other_text_files_lie_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    // Saved decklists in the folder itself, more than the lists a database
    // may have; the card list in `sets/` below them.
    for n in 0..2_100 {
        fs::write(
            dir.path().join(format!("deck{n:04}.txt")),
            "1\tDeanna Troi\n",
        )
        .unwrap();
    }
    fs::create_dir(dir.path().join("sets")).unwrap();
    fs::write(
        dir.path().join("sets/Physical.txt"),
        card_list(&["Zorblax Prime".to_string()]),
    )
    .unwrap();
    let out = rulings_with(dir.path(), &dir.path().join("index"))
        .args(["card", "Zorblax Prime"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Zorblax Prime"), "{out}");
}

#[test]
fn card_lists_past_the_limit_are_named_as_left_out() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sets")).unwrap();
    for n in 0..2_003 {
        fs::write(
            dir.path().join(format!("sets/list{n:04}.txt")),
            card_list(&[format!("Card Of List {n}")]),
        )
        .unwrap();
    }
    let index = dir.path().join("index");
    let out = rulings_with(dir.path(), &index)
        .args(["card", "Card Of List 1999"])
        .output()
        .unwrap();
    let (code, _, err) = common::outcome(out);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("3 card lists past the first 2000 were left out: sets/list2000.txt, sets/list2001.txt, sets/list2002.txt"),
        "{err}"
    );
    // In the answer's notes too.
    let out = rulings_with(dir.path(), &index)
        .args(["card", "Card Of List 2001", "--json"])
        .output()
        .unwrap();
    let (code, out, _) = common::outcome(out);
    assert_eq!(code, 1, "a card of a list left out is no card");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_valid("card", &v, "a card database past its limits");
    assert!(common::notes::codes(&v).contains(&"card-database-limits".to_string()));
}

/// Runs `command` to its end, with the most memory it held (its high-water
/// mark, read from `/proc` as it runs; none where there is no `/proc`).
fn run_measured(command: &mut std::process::Command) -> (std::process::Output, Option<u64>) {
    let mut child = command
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let out = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut bytes).unwrap();
        bytes
    });
    let err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut bytes).unwrap();
        bytes
    });
    let mut peak = None;
    let exit = loop {
        if let Ok(text) = fs::read_to_string(&status) {
            let hwm = text
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok());
            if let Some(kb) = hwm {
                peak = Some(peak.unwrap_or(0u64).max(kb * 1024));
            }
        }
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let output = std::process::Output {
        status: exit,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
    };
    (output, peak)
}

#[test]
fn a_card_list_thousands_of_columns_wide_is_read_within_bounds() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sets")).unwrap();
    let columns = 10_000;
    let mut list = HEADER.to_string();
    for c in 0..columns {
        list.push_str(&format!("\tExtra{c}"));
    }
    list.push('\n');
    let values = "\tv".repeat(columns);
    for n in 0..1_000 {
        list.push_str(&format!(
            "Wide Card {n}\tTrad\timg\tpremiere\t1 C\tPersonnel\tFederation\t[Stf]\tA lore.\tText.{values}\n"
        ));
    }
    fs::write(dir.path().join("sets/Wide.txt"), list).unwrap();
    let mut command = common::process(common::binary());
    command
        .arg("--cards")
        .arg(dir.path())
        .arg("--index")
        .arg(dir.path().join("index"))
        .args(["card", "Wide Card 7"]);
    let (out, peak) = run_measured(&mut command);
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("sets/Wide.txt has 10010 columns; the ones past the first 256 were not read"),
        "{err}"
    );
    // Read whole, every column a string of every card, it took gigabytes.
    match peak {
        Some(peak) => assert!(peak < 600 << 20, "peak {} MB", peak >> 20),
        None => eprintln!("no /proc: the memory of a wide card list was not measured"),
    }
}

#[test]
fn a_card_list_with_old_mac_line_ends_is_read() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sets")).unwrap();
    let list = card_list(&["Mac Card One".to_string(), "Mac Card Two".to_string()]);
    fs::write(dir.path().join("sets/Mac.txt"), list.replace('\n', "\r")).unwrap();
    let deck = dir.path().join("deck.txt");
    fs::write(&deck, "2 Mac Card One\r1 Mac Card Two\r").unwrap();
    let index = dir.path().join("index");
    let out = rulings_with(dir.path(), &index)
        .args(["card", "Mac Card Two"])
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 0, "{out}{err}");
    let out = rulings_with(dir.path(), &index)
        .args(["deck", "--json"])
        .arg(&deck)
        .output()
        .unwrap();
    let (_, out, err) = common::outcome(out);
    let sheet: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}{err}"));
    assert_eq!(sheet["total"], 3, "{sheet}");
    assert_eq!(sheet["not_found"].as_array().unwrap().len(), 0, "{sheet}");
}

#[test]
fn one_name_past_any_length_is_said_with_its_line_and_the_rest_is_read() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sets")).unwrap();
    fs::write(
        dir.path().join("sets/Physical.txt"),
        card_list(&["Zorblax Prime".to_string()]),
    )
    .unwrap();
    let deck = dir.path().join("deck.txt");
    fs::write(
        &deck,
        format!("2 Zorblax Prime\n1 {}\n", "Q".repeat(100_000)),
    )
    .unwrap();
    let out = rulings_with(dir.path(), &dir.path().join("index"))
        .args(["deck", "--json"])
        .arg(&deck)
        .output()
        .unwrap();
    let (code, out, err) = common::outcome(out);
    assert_eq!(code, 1, "{err}");
    let sheet: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}{err}"));
    assert_eq!(sheet["quiet"][0]["name"], "Zorblax Prime", "{sheet}");
    assert_eq!(sheet["unread"][0]["line"], 2, "{sheet}");
    let said = sheet["unread"][0]["text"].as_str().unwrap();
    assert!(said.contains("characters long"), "{said}");
    assert!(said.len() < 400, "the line is not repeated whole");
}

#[test]
fn a_right_to_left_override_in_a_card_name_is_isolated_on_the_pages() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sets")).unwrap();
    let name = "Evil \u{202e}emaN";
    fs::write(
        dir.path().join("sets/Physical.txt"),
        card_list(&[name.to_string()]),
    )
    .unwrap();
    let mut command = common::process(common::binary());
    command
        .arg("--cards")
        .arg(dir.path())
        .arg("--index")
        .arg(dir.path().join("index"))
        .args(["serve", "--port", "0"]);
    let (child, url) = served::start(&mut command);
    let _server = Stopped(child);
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let card = agent
        .get(&format!("{url}/card?card=Evil%20%E2%80%AEemaN"))
        .call()
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    assert!(card.contains(&format!("<bdi>{name}</bdi>")), "{card}");
    let deck = agent
        .post(&format!("{url}/deck"))
        .send_form([("list", format!("1 {name}\n1 Nobody {name}\n").as_str())])
        .unwrap()
        .body_mut()
        .read_to_string()
        .unwrap();
    // The card found, and the name not found, each set apart.
    assert!(deck.contains(&format!("<bdi>{name}</bdi>")), "{deck}");
    assert!(
        deck.contains(&format!("<bdi>Nobody {name}</bdi>")),
        "{deck}"
    );
}
