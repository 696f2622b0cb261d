//! The errata page: every card's errata in force, or one card's, with what
//! its answer says where it has none.

use super::*;
use crate::serve::params::given;
use rulings::answer::errata::{CardErrata, Errata, ErrataAnswer, NoErrata};

pub async fn errata(
    State(state): State<Arc<AppState>>,
    PageParams(params): PageParams,
) -> Response {
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
    let body = match &answer {
        Err(refused) => html! {
            h1 { "Errata" }
            (form)
            (refusal(refused))
        },
        Ok(Answer::Errata(found)) => {
            let errata: Vec<&CardErrata> = match &found.found {
                Errata::All(all) => all.iter().collect(),
                Errata::Card(card) => card.iter().map(|(e, _)| e).collect(),
                Errata::None(_) => Vec::new(),
            };
            html! {
                @match &card {
                    Some(card) => h1 { "Errata of " (card) },
                    None => h1 { "Cards with errata" },
                }
                (form)
                (notes(&found.notes, found.as_of, found.is_found()))
                @if card.is_none() || !errata.is_empty() {
                    p.note { (errata.len()) " errata in force as of " (as_of) }
                }
                (with_lost_note(html! {
                    ol.hits {
                        @for erratum in &errata {
                            @let entry = &erratum.newest.0.entry;
                            li {
                                h2 { a href=(topic_link(entry, as_of)) { (entry.topic) } }
                                p.meta { span.edition { (entry.edition.label()) } (status_line(entry, Some(erratum.status()), titles)) }
                                (citation(entry, titles))
                                div.body { (markdown(&entry.text)) }
                                @if !erratum.history.is_empty() {
                                    details {
                                        summary { "Earlier errata: " (erratum.history.len()) }
                                        @for (earlier, _) in &erratum.history {
                                            (entry_block(&earlier.entry, None, None, titles))
                                        }
                                    }
                                }
                            }
                        }
                    }
                    @if let Errata::None(why) = &found.found {
                        (no_errata(found, why, titles))
                    }
                }))
            }
        }
        Ok(_) => unreachable!("errata are answered as errata"),
    };
    page(status(&answer), layout("Errata", Part::Errata, body))
}

/// What the errata of a card that has none in force say instead: the
/// card's rulings, with where the newest comes from, or the names near
/// the one typed.
pub(super) fn no_errata(answer: &ErrataAnswer, why: &NoErrata, titles: &Titles) -> Markup {
    let as_of = answer.as_of;
    let empty: &[Candidate] = &[];
    let (name, rulings) = match why {
        NoErrata::Known { name, ruled } => (name.as_str(), ruled.as_slice()),
        _ => (answer.card.as_deref().unwrap_or_default(), &[][..]),
    };
    // A name the other edition knows comes first among the names offered.
    let (candidates, did_you_mean, used_in) = match why {
        NoErrata::Several(candidates) => (candidates.as_slice(), Vec::new(), empty),
        NoErrata::Unknown {
            nearest,
            used,
            elsewhere,
        } => (
            empty,
            elsewhere.iter().chain(nearest).cloned().collect(),
            used.as_slice(),
        ),
        _ => (empty, Vec::new(), empty),
    };
    html! {
        @if matches!(why, NoErrata::Known { .. } | NoErrata::Mentioned(_)) {
            p { "No errata for " (name) " as of " (as_of) "." }
        } @else if did_you_mean.is_empty() && used_in.is_empty() {
            p { "No card or topic by this name in these documents." }
        } @else {
            p { "No card or topic by this name" (editions_asked(&answer.editions)) "." }
        }
        @if !rulings.is_empty() {
            h2 { "Rulings on " (name) }
            ul.names {
                @for ruling in rulings {
                    li {
                        a href=(links::topic(ruling.edition.label(), &ruling.topic, Some(as_of))) { (ruling.topic) }
                        " " span.edition { (ruling.edition.label()) }
                        " — " (ruling.count) @if ruling.count == 1 { " ruling" } @else { " rulings" }
                        ", the newest from " (ruling.citation)
                    }
                }
            }
        }
        @if let NoErrata::Mentioned(mentioned) = why {
            (named_in(mentioned, as_of, titles))
        }
        (offered("Which one?", candidates, as_of))
        (offered("Did you mean", &did_you_mean, as_of))
        (offered("Used in", used_in, as_of))
    }
}
