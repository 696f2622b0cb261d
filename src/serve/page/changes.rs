//! The changes page: what changed between two releases or dates, topic by
//! topic.

use super::*;
use rulings::diff::{Change, Comparison, Side, StatusChange, WordOp};

pub async fn changes(
    State(state): State<Arc<AppState>>,
    PageParams(params): PageParams,
) -> Response {
    let from = params.from.clone().unwrap_or_default();
    let to = params.to.clone().unwrap_or_default();
    let asked = !from.trim().is_empty() && !to.trim().is_empty();
    let answer = if asked {
        Some(ask(&state, params.diff()).await)
    } else {
        None
    };
    let as_of = date_of(&params, &state);
    let titles = &titles(&state).await;
    let body = html! {
        h1 { "What changed between two dates" }
        form.ask method="get" {
            div.row {
                label { "From" input type="date" name="from" value=(from) required; }
                label { "To" input type="date" name="to" value=(to) required; }
                (edition_select(params.edition.as_deref()))
                button type="submit" { "Compare" }
            }
        }
        @match &answer {
            Some(Err(refused)) => (refusal(refused)),
            Some(Ok(Answer::Diff(comparison))) => (with_lost_note(diff(comparison, as_of, titles))),
            _ => {}
        }
    };
    let code = answer.as_ref().map_or(StatusCode::OK, status);
    page(code, layout("Changes", Part::Changes, body))
}

pub(super) fn diff(c: &Comparison, as_of: NaiveDate, titles: &Titles) -> Markup {
    let parts = &c.parts;
    let added: Vec<&Entry> = parts
        .iter()
        .flat_map(|p| p.added.iter().map(|s| &s.entry))
        .collect();
    let removed: Vec<&Entry> = parts
        .iter()
        .flat_map(|p| p.removed.iter().map(|r| &r.entry.entry))
        .collect();
    let changed: Vec<&Change> = parts.iter().flat_map(|p| &p.changed).collect();
    let status_changed: Vec<&StatusChange> = parts.iter().flat_map(|p| &p.status_changed).collect();
    let unchanged: usize = parts.iter().map(|p| p.unchanged.len()).sum();
    // Links go to the later side's date, when it is a date.
    let link_date = match &c.to {
        Side::Date(date) => *date,
        Side::Release(_) => as_of,
    };
    html! {
        p.note {
            (added.len()) " added, " (removed.len()) " removed, " (changed.len()) " changed, "
            (status_changed.len()) " with a new status, "
            (unchanged) " unchanged"
        }
        @if !changed.is_empty() {
            h2 { "Changed" }
            @for change in &changed {
                @let to = &change.to.entry;
                article.ruling {
                    h3 { a href=(topic_link(to, link_date)) { (to.topic) } }
                    p.meta { span.edition { (to.edition.label()) } }
                    (citation(to, titles))
                    p.body {
                        @for word in &change.words {
                            @match word.op {
                                WordOp::Insert => ins { (word.text) },
                                WordOp::Delete => del { (word.text) },
                                WordOp::Equal => (word.text),
                            }
                        }
                    }
                }
            }
        }
        (topics("Added", &added, link_date, titles))
        (topics("Removed", &removed, link_date, titles))
        @if !status_changed.is_empty() {
            h2 { "Status changed" }
            ul.names {
                @for change in &status_changed {
                    @let entry = &change.entry.entry;
                    li {
                        a href=(topic_link(entry, link_date)) { (entry.topic) }
                        " " span.edition { (entry.edition.label()) } " "
                        (status_line(entry, Some(&change.to.status), titles))
                    }
                }
            }
        }
    }
}

/// Topics added or removed: each a link to its ruling, with its citation.
pub(super) fn topics(
    heading: &str,
    entries: &[&Entry],
    as_of: NaiveDate,
    titles: &Titles,
) -> Markup {
    html! {
        @if !entries.is_empty() {
            h2 { (heading) }
            ul.names {
                @for entry in entries {
                    li {
                        a href=(topic_link(entry, as_of)) { (entry.topic) }
                        " " span.edition { (entry.edition.label()) }
                        (citation(entry, titles))
                    }
                }
            }
        }
    }
}
