//! A card and a deck's sheet in words: the card as printed with its icons
//! as words, each erratum in force beside the text it changes, the rulings
//! on it and naming it, its standing; a deck as a sheet to print, about ten
//! cards a page.

use chrono::NaiveDate;

use super::topic::shown_text;
use super::{notes, status_badge, wrap, Lines, Style};
use crate::answer::card::{CardAnswer, CardFound, CardSheet, Legality, Standing};
use crate::answer::deck::{
    Budget, Counts, DeckAnswer, DeckCard, DeckFound, FormatCheck, Unfinished, MOST_NAMES,
    MOST_NEAR, MOST_TIME,
};
use crate::answer::show::Shown;
use crate::answer::topic::ShowAnswer;
use crate::answer::{Candidate, Note};
use crate::cards::{text_with_icon_words, Card};
use crate::catalog::Stored;
use crate::diff::WordChange;
use crate::markdown::plain_text;
use crate::safe::sanitize;
use crate::status::Status;

/// The words for a card's standing.
pub fn standing_text(standing: Standing) -> &'static str {
    match standing {
        Standing::Banned => "BANNED",
        Standing::Restricted => "RESTRICTED",
        Standing::Lifted => "ban or restriction lifted",
        Standing::OutOfDatabaseFormats => "kept out of every format by the card database",
    }
}

/// The line that names a card: name, edition, type, affiliation, set.
pub fn card_line(card: &Card) -> String {
    let mut parts: Vec<String> = vec![card.edition.label().to_string()];
    for part in [&card.kind, &card.affiliation] {
        if !part.is_empty() {
            parts.push(sanitize(part));
        }
    }
    let set = [card.set.as_str(), card.number.as_str()]
        .iter()
        .filter(|p| !p.is_empty())
        .map(|p| sanitize(p))
        .collect::<Vec<_>>()
        .join(" ");
    if !set.is_empty() {
        parts.push(format!("set {set}"));
    }
    parts.join(" · ")
}

/// A card as printed, for people.
pub fn printed_text(style: &Style, card: &Card, indent: &str) -> Vec<String> {
    let w = style.width;
    let mut lines = Vec::new();
    if !card.icons.is_empty() {
        lines.push(format!(
            "{indent}{} {}",
            style.dimmed("icons:"),
            sanitize(&card.icon_words().join(", "))
        ));
    }
    if !card.text.is_empty() {
        lines.push(wrap(
            &sanitize(&text_with_icon_words(&card.text)),
            w,
            indent,
        ));
    }
    if !card.lore.is_empty() {
        lines.push(style.dimmed(&wrap(&sanitize(&card.lore), w, indent)));
    }
    let other: Vec<String> = card
        .other
        .iter()
        .map(|(c, v)| format!("{}: {}", sanitize(c), sanitize(&text_with_icon_words(v))))
        .collect();
    if !other.is_empty() {
        lines.push(style.dimmed(&wrap(&other.join(" · "), w, indent)));
    }
    lines
}

/// A changed text word by word, as `diff` words one: `[-old-]{+new+}`
/// (painted when in color), the card database's text made safe first.
pub fn changes_text(style: &Style, changes: &[WordChange]) -> String {
    let safe: Vec<WordChange> = changes
        .iter()
        .map(|c| WordChange {
            op: c.op,
            text: sanitize(&c.text),
        })
        .collect();
    super::diff::word_diff_text(style, &safe)
}

fn legality_lines(style: &Style, legality: &[Legality], indent: &str) -> Vec<String> {
    legality
        .iter()
        .map(|l| {
            format!(
                "{indent}{}: {} — {}",
                style.bad_bold(standing_text(l.standing)),
                sanitize(&l.said),
                style.dimmed(&sanitize(&l.source))
            )
        })
        .collect()
}

/// Whether a topic's answer holds nothing but the errata already shown:
/// no other ruling standing, no earlier one, no base entry.
fn only_errata(sheet: &CardSheet, topic: &Shown) -> bool {
    let ShowAnswer::Found(found) = &topic.answer else {
        return true;
    };
    found.iter().all(|a| {
        a.standing.is_empty()
            && a.history.is_empty()
            && a.amended.is_none()
            && sheet
                .errata
                .iter()
                .any(|e| e.errata.newest.0.entry.id() == a.newest.0.entry.id())
    })
}

/// A card's sheet, for people.
fn sheet_text(style: &Style, sheet: &CardSheet, typed: &str, as_of: NaiveDate) -> Lines {
    let w = style.width;
    let card = &sheet.card;
    let mut lines = Lines::default();
    if !sheet.exact {
        lines.err.push(format!(
            "note: no card is named `{}`; showing the closest, `{}`",
            sanitize(typed),
            sanitize(&card.name)
        ));
    }
    let out = &mut lines.out;
    out.push(format!(
        "{}  {}",
        style.heading(&sanitize(&card.name)),
        style.dimmed(&card_line(card))
    ));
    out.push(style.dimmed(&format!(
        "printed text, from the card database ({} line {})",
        sanitize(&card.file),
        card.line
    )));
    out.extend(printed_text(style, card, "  "));
    if !sheet.legality.is_empty() {
        out.push(String::new());
        out.extend(legality_lines(style, &sheet.legality, ""));
    }
    for e in &sheet.errata {
        let (stored, _) = &e.errata.newest;
        out.push(String::new());
        out.push(format!(
            "{}  {}",
            style.bold(&format!("Errata in force as of {as_of}")),
            status_badge(style, e.errata.status())
        ));
        out.push(format!(
            "{} {}",
            style.dimmed("from"),
            super::cited(style, &stored.citation, &stored.entry)
        ));
        let text = e.filled.as_ref().map_or_else(
            || plain_text(&stored.entry.text),
            |(t, _)| text_with_icon_words(&plain_text(t)),
        );
        out.push(wrap(&text, w, "  "));
        if let Some((_, filled)) = &e.filled {
            out.push(style.dimmed(&format!(
                "  ({filled} icon{} lost in the document's conversion filled in from the printed text, where the words around {} line up)",
                if *filled == 1 { "" } else { "s" },
                if *filled == 1 { "it" } else { "them" }
            )));
        }
        if !e.changes.is_empty() {
            out.push(style.dimmed("  what it changes in the printed text:"));
            out.push(wrap(&changes_text(style, &e.changes), w, "  "));
        }
    }
    if let Some(topic) = sheet.topic.as_ref().filter(|t| !only_errata(sheet, t)) {
        if matches!(topic.answer, ShowAnswer::Found(_)) {
            out.push(String::new());
            out.push(style.bold(&format!(
                "Rulings on {} as of {as_of}",
                sanitize(&card.persona)
            )));
            out.extend(shown_text(style, topic, as_of, true).out);
        }
    }
    if !sheet.naming.is_empty() {
        out.push(String::new());
        out.push(style.bold(&format!("Named in, as of {as_of}")));
        for (stored, status) in &sheet.naming {
            out.push(format!(
                "  {}  {}  {}",
                style.bold(&sanitize(&stored.entry.topic)),
                status_badge(style, status),
                style.dimmed(&super::cited(style, &stored.citation, &stored.entry))
            ));
            out.push(wrap(&plain_text(&stored.entry.text), w, "    "));
        }
    }
    if sheet.is_quiet() {
        out.push(String::new());
        out.push(style.good_bold(&format!(
            "A card, with no errata and no ruling as of {as_of}."
        )));
    }
    let versions: Vec<String> = sheet.versions.iter().map(|c| sanitize(&c.name)).collect();
    if !versions.is_empty() {
        out.push(String::new());
        out.push(format!(
            "{} {}",
            style.dimmed("other versions:"),
            versions.join(" · ")
        ));
    }
    let reprints: Vec<String> = sheet
        .reprints
        .iter()
        .map(|c| sanitize(format!("{} {}", c.set, c.number).trim()))
        .collect();
    if !reprints.is_empty() {
        out.push(format!(
            "{} {}",
            style.dimmed("also printed in:"),
            reprints.join(" · ")
        ));
    }
    lines
}

/// `card` for people.
pub fn card_text(style: &Style, answer: &CardAnswer, today: NaiveDate) -> Lines {
    let mut lines = match &answer.found {
        CardFound::Card(sheet) => sheet_text(style, sheet, &answer.typed, answer.as_of),
        CardFound::RulingsOnly(shown) => rulings_only(style, shown, answer, today),
        CardFound::Several(cards) => Lines {
            err: vec![format!(
                "several cards fit `{}`; which one? {}",
                sanitize(&answer.typed),
                cards
                    .iter()
                    .map(|c| sanitize(&c.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            )],
            ..Lines::default()
        },
        CardFound::Unknown { cards, topics } => Lines {
            err: unknown_text(&answer.typed, answer.database, cards, topics),
            ..Lines::default()
        },
    };
    lines.notes.extend(
        answer
            .notes
            .iter()
            .map(|n| notes::said(n, answer.as_of, answer.is_found()).line()),
    );
    lines
}

fn rulings_only(style: &Style, shown: &Shown, answer: &CardAnswer, today: NaiveDate) -> Lines {
    let mut lines = shown_text(style, shown, today, false);
    let lead = match answer.database {
        Some(_) => format!(
            "no card of the card database is named `{}`; what the rulings say of it:",
            sanitize(&answer.typed)
        ),
        None => format!("what the rulings say of `{}`:", sanitize(&answer.typed)),
    };
    lines.out.insert(0, style.dimmed(&lead));
    lines
}

/// What is said of a name that is no card and no topic.
pub fn unknown_text(
    typed: &str,
    database: Option<usize>,
    cards: &[Card],
    topics: &[Candidate],
) -> Vec<String> {
    let mut lines = vec![match database {
        Some(n) => format!(
            "`{}` is no card of the card database ({n} cards) and no topic of the rulings",
            sanitize(typed)
        ),
        None => format!(
            "`{}` is no topic or name of the rulings (without a card database, whether it is a card cannot be told)",
            sanitize(typed)
        ),
    }];
    if !cards.is_empty() {
        lines.push(format!(
            "did you mean the card: {}",
            cards
                .iter()
                .map(|c| sanitize(&c.name))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if !topics.is_empty() {
        lines.push(format!(
            "did you mean the topic: {}",
            sanitize(&Candidate::list(topics).join(", "))
        ));
    }
    lines
}

/// A ruling on a deck's sheet: its label, status and citation, then its
/// text.
fn ruling_lines(style: &Style, stored: &Stored, status: &Status) -> [String; 2] {
    [
        format!(
            "  {} {}  {}",
            style.bold("ruling:"),
            status_badge(style, status),
            style.dimmed(&super::cited(style, &stored.citation, &stored.entry))
        ),
        wrap(&plain_text(&stored.entry.text), style.width, "    "),
    ]
}

/// How many cards of a deck's sheet go on one printed page.
pub const CARDS_A_PAGE: usize = 10;

fn deck_card_text(style: &Style, card: &DeckCard) -> Vec<String> {
    let w = style.width;
    let mut out = Vec::new();
    let written: Vec<String> = card
        .listed
        .iter()
        .filter(|l| l.name != card.name())
        .map(|l| sanitize(&l.name))
        .collect();
    out.push(format!(
        "{} × {}{}",
        card.count,
        style.heading(&sanitize(&card.name())),
        if written.is_empty() || card.exact() {
            String::new()
        } else {
            style.caution(&format!("  (written `{}`)", written.join("`, `")))
        }
    ));
    match &card.found {
        DeckFound::Card(sheet) => {
            out.push(format!("  {}", style.dimmed(&card_line(&sheet.card))));
            out.extend(legality_lines(style, &sheet.legality, "  "));
            for e in &sheet.errata {
                let (stored, _) = &e.errata.newest;
                out.push(format!(
                    "  {} {}",
                    style.bold("errata:"),
                    style.dimmed(&super::cited(style, &stored.citation, &stored.entry))
                ));
                let text = e.filled.as_ref().map_or_else(
                    || plain_text(&stored.entry.text),
                    |(t, _)| text_with_icon_words(&plain_text(t)),
                );
                out.push(wrap(&text, w, "    "));
            }
            if let Some(Shown {
                answer: ShowAnswer::Found(found),
                ..
            }) = &sheet.topic
            {
                for a in found {
                    let (stored, period) = &a.newest;
                    if sheet
                        .errata
                        .iter()
                        .any(|e| e.errata.newest.0.entry.id() == stored.entry.id())
                    {
                        continue;
                    }
                    out.extend(ruling_lines(style, stored, &period.status));
                }
            }
            for (stored, status) in &sheet.naming {
                out.push(format!(
                    "  {} {}  {}  {}",
                    style.bold("named in:"),
                    sanitize(&stored.entry.topic),
                    status_badge(style, status),
                    style.dimmed(&super::cited(style, &stored.citation, &stored.entry))
                ));
            }
        }
        DeckFound::Ruled(shown) => {
            out.push(format!(
                "  {}",
                style.dimmed("not in the card database; as the rulings hold it:")
            ));
            if let ShowAnswer::Found(found) = &shown.answer {
                for a in found {
                    let (stored, period) = &a.newest;
                    out.extend(ruling_lines(style, stored, &period.status));
                }
            } else if let ShowAnswer::Mentioned(m) = &shown.answer {
                for (_, naming) in &m.naming {
                    for stored in &naming.in_effect {
                        out.push(format!(
                            "  {} {}  {}",
                            style.bold("named in:"),
                            sanitize(&stored.entry.topic),
                            style.dimmed(&super::cited(style, &stored.citation, &stored.entry))
                        ));
                    }
                }
            }
        }
    }
    out
}

/// A deck's sheet, for people: the cards the documents say something of,
/// a page break (form feed) every [`CARDS_A_PAGE`] cards, then the quiet
/// cards in one list and the names not found with the nearest names.
/// How many of the names a sheet did not look up it lists.
pub const UNFINISHED_SHOWN: usize = 20;

/// The head of the names a sheet did not look up.
pub fn unfinished_head(unfinished: &Unfinished) -> String {
    match unfinished.names.len() {
        1 => "Not looked up (1 line)".to_string(),
        n => format!("Not looked up ({n} lines)"),
    }
}

/// Why a sheet stopped, and what to do.
pub fn unfinished_why(why: Budget) -> String {
    match why {
        Budget::Names => format!(
            "a sheet looks up at most {MOST_NAMES} different names: split the list, or ask for the cards one by one"
        ),
        Budget::Time => format!(
            "the sheet's time ({} s) was up: ask again with fewer names, or when the machine is less busy",
            MOST_TIME.as_secs()
        ),
        Budget::Cancelled => "the sheet was stopped: nobody waited for it any more".to_string(),
    }
}

/// Said when names not found were listed without the nearest names.
pub fn near_not_looked_for(count: usize) -> String {
    format!(
        "({count} of the names not found were not matched to the nearest names: only the first {MOST_NEAR} are)"
    )
}

/// A deck's copies by section and by type, a line each.
fn counts_text(style: &Style, counts: &Counts) -> Vec<String> {
    let line = |label: &str, counted: &[(String, u32)]| {
        let parts: Vec<String> = counted
            .iter()
            .map(|(name, n)| format!("{} {n}", sanitize(name)))
            .collect();
        wrap(&format!("{label}: {}", parts.join(" · ")), style.width, "")
    };
    let mut out = Vec::new();
    // A list of one section says nothing by section.
    if counts.sections.len() > 1 {
        out.push(line("by section", &counts.sections));
    }
    if !counts.types.is_empty() {
        out.push(line("by type", &counts.types));
    }
    out
}

/// The deck against the format's ban list: the cards banned with the
/// list's citation, or that none is; or that no list names the format.
pub fn format_text(style: &Style, check: &FormatCheck, as_of: NaiveDate) -> Vec<String> {
    let mut out = Vec::new();
    let asked = sanitize(&check.asked);
    if check.lists.is_empty() {
        out.push(style.caution_bold(&format!(
            "No ban list in force on {as_of} names the format `{asked}`: no ban was checked"
        )));
        out.push(if check.known.is_empty() {
            "  the corpus holds no ban list: add one (docs/GUIDE.md, \"Ban lists\")".to_string()
        } else {
            format!(
                "  formats with a list in force: {}",
                check
                    .known
                    .iter()
                    .map(|k| sanitize(k))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        });
        return out;
    }
    let cited: Vec<String> = check.lists.iter().map(|l| sanitize(&l.citation)).collect();
    // The format as its list prints it, not as typed.
    let asked = sanitize(&check.lists[0].format);
    out.push(style.bold(&format!(
        "Format {asked}, checked against {}",
        cited.join("; ")
    )));
    if check.banned.is_empty() {
        out.push(format!(
            "  no card of the deck is banned in {asked} on {as_of}"
        ));
    }
    for b in &check.banned {
        let lines: Vec<String> = b.lines.iter().map(|l| l.to_string()).collect();
        out.push(format!(
            "  {}: {} × {}  {} — {}",
            style.bad_bold("BANNED"),
            b.count,
            sanitize(&b.name),
            style.dimmed(&format!("(line {})", lines.join(", "))),
            style.dimmed(&sanitize(&b.citation))
        ));
    }
    out
}

pub fn deck_text(style: &Style, answer: &DeckAnswer) -> Lines {
    let mut lines = Lines::default();
    let out = &mut lines.out;
    out.push(style.heading(&format!(
        "Ruling sheet as of {} — {} cards, {} with errata, rulings or a ban",
        answer.as_of,
        answer.total,
        answer.cards.len()
    )));
    out.push(style.dimmed(&match answer.database {
        Some(n) => format!("card database: {n} cards"),
        None => "no card database: names are matched to the rulings alone".to_string(),
    }));
    out.extend(counts_text(style, &answer.counts));
    if let Some(check) = &answer.format {
        out.push(String::new());
        out.extend(format_text(style, check, answer.as_of));
    }
    for (i, card) in answer.cards.iter().enumerate() {
        if i > 0 && i % CARDS_A_PAGE == 0 {
            out.push("\u{c}".to_string());
        } else {
            out.push(String::new());
        }
        out.extend(deck_card_text(style, card));
    }
    if !answer.quiet.is_empty() {
        out.push(String::new());
        out.push(style.bold(&format!(
            "No errata, ruling or ban as of {} ({} cards)",
            answer.as_of,
            answer.quiet.len()
        )));
        let names: Vec<String> = answer
            .quiet
            .iter()
            .map(|c| format!("{} × {}", c.count, sanitize(&c.name())))
            .collect();
        out.push(wrap(&names.join(" · "), style.width, "  "));
    }
    if !answer.unknown.is_empty() {
        out.push(String::new());
        out.push(style.caution_bold(&format!(
            "Not found ({}): check the spelling",
            match answer.unknown.len() {
                1 => "1 name".to_string(),
                n => format!("{n} names"),
            }
        )));
        for n in &answer.unknown {
            let mut near: Vec<String> = n.cards.iter().map(|c| sanitize(&c.name)).collect();
            near.extend(n.topics.iter().take(4).map(|t| sanitize(&t.text())));
            out.push(format!(
                "  {} × {}  {}{}",
                n.listed.count,
                sanitize(&n.listed.name),
                style.dimmed(&format!("(line {})", n.listed.line)),
                if near.is_empty() {
                    String::new()
                } else {
                    format!("  did you mean: {}", near.join(", "))
                }
            ));
        }
    }
    if answer.near_not_looked_for > 0 {
        out.push(format!(
            "  {}",
            style.dimmed(&near_not_looked_for(answer.near_not_looked_for))
        ));
    }
    if !answer.unread.is_empty() {
        out.push(String::new());
        out.push(style.caution_bold("Lines not read as a card"));
        for (line, text) in &answer.unread {
            out.push(format!("  line {line}: {}", sanitize(text)));
        }
    }
    if let Some(unfinished) = &answer.unfinished {
        out.push(String::new());
        out.push(style.caution_bold(&unfinished_head(unfinished)));
        out.push(wrap(&unfinished_why(unfinished.why), style.width, "  "));
        for listed in unfinished.names.iter().take(UNFINISHED_SHOWN) {
            out.push(format!(
                "  {} × {}  {}",
                listed.count,
                sanitize(&listed.name),
                style.dimmed(&format!("(line {})", listed.line))
            ));
        }
        if let Some(more) = unfinished.names.len().checked_sub(UNFINISHED_SHOWN) {
            if more > 0 {
                out.push(format!("  … and {more} more"));
            }
        }
    }
    lines.notes.extend(
        answer
            .notes
            .iter()
            .filter(|n| !matches!(n, Note::NoCardDatabase) || answer.database.is_none())
            .map(|n| notes::said(n, answer.as_of, answer.is_found()).line()),
    );
    lines
}
