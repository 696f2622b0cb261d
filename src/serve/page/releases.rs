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
                        h2 { (release.title) }
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
