//! The pages for phones, rendered on the server from the same `--json`
//! objects the API sends: search, a ruling (in force, what still stands,
//! references followed, history, the card's errata), every card's errata,
//! the changes between two dates, the releases with their age.
//!
//! Every text from a document goes through maud, which escapes it; the
//! only markup not escaped by maud is the HTML of an entry's Markdown body,
//! in which raw HTML is turned into text and links and images are dropped.
//! Everything works without JavaScript: the forms are ordinary forms.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use serde_json::Value;

use super::api::{ask, params, status};
use super::params::Params;
use super::AppState;
use crate::answer::links;
use crate::answer::request::Request;
use crate::commands::JsonAnswer;
use crate::markdown::{LOST, LOST_NOTE};
use crate::model::DatePrecision;
use crate::render::describe_status;
use crate::status::Status;

mod errata;
pub use errata::*;

mod changes;
pub use changes::*;

/// The parts of the site, for the navigation.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Search,
    Errata,
    Changes,
    Releases,
    None,
}

fn layout(title: &str, part: Part, body: Markup) -> Markup {
    let nav = [
        (Part::Search, "/", "Search"),
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

/// The title of each release, by id, for citations.
/// Each release's title and date as printed, by id.
type Titles = std::collections::HashMap<String, (String, String)>;

async fn titles(state: &Arc<AppState>) -> Titles {
    let answer = ask(state, Ok(Request::Releases)).await;
    let value = read(&answer).unwrap_or(Value::Null);
    list(&value, "releases")
        .iter()
        .map(|r| {
            let precision: DatePrecision =
                serde_json::from_value(r["date_precision"].clone()).unwrap_or_default();
            let date = r["date"]
                .as_str()
                .and_then(|d| d.parse::<NaiveDate>().ok())
                .map_or_else(|| "undated".to_string(), |d| precision.label(d));
            (
                text(r, "id").to_string(),
                (text(r, "title").to_string(), date),
            )
        })
        .collect()
}

/// An answer's object, or its error's message.
fn read(answer: &JsonAnswer) -> Result<Value, String> {
    let value: Value = serde_json::from_slice(&answer.body).unwrap_or(Value::Null);
    match answer.ended {
        Ok(_) => Ok(value),
        Err(_) => Err(value["error"]["message"]
            .as_str()
            .unwrap_or("the question cannot be answered")
            .to_string()),
    }
}

fn text<'a>(value: &'a Value, key: &str) -> &'a str {
    value[key].as_str().unwrap_or_default()
}

fn list<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value[key].as_array().map_or(&[], Vec::as_slice)
}

/// The date the pages of a request are on: the one asked (when it is a
/// date), else the server's.
fn date_of(params: &Params, state: &AppState) -> NaiveDate {
    params
        .as_of
        .as_deref()
        .and_then(|d| crate::dates::parse_date(d).ok())
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

/// A snippet with its matched words (between `**`) marked.
fn snippet(marked: &str) -> Markup {
    html! {
        @for (i, part) in marked.split("**").enumerate() {
            @if i % 2 == 1 { mark { (part) } } @else { (part) }
        }
    }
}

/// The status of an entry: a badge and what it means.
fn status_line(status: &Value) -> Markup {
    match serde_json::from_value::<Status>(status.clone()) {
        Ok(status) => {
            let state = status_class(&status);
            let said = describe_status(&status, None);
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
        Err(_) => html! {},
    }
}

fn status_class(status: &Status) -> &'static str {
    match status {
        Status::InForce => "in-force",
        Status::Superseded { .. } => "superseded",
        Status::Rescinded { .. } => "rescinded",
        Status::Consolidated { .. } => "consolidated",
        Status::Undated => "undated",
    }
}

fn state_of(status: &Value) -> &str {
    status["state"].as_str().unwrap_or("none")
}

/// Where an entry comes from: release, date, section, file and line.
fn citation(entry: &Value, titles: &Titles) -> Markup {
    let release = text(entry, "release");
    let printed = entry["release_date"].as_str().unwrap_or("undated");
    let (title, date) = titles
        .get(release)
        .map_or((release, printed), |(t, d)| (t.as_str(), d.as_str()));
    html! {
        cite {
            (title) " (" (date) ")"
            @if let Some(section) = entry["section"].as_str() { " · " (section) }
            @if entry["dated"].as_bool() == Some(true) { " · dated " (text(entry, "date")) }
            " · " (text(entry, "file")) ":" (entry["line"].as_u64().unwrap_or_default())
        }
    }
}

/// The link to an entry's topic on a date.
fn topic_link(entry: &Value, as_of: NaiveDate) -> String {
    links::topic(text(entry, "edition"), text(entry, "topic"), Some(as_of))
}

/// One ruling: its status, its body, where it comes from.
fn entry_block(
    entry: &Value,
    status: &Value,
    heading: Option<(&str, String)>,
    titles: &Titles,
) -> Markup {
    html! {
        article class={ "ruling " (state_of(status)) } {
            @if let Some((name, href)) = heading {
                h3 { a href=(href) { (name) } }
            }
            p.meta { span.edition { (text(entry, "edition")) } (status_line(status)) }
            (citation(entry, titles))
            div.body { (markdown(text(entry, "text"))) }
        }
    }
}

/// The note that explains `[?]`, when an answer shows one.
fn lost_note(answer: &Value) -> Markup {
    let shown = answer.to_string().contains(LOST);
    html! { @if shown { p.note { (LOST_NOTE) } } }
}

fn notes(answer: &Value) -> Markup {
    html! {
        @for note in list(answer, "notes") {
            p.note { (text(note, "message")) }
        }
    }
}

/// Names offered instead of the one asked, each a link to its page.
fn offered(heading: &str, names: &[Value], as_of: NaiveDate) -> Markup {
    html! {
        @if !names.is_empty() {
            h2 { (heading) }
            ul.names {
                @for name in names {
                    li {
                        a href=(links::topic(text(name, "edition"), text(name, "name"), Some(as_of))) {
                            (text(name, "name"))
                        }
                        " " span.edition { (text(name, "edition")) }
                    }
                }
            }
        }
    }
}

fn edition_select(chosen: Option<&str>) -> Markup {
    let chosen = chosen.map(str::to_lowercase);
    html! {
        label {
            "Edition"
            select name="edition" {
                @for (value, label) in [("", "Both"), ("1e", "1E"), ("2e", "2E")] {
                    @if chosen.as_deref().unwrap_or("") == value {
                        option value=(value) selected { (label) }
                    } @else {
                        option value=(value) { (label) }
                    }
                }
            }
        }
    }
}

/// A page's parameters, or the page that says they cannot be read.
fn page_params(query: Result<Query<Params>, QueryRejection>) -> Result<Params, Box<Response>> {
    params(query).map_err(|refused| Box::new(page(status(&refused), html! {})))
}

pub async fn search(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Response {
    let params = match page_params(query) {
        Ok(params) => params,
        Err(refused) => return *refused,
    };
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
    let options = [&params.as_of, &params.edition, &params.all]
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
                summary { "Date, edition, older rulings" }
                div.row {
                    label { "As of" input type="date" name="as_of" value=(params.as_of.as_deref().unwrap_or_default()); }
                    (edition_select(params.edition.as_deref()))
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
        section #results aria-live="polite" aria-label="Hits" {
            @if let Some(answer) = &answer {
                (hits(answer, as_of, &titles))
            }
        }
    };
    page(code, layout(title, Part::Search, body))
}

fn hits(answer: &JsonAnswer, as_of: NaiveDate, titles: &Titles) -> Markup {
    let value = match read(answer) {
        Ok(value) => value,
        Err(message) => return html! { p.note.warn role="alert" { (message) } },
    };
    let hits = list(&value, "hits");
    html! {
        (notes(&value))
        @if hits.is_empty() {
            p { "No ruling found." }
        } @else {
            p.note { (hits.len()) " ruling" @if hits.len() != 1 { "s" } " as of " (as_of) }
            ol.hits {
                @for hit in hits {
                    @let entry = &hit["entry"];
                    li {
                        h2 { a href=(topic_link(entry, as_of)) { (text(entry, "topic")) } }
                        p.meta { span.edition { (text(entry, "edition")) } (status_line(&hit["status"])) }
                        p.snippet { (snippet(text(hit, "snippet"))) }
                        (citation(entry, titles))
                    }
                }
            }
            (lost_note(&value))
        }
    }
}

pub async fn ruling(
    State(state): State<Arc<AppState>>,
    Path((edition, slug)): Path<(String, String)>,
    query: Result<Query<Params>, QueryRejection>,
) -> Response {
    let mut params = match page_params(query) {
        Ok(params) => params,
        Err(refused) => return *refused,
    };
    // Only an edition's pages: anything else of two parts is no page.
    if !matches!(edition.to_lowercase().as_str(), "1e" | "2e") {
        return super::not_found_at(&format!("/{edition}/{slug}"));
    }
    params.edition = Some(edition);
    let as_of = date_of(&params, &state);
    let name = links::unslug(&slug);
    let shown = ask(&state, params.show(Some(&name))).await;
    let value = match read(&shown) {
        Ok(value) => value,
        Err(message) => {
            return page(
                status(&shown),
                layout(
                    &name,
                    Part::None,
                    html! { h1 { (name) } p.note.warn role="alert" { (message) } },
                ),
            )
        }
    };
    let errata = read(&ask(&state, params.errata(Some(&name))).await).unwrap_or(Value::Null);
    let titles = &titles(&state).await;
    let answers = list(&value, "answers");
    let title = answers
        .first()
        .map_or(name.as_str(), |a| text(a, "topic"))
        .to_string();
    let body = html! {
        h1 { (title) }
        form.ask method="get" {
            div.row {
                label { "As of" input type="date" name="as_of" value=(as_of); }
                button type="submit" { "Show" }
            }
        }
        (notes(&value))
        @for answer in answers {
            @let below = [
                (list(answer, "standing").len(), "earlier ruling still standing", "earlier rulings still standing"),
                (list(answer, "see").len(), "reference", "references"),
                (list(answer, "history").len(), "earlier ruling it replaced", "earlier rulings it replaced"),
            ];
            @if below.iter().any(|(n, _, _)| *n > 0) {
                p.note {
                    "Below: "
                    @for (i, (n, one, more)) in below.iter().filter(|(n, _, _)| *n > 0).enumerate() {
                        @if i > 0 { "; " }
                        (n) " " @if *n == 1 { (one) } @else { (more) }
                    }
                    "."
                }
            }
            (entry_block(&answer["entry"], &answer["status"], None, titles))
            @let standing = list(answer, "standing");
            @if !standing.is_empty() {
                h2 { "Also standing" }
                p.note { "Earlier rulings on this topic that the newest one amends but does not replace." }
                @for entry in standing { (entry_block(entry, &entry["status"], None, titles)) }
            }
            @let undated = list(answer, "undated");
            @if !undated.is_empty() {
                h2 { "Also in undated documents" }
                p.note { "Rulings on this topic in documents whose date could not be found: never weighed against the dated ruling above." }
                @for entry in undated { (entry_block(entry, &entry["status"], None, titles)) }
            }
            @let see = list(answer, "see");
            @if !see.is_empty() {
                h2 { "References" }
                @for reference in see {
                    @if reference["entry"].is_object() {
                        (entry_block(&reference["entry"], &reference["status"],
                            Some((text(reference, "topic"), topic_link(&reference["entry"], as_of))), titles))
                    } @else {
                        p { strong { (text(reference, "topic")) } " — " (text(reference, "where")) }
                    }
                }
            }
            @let history = list(answer, "history");
            @if !history.is_empty() {
                details {
                    summary { "History: " (history.len()) " earlier ruling" @if history.len() != 1 { "s" } }
                    @for entry in history { (entry_block(entry, &entry["status"], None, titles)) }
                }
            }
        }
        // The card's errata not already shown as its ruling.
        @let shown: Vec<(&Value, &Value)> = answers.iter().map(|a| (&a["entry"]["release"], &a["entry"]["line"])).collect();
        @let errata: Vec<&Value> = list(&errata, "errata").iter()
            .filter(|e| !shown.contains(&(&e["entry"]["release"], &e["entry"]["line"])))
            .collect();
        @if !errata.is_empty() {
            h2 { "Errata of the card" }
            @for erratum in errata {
                (entry_block(&erratum["entry"], &erratum["status"], None, titles))
                @for entry in list(erratum, "history") { (entry_block(entry, &entry["status"], None, titles)) }
            }
        }
        @if answers.is_empty() {
            (not_found(&value, as_of, titles))
        }
        (lost_note(&value))
    };
    page(status(&shown), layout(&title, Part::None, body))
}

/// " in 1E" when the answer was asked of some editions only.
fn editions_asked(value: &Value) -> String {
    let asked: Vec<&str> = list(value, "editions")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    match asked.as_slice() {
        [one] => format!(" in {one}"),
        _ => String::new(),
    }
}

/// What a `show` that found nothing in force says instead.
fn not_found(value: &Value, as_of: NaiveDate, titles: &Titles) -> Markup {
    let later = list(value, "ruled_later");
    html! {
        @if value["known"].as_bool() == Some(true) && !later.is_empty() {
            p { "No ruling on this topic is in effect on " (as_of) "; these take effect later:" }
            @for entry in later { (entry_block(entry, &Value::Null, None, titles)) }
        } @else if value["known"].as_bool() != Some(true) {
            // The names offered may be of the other edition, or rulings may
            // use the name: absent from the documents only when none is.
            @if list(value, "did_you_mean").is_empty() && list(value, "used_in").is_empty() {
                p { "Not in these documents." }
            } @else {
                p { "No topic or card by this name" (editions_asked(value)) "." }
            }
        }
        @if let Some(mentioned) = value["mentioned"].as_object() {
            p.note { "Rulings mention " (mentioned.get("name").and_then(Value::as_str).unwrap_or_default()) "." }
        }
        (offered("Which one?", list(value, "candidates"), as_of))
        (offered("Did you mean", list(value, "did_you_mean"), as_of))
        (offered("Used in", list(value, "used_in"), as_of))
    }
}

pub async fn releases(State(state): State<Arc<AppState>>) -> Response {
    let answer = ask(&state, Ok(Request::Releases)).await;
    let today = state.today();
    let body = match read(&answer) {
        Err(message) => html! { h1 { "Releases" } p.note.warn role="alert" { (message) } },
        Ok(value) => html! {
            h1 { "Releases" }
            p.note { "The documents these answers come from, edition by edition, oldest first, with their age on " (today) "." }
            ol.hits {
                @for release in list(&value, "releases") {
                    li {
                        h2 { (text(release, "title")) }
                        p.meta {
                            span.edition { (text(release, "edition")) }
                            @if release["date"].is_null() {
                                strong { "undated" }
                            } @else {
                                (text(release, "date")) " · " strong { (age(text(release, "date"), today)) }
                            }
                            @let entries = release["entries"].as_u64().unwrap_or_default();
                            " · " (entries) @if entries == 1 { " entry" } @else { " entries" }
                        }
                        p.meta {
                            @if !text(release, "publisher").is_empty() { (text(release, "publisher")) " · " }
                            code { (text(release, "id")) }
                        }
                    }
                }
            }
        },
    };
    page(status(&answer), layout("Releases", Part::Releases, body))
}

/// How old a document of `date` is on `today`, in words.
fn age(date: &str, today: NaiveDate) -> String {
    let Ok(date) = date.parse::<NaiveDate>() else {
        return String::new();
    };
    let days = (today - date).num_days();
    let plural = |n: i64, unit: &str| format!("{n} {unit}{} old", if n == 1 { "" } else { "s" });
    match days {
        i64::MIN..=-1 => "not yet in effect".to_string(),
        0 => "0 days old".to_string(),
        1..=60 => plural(days, "day"),
        61..=730 => plural(days / 30, "month"),
        _ => plural(days / 365, "year"),
    }
}

#[cfg(test)]
mod tests;
