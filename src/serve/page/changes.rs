//! The changes page: what changed between two releases or dates, topic by
//! topic.

use super::*;

pub async fn changes(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Response {
    let params = match page_params(query) {
        Ok(params) => params,
        Err(refused) => return *refused,
    };
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
        @if let Some(answer) = &answer {
            @match read(answer) {
                Err(message) => p.note.warn role="alert" { (message) },
                Ok(value) => (diff(&value, as_of, titles)),
            }
        }
    };
    let code = answer.as_ref().map_or(StatusCode::OK, status);
    page(code, layout("Changes", Part::Changes, body))
}

pub(super) fn diff(value: &Value, as_of: NaiveDate, titles: &Titles) -> Markup {
    let added = list(value, "added");
    let removed = list(value, "removed");
    let changed = list(value, "changed");
    let status_changed = list(value, "status_changed");
    let link_date = value["to"]
        .as_str()
        .and_then(|d| d.parse().ok())
        .unwrap_or(as_of);
    html! {
        p.note {
            (added.len()) " added, " (removed.len()) " removed, " (changed.len()) " changed, "
            (status_changed.len()) " with a new status, "
            (value["unchanged"].as_u64().unwrap_or_default()) " unchanged"
        }
        @if !changed.is_empty() {
            h2 { "Changed" }
            @for change in changed {
                @let to = &change["to"];
                article.ruling {
                    h3 { a href=(topic_link(to, link_date)) { (text(to, "topic")) } }
                    p.meta { span.edition { (text(to, "edition")) } }
                    (citation(to, titles))
                    p.body {
                        @for word in list(change, "words") {
                            @match text(word, "op") {
                                "insert" => ins { (text(word, "text")) },
                                "delete" => del { (text(word, "text")) },
                                _ => (text(word, "text")),
                            }
                        }
                    }
                }
            }
        }
        (topics("Added", added, link_date, titles))
        (topics("Removed", removed, link_date, titles))
        @if !status_changed.is_empty() {
            h2 { "Status changed" }
            ul.names {
                @for change in status_changed {
                    @let entry = &change["entry"];
                    li {
                        a href=(topic_link(entry, link_date)) { (text(entry, "topic")) }
                        " " span.edition { (text(entry, "edition")) } " "
                        (status_line(&change["to"]))
                    }
                }
            }
        }
    }
}

/// Topics added or removed: each a link to its ruling, with its citation.
pub(super) fn topics(
    heading: &str,
    entries: &[Value],
    as_of: NaiveDate,
    titles: &Titles,
) -> Markup {
    html! {
        @if !entries.is_empty() {
            h2 { (heading) }
            ul.names {
                @for entry in entries {
                    li {
                        a href=(topic_link(entry, as_of)) { (text(entry, "topic")) }
                        " " span.edition { (text(entry, "edition")) }
                        (citation(entry, titles))
                    }
                }
            }
        }
    }
}
