//! What the interactive search shows, as lines of plain text: the hits of a
//! query, the preview of one, and the pages opened from it (the ruling, its
//! topic's history, the card's errata, a reference). Every page is worded
//! by the renderers of `show` and `errata`, so the screen says what the
//! commands say.

use std::cell::RefCell;

use chrono::NaiveDate;

use rulings::answer::error::Failure;
use rulings::answer::request::Request;
use rulings::answer::stop::Stop;
use rulings::answer::topic::{self as show, ShowAnswer, TopicAnswer};
use rulings::answer::{Answer, Note};
use rulings::catalog::{in_effect, Catalog, Reference};
use rulings::model::Edition;
use rulings::output::Out;
use rulings::render::topic::{home_text, topic_text};
use rulings::render::{describe, status_badge, Style};
use rulings::search::{self, Hit};
use rulings::session::Session;
use rulings::topic::TopicKey;

/// How many hits a query lists: more than a screen, fewer than a search
/// could cost.
pub const HITS: u16 = 50;

/// The date and edition every question of the interactive search is asked
/// with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    pub edition: Option<Edition>,
    /// Only the game's rulings, or only the tournament's.
    pub authority: Option<rulings::model::Authority>,
    pub as_of: NaiveDate,
    pub today: NaiveDate,
}

/// How the interactive search asks: through the session every front end
/// answers by, keeping what it says while answering (an index found
/// damaged and built again) for the screen, which stderr would garble.
pub struct Asker<'s> {
    session: &'s Session,
    told: RefCell<Vec<u8>>,
}

impl<'s> Asker<'s> {
    pub fn new(session: &'s Session) -> Asker<'s> {
        Asker {
            session,
            told: RefCell::new(Vec::new()),
        }
    }

    /// The answer to `request`, as the command line gets it.
    fn ask(&self, request: &Request, settings: &Settings) -> Result<Answer, Failure> {
        let mut told = self.told.borrow_mut();
        let log = &mut Out::new(&mut *told);
        self.session
            .ask(request, settings.today, &Stop::never(), log)
    }

    /// Runs `work` on the session's catalog (healed, as every answer is).
    fn run<T>(&self, work: impl FnMut(&Catalog) -> Result<T, Failure>) -> Result<T, Failure> {
        let mut told = self.told.borrow_mut();
        self.session.run(work, &mut Out::new(&mut *told))
    }

    /// What the session said since it was last asked, as one line.
    pub fn told(&self) -> Option<String> {
        let told = std::mem::take(&mut *self.told.borrow_mut());
        let text = String::from_utf8_lossy(&told);
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        (!lines.is_empty()).then(|| lines.join("; "))
    }
}

/// Which page is open over the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    /// The selected ruling.
    Ruling,
    /// Its topic's history (`show --history`).
    History,
    /// Its card's errata.
    Errata,
    /// Its card, as the card database prints it, with its errata and
    /// rulings (`card`).
    Card,
    /// A topic it points to.
    Reference,
    /// The keys (F1).
    Help,
}

/// One hit as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Entry id (`release:line`).
    pub id: String,
    pub topic: String,
    pub key: TopicKey,
    pub edition: Edition,
    pub status: &'static str,
    /// The entry's date as people read it (empty for an undated one, whose
    /// status says so).
    pub date: String,
}

/// The hits of a query, and what to tell about how they were found.
#[derive(Debug, Default)]
pub struct Found {
    pub rows: Vec<Row>,
    pub notes: Vec<String>,
}

/// Searches the catalog as `rulings search` does, on the session's date and
/// edition. A query with no words finds nothing, without complaint: it is
/// only half typed.
pub fn find(asker: &Asker, settings: &Settings, query: &str) -> Result<Found, Failure> {
    if query.trim().is_empty() {
        return Ok(Found::default());
    }
    let request = Request::Search {
        query: query.to_string(),
        edition: settings.edition,
        kind: None,
        authority: settings.authority,
        as_of: Some(settings.as_of),
        all: false,
        limit: HITS,
        // The last word is the one being typed, unless a space ended it.
        typing: true,
    };
    // The answer `rulings search` draws, drawn as rows and short notes.
    let searched = match asker.ask(&request, settings) {
        Ok(Answer::Search(searched)) => searched,
        Ok(_) => unreachable!("a search is answered by its hits"),
        Err(Failure::Search(search::SearchError::NoWords)) => return Ok(Found::default()),
        // Exclusions typed before the words they narrow ("-tribble …").
        Err(Failure::Search(e @ search::SearchError::OnlyExcluded { .. })) => {
            return Ok(Found {
                notes: vec![e.to_string()],
                ..Found::default()
            })
        }
        // Past a limit of a query (a paste gone wrong): the hits of the
        // query before stay, and the error says why nothing changed.
        Err(e) => return Err(e),
    };
    // A card named whole comes first, by its erratum in force (which the
    // hits then leave out).
    let card = searched
        .card
        .as_ref()
        .and_then(|c| c.errata.as_ref())
        .map(|errata| {
            let (stored, period) = &errata.newest;
            let entry = &stored.entry;
            Row {
                id: entry.id(),
                topic: entry.topic.clone(),
                edition: entry.edition,
                status: period.status.label(),
                date: if entry.is_undated() {
                    String::new()
                } else {
                    entry.date.to_string()
                },
                key: entry.key.clone(),
            }
        });
    let rows: Vec<Row> = card
        .into_iter()
        .chain(searched.found.hits.iter().map(row))
        .collect();
    let notes = searched
        .notes
        .iter()
        .filter_map(|note| match note {
            Note::Read(read) => Some(note_text(read)),
            Note::DidYouMean { topics, .. } if rows.is_empty() => {
                Some(format!("did you mean: {}", topics.join(", ")))
            }
            _ => None,
        })
        .collect();
    Ok(Found { rows, notes })
}

fn row(hit: &Hit) -> Row {
    let entry = &hit.entry;
    Row {
        id: hit.id.clone(),
        topic: hit.topic.clone(),
        edition: hit.edition,
        status: hit.period.status.label(),
        date: if entry.is_undated() {
            String::new()
        } else {
            entry.date.to_string()
        },
        key: entry.key.clone(),
    }
}

fn note_text(note: &search::Note) -> String {
    use search::Note;
    match note {
        Note::PlainWords(words) => format!("read as plain words: {words}"),
        Note::Searched { wanted, excluded } if excluded.is_empty() => {
            format!("searched: {}", wanted.join(", "))
        }
        Note::Searched { wanted, excluded } => format!(
            "searched: {}, excluding {}",
            wanted.join(", "),
            excluded.join(", ")
        ),
        Note::Edition {
            edition: Some(edition),
            ..
        } => format!("{edition} only"),
        Note::Edition { edition: None, .. } => "both editions named: both searched".to_string(),
        Note::Skipped(words) => format!("left out: {}", words.join(", ")),
        Note::Corrected { typed, corrected } => format!("{typed} → {corrected}"),
        Note::SpelledOut { typed, phrases } => format!("{typed}: also {}", phrases.join(", ")),
        Note::Partial { missing, .. } => format!("the first ruling lacks: {}", missing.join(", ")),
        Note::Close { topic, edition } => format!("{topic} ({edition}) fits about as well"),
        Note::Apart { words } => format!("{} only apart in the first ruling", words.join(", ")),
        Note::Kind { typed, kinds } => format!("{typed}: also {}", kinds.join(", ")),
        Note::Synonyms { typed, words } => format!("{typed}: also {}", words.join(", ")),
        Note::AnyWord => "no ruling has every word; rulings with any of them".to_string(),
        Note::Typos => "nothing as typed; allowing a typo in each word".to_string(),
        Note::NotInForce(n) => format!("{n} more no longer in force"),
        Note::NotYetInEffect(n) => format!("{n} more take effect later"),
    }
}

/// A ruling answered: its lines and the references it points to, in the
/// order the lines list them.
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub title: String,
    /// One screen row each (already wrapped to the pane).
    pub lines: Vec<String>,
    pub references: Vec<String>,
}

impl Page {
    fn new(title: String, lines: Vec<String>, references: Vec<String>) -> Page {
        // The renderers wrap a paragraph into one string with line breaks;
        // a screen row holds no break.
        let lines = lines
            .iter()
            .flat_map(|l| l.split('\n'))
            .map(str::to_string)
            .collect();
        Page {
            title,
            lines,
            references,
        }
    }
}

/// How much of the earlier rulings a ruling's page lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Earlier {
    /// Each one, with its status and citation.
    Listed,
    /// How many there are: the preview, redrawn on every keystroke, does
    /// not read them (a topic of a long corpus has hundreds).
    Counted,
}

/// The hit's own ruling (not necessarily its topic's newest), with its
/// status, citation and references, and the earlier rulings on its topic
/// that it stands over, as `show` words them.
pub fn ruling(
    asker: &Asker,
    settings: &Settings,
    row: &Row,
    width: usize,
    earlier: Earlier,
) -> Result<Page, Failure> {
    let answered = asker.run(|catalog| hit_answer(catalog, settings, row, earlier))?;
    let Some((answer, count)) = answered else {
        return Ok(Page::new(
            row.topic.clone(),
            vec![format!("{} is not in effect on {}", row.id, settings.as_of)],
            Vec::new(),
        ));
    };
    let style = plain(width);
    let mut lines = topic_text(
        &style,
        &row.topic,
        &answer,
        settings.as_of,
        settings.today,
        false,
    );
    if earlier == Earlier::Counted && count > 0 {
        lines.push(String::new());
        lines.push(match count {
            1 => "1 earlier ruling on the topic (F3: the history)".to_string(),
            n => format!("{n} earlier rulings on the topic (F3: the history)"),
        });
    }
    if !answer.history.is_empty() {
        lines.push(String::new());
        lines.push("Earlier rulings on the topic (F3: the history)".to_string());
        for (stored, period) in &answer.history {
            let badge = status_badge(&style, &period.status);
            lines.push(format!(
                "  {} {}  {}",
                stored.entry.date_label(),
                badge,
                stored.citation
            ));
            lines.push(format!("    {}", describe(period)));
        }
    }
    Ok(Page::new(
        format!("{} ({})", row.topic, row.edition),
        lines,
        reference_names(&answer.references),
    ))
}

/// The topic's answer built around the hit: the hit as the ruling shown,
/// the older rulings in effect after it (listed, or only counted), and how
/// many there are.
fn hit_answer(
    catalog: &Catalog,
    settings: &Settings,
    row: &Row,
    earlier: Earlier,
) -> Result<Option<(TopicAnswer, usize)>, Failure> {
    let as_of = settings.as_of;
    let Some(topic) = catalog.topic(row.edition, &row.key, as_of)? else {
        return Ok(None);
    };
    let newest = topic.newest()?;
    let topic_newest_id = newest.entry.id();
    let (hit, history, count) = if earlier == Earlier::Counted && newest.entry.id() == row.id {
        // The usual hit, the topic's newest ruling: one read.
        (newest, Vec::new(), topic.len() - 1)
    } else {
        // A hit in an undated document beside dated rulings is shown on
        // its own: it has no place among them.
        let mut rulings = topic.all()?.into_iter();
        let Some(hit) = rulings.by_ref().find(|s| s.entry.id() == row.id) else {
            let beside = topic
                .undated()?
                .into_iter()
                .find(|s| s.entry.id() == row.id);
            return Ok(match beside {
                Some(hit) => bare_answer(catalog, row, hit, as_of)?.map(|a| (a, 0)),
                None => None,
            });
        };
        let history = in_effect(rulings, as_of)?;
        let count = history.len();
        match earlier {
            Earlier::Listed => (hit, history, count),
            Earlier::Counted => (hit, Vec::new(), count),
        }
    };
    let is_newest = hit.entry.id() == topic_newest_id;
    let Some(mut answer) = bare_answer(catalog, row, hit, as_of)? else {
        return Ok(None);
    };
    answer.history = history;
    if is_newest {
        // The earlier rulings still standing beside the newest (it amended
        // them), the text in force and the topic's rulings in undated
        // documents: part of the answer, as `show` gives it.
        answer.standing = in_effect(topic.standing()?, as_of)?;
        answer.amended = catalog.amended(&topic)?;
        answer.undated = topic.undated()?;
    }
    Ok(Some((answer, count)))
}

/// The answer of one ruling alone, with its references (a hit in an undated
/// document beside dated rulings is answered so).
fn bare_answer(
    catalog: &Catalog,
    row: &Row,
    hit: rulings::catalog::Stored,
    as_of: NaiveDate,
) -> Result<Option<TopicAnswer>, Failure> {
    let Some(period) = hit.on(as_of)? else {
        return Ok(None);
    };
    let references = catalog.follow(
        row.edition,
        &hit.entry.key,
        &hit.entry.see,
        as_of,
        show::REFERENCE_DEPTH,
    )?;
    Ok(Some(TopicAnswer {
        edition: row.edition,
        exact: true,
        newest: (hit, period),
        standing: Vec::new(),
        history: Vec::new(),
        references,
        amended: None,
        undated: Vec::new(),
    }))
}

fn reference_names(references: &[Reference]) -> Vec<String> {
    references
        .iter()
        .filter(|r| r.target.is_some() || home_text(r).is_some())
        .map(|r| r.topic.clone())
        .collect()
}

/// A topic as `show --history` (with `history`) or `show` answers it in the
/// row's edition.
pub fn topic(
    asker: &Asker,
    settings: &Settings,
    edition: Edition,
    name: &str,
    history: bool,
    width: usize,
) -> Result<Page, Failure> {
    let style = plain(width);
    let request = Request::Show {
        topic: name.to_string(),
        edition: Some(edition),
        authority: settings.authority,
        as_of: Some(settings.as_of),
        history,
    };
    let Answer::Show(shown) = asker.ask(&request, settings)? else {
        unreachable!("a topic is answered by what is shown of it")
    };
    let title = if history {
        format!("History of {name} ({edition})")
    } else {
        format!("{name} ({edition})")
    };
    match &shown.answer {
        ShowAnswer::Found(found) => {
            let mut lines = Vec::new();
            let mut references = Vec::new();
            for a in found {
                lines.extend(topic_text(
                    &style,
                    name,
                    a,
                    settings.as_of,
                    settings.today,
                    history,
                ));
                references.extend(reference_names(&a.references));
            }
            Ok(Page::new(title, lines, references))
        }
        ShowAnswer::NotYet { .. }
        | ShowAnswer::Several(_)
        | ShowAnswer::Mentioned(_)
        | ShowAnswer::Unknown(_) => {
            // A reference to a topic the corpus has no ruling on: say where
            // it lives, as `show` does for a followed reference.
            let reference =
                asker.run(|catalog| Ok(catalog.reference(edition, name, settings.as_of)?))?;
            let mut lines = vec![format!(
                "nothing in force on `{name}` as of {} ({edition})",
                settings.as_of
            )];
            lines.extend(home_text(&reference));
            Ok(Page::new(title, lines, Vec::new()))
        }
    }
}

/// The card's errata in effect, as `errata CARD` words them.
pub fn errata(
    asker: &Asker,
    settings: &Settings,
    row: &Row,
    width: usize,
) -> Result<Page, Failure> {
    let title = format!("Errata of {} ({})", row.topic, row.edition);
    let request = Request::Errata {
        card: Some(row.topic.clone()),
        edition: Some(row.edition),
        as_of: Some(settings.as_of),
        every_printing: false,
    };
    let Answer::Errata(errata) = asker.ask(&request, settings)? else {
        unreachable!("errata are answered by errata")
    };
    Ok(Page::new(
        title,
        said(rulings::render::errata::errata_text(&plain(width), &errata)),
        Vec::new(),
    ))
}

/// The card of the selected ruling's topic, as `card NAME` words it: its
/// printed text where a card database has it, its errata and rulings.
pub fn card(asker: &Asker, settings: &Settings, row: &Row, width: usize) -> Result<Page, Failure> {
    let title = format!("Card: {} ({})", row.topic, row.edition);
    let request = Request::Card {
        name: row.topic.clone(),
        edition: Some(row.edition),
        as_of: Some(settings.as_of),
    };
    let Answer::Card(answer) = asker.ask(&request, settings)? else {
        unreachable!("a card is answered by its card")
    };
    let lines = rulings::render::card::card_text(&plain(width), &answer, settings.as_of);
    Ok(Page::new(title, said(lines), Vec::new()))
}

/// What a command says on stdout and stderr, as the lines of one page, its
/// notes last.
fn said(lines: rulings::render::Lines) -> Vec<String> {
    let mut all = lines.out;
    all.extend(lines.err);
    if !lines.notes.is_empty() {
        all.push(String::new());
        all.extend(lines.notes);
    }
    all
}

/// The renderers' style on a pane: no escape codes (the screen paints its
/// own), wrapped to the pane.
fn plain(width: usize) -> Style {
    Style {
        color: false,
        width,
        located: false,
    }
}
