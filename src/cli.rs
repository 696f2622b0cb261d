//! The command line: clap definitions and nothing else.

use std::path::PathBuf;

use chrono::NaiveDate;
use clap::{Args, Parser, Subcommand, ValueEnum};

use rulings::dates::UserDate;
use rulings::diff::NamedSide;
use rulings::model::{Edition, EntryKind};
use rulings::output::ColorWhen;

/// Official Star Trek CCG rulings at the judge's table: search them, see the
/// ruling in force on any date, the errata of a card, and what changed
/// between two releases. Works offline on the bundled documents. With no
/// command on a terminal, opens the interactive search (`rulings ask`).
#[derive(Debug, Parser)]
#[command(name = "rulings", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    /// None: the interactive search on a terminal, else this help.
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// A folder of your own rulings documents (every .md or .txt file under
    /// it), read together with the documents bundled with this build (a
    /// document with the release id of a bundled one replaces it). Default:
    /// $RULINGS_DIR, else the user data folder (`~/.local/share/rulings`
    /// on Linux), when it exists.
    #[arg(
        long = "rulings",
        global = true,
        value_name = "DIR",
        env = "RULINGS_DIR"
    )]
    pub rulings: Option<PathBuf>,

    /// The card database: a LackeyCCG plugin folder, or a folder of its
    /// `sets/*.txt` card lists, read into the index for `card`, `deck` and
    /// every answer that names a card. Default: $RULINGS_CARDS, else
    /// `cards/` in the user data folder (`~/.local/share/rulings/cards`
    /// on Linux), when it exists.
    #[arg(
        long = "cards",
        global = true,
        value_name = "DIR",
        env = "RULINGS_CARDS"
    )]
    pub cards: Option<PathBuf>,

    /// Leave out the documents bundled with this build: read only your own.
    #[arg(long = "no-bundled", global = true)]
    pub no_bundled: bool,

    /// Where the search index lives. Default: $RULINGS_INDEX, else `index/`
    /// beside the bundled corpus, or a cache folder for any other corpus.
    #[arg(
        long = "index",
        global = true,
        value_name = "DIR",
        env = "RULINGS_INDEX"
    )]
    pub index: Option<PathBuf>,

    /// Print only the answer: no notes that are not part of it on stderr
    /// (how current the corpus is, the index being built, how a name or a
    /// date was read), and of the documents' warnings one line at most: how
    /// many could not be read. Errors and the notes that say an answer is
    /// partial are still printed.
    #[arg(short = 'q', long = "quiet", global = true)]
    pub quiet: bool,

    /// Cite every ruling with the file and line it was read from as well
    /// ("Glossary 1.9.9 — stopped (1e-glossary-1.9.9-2024-10-07.pdf:51)").
    #[arg(short = 'v', long = "verbose", global = true)]
    pub verbose: bool,

    /// Color: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long = "color", global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// `--color` as clap reads it; the library's [`ColorWhen`] stays free of
/// clap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl From<ColorChoice> for ColorWhen {
    fn from(choice: ColorChoice) -> ColorWhen {
        match choice {
            ColorChoice::Auto => ColorWhen::Auto,
            ColorChoice::Always => ColorWhen::Always,
            ColorChoice::Never => ColorWhen::Never,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Search every ruling by keyword: ranked, with the matched words
    /// highlighted, and by default only the rulings in force today (or on
    /// --as-of). Every word must appear (else any word counts);
    /// "cloaked" finds "cloaking"; '"once each turn"' is a phrase; topic:,
    /// text:, card:, edition:, kind: and release: search one field. Builds
    /// or refreshes the search index by itself when the corpus changed.
    Search(SearchArgs),

    /// Rebuild the search index now and report what it holds. Every command
    /// does this by itself whenever the corpus changed; this forces it.
    Index {
        /// One JSON object instead of a sentence.
        #[arg(long = "json")]
        json: bool,
    },

    /// The ruling in force on a topic (a rules term or a card title), where
    /// it comes from, and the rulings it points to. The topic is matched
    /// forgivingly: case, punctuation, "the" and small typos do not matter.
    Show(ShowArgs),

    /// The errata in force for a card, with the errata before it; without a
    /// card, every card with errata in force.
    Errata(ErrataArgs),

    /// A card: its printed text with its icons as words (from the card
    /// database), the errata in force with what they change in that text,
    /// the rulings on it and naming it, its base entry, its other versions
    /// and any ban, as of today or --as-of. A name that is no card is
    /// answered from the rulings, or with the nearest cards and topics.
    Card(CardArgs),

    /// A deck's ruling sheet: every card's errata in force, rulings and
    /// bans as of the event's date (--as-of); the cards with nothing to say
    /// grouped at the end; names not found listed with the nearest names.
    /// Reads LackeyCCG decklists (.txt, .dek), plain lists (`3x Name`,
    /// `3 Name`, a name a line) or standard input.
    Deck(DeckArgs),

    /// List the releases (documents) of the corpus: id, edition, date,
    /// kind, entry count and title.
    Releases {
        /// One JSON object {"releases": [...]} instead of a table.
        #[arg(long = "json")]
        json: bool,
    },

    /// Print every parsed entry, one JSON object per line (JSON Lines, for
    /// streaming); with --json, one JSON object {"edition", "release",
    /// "entries": [...]} like every other command's --json.
    Export {
        /// Only entries of this edition.
        #[arg(
            long = "edition",
            value_name = "EDITION",
            value_enum,
            ignore_case = true
        )]
        edition: Option<Edition>,

        /// Only entries of this release id (as `rulings releases` prints it).
        #[arg(long = "release", value_name = "ID")]
        release: Option<String>,

        #[command(flatten)]
        whose: Whose,

        /// One JSON object with the entries in a list, instead of a line
        /// per entry.
        #[arg(long = "json")]
        json: bool,
    },

    /// How each document was read, before a TD relies on it: edition, date
    /// and kind with where each was found, the entries with their lines,
    /// what went to the front matter, and warnings (heads out of order,
    /// long topics, dangling references, markers on unchanged entries,
    /// lines that look like heads but were not taken), each with the
    /// front-matter hint that would settle it; for a web page, the bold
    /// heads, colored runs and icons it found and the site chrome it
    /// dropped; and the files in a format not read (Word, images, …), with
    /// what to do. Exit 0 clean, 1 warnings or files not read, 2 a document
    /// could not be read.
    Check {
        /// Documents or folders to check; default the corpus folder.
        #[arg(value_name = "FILE|DIR")]
        paths: Vec<PathBuf>,

        /// One JSON object: {"documents": [...], "not_read": [...], "unreadable": [...]}.
        #[arg(long = "json")]
        json: bool,

        /// Print the Markdown each document was read as (a web page's
        /// conversion; a text document as it was read) instead of the
        /// report: the lines the report and citations number.
        #[arg(long = "markdown", conflicts_with = "json")]
        markdown: bool,
    },

    /// What changed between two releases (the entries each prints), or in
    /// the rulings in force between two dates: topics added, removed and
    /// changed, with the changed words. A release given with a date stands
    /// for the rulings in force on the release's date. When TO is a release,
    /// its new-or-changed markers (asterisks) are checked against the diff.
    Diff(DiffArgs),

    /// Interactive search, full screen: the hits update as you type (every
    /// printable key goes to the question), with the selected ruling beside
    /// them; Enter reads it, F3 its history, F4 the card's errata, F5 the
    /// card, Tab and Enter a reference it points to, F1 the keys. Esc goes
    /// back to the hits; Esc on the hits (or Ctrl-C anywhere) quits. What
    /// `rulings` with no command does on a terminal.
    Ask(AskArgs),

    /// Print a completion script for a shell, which completes commands,
    /// options, topic and card names and release ids (read from the index
    /// as you type). E.g. `source <(rulings completions bash)`.
    Completions {
        /// The shell: bash, zsh, fish, powershell, elvish.
        #[arg(value_name = "SHELL", value_enum, ignore_case = true)]
        shell: Shell,
    },

    /// Print the manual page (roff), generated from this help. E.g.
    /// `rulings man > ~/.local/share/man/man1/rulings.1`.
    Man,

    /// Fetch the documents in force (the First Edition Rules Compendium,
    /// Rulebook and rule changes, the Second Edition rulings, Rulebook and
    /// errata) into the corpus folder: each read before it is kept, a changed one kept beside the
    /// version before it (so --as-of still answers from that), nothing
    /// overwritten or removed. Each file is named by what the document is
    /// (`1e-glossary-1.9.9-2024-10-07.pdf`); a document from a new address
    /// continues the kept document of the same edition, kind and name.
    /// Says per document: new, changed, unchanged or failed (with
    /// why); `rulings changes` says it again. Sources: --sources FILE, else
    /// `sources.toml` in the data folder, else the official pages
    /// (--print-sources).
    Update(UpdateArgs),

    /// What the last `rulings update` that kept anything changed, to read
    /// before an event: each document by its name ("Glossary 1.9.9"), new
    /// or changed (against which version, from whatever address), and the
    /// topics it added, removed and changed, each changed one with the
    /// words that changed first. Read from the folder's record of its
    /// updates; exit 0, also when no update has run yet.
    Changes(ChangesArgs),

    /// Serve the rulings over HTTP: a page for the phones at the venue
    /// (search as you type, rulings, errata, changes, releases) and a JSON
    /// API for chat bots with the answers of `--json`. Prints `listening on
    /// http://HOST:PORT/` first. Read-only; a changed corpus is picked up
    /// without a restart.
    Serve(ServeArgs),

    /// The settings in force and where each comes from: the flag, the
    /// environment, the settings file (its path and line) or the default.
    /// `config set edition 1e` makes First Edition the edition every plain
    /// question asks of (search, show, errata, card, deck, ask, serve);
    /// `config unset edition` asks both again.
    Config(ConfigArgs),
}

/// Where the stable links of `--link` point: $RULINGS_URL, else the address
/// `rulings serve` listens on by default.
pub const DEFAULT_URL: &str = "http://127.0.0.1:7700/";

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on; 0 takes a free one.
    #[arg(long = "port", value_name = "N", default_value_t = 7700)]
    pub port: u16,

    /// Listen on the machine's network address instead of 127.0.0.1, so that
    /// phones on the same Wi-Fi (or the laptop's hotspot) can open the page;
    /// prints the address as a QR code too.
    #[arg(long = "lan")]
    pub lan: bool,

    /// The event's date: every answer is as of this date unless a page or
    /// a request asks for another. Default: today, each day.
    #[arg(long = "as-of", value_name = "DATE", value_parser = rulings::dates::read_date)]
    pub as_of: Option<UserDate>,
}

/// The shells a completion script can be printed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
    Elvish,
}

impl Shell {
    /// The shell's name as clap_complete knows it.
    pub fn name(self) -> &'static str {
        match self {
            Shell::Bash => "bash",
            Shell::Zsh => "zsh",
            Shell::Fish => "fish",
            Shell::Powershell => "powershell",
            Shell::Elvish => "elvish",
        }
    }
}

/// The edition and the date a question is asked with, declared once for
/// every command that asks one (each command's `--json` is its own: its
/// help names the shape it prints).
#[derive(Debug, Clone, Default, Args)]
pub struct Scope {
    /// Only rulings of this edition. Default: $RULINGS_EDITION, else the
    /// settings file's `edition` (see `rulings config`), else both, each
    /// labelled.
    #[arg(
        long = "edition",
        value_name = "EDITION",
        value_enum,
        ignore_case = true
    )]
    pub edition: Option<Edition>,

    /// The date of the question, the event's (YYYY-MM-DD, or as the
    /// documents print dates: 3/27/00, 3 November 2014, June 2024);
    /// default today. Rulings issued later are not seen. A date that reads
    /// two ways (05/06/2024) is taken month first, and said so.
    #[arg(long = "as-of", value_name = "DATE", value_parser = rulings::dates::read_date)]
    pub as_of: Option<UserDate>,
}

impl Scope {
    /// The day asked, if one was.
    pub fn as_of(&self) -> Option<NaiveDate> {
        self.as_of.as_ref().map(|d| d.date)
    }
}

impl Cli {
    /// Every date the command line types, as read: `--as-of`, and each
    /// side of `diff` that is a date.
    pub fn typed_dates(&self) -> Vec<UserDate> {
        let scope = match &self.command {
            Some(Command::Search(a)) => Some(&a.scope),
            Some(Command::Show(a)) => Some(&a.scope),
            Some(Command::Errata(a)) => Some(&a.scope),
            Some(Command::Card(a)) => Some(&a.scope),
            Some(Command::Deck(a)) => Some(&a.scope),
            Some(Command::Ask(a)) => Some(&a.scope),
            _ => None,
        };
        let mut dates: Vec<UserDate> = scope.and_then(|s| s.as_of.clone()).into_iter().collect();
        match &self.command {
            Some(Command::Serve(a)) => dates.extend(a.as_of.clone()),
            Some(Command::Diff(a)) => {
                for side in [&a.from, &a.to] {
                    if let NamedSide::Date { text, .. } = side {
                        dates.extend(rulings::dates::read_date(text).ok());
                    }
                }
            }
            _ => {}
        }
        dates
    }
}

/// Whose rules are asked about: the game's or the tournament's.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct Whose {
    /// Only the game's rulings (`game`: the rulings documents and rule
    /// bases) or only the tournament's (`tournament`: the Organized Play
    /// Guide, its interim rulings, ban lists). Default: both, each answer
    /// saying whose it is.
    #[arg(
        long = "authority",
        value_name = "WHOSE",
        value_enum,
        ignore_case = true
    )]
    pub authority: Option<rulings::model::Authority>,
}

#[derive(Debug, Default, Args)]
pub struct AskArgs {
    #[command(flatten)]
    pub scope: Scope,

    #[command(flatten)]
    pub whose: Whose,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// The words to look for, e.g. once each turn, or '"once each turn"'.
    #[arg(value_name = "QUERY", required = true, num_args = 1..)]
    pub query: Vec<String>,

    /// Only entries of this kind.
    #[arg(long = "kind", value_name = "KIND", value_enum, ignore_case = true)]
    pub kind: Option<EntryKind>,

    #[command(flatten)]
    pub scope: Scope,

    #[command(flatten)]
    pub whose: Whose,

    /// Also show rulings no longer in force (superseded, rescinded),
    /// marked as such.
    #[arg(long = "all")]
    pub all: bool,

    /// How many hits to show at most.
    #[arg(long = "limit", value_name = "N", default_value_t = rulings::answer::request::DEFAULT_LIMIT,
          value_parser = clap::value_parser!(u16).range(1..))]
    pub limit: u16,

    /// Read the last word as the beginning of a word, as the interactive
    /// search does while it is being typed ("cloa" finds "cloaking").
    #[arg(long = "typing")]
    pub typing: bool,

    /// Print the stable link of the answer (a page of `rulings serve`)
    /// instead of the answer: $RULINGS_URL, else http://127.0.0.1:7700/,
    /// followed by the answer's path and date.
    #[arg(long = "link", conflicts_with = "json")]
    pub link: bool,

    /// One JSON object: {"query", "hits": [{"score", "snippet",
    /// "status", "entry"}], "notes": [...]}, with no hit too.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The topic, e.g. "time location" or "Big Picture".
    #[arg(value_name = "TOPIC", required = true, num_args = 1..)]
    pub topic: Vec<String>,

    #[command(flatten)]
    pub scope: Scope,

    #[command(flatten)]
    pub whose: Whose,

    /// Also show the earlier rulings it superseded, newest first.
    #[arg(long = "history")]
    pub history: bool,

    /// Print the stable link of the answer (a page of `rulings serve`)
    /// instead of the answer: $RULINGS_URL, else http://127.0.0.1:7700/,
    /// followed by the answer's path and date.
    #[arg(long = "link", conflicts_with = "json")]
    pub link: bool,

    /// One JSON object: {"query", "as_of", "found", "answers": [...],
    /// "candidates", "did_you_mean", …}, whatever was found.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ErrataArgs {
    /// The card's title, typed loosely; omit it to list every card.
    #[arg(value_name = "CARD", num_args = 0..)]
    pub card: Vec<String>,

    #[command(flatten)]
    pub scope: Scope,

    /// Print the stable link of the answer (a page of `rulings serve`)
    /// instead of the answer: $RULINGS_URL, else http://127.0.0.1:7700/,
    /// followed by the answer's path and date.
    #[arg(long = "link", conflicts_with = "json")]
    pub link: bool,

    /// One JSON object: {"card", "as_of", "found", "errata": [...],
    /// "candidates", "did_you_mean", …}, whatever was found.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CardArgs {
    /// The card's name, typed loosely; a version as the database writes
    /// it (`Kira**`, "Deanna Troi (First Contact)") picks that version.
    #[arg(value_name = "CARD", required = true, num_args = 1..)]
    pub card: Vec<String>,

    #[command(flatten)]
    pub scope: Scope,

    /// One JSON object: {"query", "as_of", "found", "database", "card":
    /// {"printed", "errata", "topic", "named_in", "legality", …},
    /// "rulings", "candidates", "did_you_mean", "notes"}.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct DeckArgs {
    /// The decklist; `-` or none: standard input.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,

    #[command(flatten)]
    pub scope: Scope,

    /// Check the deck against this format's ban list in force on the
    /// date (Modern, Traditional, OTF, …): its banned cards are flagged
    /// with the list's citation, and bans of other formats are left out.
    #[arg(long = "format", value_name = "NAME")]
    pub format: Option<String>,

    /// One JSON object: {"as_of", "found", "database", "shape", "total",
    /// "counts", "format", "cards", "quiet", "not_found", "unread",
    /// "notes"}.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct UpdateArgs {
    /// A TOML list of sources (`[[source]]` with `url`, and optionally
    /// `follow`, `edition`, `kind`) to use instead of the data folder's
    /// `sources.toml` or the built-in list, for this run.
    #[arg(long = "sources", value_name = "FILE")]
    pub sources: Option<PathBuf>,

    /// One more address to fetch as a document (repeatable): a mirror, or
    /// a saved copy served from another machine.
    #[arg(long = "from", value_name = "URL")]
    pub from: Vec<String>,

    /// Seconds each document may take, from connecting to its last byte.
    #[arg(long = "timeout", value_name = "SECONDS", default_value_t = 30)]
    pub timeout: u64,

    /// Print the sources in use, as a `sources.toml` to edit, and fetch
    /// nothing.
    #[arg(long = "print-sources")]
    pub print_sources: bool,

    /// One JSON object {"folder", "documents": [...], "pages": [...]}:
    /// each document with its url, status (new, changed, unchanged,
    /// failed), file and reason.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ChangesArgs {
    /// One JSON object {"folder", "run"}: the run (null when none is
    /// recorded) with its day, its documents (name, status, file,
    /// previous, topics added, removed and changed), how many were
    /// unchanged and which failed.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The earlier side: a release id (as `rulings releases` prints it)
    /// or a date (YYYY-MM-DD).
    #[arg(value_name = "FROM", value_parser = NamedSide::read)]
    pub from: NamedSide,

    /// The later side: a release id or a date (YYYY-MM-DD).
    #[arg(value_name = "TO", value_parser = NamedSide::read)]
    pub to: NamedSide,

    /// Only these topics or cards (each one argument, typed loosely:
    /// "time location" Liberty).
    #[arg(value_name = "TOPIC")]
    pub topics: Vec<String>,

    /// Compare the entries the two releases print, rather than the rulings
    /// in force on their dates (the default: a topic a later document does
    /// not reprint is not removed).
    #[arg(long = "documents")]
    pub documents: bool,

    /// Only this edition when comparing dates; default every edition of
    /// the corpus, each labelled. Releases never mix editions.
    #[arg(
        long = "edition",
        value_name = "EDITION",
        value_enum,
        ignore_case = true
    )]
    pub edition: Option<Edition>,

    /// Only the summary and the topic names.
    #[command(flatten)]
    pub whose: Whose,

    #[arg(long = "stat", conflicts_with = "json")]
    pub stat: bool,

    /// One JSON object: from, to, added, removed, changed (with word
    /// diffs), status_changed, unchanged, markers.
    #[arg(long = "json")]
    pub json: bool,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ConfigArgs {
    /// Show the settings as a command given this --edition would have them.
    #[arg(
        long = "edition",
        value_name = "EDITION",
        value_enum,
        ignore_case = true
    )]
    pub edition: Option<Edition>,

    #[command(subcommand)]
    pub change: Option<ConfigChange>,
}

/// A change to the settings file (`config.toml` in the user configuration
/// folder: `$XDG_CONFIG_HOME/rulings`, else `~/.config/rulings` on Linux),
/// every other line of it kept.
#[derive(Debug, Subcommand)]
pub enum ConfigChange {
    /// Write a setting: `edition` takes 1e, 2e or both.
    Set {
        #[arg(value_name = "NAME", value_enum)]
        name: SettingName,
        /// The value: for `edition`, 1e, 2e or both.
        #[arg(value_name = "VALUE")]
        value: String,
    },
    /// Remove a setting: its default is in force again.
    Unset {
        #[arg(value_name = "NAME", value_enum)]
        name: SettingName,
    },
}

/// The settings the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SettingName {
    /// The edition a question asks of when it names none.
    Edition,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
