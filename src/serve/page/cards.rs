//! The card page and the deck page: a card as the card database prints it
//! with its errata and rulings; a decklist pasted (or read from a file by
//! the page's script) into a ruling sheet to print, about ten cards a
//! page.

use axum::Form;

use super::*;
use crate::serve::params::given;
use rulings::answer::card::{CardAnswer, CardFound, CardSheet};
use rulings::answer::deck::{Counts, DeckAnswer, DeckCard, DeckFound, FormatCheck};
use rulings::cards::{text_with_icon_words, Card};
use rulings::diff::WordOp;
use rulings::render::card::{
    card_line, near_not_looked_for, standing_text, unfinished_head, unfinished_why, CARDS_A_PAGE,
    UNFINISHED_SHOWN,
};

/// Text of the card database or of a list, set apart from the page's own
/// direction: a right-to-left override in a card's name turns that name
/// around, never the words after it.
fn iso(text: &str) -> Markup {
    html! { bdi { (text) } }
}

/// A card's printed text, icons as words.
fn printed(card: &Card) -> Markup {
    html! {
        div.printed {
            p.meta { (iso(&card_line(card))) }
            @if !card.icons.is_empty() {
                p.meta { "Icons: " (iso(&card.icon_words().join(", "))) }
            }
            @if !card.text.is_empty() { p { (iso(&text_with_icon_words(&card.text))) } }
            @if !card.lore.is_empty() { p.lore { (iso(&card.lore)) } }
        }
    }
}

/// How much of a card a page shows: all of it (the card page), or what a
/// printed deck sheet needs (no printed text or lore, each ruling that only
/// names the card as one line).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Detail {
    Whole,
    Sheet,
}

fn sheet_block(sheet: &CardSheet, as_of: NaiveDate, titles: &Titles, detail: Detail) -> Markup {
    html! {
        @if detail == Detail::Whole {
            p.meta { "Printed text, from the card database (" (iso(&sheet.card.file)) " line " (sheet.card.line) "):" }
            (printed(&sheet.card))
        } @else {
            p.meta { (iso(&card_line(&sheet.card))) }
        }
        @for l in &sheet.legality {
            p.note.warn { strong { (standing_text(l.standing)) } ": " (l.said) " — " (l.source) }
        }
        @for e in &sheet.errata {
            @let entry = &e.errata.newest.0.entry;
            section.erratum {
                h3 { "Errata in force" }
                (citation(entry, titles))
                @match &e.filled {
                    Some((text, filled)) => {
                        div.body { (markdown(&text_with_icon_words(text))) }
                        p.meta { (filled) " lost icon(s) filled in from the printed text, where the words around line up" }
                    }
                    None => div.body { (markdown(&entry.text)) },
                }
                @if detail == Detail::Whole && !e.changes.is_empty() {
                    p.meta { "What it changes in the printed text:" }
                    p.diff {
                        @for word in &e.changes {
                            @match word.op {
                                WordOp::Insert => ins { (text_with_icon_words(&word.text)) },
                                WordOp::Delete => del { (text_with_icon_words(&word.text)) },
                                WordOp::Equal => (text_with_icon_words(&word.text)),
                            }
                        }
                    }
                }
            }
        }
        @if let Some(Shown { answer: ShowAnswer::Found(found), .. }) = &sheet.topic {
            @for a in found {
                @let (stored, period) = &a.newest;
                @if !sheet.errata.iter().any(|e| e.errata.newest.0.entry.id() == stored.entry.id()) {
                    (entry_block(&stored.entry, Some(&period.status), Some(("Ruling", topic_link(&stored.entry, as_of))), titles))
                }
            }
        }
        @if !sheet.naming.is_empty() && detail == Detail::Whole {
            h3 { "Named in" }
            @for (stored, status) in &sheet.naming {
                (entry_block(&stored.entry, Some(status), Some((stored.entry.topic.as_str(), topic_link(&stored.entry, as_of))), titles))
            }
        }
        @if !sheet.naming.is_empty() && detail == Detail::Sheet {
            p.meta { "Named in: "
                @for (i, (stored, status)) in sheet.naming.iter().enumerate() {
                    @if i > 0 { "; " }
                    a href=(topic_link(&stored.entry, as_of)) { (stored.entry.topic) }
                    " (" (status.label()) ", " (stored.citation) ")"
                }
            }
        }
        @if sheet.is_quiet() {
            p.note { "A card, with no errata and no ruling as of " (as_of) "." }
        }
        @if !sheet.versions.is_empty() && detail == Detail::Whole {
            p.meta { "Other versions: "
                @for (i, v) in sheet.versions.iter().enumerate() {
                    @if i > 0 { " · " }
                    a href=(card_link(&v.name, as_of)) { (iso(&v.name)) }
                }
            }
        }
    }
}

fn card_link(name: &str, as_of: NaiveDate) -> String {
    format!("/card?name={}&as_of={as_of}", links::encode(name))
}

fn no_database(database: Option<usize>) -> Markup {
    html! {
        @if database.is_none() {
            p.note { "No card database: " (rulings::cards::how_to_add()) "." }
        }
    }
}

pub async fn card(State(state): State<Arc<AppState>>, PageParams(params): PageParams) -> Response {
    let as_of = date_of(&params, &state);
    let name = given(&params.card).map(str::to_string);
    let form = html! {
        form.ask method="get" {
            div.row {
                label { "Card" input type="search" name="card" value=(name.as_deref().unwrap_or_default()) placeholder="e.g. Going to the Top" required; }
            }
            div.row {
                label { "As of" input type="date" name="as_of" value=(as_of); }
                (edition_select(params.edition.as_deref()))
                button type="submit" { "Show" }
            }
        }
    };
    let Some(name) = name else {
        let body = html! { h1 { "Card" } (form) };
        return page(StatusCode::OK, layout("Card", Part::Cards, body));
    };
    let answer = ask(&state, params.card(&name)).await;
    let titles = &titles(&state).await;
    let body = match &answer {
        Err(refused) => html! { h1 { "Card" } (form) (refusal(refused)) },
        Ok(Answer::Card(found)) => card_body(found, &form, titles),
        Ok(_) => unreachable!("a card is answered as a card"),
    };
    page(status(&answer), layout("Card", Part::Cards, body))
}

fn card_body(found: &CardAnswer, form: &Markup, titles: &Titles) -> Markup {
    let as_of = found.as_of;
    html! {
        @match &found.found {
            CardFound::Card(sheet) => h1 { (iso(&sheet.card.name)) },
            _ => h1 { (iso(&found.typed)) },
        }
        (form)
        (notes(&found.notes, as_of, found.is_found()))
        (with_lost_note(html! {
            @match &found.found {
                CardFound::Card(sheet) => (sheet_block(sheet, as_of, titles, Detail::Whole)),
                CardFound::RulingsOnly(shown) => {
                    p.note { "No card of the card database by that name; what the rulings say of it:" }
                    @if let ShowAnswer::Found(answers) = &shown.answer {
                        @for a in answers {
                            (entry_block(&a.newest.0.entry, Some(&a.newest.1.status), Some((a.newest.0.entry.topic.as_str(), topic_link(&a.newest.0.entry, as_of))), titles))
                        }
                    } @else {
                        p { a href=(format!("/?q={}", links::encode(&found.typed))) { "Search the rulings for it" } }
                    }
                }
                CardFound::Several(cards) => {
                    p.note { "Several cards fit; which one?" }
                    ul { @for c in cards { li { a href=(card_link(&c.name, as_of)) { (iso(&c.name)) } } } }
                }
                CardFound::Unknown { cards, topics } => {
                    p.note.warn { "No card and no topic by that name." }
                    @if !cards.is_empty() {
                        p { "Did you mean the card: "
                            @for (i, c) in cards.iter().enumerate() {
                                @if i > 0 { ", " }
                                a href=(card_link(&c.name, as_of)) { (iso(&c.name)) }
                            }
                        }
                    }
                    @if !topics.is_empty() {
                        p { "Did you mean the topic: " (iso(&Candidate::list(topics).join(", "))) }
                    }
                }
            }
        }))
        (no_database(found.database))
    }
}

/// The deck form's fields.
#[derive(serde::Deserialize, Default)]
pub struct DeckForm {
    list: Option<String>,
    as_of: Option<String>,
    edition: Option<String>,
    format: Option<String>,
}

fn deck_form(form: &DeckForm, as_of: NaiveDate) -> Markup {
    html! {
        form.ask.deck method="post" action="/deck" {
            div.row {
                label { "Decklist (LackeyCCG .txt or .dek, or one card a line: 3x Name)"
                    textarea name="list" rows="10" required { (form.list.as_deref().unwrap_or_default()) }
                }
            }
            // Shown by the page's script, which reads the file into the box.
            div.row.file hidden {
                label { "Or a file" input type="file" accept=".txt,.dek,text/plain,text/xml" data-fills="list"; }
            }
            div.row {
                label { "Event date" input type="date" name="as_of" value=(as_of); }
                (edition_select(form.edition.as_deref()))
                label { "Format (its ban list)"
                    input type="text" name="format" placeholder="Modern, OTF…" value=(form.format.as_deref().unwrap_or_default());
                }
                button type="submit" { "Make the sheet" }
            }
        }
    }
}

pub async fn deck_form_page(State(state): State<Arc<AppState>>) -> Response {
    let body = html! {
        h1 { "Deck sheet" }
        p { "Paste a decklist: every card's errata in force, its rulings and any ban as of the event's date, ready to print." }
        (deck_form(&DeckForm::default(), state.today()))
    };
    page(StatusCode::OK, layout("Deck sheet", Part::Decks, body))
}

pub async fn deck(State(state): State<Arc<AppState>>, Form(form): Form<DeckForm>) -> Response {
    let params = Params {
        as_of: form.as_of.clone().filter(|d| !d.trim().is_empty()),
        edition: form.edition.clone().filter(|e| !e.trim().is_empty()),
        format: form.format.clone().filter(|f| !f.trim().is_empty()),
        ..Params::default()
    };
    let as_of = date_of(&params, &state);
    let answer = ask(&state, params.deck(form.list.clone().unwrap_or_default())).await;
    let titles = &titles(&state).await;
    let body = match &answer {
        Err(refused) => html! { h1 { "Deck sheet" } (deck_form(&form, as_of)) (refusal(refused)) },
        Ok(Answer::Deck(sheet)) => html! {
            (deck_body(sheet, titles))
            details.again { summary { "The list" } (deck_form(&form, as_of)) }
        },
        Ok(_) => unreachable!("a deck is answered as a deck"),
    };
    page(status(&answer), layout("Deck sheet", Part::Decks, body))
}

fn deck_card(card: &DeckCard, as_of: NaiveDate, titles: &Titles) -> Markup {
    html! {
        h2 { (card.count) " × " (iso(&card.name()))
            @if !card.exact() {
                span.meta { " (written " (iso(&card.listed.iter().map(|l| l.name.as_str()).collect::<Vec<_>>().join(", "))) ")" }
            }
        }
        @match &card.found {
            DeckFound::Card(sheet) => (sheet_block(sheet, as_of, titles, Detail::Sheet)),
            DeckFound::Ruled(shown) => {
                p.meta { "Not in the card database; as the rulings hold it:" }
                @if let ShowAnswer::Found(answers) = &shown.answer {
                    @for a in answers {
                        (entry_block(&a.newest.0.entry, Some(&a.newest.1.status), None, titles))
                    }
                }
            }
        }
    }
}

/// A deck's copies by section and by type.
fn counts_block(counts: &Counts) -> Markup {
    let line = |counted: &[(String, u32)]| {
        counted
            .iter()
            .map(|(name, n)| format!("{name} {n}"))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    html! {
        dl.counts {
            @if counts.sections.len() > 1 {
                dt { "By section" } dd { (iso(&line(&counts.sections))) }
            }
            @if !counts.types.is_empty() {
                dt { "By type" } dd { (iso(&line(&counts.types))) }
            }
        }
    }
}

/// The deck against the format's ban list, as the text sheet says it.
fn format_block(check: &FormatCheck, as_of: NaiveDate) -> Markup {
    html! {
        @if check.lists.is_empty() {
            p.note.warn {
                strong { "No ban list in force on " (as_of) " names the format " (iso(&check.asked)) }
                ": no ban was checked."
                @if !check.known.is_empty() {
                    " Formats with a list in force: " (iso(&check.known.join(", "))) "."
                }
            }
        } @else {
            section.format {
                h2 { "Format " (iso(&check.lists[0].format)) }
                p.meta { "Checked against "
                    (iso(&check.lists.iter().map(|l| l.citation.as_str()).collect::<Vec<_>>().join("; "))) }
                @if check.banned.is_empty() {
                    p { "No card of the deck is banned in this format on " (as_of) "." }
                }
                ul {
                    @for b in &check.banned {
                        li.warn { strong { "BANNED" } ": " (b.count) " × " (iso(&b.name))
                            " (line " (b.lines.iter().map(|l| l.to_string()).collect::<Vec<_>>().join(", ")) ") — " (iso(&b.citation)) }
                    }
                }
            }
        }
    }
}

fn deck_body(sheet: &DeckAnswer, titles: &Titles) -> Markup {
    let as_of = sheet.as_of;
    html! {
        h1 { "Ruling sheet as of " (as_of) }
        p.meta { (sheet.total) " cards · " (sheet.cards.len()) " with errata, rulings or a ban"
            @if let Some(n) = sheet.database { " · card database: " (n) " cards" } }
        (notes(&sheet.notes, as_of, sheet.is_found()))
        (counts_block(&sheet.counts))
        @if let Some(check) = &sheet.format {
            (format_block(check, as_of))
        }
        (with_lost_note(html! {
            ol.sheet {
                @for (i, card) in sheet.cards.iter().enumerate() {
                    @if i > 0 && i % CARDS_A_PAGE == 0 {
                        li.page-break role="presentation" {}
                    }
                    li.card { (deck_card(card, as_of, titles)) }
                }
            }
        }))
        @if !sheet.quiet.is_empty() {
            h2 { "No errata, ruling or ban (" (sheet.quiet.len()) ")" }
            p.quiet {
                @for (i, c) in sheet.quiet.iter().enumerate() {
                    @if i > 0 { " · " }
                    (c.count) " × " (iso(&c.name()))
                }
            }
        }
        @if !sheet.unknown.is_empty() {
            h2.warn { "Not found (" (sheet.unknown.len()) "): check the spelling" }
            ul.unknown {
                @for n in &sheet.unknown {
                    li { (n.listed.count) " × " (iso(&n.listed.name)) " (line " (n.listed.line) ")"
                        @let near: Vec<String> = n.cards.iter().map(|c| c.name.clone()).chain(n.topics.iter().take(4).map(Candidate::text)).collect();
                        @if !near.is_empty() {
                            " — did you mean: "
                            @for (i, name) in near.iter().enumerate() {
                                @if i > 0 { ", " }
                                (iso(name))
                            }
                        }
                    }
                }
            }
            @if sheet.near_not_looked_for > 0 {
                p.meta { (near_not_looked_for(sheet.near_not_looked_for)) }
            }
        }
        @if !sheet.unread.is_empty() {
            h2.warn { "Lines not read as a card" }
            ul { @for (line, text) in &sheet.unread { li { "line " (line) ": " (iso(text)) } } }
        }
        @if let Some(unfinished) = &sheet.unfinished {
            h2.warn { (unfinished_head(unfinished)) }
            p.note.warn { (unfinished_why(unfinished.why)) }
            ul {
                @for listed in unfinished.names.iter().take(UNFINISHED_SHOWN) {
                    li { (listed.count) " × " (iso(&listed.name)) " (line " (listed.line) ")" }
                }
                @if unfinished.names.len() > UNFINISHED_SHOWN {
                    li { "… and " (unfinished.names.len() - UNFINISHED_SHOWN) " more" }
                }
            }
        }
        (no_database(sheet.database))
    }
}
