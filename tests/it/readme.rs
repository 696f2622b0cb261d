//! The README's examples are run: each ```console block is a command line
//! (`$ rulings …`) and the output it prints. An example whose output no
//! longer matches what the binary prints fails here, so the README cannot
//! go stale. The examples show `rulings` as installed, away from its
//! checkout (it answers from the documents built into it), so they run on
//! the binary linked into a temporary folder outside the checkout.

use std::fs;
use std::path::Path;

use crate::common::{binary, outcome, process};

/// One example: the arguments after `rulings`, as typed, and the output
/// shown under them.
struct Example {
    line: usize,
    typed: String,
    shown: String,
}

fn examples(readme: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut lines = readme.lines().enumerate();
    while let Some((_, line)) = lines.next() {
        if line.trim() != "```console" {
            continue;
        }
        let (number, command) = lines.next().expect("a console block has a command");
        let typed = command
            .strip_prefix("$ rulings ")
            .unwrap_or_else(|| panic!("README.md:{}: not `$ rulings …`", number + 1));
        let shown: Vec<&str> = lines
            .by_ref()
            .map(|(_, l)| l)
            .take_while(|l| l.trim() != "```")
            .collect();
        out.push(Example {
            line: number + 1,
            typed: typed.to_string(),
            shown: shown.join("\n"),
        });
    }
    out
}

/// Splits a command line as a shell does for the quoting the README uses:
/// double or single quotes group words, and are removed.
fn words(typed: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut started = false;
    for ch in typed.chars() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(ch);
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started {
                    out.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    assert!(quote.is_none(), "unbalanced quote in `{typed}`");
    if started {
        out.push(word);
    }
    out
}

#[test]
fn a_command_line_is_split_as_a_shell_splits_it() {
    assert_eq!(
        words(r#"search --limit 2 "once each turn""#),
        ["search", "--limit", "2", "once each turn"]
    );
    assert_eq!(words("show 'time location' "), ["show", "time location"]);
    assert_eq!(words(r#"errata """#), ["errata", ""]);
}

#[test]
fn every_example_of_the_readme_prints_what_it_shows() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = fs::read_to_string(&path).unwrap();
    let examples = examples(&readme);
    assert!(examples.len() >= 3, "the README has a tour of examples");
    // A link, not a copy: a debug binary is hundreds of megabytes.
    let away = tempfile::tempdir().unwrap();
    let installed = away.path().join("rulings");
    if fs::hard_link(binary(), &installed).is_err() {
        fs::copy(binary(), &installed).unwrap();
    }
    for example in examples {
        let out = process(&installed)
            .args(words(&example.typed))
            .current_dir(away.path())
            .output()
            .unwrap();
        let (code, stdout, stderr) = outcome(out);
        assert!(
            code == 0 || code == 1,
            "README.md:{}: `rulings {}` exited {code}: {stderr}",
            example.line,
            example.typed
        );
        assert_eq!(
            stdout.trim_end(),
            example.shown.trim_end(),
            "README.md:{}: `rulings {}` prints otherwise now",
            example.line,
            example.typed
        );
    }
}
