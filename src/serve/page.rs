//! The pages for phones, drawn on the server from the same typed answers
//! the API and the command line draw: search, a ruling (in force, what
//! still stands, references followed, history, the card's errata), every
//! card's errata, the changes between two dates, the releases with their
//! age.
//!
//! Every text from a document goes through maud, which escapes it; the
//! only markup not escaped by maud is the HTML of an entry's Markdown body,
//! in which raw HTML is turned into text and links and images are dropped.
//! Everything works without JavaScript: the forms are ordinary forms.

use std::sync::Arc;

use axum::extract::{FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

use super::api::unreadable;
use super::params::Params;
use super::{status_of, AppState};
use rulings::answer::error::{ErrorCode, Failure, Refusal};
use rulings::answer::request::Request;
use rulings::answer::show::Shown;
use rulings::answer::topic::{Mentioned, ShowAnswer};
use rulings::answer::{links, Answer, Candidate, Note};
use rulings::markdown::{LOST, LOST_NOTE};
use rulings::model::{Edition, Entry, ReleaseInfo};
use rulings::render::{describe_status, notes};
use rulings::search::Snippet;
use rulings::status::Status;

mod errata;
pub use errata::*;

mod changes;
pub use changes::*;

mod cards;
pub use cards::*;

mod releases;
pub use releases::*;

mod ruling;
use ruling::{named_in, share, topic_answer};

/// The parts of the site, for the navigation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Search,
    Cards,
    Decks,
    Errata,
    Changes,
    Releases,
    None,
}

fn layout(title: &str, part: Part, body: Markup) -> Markup {
    let nav = [
        (Part::Search, "/", "Search"),
        (Part::Cards, "/card", "Card"),
        (Part::Decks, "/deck", "Deck"),
        (Part::Errata, "/errata", "Errata"),
        (Part::Changes, "/changes", "Changes"),
        (Part::Releases, "/releases", "Releases"),
    ];
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="color-scheme" content="light dark";
                meta name="theme-color" content="#1d3557";
                title { (title) " · rulings" }
                link rel="stylesheet" href="/app.css";
                link rel="manifest" href="/manifest.webmanifest";
                link rel="icon" href="/icon.svg" type="image/svg+xml";
                script src="/app.js" defer {}
            }
            body {
                a.skip href="#main" { "Skip to the answer" }
                header.top {
                    a.brand href="/" { "rulings" }
                    nav aria-label="Sections" {
                        ul {
                            @for (which, href, label) in nav {
                                li {
                                    @if which == part {
                                        a href=(href) aria-current="page" { (label) }
                                    } @else {
                                        a href=(href) { (label) }
                                    }
                                }
                            }
                        }
                    }
                }
                main #main { (body) }
                footer {
                    "Star Trek CCG rulings from the official documents, served by "
                    code { "rulings serve" } "."
                }
            }
        }
    }
}

fn page(status: StatusCode, markup: Markup) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        markup.into_string(),
    )
        .into_response()
}

/// A page that only says what went wrong, as HTML.
pub fn error_page(status: StatusCode, message: &str) -> Response {
    let title = if status == StatusCode::NOT_FOUND {
        "Not found"
    } else {
        "That cannot be answered"
    };
    let markup = layout(
        title,
        Part::None,
        html! {
            h1 { (title) }
            p.note.warn role="alert" { (message) }
            p { a href="/" { "Search the rulings" } }
        },
    );
    page(status, markup)
}

/// Why a page has no answer: the HTTP status, and what to say.
struct Refused {
    status: StatusCode,
    message: String,
}

impl Refused {
    fn of(failure: &Failure) -> Refused {
        Refused {
            status: status_of(failure.code()),
            message: rulings::error::chain(failure),
        }
    }
}

/// The answer to a request as a value, computed off the async workers; a
/// request whose parameters could not be read is refused.
async fn ask(state: &Arc<AppState>, request: Result<Request, Refusal>) -> Result<Answer, Refused> {
    let request = request.map_err(|e| Refused::of(&e.into()))?;
    let (stop, _cancel) = AppState::stop();
    let _turn = state.turn(&request).await;
    let state = Arc::clone(state);
    tokio::task::spawn_blocking(move || state.typed(&request, &stop))
        .await
        .map_err(|e| Refused {
            status: status_of(ErrorCode::Internal),
            message: format!("the answer failed: {e}"),
        })?
        .map_err(|e| Refused::of(&e))
}

/// The HTTP status of a page's answer: found, or not.
fn status(answer: &Result<Answer, Refused>) -> StatusCode {
    match answer {
        Ok(answer) if answer.is_found() => StatusCode::OK,
        Ok(_) => StatusCode::NOT_FOUND,
        Err(refused) => refused.status,
    }
}

/// What names each release, by id, for citations: its name as the
/// Committee writes it ("Glossary 1.9.9", "RRD 2024-06-03"), and its
/// kind.
type Titles = std::collections::HashMap<String, ReleaseInfo>;

async fn titles(state: &Arc<AppState>) -> Titles {
    let Ok(Answer::Releases(releases)) = ask(state, Ok(Request::Releases)).await else {
        return Titles::new();
    };
    releases.into_iter().map(|r| (r.id.clone(), r)).collect()
}

/// The date the pages of a request are on: the one asked (when it is a
/// date), else the server's.
fn date_of(params: &Params, state: &AppState) -> NaiveDate {
    params
        .as_of
        .as_deref()
        .and_then(|d| rulings::dates::parse_date(d).ok())
        .unwrap_or_else(|| state.today())
}

/// An entry's Markdown body as HTML: raw HTML becomes text, links and
/// images are dropped (their text stays), so that a document can neither
/// run a script nor load anything.
fn markdown(body: &str) -> Markup {
    let events = Parser::new(body).filter_map(|event| match event {
        Event::Html(raw) | Event::InlineHtml(raw) => Some(Event::Text(raw)),
        Event::Start(Tag::Link { .. } | Tag::Image { .. })
        | Event::End(TagEnd::Link | TagEnd::Image) => None,
        other => Some(other),
    });
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, events);
    PreEscaped(out)
}

/// A snippet with its matched words marked.
fn snippet(snippet: &Snippet) -> Markup {
    let text = &snippet.text;
    // Each stretch of text before a matched word, and the word.
    let mut parts: Vec<(&str, &str)> = Vec::new();
    let mut at = 0;
    for range in &snippet.highlighted {
        if let (Some(before), Some(word)) = (text.get(at..range.start), text.get(range.clone())) {
            parts.push((before, word));
            at = range.end;
        }
    }
    html! {
        @for (before, word) in parts { (before) mark { (word) } }
        (text.get(at..).unwrap_or_default())
    }
}

/// The status of an entry: a badge and what it means, in words a TD reads
/// aloud ("in force since RRD 2024-06-03", "replaced on 2024-10-07 by
/// Glossary 1.9.9").
fn status_line(entry: &Entry, status: Option<&Status>, titles: &Titles) -> Markup {
    let Some(status) = status else {
        return html! {};
    };
    let state = status_class(status);
    let name_of = |id: &str| {
        titles
            .get(id)
            .map(|info| rulings::cite::document_name(info.named()))
    };
    let said = match status {
        Status::InForce => rulings::render::in_force_since(
            entry,
            &name_of(&entry.release).unwrap_or_else(|| entry.release.clone()),
        ),
        other => describe_status(other, other.release().and_then(name_of).as_deref()),
    };
    // The badge says the state; the words after it say the rest.
    let rest = said
        .strip_prefix(status.label())
        .map(|r| r.trim_start_matches(':').trim())
        .unwrap_or(&said)
        .to_string();
    html! {
        span class={ "badge " (state) } { (status.label()) }
        (rest)
    }
}

fn status_class(status: &Status) -> &'static str {
    match status {
        Status::InForce => "in-force",
        Status::Superseded { .. } => "superseded",
        Status::Rescinded { .. } => "rescinded",
        Status::Consolidated { .. } => "consolidated",
        Status::NotRepeated { .. } => "not-repeated",
        Status::Undated => "undated",
        Status::NotKnown { .. } => "not-known",
    }
}

/// Where an entry comes from, as the document names itself ("Rulebook
/// 2.5.8 §7.5 Damage and Repairs"); the file and line it was read from
/// are a tap away, in its details.
fn citation(entry: &Entry, titles: &Titles) -> Markup {
    let cited = match titles.get(&entry.release) {
        Some(info) => rulings::cite::citation(entry, info.named()),
        None => format!("{} ({})", entry.release, entry.release_date_label()),
    };
    html! {
        details.cite {
            summary { cite { (cited) } }
            span.where { (entry.file) ":" (entry.line) }
        }
    }
}

/// The link to an entry's topic on a date.
fn topic_link(entry: &Entry, as_of: NaiveDate) -> String {
    links::topic(entry.edition.label(), &entry.topic, Some(as_of))
}

/// One ruling: its status, its body, where it comes from.
fn entry_block(
    entry: &Entry,
    status: Option<&Status>,
    heading: Option<(&str, String)>,
    titles: &Titles,
) -> Markup {
    html! {
        article class={ "ruling " (status.map_or("none", status_class)) } {
            @if let Some((name, href)) = heading {
                h3 { a href=(href) { (name) } }
            }
            p.meta { span.edition { (entry.edition.label()) } (whose(entry)) (status_line(entry, status, titles)) }
            (citation(entry, titles))
            div.body { (markdown(&entry.text)) }
        }
    }
}

/// `body` with the note that explains `[?]` after it, when it shows one.
fn with_lost_note(body: Markup) -> Markup {
    let shown = body.0.contains(LOST);
    html! {
        (body)
        @if shown { p.note { (LOST_NOTE) } }
    }
}

/// The notes of an answer, one sentence each.
fn notes(notes: &[Note], as_of: NaiveDate, found: bool) -> Markup {
    html! {
        @for note in notes {
            p.note { (notes::message(note, as_of, found)) }
        }
    }
}

/// Names offered instead of the one asked, each a link to its page.
fn offered(heading: &str, names: &[Candidate], as_of: NaiveDate) -> Markup {
    html! {
        @if !names.is_empty() {
            h2 { (heading) }
            ul.names {
                @for name in names {
                    li {
                        a href=(links::topic(name.edition.label(), &name.name, Some(as_of))) {
                            (name.name)
                        }
                        " " span.edition { (name.edition.label()) }
                    }
                }
            }
        }
    }
}

fn edition_select(chosen: Option<&str>) -> Markup {
    choice(
        ("Edition", "edition"),
        &[("", "Both"), ("1e", "1E"), ("2e", "2E")],
        chosen,
    )
}

/// A labelled choice of a form, the value asked chosen.
fn choice((label, name): (&str, &str), options: &[(&str, &str)], chosen: Option<&str>) -> Markup {
    let chosen = chosen.map(str::to_lowercase);
    html! {
        label {
            (label)
            select name=(name) {
                @for (value, text) in options {
                    @if chosen.as_deref().unwrap_or("") == *value {
                        option value=(value) selected { (text) }
                    } @else {
                        option value=(value) { (text) }
                    }
                }
            }
        }
    }
}

/// Whose rules an entry is, where it is the tournament's (the game's are
/// the page's rule, unmarked).
fn whose(entry: &rulings::model::Entry) -> Markup {
    html! {
        @if entry.authority() == rulings::model::Authority::Tournament {
            " " span.edition.tournament { "tournament" }
        }
    }
}

/// The choice of whose rules a search or topic answers from.
fn authority_select(chosen: Option<&str>) -> Markup {
    choice(
        ("Rules", "authority"),
        &[
            ("", "Game and tournament"),
            ("game", "The game's only"),
            ("tournament", "The tournament's only"),
        ],
        chosen,
    )
}

/// A page's parameters, as every page reads them: a query string that
/// cannot be read is answered by the page that says so.
pub struct PageParams(Params);

impl<S: Send + Sync> FromRequestParts<S> for PageParams {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        Query::<Params>::from_request_parts(parts, state)
            .await
            .map(|Query(params)| PageParams(params))
            .map_err(|e| page(Refused::of(&unreadable(&e).into()).status, html! {}))
    }
}

/// The message of a refused answer, as a page says it.
fn refusal(refused: &Refused) -> Markup {
    html! { p.note.warn role="alert" { (refused.message) } }
}

pub async fn search(
    State(state): State<Arc<AppState>>,
    PageParams(mut params): PageParams,
) -> Response {
    // No edition asked: the default one, shown chosen ("Both" asks blank).
    if params.edition.is_none() {
        params.edition = state.default_edition();
    }
    let as_of = date_of(&params, &state);
    let q = params.q.clone().unwrap_or_default();
    let asked = !q.trim().is_empty();
    let answer = if asked {
        Some(ask(&state, params.search()).await)
    } else {
        None
    };
    let code = answer.as_ref().map_or(StatusCode::OK, status);
    let title = if asked { q.as_str() } else { "Search" };
    let titles = if asked {
        titles(&state).await
    } else {
        Titles::new()
    };
    // How current the answers are, on the home page.
    let data = if asked {
        html! {}
    } else {
        data_age(&state).await
    };
    let options = [
        &params.as_of,
        &params.edition,
        &params.all,
        &params.authority,
    ]
    .iter()
    .any(|o| o.as_deref().is_some_and(|v| !v.trim().is_empty()));
    let body = html! {
        h1.sr-only { "Search the rulings" }
        form #search .ask method="get" action="/" role="search" {
            label.sr-only for="q" { "Words to look for" }
            div.line {
                input #q type="search" name="q" value=(q) autocomplete="off" autocapitalize="off"
                    spellcheck="false" enterkeyhint="search" autofocus[!asked]
                    placeholder="Search the rulings, e.g. cloaking";
                button type="submit" { "Search" }
            }
            details open[options] {
                summary { "Date, edition, game or tournament, older rulings" }
                div.row {
                    label { "As of" input type="date" name="as_of" value=(params.as_of.as_deref().unwrap_or_default()); }
                    (edition_select(params.edition.as_deref()))
                    (authority_select(params.authority.as_deref()))
                    label.check {
                        @if params.all.is_some() {
                            input type="checkbox" name="all" value="1" checked;
                        } @else {
                            input type="checkbox" name="all" value="1";
                        }
                        "Rulings no longer in force too"
                    }
                }
            }
        }
        (data)
        section #results aria-live="polite" aria-label="Hits" {
            @match &answer {
                Some(Ok(Answer::Search(searched))) => (hits(searched, as_of, &titles)),
                Some(Err(refused)) => (refusal(refused)),
                _ => {}
            }
        }
    };
    page(code, layout(title, Part::Search, body))
}

fn hits(searched: &rulings::answer::search::Searched, as_of: NaiveDate, titles: &Titles) -> Markup {
    let hits = &searched.found.hits;
    html! {
        // A card named whole comes first: what the TD asked of.
        @if let Some(named) = &searched.card {
            section.card-first aria-label="The card named" {
                h2 {
                    a href=(links::card(named.edition.label(), &named.name)) { (named.name) }
                    " " span.edition { (named.edition.label()) }
                }
                @match &named.errata {
                    Some(errata) => (entry_block(&errata.newest.0.entry, Some(&errata.newest.1.status), None, titles)),
                    None => p.note { "No erratum in force." },
                }
                @if let Some(card) = named.card.as_ref().filter(|c| !c.text.trim().is_empty()) {
                    p.printed { span.label { "Printed: " } (card.text) }
                }
            }
        }
        (notes(&searched.notes, searched.request.as_of, searched.is_found()))
        @if hits.is_empty() {
            p { "No ruling found." }
        } @else {
            p.note { (hits.len()) " ruling" @if hits.len() != 1 { "s" } " as of " (as_of) }
            (with_lost_note(html! {
                ol.hits {
                    @for hit in hits {
                        li {
                            h2 { a href=(links::topic(hit.edition.label(), &hit.topic, Some(as_of))) { (hit.topic) } }
                            p.meta { span.edition { (hit.edition.label()) } (whose(&hit.entry)) (status_line(&hit.entry, Some(&hit.period.status), titles)) }
                            p.snippet { (snippet(&hit.snippet)) }
                            (citation(&hit.entry, titles))
                        }
                    }
                }
            }))
        }
    }
}

pub async fn ruling(
    State(state): State<Arc<AppState>>,
    Path((edition, slug)): Path<(String, String)>,
    headers: axum::http::HeaderMap,
    PageParams(mut params): PageParams,
) -> Response {
    // Only an edition's pages: anything else of two parts is no page.
    if !matches!(edition.to_lowercase().as_str(), "1e" | "2e") {
        return super::not_found_at(&format!("/{edition}/{slug}"));
    }
    params.edition = Some(edition);
    let as_of = date_of(&params, &state);
    let name = links::unslug(&slug);
    let answer = ask(&state, params.show(Some(&name))).await;
    let code = status(&answer);
    let shown = match answer {
        Ok(Answer::Show(shown)) => shown,
        Ok(_) => unreachable!("a topic is answered as shown"),
        Err(refused) => {
            return page(
                refused.status,
                layout(
                    &name,
                    Part::None,
                    html! { h1 { (name) } (refusal(&refused)) },
                ),
            )
        }
    };
    let errata = match ask(&state, params.errata(Some(&name))).await {
        Ok(Answer::Errata(errata)) => Some(errata),
        _ => None,
    };
    let titles = &titles(&state).await;
    let found: &[rulings::answer::topic::TopicAnswer] = match &shown.answer {
        ShowAnswer::Found(found) => found,
        _ => &[],
    };
    // The name as the documents print it, when they know it (an address
    // holds it with its hyphens and capitals lost).
    let title = match (&shown.answer, found.first()) {
        (_, Some(a)) => a.newest.0.entry.topic.as_str(),
        (ShowAnswer::Mentioned(mentioned), None) => mentioned.name.as_str(),
        _ => name.as_str(),
    }
    .to_string();
    // The card's errata not already shown as its ruling.
    let shown_entries: Vec<(&str, usize)> = found
        .iter()
        .map(|a| (a.newest.0.entry.release.as_str(), a.newest.0.entry.line))
        .collect();
    let card_errata: Vec<&rulings::answer::errata::CardErrata> =
        match errata.as_ref().map(|e| &e.found) {
            Some(rulings::answer::errata::Errata::Card(card)) => card
                .iter()
                .map(|(e, _)| e)
                .filter(|e| {
                    let entry = &e.newest.0.entry;
                    !shown_entries.contains(&(entry.release.as_str(), entry.line))
                })
                .collect(),
            _ => Vec::new(),
        };
    let body = html! {
        h1 { (title) }
        form.ask method="get" {
            div.row {
                label { "As of" input type="date" name="as_of" value=(as_of); }
                button type="submit" { "Show" }
            }
        }
        // No words about the tool above the ruling: how the question was
        // read follows the answer, unless there is none.
        @if found.is_empty() {
            (notes(&shown.notes, shown.as_of, shown.is_found()))
        }
        (with_lost_note(html! {
            @for answer in found {
                (topic_answer(answer, as_of, titles))
            }
            @if !card_errata.is_empty() {
                h2 { "Errata of the card" }
                @for erratum in &card_errata {
                    (entry_block(&erratum.newest.0.entry, Some(&erratum.newest.1.status), None, titles))
                    @for (earlier, _) in &erratum.history { (entry_block(&earlier.entry, None, None, titles)) }
                }
            }
            @if found.is_empty() {
                (not_found(&shown, titles))
            }
        }))
        @if let Some(answer) = found.first() {
            (share(&headers, &answer.newest.0.entry, as_of, state.today()))
            (notes(&shown.notes, shown.as_of, shown.is_found()))
        }
    };
    page(code, layout(&title, Part::None, body))
}

/// " in 1E" when the answer was asked of some editions only.
fn editions_asked(editions: &[Edition]) -> String {
    match editions {
        [one] => format!(" in {one}"),
        _ => String::new(),
    }
}

/// What a `show` that found nothing in force says instead.
fn not_found(shown: &Shown, titles: &Titles) -> Markup {
    let as_of = shown.as_of;
    let empty: &[Candidate] = &[];
    let (candidates, did_you_mean) = match &shown.answer {
        ShowAnswer::Several(candidates) => (candidates.as_slice(), empty),
        ShowAnswer::Unknown(nearest) => (empty, nearest.as_slice()),
        _ => (empty, empty),
    };
    html! {
        @match &shown.answer {
            ShowAnswer::NotYet { later } if !later.is_empty() => {
                p { "No ruling on this topic is in effect on " (as_of) "; these take effect later:" }
                @for entry in later { (entry_block(&entry.entry, None, None, titles)) }
            }
            ShowAnswer::Several(_) | ShowAnswer::Unknown(_) => {
                // The names offered may be of the other edition, or rulings
                // may use the name: absent from the documents only when none
                // is.
                @if did_you_mean.is_empty() && shown.used_in.is_empty() {
                    p { "Not in these documents." }
                } @else {
                    p { "No topic or card by this name" (editions_asked(&shown.editions)) "." }
                }
            }
            _ => {}
        }
        @if let ShowAnswer::Mentioned(mentioned) = &shown.answer {
            (named_in(mentioned, as_of, titles))
        }
        (offered("Which one?", candidates, as_of))
        (offered("Did you mean", did_you_mean, as_of))
        (offered("Used in", &shown.used_in, as_of))
    }
}

#[cfg(test)]
mod tests;
