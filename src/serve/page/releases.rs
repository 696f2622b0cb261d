//! The releases page: the documents the answers come from, with their
//! age, and where `rulings update` fetched each from.

use super::*;

pub async fn releases(State(state): State<Arc<AppState>>) -> Response {
    let answer = ask(&state, Ok(Request::Releases)).await;
    let code = status(&answer);
    let today = state.today();
    // Where `rulings update` fetched each from, and when.
    let fetched = match &answer {
        Ok(Answer::Releases(releases)) => rulings::update::fetched_all(releases),
        _ => Vec::new(),
    };
    let body = match &answer {
        Err(refused) => html! { h1 { "Releases" } (refusal(refused)) },
        Ok(Answer::Releases(releases)) => html! {
            h1 { "Releases" }
            p.note { "The documents these answers come from, edition by edition, oldest first, with their age on " (today) "." }
            ol.hits {
                @for (release, fetched) in releases.iter().zip(&fetched) {
                    li {
                        h2 { (rulings::cite::document_name(release.named())) }
                        p.meta { (release.title) }
                        p.meta {
                            span.edition { (release.edition.label()) }
                            @if release.is_undated() {
                                strong { "undated" }
                            } @else {
                                (release.date) " · " strong { (age(release.date, today)) }
                            }
                            " · " (release.entry_count) @if release.entry_count == 1 { " entry" } @else { " entries" }
                        }
                        p.meta {
                            @if let Some(publisher) = release.publisher.as_deref().filter(|p| !p.is_empty()) { (publisher) " · " }
                            code { (release.id) }
                        }
                        @if let Some((url, on)) = fetched {
                            p.meta { "fetched " (on) " from " (url) }
                        }
                    }
                }
            }
        },
        Ok(_) => unreachable!("the releases are answered as releases"),
    };
    page(code, layout("Releases", Part::Releases, body))
}

/// How current the answers are, for the home page: each edition's newest
/// document and its age, and the edition asked when none is chosen.
pub(super) async fn data_age(state: &Arc<AppState>) -> Markup {
    let Ok(Answer::Releases(releases)) = ask(state, Ok(Request::Releases)).await else {
        return html! {};
    };
    let today = state.today();
    let mut newest: Vec<&ReleaseInfo> = Vec::new();
    for release in releases.iter().filter(|r| !r.is_undated()) {
        match newest.iter_mut().find(|n| n.edition == release.edition) {
            Some(kept) if kept.position() < release.position() => *kept = release,
            Some(_) => {}
            None => newest.push(release),
        }
    }
    newest.sort_by_key(|r| r.edition);
    let default = state.default_edition();
    html! {
        p.data {
            @for (i, release) in newest.iter().enumerate() {
                @if i > 0 { " · " }
                span.edition { (release.edition.label()) } " newest: "
                a href="/releases" { (rulings::cite::document_name(release.named())) }
                ", " strong { (age(release.date, today)) }
            }
            @if newest.is_empty() { "No dated document here." }
            " · default edition: " strong { (default.as_deref().unwrap_or("both")) }
        }
    }
}

/// How old a document of `date` is on `today`, in words.
pub(super) fn age(date: NaiveDate, today: NaiveDate) -> String {
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
