//! The commands: each takes the options it needs (typed, read once from the
//! command line into a [`Config`]), asks its [`Session`] and writes its
//! answer through a [`Printer`]. Only `index` and a fresh-or-rebuild check
//! ever read the corpus itself.

mod age;
mod changes;
mod check;
pub mod errors;
mod index;
mod link;
pub mod settings;
mod update;

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::CommandFactory;

use crate::cli::{Cli, Command};
pub use errors::{ErrorCode, Failure, Refusal};
use rulings::answer::request::Request;
use rulings::answer::stop::Stop;
use rulings::answer::Answer;
pub use rulings::config::Config;
use rulings::corpus::Sources;
use rulings::index::Origin;
use rulings::output::{self, Out};
use rulings::render::Style;
use rulings::safe::escape_name;
use rulings::session::{Announce, Session};

/// The exit status of an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Found,
    /// Nothing found, or (for `check`) warnings.
    NothingFound,
    /// An input could not be read (for `check`).
    BadInput,
}

impl Outcome {
    /// How an answer ends: found, or nothing found.
    pub fn of(answer: &Answer) -> Outcome {
        if answer.is_found() {
            Outcome::Found
        } else {
            Outcome::NothingFound
        }
    }
}

impl From<Outcome> for ExitCode {
    fn from(o: Outcome) -> ExitCode {
        match o {
            Outcome::Found => ExitCode::SUCCESS,
            Outcome::NothingFound => ExitCode::from(1),
            Outcome::BadInput => ExitCode::from(2),
        }
    }
}

/// Where answers go: stdout for the answer, stderr for what goes with it
/// (notes, the data banner), both in one style.
pub struct Printer<O: Write, E: Write> {
    pub out: Out<O>,
    pub err: Out<E>,
    pub style: Style,
    /// `--quiet`: notes that are not part of the answer are not written.
    pub quiet: bool,
}

impl<O: Write, E: Write> Printer<O, E> {
    pub fn new(out: O, err: E, style: Style) -> Self {
        Printer {
            out: Out::new(out),
            err: Out::new(err),
            style,
            quiet: false,
        }
    }

    /// A note on stderr that is not part of the answer (how a name was
    /// read, the index being built, how current the corpus is), unless
    /// `--quiet`.
    pub fn note(&mut self, line: &str) -> io::Result<()> {
        if self.quiet {
            Ok(())
        } else {
            self.err.line(line)
        }
    }
}

/// The checkout this binary was built from, when it runs from it (`cargo
/// run`, the tests): its `rulings/` folder is read from disk, so that a
/// document dropped there is seen without a rebuild, and its index lives in
/// its `index/` folder. A binary copied or installed elsewhere has none.
pub fn own_checkout() -> Option<PathBuf> {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR"));
    let exe = std::env::current_exe().ok()?.canonicalize().ok()?;
    let checkout = checkout.canonicalize().ok()?;
    (exe.starts_with(&checkout) && checkout.join("rulings").is_dir()).then_some(checkout)
}

/// What a checkout reads by default: the bundled documents, its own
/// `rulings/` folder over them.
pub fn checkout_sources(checkout: &Path) -> Sources {
    Sources {
        bundled: true,
        folders: vec![checkout.join("rulings")],
        cards: None,
    }
}

/// The user's own folder of documents when none is given: the user data
/// folder (`$XDG_DATA_HOME/rulings` or `~/.local/share/rulings` on Linux,
/// `~/Library/Application Support/rulings` on macOS, `%APPDATA%\rulings` on
/// Windows), when it exists.
pub fn user_folder() -> Option<PathBuf> {
    dirs::data_dir()
        .map(|d| d.join("rulings"))
        .filter(|d| d.is_dir())
}

/// The settings of a command line, read once: where the documents, the
/// card database and the index are, and how answers are shown.
pub fn config_of(cli: &Cli) -> Result<Config, Failure> {
    let checkout = own_checkout();
    let mut folders = Vec::new();
    if let (Some(checkout), false) = (&checkout, cli.global.no_bundled) {
        folders.push(checkout.join("rulings"));
    }
    match &cli.global.rulings {
        Some(dir) if !dir.is_dir() => {
            return Err(Refusal::new(
                ErrorCode::CorpusNotFound,
                format!(
                    "corpus folder {} not found (give one with --rulings DIR or RULINGS_DIR)",
                    escape_name(&dir.display().to_string())
                ),
            )
            .into())
        }
        Some(dir) => folders.push(dir.clone()),
        None => folders.extend(user_folder()),
    }
    if let Some(dir) = cli.global.cards.as_ref().filter(|d| !d.is_dir()) {
        return Err(Refusal::new(
            ErrorCode::CorpusNotFound,
            format!(
                "card database folder {} not found (give the folder of a LackeyCCG plugin, or of its sets/*.txt, with --cards DIR or {})",
                escape_name(&dir.display().to_string()),
                rulings::cards::ENV_VAR
            ),
        )
        .into());
    }
    let sources = Sources {
        bundled: !cli.global.no_bundled,
        folders,
        cards: rulings::cards::folder(cli.global.cards.as_deref()),
    };
    if !sources.bundled && sources.folders.is_empty() {
        return Err(Refusal::new(
            ErrorCode::NoDocuments,
            "--no-bundled leaves no document: give a folder with --rulings DIR",
        )
        .into());
    }
    let index = index::folder(cli.global.index.as_deref(), &sources, checkout.as_deref());
    // Files the readers gave up on are remembered beside the index.
    rulings::convert::memo::keep_in(&index);
    Ok(Config {
        style: Style {
            located: cli.global.verbose,
            ..Style::of_stdout(cli.global.color.into())
        },
        quiet: cli.global.quiet,
        json: cli.command.as_ref().is_some_and(Command::json),
        told: age::folder(),
        own_folder: cli
            .global
            .rulings
            .clone()
            .or_else(|| dirs::data_dir().map(|d| d.join("rulings"))),
        edition: settings::default_edition()?,
        ..Config::of(sources, index, today())
    })
}

impl Command {
    /// The edition and date of a plain question, for the commands that
    /// ask one.
    fn scope_mut(&mut self) -> Option<&mut crate::cli::Scope> {
        match self {
            Command::Search(args) => Some(&mut args.scope),
            Command::Show(args) => Some(&mut args.scope),
            Command::Errata(args) => Some(&mut args.scope),
            Command::Card(args) => Some(&mut args.scope),
            Command::Deck(args) => Some(&mut args.scope),
            _ => None,
        }
    }

    /// Whether the command was asked for JSON: its answer, and any error,
    /// is then JSON.
    pub fn json(&self) -> bool {
        match self {
            Command::Search(args) => args.json,
            Command::Show(args) => args.json,
            Command::Errata(args) => args.json,
            Command::Card(args) => args.json,
            Command::Deck(args) => args.json,
            Command::Diff(args) => args.json,
            Command::Update(args) => args.json,
            Command::Changes(args) => args.json,
            Command::Index { json }
            | Command::Releases { json }
            | Command::Export { json, .. }
            | Command::Check { json, .. } => *json,
            Command::Ask(_)
            | Command::Completions { .. }
            | Command::Man
            | Command::Serve(_)
            | Command::Config(_) => false,
        }
    }
}

/// Runs a command that answers in lines, writing to stdout and stderr.
/// The commands that own the terminal or the process (`ask`, `serve`) and
/// those that need no corpus (`completions`, `man`) are run by the binary
/// itself, beside this.
pub fn run(mut cli: Cli) -> Result<ExitCode, Failure> {
    if cli.command.is_none() {
        // Piped or scripted: nothing to ask interactively, so say what
        // the commands are, as a usage error.
        eprintln!("{}", Cli::command().render_long_help());
        return Ok(ExitCode::from(2));
    }
    let mut config = config_of(&cli)?;
    // The default edition goes to a plain question that names none; a
    // question that names one, and the commands that do not ask one
    // edition's rulings (diff, export, releases), are asked as given.
    match cli.command.as_mut().and_then(Command::scope_mut) {
        Some(scope) if scope.edition.is_none() => scope.edition = config.edition(None),
        _ => config.edition = None,
    }
    let command = cli.command.as_ref().expect("a command, as above");
    let stderr = io::stderr();
    let mut printer = Printer::new(
        io::BufWriter::new(output::Stdout::lock()),
        stderr.lock(),
        config.style,
    );
    // Under --json the notes are in the answer, and stderr is kept for
    // warnings and the error object.
    printer.quiet = config.quiet || config.json;
    let outcome = dispatch(command, &config, &mut printer);
    // What is still buffered is written, and a failure said, either way;
    // the command's own error comes first.
    let flushed = printer.out.flush();
    let outcome = outcome?;
    flushed?;
    Ok(outcome.into())
}

/// The interactive search needs a terminal: refused elsewhere, with what
/// to use instead.
pub fn needs_terminal() -> Result<(), Refusal> {
    if io::stdin().is_terminal() && io::stdout().is_terminal() {
        return Ok(());
    }
    Err(Refusal::new(
        ErrorCode::NeedsTerminal,
        "`rulings ask` needs a terminal; use `rulings search` in scripts",
    ))
}

/// Answers `command` through `p`: the whole of a command but parsing it
/// and reporting its error.
fn dispatch(
    command: &Command,
    config: &Config,
    p: &mut Printer<impl Write, impl Write>,
) -> Result<Outcome, Failure> {
    if let Command::Index { json } = command {
        return index::run(config, *json, p);
    }
    if let Command::Update(args) = command {
        return update::run(args, config, p);
    }
    if let Command::Changes(args) = command {
        return changes::run(args, config, p);
    }
    // `check` reads documents themselves: it shows how each was read.
    if let Command::Check {
        paths,
        json,
        markdown,
    } = command
    {
        let paths = if paths.is_empty() {
            config.sources.folders.clone()
        } else {
            paths.clone()
        };
        if paths.is_empty() {
            return Err(Refusal::new(
                ErrorCode::NothingToCheck,
                "nothing to check: give a document or a folder (the bundled documents are checked in the checkout's rulings/ folder)",
            )
            .into());
        }
        return Ok(
            match check::run(
                &paths,
                check::Show::of(*json, *markdown),
                &mut p.out,
                &mut p.err,
            )? {
                rulings::answer::check::CheckOutcome::Clean => Outcome::Found,
                rulings::answer::check::CheckOutcome::Warnings => Outcome::NothingFound,
                rulings::answer::check::CheckOutcome::Unreadable => Outcome::BadInput,
            },
        );
    }
    // A search says when it had to build the index first (it explains a
    // slower answer); other answers stay as they are.
    let announce = match command {
        Command::Search(_) if !config.quiet && !config.json => Announce::Building,
        _ => Announce::Quietly,
    };
    let request = match command {
        Command::Deck(args) => Request::Deck {
            list: read_deck(args.file.as_deref())?,
            edition: args.scope.edition,
            format: args.format.clone(),
            as_of: args.scope.as_of(),
        },
        // A link is read from the answer's JSON: the question asked for it.
        _ if link::asked(command) => request_of(&link::as_json(command)).expect("a question"),
        _ => request_of(command).expect("a question"),
    };
    let opening = Instant::now();
    let session = Session::open_alone(config.clone(), announce, &mut p.err)?;
    let opened_in = opening.elapsed();
    let answering = Instant::now();
    let answer = session.ask(&request, config.today, &Stop::never(), &mut p.err)?;
    let outcome = Outcome::of(&answer);
    match &answer {
        _ if link::asked(command) => link::write(command, config, &answer, p)?,
        _ if command.json() => rulings::render::json::write(&mut p.out, &answer)?,
        // An export without --json is JSON Lines, for programs too.
        Answer::Export(exported) => rulings::render::json::write_lines(&mut p.out, exported)?,
        _ => write_text(command, config, &answer, p)?,
    }
    let catalog = session.catalog();
    if !matches!(command, Command::Export { .. }) {
        age::notice(&catalog, config, p)?;
    }
    if std::env::var_os("RULINGS_TIMINGS").is_some() {
        // What the benchmark reports as the break-down of a command.
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let origin = match catalog.opened().origin {
            Origin::Reused => "reused",
            Origin::Built { .. } => "built",
            Origin::InMemory { .. } => "built in memory",
        };
        p.err.line(&format!(
            "timings: index {origin}, freshness check {:.2} ms, index open {:.2} ms, answer {:.2} ms",
            ms(catalog.opened().checked),
            ms(opened_in.saturating_sub(catalog.opened().checked)),
            ms(answering.elapsed())
        ))?;
    }
    Ok(outcome)
}

/// The question a command asks of the catalog, typed; none for the
/// commands that do not ask one (`index`, `check`, `export`, …).
fn request_of(command: &Command) -> Option<Request> {
    Some(match command {
        Command::Search(args) => Request::Search {
            query: args.query.join(" "),
            edition: args.scope.edition,
            kind: args.kind,
            authority: args.whose.authority,
            as_of: args.scope.as_of(),
            all: args.all,
            limit: args.limit,
            typing: args.typing,
        },
        Command::Show(args) => Request::Show {
            topic: args.topic.join(" "),
            edition: args.scope.edition,
            authority: args.whose.authority,
            as_of: args.scope.as_of(),
            // JSON always carries the history.
            history: args.history || args.json,
        },
        Command::Errata(args) => Request::Errata {
            card: Some(args.card.join(" ")),
            edition: args.scope.edition,
            as_of: args.scope.as_of(),
            // People read a reprinted erratum once; JSON lists every
            // printing.
            every_printing: args.json,
        },
        Command::Diff(args) => Request::Diff {
            from: args.from.clone(),
            to: args.to.clone(),
            edition: args.edition,
            documents: args.documents,
            topics: args.topics.clone(),
            authority: args.whose.authority,
        },
        Command::Releases { .. } => Request::Releases,
        Command::Card(args) => Request::Card {
            name: args.card.join(" "),
            edition: args.scope.edition,
            as_of: args.scope.as_of(),
        },
        Command::Export {
            edition,
            release,
            whose,
            ..
        } => Request::Export {
            edition: *edition,
            release: release.clone(),
            authority: whose.authority,
        },
        _ => return None,
    })
}

/// An answer in lines for people, as the command asked it.
fn write_text(
    command: &Command,
    config: &Config,
    answer: &Answer,
    p: &mut Printer<impl Write, impl Write>,
) -> io::Result<()> {
    use rulings::render;
    let style = &p.style;
    let lines = match (command, answer) {
        (_, Answer::Search(searched)) => render::Lines {
            out: render::search::answer_text(style, searched),
            ..render::Lines::default()
        },
        (Command::Show(args), Answer::Show(shown)) => {
            render::topic::shown_text(style, shown, config.today, args.history)
        }
        (_, Answer::Errata(errata)) => render::errata::errata_text(style, errata),
        (Command::Diff(args), Answer::Diff(comparison)) => render::Lines {
            out: render::diff::text(style, comparison, args.stat),
            ..render::Lines::default()
        },
        (_, Answer::Card(card)) => render::card::card_text(style, card, config.today),
        (_, Answer::Deck(deck)) => render::card::deck_text(style, deck),
        (_, Answer::Releases(releases)) => render::Lines {
            out: render::releases::releases_text(style, releases),
            ..render::Lines::default()
        },
        _ => unreachable!("each command has its answer"),
    };
    for note in &lines.notes {
        p.note(note)?;
    }
    for line in render::mark_lost(&p.style, lines.out) {
        p.out.line(&line)?;
    }
    for line in &lines.err {
        p.err.line(line)?;
    }
    Ok(())
}

/// A decklist's text: the file given, else standard input (`-` or none),
/// read with a cap; a list not in UTF-8 is read as Windows-1252.
fn read_deck(file: Option<&Path>) -> Result<String, Failure> {
    let cap = rulings::answer::deck::MAX_BYTES as u64 + 1;
    let bytes = match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => rulings::input::read_capped(path, cap).map_err(|why| {
            let name = escape_name(&path.display().to_string());
            let error = rulings::error::DocumentError::refused(&name, why, cap);
            Refusal::new(ErrorCode::InvalidValue, format!("decklist: {error}"))
        })?,
        None => {
            use std::io::Read;
            let mut bytes = Vec::new();
            io::stdin().lock().take(cap).read_to_end(&mut bytes)?;
            bytes
        }
    };
    // Read as a document is: UTF-8, a stray bad byte aside, else
    // Windows-1252.
    let name = file.map_or_else(|| "standard input".to_string(), |f| f.display().to_string());
    let (text, _) = rulings::convert::encoding::decode(&name, bytes)
        .map_err(|e| Refusal::new(ErrorCode::InvalidValue, format!("decklist: {e}")))?;
    Ok(text)
}

pub use rulings::dates::today;

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// Runs a command line on the bundled corpus, with its own index, into
    /// buffers.
    fn answer(args: &[&str]) -> (Outcome, String, String) {
        let index = tempfile::tempdir().unwrap();
        let mut argv = vec!["rulings", "--index", index.path().to_str().unwrap()];
        argv.extend(args);
        let cli = Cli::parse_from(argv);
        let mut config = config_of(&cli).unwrap();
        config.style = Style::plain();
        config.told = None;
        let mut printer = Printer::new(Vec::new(), Vec::new(), config.style);
        let command = cli.command.as_ref().expect("a command");
        let outcome = dispatch(command, &config, &mut printer).unwrap();
        (
            outcome,
            String::from_utf8(printer.out.into_inner()).unwrap(),
            String::from_utf8(printer.err.into_inner()).unwrap(),
        )
    }

    #[test]
    fn answers_render_into_any_writer() {
        let (outcome, out, err) = answer(&["show", "time location", "--as-of", "2010-01-01"]);
        assert_eq!(outcome, Outcome::Found);
        assert!(
            out.starts_with(
                "time location  1E  in force\nin force since Current Rulings 2000-03-27"
            ),
            "{out}"
        );
        assert!(out.contains("as of 2010-01-01"), "{out}");
        assert!(!out.contains('\u{1b}'), "plain style paints nothing");
        assert!(err.starts_with("corpus: 1E newest 2022-11-07"), "{err}");

        let (outcome, out, err) = answer(&["errata", "no such card at all"]);
        assert_eq!(outcome, Outcome::NothingFound);
        assert!(out.is_empty());
        assert!(
            err.contains("no card or topic named `no such card at all`"),
            "{err}"
        );
    }

    #[test]
    fn a_stored_period_that_cannot_be_read_is_damage() {
        use rulings::catalog::CatalogError;
        use rulings::index::timeline::{line_on, DamagedLine};
        use rulings::index::Unreadable;
        let damaged =
            || -> DamagedLine { line_on("not a period", today()).expect_err("no date, no tab") };
        let from_catalog = Failure::from(CatalogError::Stored(Unreadable::Period(damaged())));
        assert!(from_catalog.is_damage());
        let from_search = Failure::from(rulings::search::SearchError::Stored(Unreadable::Period(
            damaged(),
        )));
        assert!(from_search.is_damage());
        assert_eq!(
            rulings::error::chain(&from_catalog),
            "search index: a stored value cannot be read: a stored period has no date"
        );
    }
}
