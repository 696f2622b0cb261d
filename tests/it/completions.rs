//! `rulings completions SHELL`, the dynamic completion the scripts call
//! back into, and `rulings man`.

use crate::common;

use common::rulings;

fn stdout_of(args: &[&str]) -> String {
    let out = rulings()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn each_shell_gets_a_script_that_calls_rulings_back() {
    let bash = stdout_of(&["completions", "bash"]);
    assert!(bash.contains("COMPLETE=\"bash\""), "{bash}");
    assert!(
        bash.contains("complete -o nospace -o bashdefault"),
        "{bash}"
    );
    assert!(bash.contains(" rulings"), "{bash}");

    let zsh = stdout_of(&["completions", "zsh"]);
    assert!(zsh.starts_with("#compdef rulings"), "{zsh}");
    assert!(zsh.contains("COMPLETE=\"zsh\""), "{zsh}");

    let fish = stdout_of(&["completions", "fish"]);
    assert!(
        fish.contains("complete --keep-order --exclusive --command rulings"),
        "{fish}"
    );
    assert!(fish.contains("COMPLETE=fish rulings --"), "{fish}");

    for shell in ["powershell", "elvish"] {
        assert!(stdout_of(&["completions", shell]).contains("COMPLETE"));
    }
}

/// What the shell gets back when it completes the last word of `line`,
/// one candidate a line (fish's protocol: value, tab, help).
fn complete(line: &[&str]) -> Vec<String> {
    let out = rulings()
        .env("COMPLETE", "fish")
        .arg("--")
        .args(line)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn card_and_topic_names_complete_from_the_index() {
    let index = tempfile::tempdir().unwrap();
    let index = index.path().to_str().unwrap();
    let cards = complete(&["rulings", "--index", index, "errata", "fer"]);
    assert!(
        cards.contains(&"Ferengi Military Operations\t1E".to_string()),
        "{cards:?}"
    );
    assert!(
        cards.iter().all(|c| c.to_lowercase().starts_with("fer")),
        "{cards:?}"
    );

    // A topic, typed loosely: case and a leading "the" do not matter.
    let topics = complete(&["rulings", "--index", index, "show", "TIME LOC"]);
    assert!(
        topics.contains(&"time location\t1E".to_string()),
        "{topics:?}"
    );
    let topics = complete(&["rulings", "--index", index, "show", "big pic"]);
    assert!(
        topics
            .iter()
            .any(|t| t.to_lowercase().contains("big picture")),
        "{topics:?}"
    );

    // A plural slip in a word typed whole: "away teams" begins *Away
    // Team and crew*, as `show away teams` finds it.
    let topics = complete(&["rulings", "--index", index, "show", "away teams"]);
    assert!(
        topics.contains(&"Away Team and crew\t1E".to_string()),
        "{topics:?}"
    );
    let topics = complete(&["rulings", "--index", index, "show", "awy teams"]);
    assert!(topics.is_empty(), "{topics:?}");
}

#[test]
fn release_ids_complete_for_diff() {
    let index = tempfile::tempdir().unwrap();
    let index = index.path().to_str().unwrap();
    let ids = complete(&["rulings", "--index", index, "diff", "1e-20"]);
    let ids: Vec<&str> = ids.iter().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(
        ids,
        ["1e-2000-03-27-cr", "1e-2014-11-03-crd", "1e-2022-11-07-rrd"]
    );
    let to = complete(&[
        "rulings",
        "--index",
        index,
        "diff",
        "1e-2000-03-27-cr",
        "2e",
    ]);
    assert_eq!(to.len(), 2, "{to:?}");
}

#[test]
fn the_man_page_is_generated_from_the_help() {
    let man = stdout_of(&["man"]);
    assert!(man.contains(".TH rulings 1"), "{man}");
    assert!(
        man.contains("Search, resolve and diff the official Star Trek CCG rulings"),
        "{man}"
    );
    assert!(man.contains(".SH SUBCOMMANDS"), "{man}");
    for command in ["search", "show", "errata", "diff", "ask", "completions"] {
        assert!(man.contains(command), "{command}");
    }
}
