//! A ruling's page, below its title: the text in force first, then what
//! stands beside it, its references, its history, and the link that hands
//! it to a player's phone.

use super::*;

/// The ruling's short link, and the same as a QR code a player's phone
/// reads across the table: the topic's page in its edition, with the date
/// only when it is not today.
pub(super) fn share(
    headers: &axum::http::HeaderMap,
    entry: &Entry,
    as_of: NaiveDate,
    today: NaiveDate,
) -> Markup {
    let path = links::topic(
        entry.edition.label(),
        &entry.topic,
        (as_of != today).then_some(as_of),
    );
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_graphic()));
    let link = match host {
        Some(host) => format!("http://{host}{path}"),
        None => path.clone(),
    };
    let svg = qrcode::QrCode::new(link.as_bytes()).ok().map(|code| {
        code.render::<qrcode::render::svg::Color>()
            .min_dimensions(160, 160)
            .quiet_zone(true)
            .build()
    });
    // The drawing alone, without the XML declaration before it.
    let svg = svg.map(|svg| {
        svg.find("<svg")
            .map_or(svg.clone(), |at| svg[at..].to_string())
    });
    html! {
        details.share {
            summary { "Hand it to a player" }
            p { a href=(path) { (link) } }
            @if let Some(svg) = svg {
                div.qr role="img" aria-label={ "QR code of " (link) } { (PreEscaped(svg)) }
            }
        }
    }
}

/// A topic in force, with what stands beside it, its references and its
/// history.
pub(super) fn topic_answer(
    answer: &rulings::answer::topic::TopicAnswer,
    as_of: NaiveDate,
    titles: &Titles,
) -> Markup {
    let below = [
        (
            answer.standing.len(),
            "earlier ruling still standing",
            "earlier rulings still standing",
        ),
        (answer.references.len(), "reference", "references"),
        (
            answer.history.len(),
            "earlier ruling it replaced",
            "earlier rulings it replaced",
        ),
    ];
    // The answer first: the text in force (the base with its changes
    // applied, or the newest ruling), then what the tool knows around it.
    html! {
        @match &answer.amended {
            Some(text) => (amended(text, &answer.newest, titles)),
            None => (entry_block(&answer.newest.0.entry, Some(&answer.newest.1.status), None, titles)),
        }
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
        @if !answer.standing.is_empty() {
            h2 { "Also standing" }
            p.note { "Earlier rulings on this topic that the newest one amends but does not replace." }
            @for (entry, period) in &answer.standing { (entry_block(&entry.entry, Some(&period.status), None, titles)) }
        }
        @if !answer.undated.is_empty() {
            h2 { "Also in undated documents" }
            p.note { "Rulings on this topic in documents whose date could not be found: never weighed against the dated ruling above." }
            @for entry in &answer.undated { (entry_block(&entry.entry, Some(&Status::Undated), None, titles)) }
        }
        @if !answer.references.is_empty() {
            h2 { "References" }
            @for reference in &answer.references {
                @match &reference.target {
                    Some((target, period)) => (entry_block(&target.entry, Some(&period.status),
                        Some((reference.topic.as_str(), topic_link(&target.entry, as_of))), titles)),
                    None => p { strong { (reference.topic) } " — " (rulings::render::topic::home_text(reference).unwrap_or_default()) },
                }
            }
        }
        @if !answer.history.is_empty() {
            details {
                summary { "History: " (answer.history.len()) " earlier ruling" @if answer.history.len() != 1 { "s" } }
                @for (entry, period) in &answer.history { (entry_block(&entry.entry, Some(&period.status), None, titles)) }
            }
        }
    }
}

/// The rulings that name a name that is no topic: those in effect on the
/// date, each with its status, then those that name it only later.
pub(super) fn named_in(mentioned: &Mentioned, as_of: NaiveDate, titles: &Titles) -> Markup {
    let in_effect: Vec<&rulings::catalog::Stored> = mentioned
        .naming
        .iter()
        .flat_map(|(_, n)| &n.in_effect)
        .collect();
    let later: Vec<&rulings::catalog::Stored> = mentioned
        .naming
        .iter()
        .flat_map(|(_, n)| &n.later)
        .collect();
    let heading =
        |s: &rulings::catalog::Stored| Some((s.entry.topic.clone(), topic_link(&s.entry, as_of)));
    html! {
        @if !mentioned.exact {
            p.note { "No topic or name is spelled so; the closest name is " (mentioned.name) "." }
        }
        @if !in_effect.is_empty() {
            h2 { "Rulings that name " (mentioned.name) }
            @for s in &in_effect {
                @let status = s.status_on(as_of);
                (entry_block(&s.entry, status.as_ref(), heading(s).as_ref().map(|(t, l)| (t.as_str(), l.clone())), titles))
            }
        }
        @if !later.is_empty() {
            h2 { "Rulings that name " (mentioned.name) " from a later date" }
            @for s in &later {
                (entry_block(&s.entry, None, heading(s).as_ref().map(|(t, l)| (t.as_str(), l.clone())), titles))
            }
        }
    }
}

/// A base entry with the later rulings applied: the text in force first,
/// under the status of the newest ruling on it, then each instruction of
/// each ruling, applied or why not, and the newest ruling as printed.
fn amended(
    amended: &rulings::catalog::Amended,
    newest: &(rulings::catalog::Stored, rulings::index::timeline::Period),
    titles: &Titles,
) -> Markup {
    let applied = amended
        .steps
        .iter()
        .filter(|s| s.step.failure.is_none())
        .count();
    // In force on the authority of the last change applied.
    let authority = amended
        .steps
        .iter()
        .rev()
        .find(|s| s.step.failure.is_none())
        .map_or(&amended.base.entry, |s| &s.by.entry);
    let status = &newest.1.status;
    html! {
        article class={ "ruling " (status_class(status)) } {
            p.meta { span.edition { (amended.base.entry.edition.label()) } (status_line(authority, Some(status), titles)) }
            (citation(&amended.base.entry, titles))
            div.body { (markdown(&amended.text)) }
            p.note {
                "The text in force: the base entry with " (applied) " of " (amended.steps.len())
                " change" @if amended.steps.len() != 1 { "s" } " of later rulings applied."
            }
        }
        details.history {
            summary { "Changes, oldest first: " (amended.steps.len()) }
            ol.names {
                @for s in &amended.steps {
                    li {
                        (s.by.entry.date_label()) " · " (s.by.citation)
                        " (" (rulings::render::topic::target_text(&s.step.instruction.target)) "): "
                        (s.step.instruction.statement)
                        @if let Some(failure) = &s.step.failure {
                            " — " strong { "not applied" } ": " (rulings::render::notes::failure_text(Some(failure)))
                        }
                    }
                }
            }
            (entry_block(&newest.0.entry, Some(status), None, titles))
        }
    }
}
