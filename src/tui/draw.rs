//! Drawing the state on a frame: a header with the session's date and
//! edition, the query line, the hits beside the preview of the selected one
//! (or an open page over both), and a footer with notes and keys. Drawing
//! reads the state and changes nothing, so any backend (the terminal, a
//! test's buffer) shows the same screen.

use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, List, ListItem, ListState, Paragraph};
use ratatui::Frame;

use super::state::State;
use super::widths::LIST_PERCENT;

/// What the preview says before anything is typed.
const HINT: &str = "Type a few words: a rules term, a card title, anything a ruling says \
     (e.g. once each turn, Ferengi, cloaked). The hits update as you type.";

pub fn draw(frame: &mut Frame, state: &State) {
    let [header, query, body, notes, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(3),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(frame.area());

    frame.render_widget(Paragraph::new(header_line(state)), header);
    draw_query(frame, state, query);
    match state.page() {
        Some(_) => draw_page(frame, state, body),
        None => draw_search(frame, state, body),
    }
    let note = match (&state.error, state.notes.is_empty()) {
        (Some(error), _) => Line::styled(format!("error: {error}"), Color::Red),
        (None, false) => Line::styled(format!("note: {}", state.notes.join("; ")), Color::Yellow),
        (None, true) => Line::default(),
    };
    frame.render_widget(Paragraph::new(note), notes);
    let help = if state.page().is_some() {
        "F1 keys · type to search · Esc the hits · F2 ruling · F3 history · F4 errata · F5 card · Tab Enter see: …"
    } else {
        "F1 keys · type to search · ↑↓ select · Enter read · F3 history · F4 errata · F5 card · Ctrl-U clear · Esc quit"
    };
    frame.render_widget(Paragraph::new(Line::styled(help, dim())), keys);
}

fn header_line(state: &State) -> Line<'static> {
    let settings = &state.settings;
    let date = if settings.as_of == settings.today {
        format!("as of today, {}", settings.as_of)
    } else {
        format!("as of {} (pinned)", settings.as_of)
    };
    let mut edition = match settings.edition {
        Some(e) => format!("{} only", e.label()),
        None => "1E and 2E".to_string(),
    };
    if let Some(authority) = settings.authority {
        edition.push_str(&format!(" · the {}'s rules only", authority.label()));
    }
    let mut spans = vec![
        Span::styled("rulings", Style::new().add_modifier(Modifier::BOLD)),
        Span::raw(format!("  {date} · {edition}")),
    ];
    if !state.query.trim().is_empty() {
        spans.push(Span::styled(
            format!(
                " · {} hits in {:.1} ms",
                state.rows.len(),
                state.took.as_secs_f64() * 1000.0
            ),
            dim(),
        ));
    }
    Line::from(spans)
}

fn draw_query(frame: &mut Frame, state: &State, area: Rect) {
    let block = Block::new().borders(Borders::ALL).title(" Search ");
    let inner = block.inner(area);
    frame.render_widget(
        Paragraph::new(format!("> {}", state.query)).block(block),
        area,
    );
    // Whatever is typed goes here, over a page as well.
    let typed = u16::try_from(state.query.chars().count()).unwrap_or(u16::MAX);
    let x = inner.x.saturating_add(2).saturating_add(typed);
    frame.set_cursor_position(Position::new(x.min(inner.right()), inner.y));
}

fn draw_search(frame: &mut Frame, state: &State, area: Rect) {
    let [list_area, preview_area] =
        Layout::horizontal([Constraint::Percentage(LIST_PERCENT), Constraint::Min(10)]).areas(area);

    let items: Vec<ListItem> = state
        .rows
        .iter()
        .map(|row| {
            ListItem::new(vec![
                Line::styled(row.topic.clone(), Style::new().add_modifier(Modifier::BOLD)),
                Line::from(vec![
                    Span::raw("  "),
                    Span::styled(row.edition.label(), Color::Cyan),
                    Span::raw("  "),
                    Span::styled(row.status, status_color(row.status)),
                    Span::raw("  "),
                    Span::styled(row.date.to_string(), dim()),
                ]),
            ])
        })
        .collect();
    let title = if state.rows.is_empty() {
        " Hits ".to_string()
    } else {
        format!(" Hits {}/{} ", state.selected + 1, state.rows.len())
    };
    let list = List::new(items)
        .block(Block::new().borders(Borders::ALL).title(title))
        .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
        .highlight_symbol("▌");
    let mut selection = ListState::default().with_selected(Some(state.selected));
    if state.rows.is_empty() {
        selection.select(None);
    }
    frame.render_stateful_widget(list, list_area, &mut selection);

    let lines: Vec<Line> = if state.query.trim().is_empty() {
        vec![Line::styled(HINT, dim())]
    } else if state.rows.is_empty() {
        vec![Line::raw(format!(
            "nothing in force matches `{}` as of {}",
            state.query.trim(),
            state.settings.as_of
        ))]
    } else {
        state.preview.lines.iter().map(|l| text_line(l)).collect()
    };
    let block = Block::new().borders(Borders::ALL).title(" Ruling ");
    let paragraph = Paragraph::new(lines)
        .block(block)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .scroll((state.preview_scroll, 0));
    frame.render_widget(paragraph, preview_area);
}

fn draw_page(frame: &mut Frame, state: &State, area: Rect) {
    let Some(open) = state.page() else { return };
    let mut block = Block::new()
        .borders(Borders::ALL)
        .title(format!(" {} ", open.page.title));
    if !open.page.references.is_empty() {
        // The reference Tab chose, which Enter follows, stands out.
        let mut spans = vec![Span::raw(" see: ")];
        for (i, name) in open.page.references.iter().take(9).enumerate() {
            if i > 0 {
                spans.push(Span::raw(" · "));
            }
            let text = format!("{} {name}", i + 1);
            spans.push(if open.chosen == Some(i) {
                Span::styled(text, Style::new().add_modifier(Modifier::REVERSED))
            } else {
                Span::raw(text)
            });
        }
        spans.push(Span::raw(" "));
        block = block.title_bottom(Line::from(spans));
    }
    let lines: Vec<Line> = open.page.lines.iter().map(|l| text_line(l)).collect();
    let paragraph = Paragraph::new(lines)
        .block(block)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .scroll((open.scroll, 0));
    frame.render_widget(paragraph, area);
}

/// A line of rendered text, its status words colored as the command line
/// colors them.
fn text_line(text: &str) -> Line<'_> {
    for status in ["in force", "superseded", "rescinded", "consolidated"] {
        if let Some(at) = text.find(&format!("  {status}")) {
            let start = at + 2;
            let end = start + status.len();
            return Line::from(vec![
                Span::raw(&text[..start]),
                Span::styled(
                    &text[start..end],
                    Style::new()
                        .fg(status_color(status))
                        .add_modifier(Modifier::BOLD),
                ),
                Span::raw(&text[end..]),
            ]);
        }
    }
    Line::raw(text)
}

fn status_color(status: &str) -> Color {
    match status {
        "in force" => Color::Green,
        "consolidated" | "undated" => Color::Yellow,
        _ => Color::Red,
    }
}

fn dim() -> Style {
    Style::new().add_modifier(Modifier::DIM)
}
