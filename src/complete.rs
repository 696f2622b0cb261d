//! Shell completion and the manual page, both generated from the clap
//! definitions in [`crate::cli`]. Completion is dynamic (clap_complete's
//! `CompleteEnv`): the script a shell sources calls `rulings` back with
//! `COMPLETE=<shell>` set, and the value completers here answer topic and
//! card names and release ids from the index, so they follow the corpus
//! without regenerating any script.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::{self, Write};

use clap::{CommandFactory, Parser};
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use clap_complete::env::Shells;

use crate::cli::{Cli, Shell};
use rulings::catalog::{Catalog, Keys};
use rulings::lookup;
use rulings::output::Out;
use rulings::session::{Announce, Session};
use rulings::topic::TopicKey;

/// The environment variable the completion scripts set when they call the
/// binary back.
pub const ENV_VAR: &str = "COMPLETE";

/// How many names a completer offers at most: a shell lists them all, and
/// an empty prefix would otherwise list the whole vocabulary.
const MOST: usize = 200;

/// Writes the script that registers `rulings` completion in `shell`.
pub fn write_script(shell: Shell, out: &mut dyn Write) -> io::Result<()> {
    let shells = Shells::builtins();
    let completer = shells
        .completer(shell.name())
        .expect("every shell of the enum is built in");
    // The script calls `rulings` from the PATH, not the path it was
    // generated with: an installed binary moves between builds.
    completer.write_registration(ENV_VAR, "rulings", "rulings", "rulings", out)
}

/// The command line with its value completers attached: topic and card
/// names and release ids, answered from the index when a shell asks. (The
/// clap definitions know nothing of the index; they are completed here.)
pub fn command() -> clap::Command {
    let names = |completer: fn(&OsStr) -> Vec<CompletionCandidate>| {
        move |arg: clap::Arg| arg.add(ArgValueCompleter::new(completer))
    };
    Cli::command()
        .mut_subcommand("show", |c| c.mut_arg("topic", names(topics)))
        .mut_subcommand("errata", |c| c.mut_arg("card", names(cards)))
        .mut_subcommand("card", |c| c.mut_arg("card", names(database_cards)))
        // (`mut_arg` puts an argument last: the topics are put back after
        // the two sides, where their position is.)
        .mut_subcommand("diff", |c| {
            c.mut_arg("from", names(releases))
                .mut_arg("to", names(releases))
                .mut_arg("topics", |a| a)
        })
        .mut_subcommand("export", |c| c.mut_arg("release", names(releases)))
}

/// Writes the manual page (roff) of the command line.
pub fn write_man_page(out: &mut dyn Write) -> io::Result<()> {
    clap_mangen::Man::new(Cli::command()).render(out)
}

/// Topic names (rules terms and card titles) that start with `current`.
pub fn topics(current: &OsStr) -> Vec<CompletionCandidate> {
    names(current, Keys::Topics)
}

/// Names of cards with errata that start with `current`.
pub fn cards(current: &OsStr) -> Vec<CompletionCandidate> {
    names(current, Keys::Errata)
}

/// Names of the card database's cards that start with `current`; the
/// topics without a database.
pub fn database_cards(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(catalog) = catalog() else {
        return Vec::new();
    };
    if catalog.card_count().is_none() {
        return topics(current);
    }
    let wanted = TopicKey::new(&current.to_string_lossy());
    let mut found: BTreeMap<String, &str> = BTreeMap::new();
    for edition in catalog.editions() {
        let personas = catalog.card_keys(edition).unwrap_or_default();
        for key in personas.iter() {
            if found.len() >= MOST {
                break;
            }
            if !lookup::begins(&wanted, key) {
                continue;
            }
            // Every version of the persona.
            for card in catalog.cards_of_persona(edition, key).unwrap_or_default() {
                found.entry(card.name).or_insert(edition.label());
            }
        }
    }
    found
        .into_iter()
        .map(|(name, edition)| CompletionCandidate::new(name).help(Some(edition.into())))
        .collect()
}

/// Release ids that start with `current`.
pub fn releases(current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(catalog) = catalog() else {
        return Vec::new();
    };
    let typed = current.to_string_lossy().to_lowercase();
    catalog
        .releases()
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.id.to_lowercase().starts_with(&typed))
        .map(|r| {
            let help = format!("{} {} {}", r.edition, r.date, r.title);
            CompletionCandidate::new(r.id).help(Some(help.into()))
        })
        .collect()
}

fn names(current: &OsStr, keys: Keys) -> Vec<CompletionCandidate> {
    let Some(catalog) = catalog() else {
        return Vec::new();
    };
    matching_names(&catalog, &current.to_string_lossy(), keys)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, editions)| CompletionCandidate::new(name).help(Some(editions.into())))
        .collect()
}

/// The printed names of the topics (or cards with errata) whose key starts
/// with the typed prefix, read as a topic is ("the", punctuation and the
/// plural or singular form of a word typed whole do not matter), each with
/// the editions that have it.
pub fn matching_names(
    catalog: &Catalog,
    typed: &str,
    keys: Keys,
) -> Result<Vec<(String, String)>, rulings::catalog::CatalogError> {
    let wanted = TopicKey::new(typed);
    let mut found: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for edition in catalog.editions() {
        for key in catalog.keys(edition, keys)? {
            if !lookup::begins(&wanted, &key) {
                continue;
            }
            if found.len() >= MOST {
                break;
            }
            let printed = catalog
                .printed_topic(edition, &key)?
                .unwrap_or_else(|| key.to_string());
            found.entry(printed).or_default().push(edition.label());
        }
    }
    Ok(found
        .into_iter()
        .map(|(name, editions)| (name, editions.join(" ")))
        .collect())
}

/// The catalog the command line being completed would read: its own
/// `--rulings` and `--index`, else the environment and defaults. Nothing is
/// printed (a warning would land in the shell's completion list).
fn catalog() -> Option<std::sync::Arc<Catalog>> {
    let typed: Vec<OsString> = std::env::args_os().collect();
    let mut argv: Vec<OsString> = vec!["rulings".into()];
    argv.extend(global_options(&typed));
    argv.push("releases".into());
    let cli = Cli::try_parse_from(argv).ok()?;
    let config = crate::commands::config_of(&cli).ok()?;
    let quiet = &mut Out::new(io::sink());
    let session = Session::open_alone(config, Announce::Quietly, quiet).ok()?;
    Some(session.catalog())
}

/// The corpus and index options among the words of a command line.
fn global_options(words: &[OsString]) -> Vec<OsString> {
    let mut kept = Vec::new();
    let mut words = words.iter();
    while let Some(word) = words.next() {
        let text = word.to_string_lossy();
        if text == "--rulings" || text == "--index" || text == "--cards" {
            if let Some(value) = words.next() {
                kept.push(word.clone());
                kept.push(value.clone());
            }
        } else if ["--rulings=", "--index=", "--cards="]
            .iter()
            .any(|o| text.starts_with(o))
        {
            kept.push(word.clone());
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_corpus_and_index_options_are_kept() {
        let words: Vec<OsString> = ["rulings", "--", "rulings", "--index", "/tmp/i", "show"]
            .iter()
            .chain(&["--rulings=/c", "fer"])
            .map(OsString::from)
            .collect();
        let kept: Vec<String> = global_options(&words)
            .iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect();
        assert_eq!(kept, ["--index", "/tmp/i", "--rulings=/c"]);
    }

    #[test]
    fn the_command_line_with_its_completers_is_well_formed() {
        command().debug_assert();
    }
}
