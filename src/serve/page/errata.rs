//! The errata page: every card's errata in force, or one card's, with what
//! its answer says where it has none.

use super::*;
use crate::serve::params::given;

pub async fn errata(
    State(state): State<Arc<AppState>>,
    query: Result<Query<Params>, QueryRejection>,
) -> Response {
    let params = match page_params(query) {
        Ok(params) => params,
        Err(refused) => return *refused,
    };
    let as_of = date_of(&params, &state);
    // A card asked: its errata, else what the answer says of it; none:
    // every card's errata in force.
    let card = given(&params.card).map(str::to_string);
    let answer = ask(&state, params.errata(card.as_deref())).await;
    let titles = &titles(&state).await;
    let form = html! {
        form.ask method="get" {
            div.row {
                label { "Card" input type="search" name="card" value=(card.as_deref().unwrap_or_default()) placeholder="every card"; }
            }
            div.row {
                label { "As of" input type="date" name="as_of" value=(as_of); }
                (edition_select(params.edition.as_deref()))
                button type="submit" { "Show" }
            }
        }
    };
    let body = match read(&answer) {
        Err(message) => html! {
            h1 { "Errata" }
            (form)
            p.note.warn role="alert" { (message) }
        },
        Ok(value) => {
            let errata = list(&value, "errata");
            html! {
                @match &card {
                    Some(card) => h1 { "Errata of " (card) },
                    None => h1 { "Cards with errata" },
                }
                (form)
                (notes(&value))
                @if card.is_none() || !errata.is_empty() {
                    p.note { (errata.len()) " errata in force as of " (as_of) }
                }
                ol.hits {
                    @for erratum in errata {
                        @let entry = &erratum["entry"];
                        li {
                            h2 { a href=(topic_link(entry, as_of)) { (text(erratum, "card")) } }
                            p.meta { span.edition { (text(entry, "edition")) } (status_line(&erratum["status"])) }
                            (citation(entry, titles))
                            div.body { (markdown(text(entry, "text"))) }
                        }
                    }
                }
                @if card.is_some() && errata.is_empty() {
                    (no_errata(&value, as_of))
                }
                (lost_note(&value))
            }
        }
    };
    page(status(&answer), layout("Errata", Part::Errata, body))
}

/// What the errata of a card that has none in force say instead: the
/// card's rulings, with where the newest comes from, or the names near
/// the one typed.
pub(super) fn no_errata(value: &Value, as_of: NaiveDate) -> Markup {
    let name = value["name"]
        .as_str()
        .unwrap_or_else(|| text(value, "card"));
    let rulings = list(value, "rulings");
    html! {
        @if value["known"].as_bool() == Some(true) {
            p { "No errata for " (name) " as of " (as_of) "." }
        } @else if list(value, "did_you_mean").is_empty() && list(value, "used_in").is_empty() {
            p { "No card or topic by this name in these documents." }
        } @else {
            p { "No card or topic by this name" (editions_asked(value)) "." }
        }
        @if !rulings.is_empty() {
            h2 { "Rulings on " (name) }
            ul.names {
                @for ruling in rulings {
                    li {
                        a href=(topic_link(ruling, as_of)) { (text(ruling, "topic")) }
                        " " span.edition { (text(ruling, "edition")) }
                        @let count = ruling["count"].as_u64().unwrap_or(0);
                        " — " (count) @if count == 1 { " ruling" } @else { " rulings" }
                        ", the newest from " (text(ruling, "citation"))
                    }
                }
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
