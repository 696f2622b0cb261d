//! Control characters in a document never reach the terminal: a topic, a
//! ruling's text, a card's name and a release's title carrying C0 and C1
//! controls and ANSI escape sequences (ESC `[31m` and the one-character CSI
//! U+009B) are shown by every command that prints document text, as text
//! and as JSON, with no raw ESC, no C1 character and no control but newline
//! and tab in any byte it writes (color is off: the environment sets
//! `NO_COLOR`).

use crate::common::folder::Folder;

/// The controls a document carries: ESC `[31m` (red), the C1 CSI U+009B
/// `31m`, NEL U+0085, BEL, backspace, carriage return and a bare C1 control.
const EVIL: &str = "\u{1b}[31m\u{9b}31m\u{85}\u{7}\u{8}\r\u{90}";

/// Two releases of one series, so that `diff` has something to compare:
/// the title (as TOML escapes, the way front matter spells them), a topic,
/// a ruling's text and an erratum's card name all carry [`EVIL`].
fn folder() -> Folder {
    let title = r"Evil \u001B[31mRulings\u009B31m\u0085\u0007";
    let topic = format!("Tribble{EVIL} Bomb");
    let card = format!("Liberty{EVIL}");
    let first = format!(
        "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\ntitle = \"{title}\"\nkind = \"current-rulings\"\n+++\n\n\
         {topic} –\n\nA tribble{EVIL} multiplies when{EVIL} it is fed.\n\n\
         Quark –\n\nQuark may bribe a tribble.\n"
    );
    let second = format!(
        "+++\nedition = \"1E\"\ndate = \"2021-01-01\"\ntitle = \"{title} Too\"\nkind = \"current-rulings\"\n+++\n\n\
         {topic} –\n\nA tribble{EVIL} multiplies twice when{EVIL} it is fed.\n\n\
         {card} – Erratum:\n\nThe class has been changed to \"Condor{EVIL} Class\".\n"
    );
    Folder::new(&[
        ("1e-2020-01-01-cr.md", first),
        ("1e-2021-01-01-cr.md", second),
    ])
}

/// What is wrong with one stream of a run: the first control character
/// that is not newline or tab, with where it is.
fn unsafe_byte(bytes: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(bytes);
    text.char_indices()
        .find(|(_, c)| c.is_control() && !matches!(c, '\n' | '\t'))
        .map(|(i, c)| {
            let from = text[..i].char_indices().rev().nth(40).map_or(0, |(j, _)| j);
            format!("U+{:04X} after {:?}", u32::from(c), &text[from..i])
        })
}

#[test]
fn no_command_writes_a_control_character_from_a_document() {
    let folder = folder();
    let releases = ["1e-2020-01-01-cr", "1e-2021-01-01-cr"];
    let check = folder.folder().display().to_string();
    let commands: Vec<Vec<&str>> = vec![
        vec!["search", "tribble"],
        vec!["search", "tribble", "--json"],
        vec!["search", "condor"],
        vec!["show", "tribble bomb"],
        vec!["show", "tribble bomb", "--history"],
        vec!["show", "tribble bomb", "--json"],
        vec!["show", "tribble bmb"],
        vec!["show", "liberty"],
        vec!["show", "liberty", "--json"],
        vec!["errata"],
        vec!["errata", "--json"],
        vec!["errata", "liberty"],
        vec!["errata", "liberty", "--json"],
        vec!["errata", "tribble bomb"],
        vec!["diff", releases[0], releases[1]],
        vec!["diff", releases[0], releases[1], "--documents"],
        vec!["diff", releases[0], releases[1], "--json"],
        vec!["releases"],
        vec!["releases", "--json"],
        vec!["export"],
        vec!["export", "--json"],
        vec!["check", &check],
        vec!["check", &check, "--json"],
        vec!["check", &check, "--markdown"],
    ];
    let mut shown_text = false;
    let mut written = Vec::new();
    for args in &commands {
        let out = folder.rulings(args).output().unwrap();
        for (stream, bytes) in [("stdout", &out.stdout), ("stderr", &out.stderr)] {
            if let Some(what) = unsafe_byte(bytes) {
                written.push(format!(
                    "`rulings {}` wrote {what} on {stream}",
                    args.join(" ")
                ));
            }
        }
        shown_text |= String::from_utf8_lossy(&out.stdout).contains("multiplies");
    }
    assert!(written.is_empty(), "{}", written.join("\n"));
    assert!(shown_text, "the documents were read and their text shown");
}
