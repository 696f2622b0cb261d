//! The command line: clap definitions and nothing else.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Official Star Trek CCG rulings at the judge's table: search them, see the
/// ruling in force on any date, the errata of a card, and what changed
/// between two releases. Works offline on the bundled documents.
#[derive(Debug, Parser)]
#[command(name = "rulings", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// The corpus folder: every .md or .txt file under it is a rulings
    /// document. Default: $RULINGS_DIR, else the `rulings/` folder bundled
    /// with this build.
    #[arg(
        long = "rulings",
        global = true,
        value_name = "DIR",
        env = "RULINGS_DIR"
    )]
    pub rulings: Option<PathBuf>,

    /// Where the search index lives. Default: $RULINGS_INDEX, else `index/`
    /// beside the bundled corpus, or a cache folder for any other corpus.
    #[arg(
        long = "index",
        global = true,
        value_name = "DIR",
        env = "RULINGS_INDEX"
    )]
    pub index: Option<PathBuf>,

    /// Color: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long = "color", global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Search every ruling by keyword: ranked, with the matched words
    /// highlighted, and by default only the rulings in force today (or on
    /// --as-of). Every word must appear (else any word counts);
    /// "cloaked" finds "cloaking"; '"once each turn"' is a phrase; topic:,
    /// text:, card:, edition:, kind: and release: search one field. Builds
    /// or refreshes the search index by itself when the corpus changed.
    Search {
        /// The words to look for, e.g. once each turn, or '"once each turn"'.
        #[arg(value_name = "QUERY", required = true, num_args = 1..)]
        query: Vec<String>,

        /// Only rulings of this edition (1e or 2e).
        #[arg(long = "edition", value_name = "EDITION")]
        edition: Option<String>,

        /// Only entries of this kind: erratum, rule-change, clarification,
        /// glossary-update, rulebook-update, temporary, redirect.
        #[arg(long = "kind", value_name = "KIND")]
        kind: Option<String>,

        /// The date of the question (YYYY-MM-DD); default today. Rulings
        /// issued later are not seen.
        #[arg(long = "as-of", value_name = "DATE")]
        as_of: Option<String>,

        /// Also show rulings no longer in force (superseded, rescinded),
        /// marked as such.
        #[arg(long = "all")]
        all: bool,

        /// How many hits to show at most.
        #[arg(long = "limit", value_name = "N", default_value_t = 10,
              value_parser = clap::value_parser!(u16).range(1..))]
        limit: u16,

        /// One JSON object: {"query", "hits": [{"score", "snippet",
        /// "status", "entry"}]}.
        #[arg(long = "json")]
        json: bool,
    },

    /// Rebuild the search index now and report what it holds. Searching
    /// does this by itself whenever the corpus changed; this forces it.
    Index {
        /// One JSON object instead of a sentence.
        #[arg(long = "json")]
        json: bool,
    },

    /// The ruling in force on a topic (a rules term or a card title), where
    /// it comes from, and the rulings it points to. The topic is matched
    /// forgivingly: case, punctuation, "the" and small typos do not matter.
    Show {
        /// The topic, e.g. "time location" or "Big Picture".
        #[arg(value_name = "TOPIC", required = true, num_args = 1..)]
        topic: Vec<String>,

        /// Only this edition (1e or 2e); default both, each labelled.
        #[arg(long = "edition", value_name = "EDITION")]
        edition: Option<String>,

        /// The date of the question (YYYY-MM-DD); default today.
        #[arg(long = "as-of", value_name = "DATE")]
        as_of: Option<String>,

        /// Also show the earlier rulings it superseded, newest first.
        #[arg(long = "history")]
        history: bool,

        /// One JSON object (an array when several editions answer).
        #[arg(long = "json")]
        json: bool,
    },

    /// The errata in force for a card, with the errata before it; without a
    /// card, every card with errata in force.
    Errata {
        /// The card's title, typed loosely; omit it to list every card.
        #[arg(value_name = "CARD", num_args = 0..)]
        card: Vec<String>,

        /// Only this edition (1e or 2e); default both.
        #[arg(long = "edition", value_name = "EDITION")]
        edition: Option<String>,

        /// The date of the question (YYYY-MM-DD); default today.
        #[arg(long = "as-of", value_name = "DATE")]
        as_of: Option<String>,

        /// JSON instead of text.
        #[arg(long = "json")]
        json: bool,
    },

    /// List the releases (documents) of the corpus: id, edition, date,
    /// kind, entry count and title.
    Releases {
        /// One JSON array of releases instead of a table.
        #[arg(long = "json")]
        json: bool,
    },

    /// Print every parsed entry, one JSON object per line.
    Export {
        /// Only entries of this edition (1e or 2e).
        #[arg(long = "edition", value_name = "EDITION")]
        edition: Option<String>,

        /// Only entries of this release id (as `rulings releases` prints it).
        #[arg(long = "release", value_name = "ID")]
        release: Option<String>,
    },

    /// How each document was read, before a TD relies on it: edition, date
    /// and kind with where each was found, the entries with their lines,
    /// what went to the front matter, and warnings (heads out of order,
    /// long topics, dangling references, markers on unchanged entries,
    /// lines that look like heads but were not taken), each with the
    /// front-matter hint that would settle it. Exit 0 clean, 1 warnings,
    /// 2 a document could not be read.
    Check {
        /// Documents or folders to check; default the corpus folder.
        #[arg(value_name = "FILE|DIR")]
        paths: Vec<PathBuf>,

        /// One JSON object: {"documents": [...], "unreadable": [...]}.
        #[arg(long = "json")]
        json: bool,
    },

    /// What changed between two releases (the entries each prints), or in
    /// the rulings in force between two dates: topics added, removed and
    /// changed, with the changed words. A release given with a date stands
    /// for the rulings in force on the release's date. When TO is a release,
    /// its new-or-changed markers (asterisks) are checked against the diff.
    Diff {
        /// The earlier side: a release id (as `rulings releases` prints it)
        /// or a date (YYYY-MM-DD).
        #[arg(value_name = "FROM")]
        from: String,

        /// The later side: a release id or a date (YYYY-MM-DD).
        #[arg(value_name = "TO")]
        to: String,

        /// Only this edition (1e or 2e) when comparing dates; default every
        /// edition of the corpus, each labelled. Releases never mix editions.
        #[arg(long = "edition", value_name = "EDITION")]
        edition: Option<String>,

        /// Only the summary and the topic names.
        #[arg(long = "stat", conflicts_with = "json")]
        stat: bool,

        /// One JSON object: from, to, added, removed, changed (with word
        /// diffs), status_changed, unchanged, markers.
        #[arg(long = "json")]
        json: bool,
    },
}
