//! The interactive search's state and how a key changes it: a plain struct
//! and [`State::apply`] (then [`State::settle`]), with no terminal in
//! sight, so a test drives it with key events and reads the result.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyEvent, KeyEventKind};

use super::keys::{self, Action};
use super::pages::{self, Asker, Page, PageKind, Row, Settings};
use rulings::answer::error::Failure;
use rulings::session::Session;

/// An open page, with how far it is scrolled.
#[derive(Debug, Clone)]
pub struct Open {
    pub kind: PageKind,
    pub page: Page,
    pub scroll: u16,
    /// The hit the page is about: the page stays about it while a new
    /// question is typed over it.
    pub row: Option<Row>,
    /// The reference chosen (Tab), which Enter follows.
    pub chosen: Option<usize>,
}

impl Open {
    fn new(kind: PageKind, page: Page, row: Option<Row>) -> Open {
        Open {
            kind,
            page,
            scroll: 0,
            row,
            chosen: None,
        }
    }
}

/// Everything the screen shows.
pub struct State<'c> {
    asker: Asker<'c>,
    pub settings: Settings,
    pub query: String,
    pub rows: Vec<Row>,
    /// How the hits were found (typos allowed, any word, …).
    pub notes: Vec<String>,
    pub selected: usize,
    /// The selected hit's ruling, beside the list.
    pub preview: Page,
    pub preview_scroll: u16,
    /// Pages opened from the search, the last one on screen; empty while
    /// searching.
    pub pages: Vec<Open>,
    /// Something that went wrong answering, shown until the next key.
    pub error: Option<String>,
    /// How long the last query took to answer (search and preview).
    pub took: Duration,
    /// The screen's width, which the text is wrapped to fit.
    pub columns: u16,
    pub quit: bool,
    /// The query was edited since it was last searched.
    stale: bool,
}

impl<'c> State<'c> {
    pub fn new(session: &'c Session, settings: Settings, columns: u16) -> State<'c> {
        State {
            asker: Asker::new(session),
            settings,
            query: String::new(),
            rows: Vec::new(),
            notes: Vec::new(),
            selected: 0,
            preview: Page::default(),
            preview_scroll: 0,
            pages: Vec::new(),
            error: None,
            took: Duration::ZERO,
            columns,
            quit: false,
            stale: false,
        }
    }

    /// The hit under the cursor.
    pub fn selected_row(&self) -> Option<&Row> {
        self.rows.get(self.selected)
    }

    /// The page on screen, if one is open.
    pub fn page(&self) -> Option<&Open> {
        self.pages.last()
    }

    /// Applies one terminal event and answers the query as it then stands:
    /// a key typed alone, as the tests type them.
    #[cfg(test)]
    pub fn update(&mut self, event: Event) {
        self.apply(event);
        self.settle();
    }

    /// Applies one terminal event; an edit of the query is searched only
    /// by [`State::settle`], so that the keys of a paste read without
    /// bracketed paste (one event per character) are one search, not one
    /// each.
    pub fn apply(&mut self, event: Event) {
        self.error = None;
        let result = match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(key),
            Event::Resize(columns, _) => {
                self.columns = columns;
                self.reopen()
            }
            Event::Paste(text) => {
                self.edit(|query| query.push_str(&text.replace(['\n', '\r'], " ")));
                Ok(())
            }
            _ => Ok(()),
        };
        self.note(result);
    }

    /// Searches the query if it changed since it was last searched.
    pub fn settle(&mut self) {
        if std::mem::take(&mut self.stale) {
            let result = self.search();
            self.note(result);
        }
    }

    fn note(&mut self, result: Result<(), Failure>) {
        if let Err(e) = result {
            self.error = Some(rulings::error::chain(&e));
        } else if let Some(told) = self.asker.told() {
            // The index was found damaged and built again: said once.
            self.error = Some(told);
        }
    }

    /// Changes the query, to be searched once the events waiting are read.
    fn edit(&mut self, change: impl FnOnce(&mut String)) {
        change(&mut self.query);
        self.stale = true;
    }

    fn key(&mut self, key: KeyEvent) -> Result<(), Failure> {
        let action = keys::action(key);
        if !action.edits() && std::mem::take(&mut self.stale) {
            // A key that moves over the hits reads the hits of what was
            // typed before it.
            self.search()?;
        }
        let reading = !self.pages.is_empty();
        match action {
            Action::Type(c) => self.edit(|query| query.push(c)),
            Action::Backspace => self.edit(|query| {
                query.pop();
            }),
            Action::Clear => self.edit(String::clear),
            Action::DeleteWord => self.edit(|query| {
                let kept = query.trim_end().rfind(' ').map_or(0, |i| i + 1);
                query.truncate(kept);
            }),
            Action::Up if reading => self.scroll(-1),
            Action::Down if reading => self.scroll(1),
            Action::PageUp if reading => self.scroll(-10),
            Action::PageDown if reading => self.scroll(10),
            Action::First if reading => self.scroll(i32::MIN),
            Action::Last if reading => self.scroll(i32::MAX),
            Action::Down => self.select(self.selected.saturating_add(1))?,
            Action::Up => self.select(self.selected.saturating_sub(1))?,
            Action::First => self.select(0)?,
            Action::Last => self.select(self.rows.len().saturating_sub(1))?,
            Action::PageDown => self.preview_scroll = self.preview_scroll.saturating_add(10),
            Action::PageUp => self.preview_scroll = self.preview_scroll.saturating_sub(10),
            Action::Read if reading => {
                if let Some(n) = self.page().and_then(|open| open.chosen) {
                    self.follow(n)?;
                }
            }
            Action::Read => self.open(PageKind::Ruling)?,
            Action::Open(kind) => self.open(kind)?,
            Action::NextReference => self.choose(1),
            Action::PreviousReference => self.choose(-1),
            Action::Back => {
                self.pages.pop();
            }
            Action::Escape if reading => self.pages.clear(),
            Action::Escape | Action::Quit => self.quit = true,
            Action::Help => {
                if self.page().map(|open| open.kind) != Some(PageKind::Help) {
                    self.pages
                        .push(Open::new(PageKind::Help, keys::help(), None));
                }
            }
            Action::Nothing => {}
        }
        Ok(())
    }

    /// Moves the choice of a reference on the page on screen by `by`,
    /// round its references.
    fn choose(&mut self, by: isize) {
        let Some(open) = self.pages.last_mut() else {
            return;
        };
        let count = open.page.references.len().min(9);
        if count == 0 {
            return;
        }
        open.chosen = Some(match open.chosen {
            None if by < 0 => count - 1,
            None => 0,
            Some(at) => (at as isize + by).rem_euclid(count as isize) as usize,
        });
    }

    fn scroll(&mut self, by: i32) {
        if let Some(open) = self.pages.last_mut() {
            let limit = open.page.lines.len().saturating_sub(1) as i64;
            let to = (i64::from(open.scroll) + i64::from(by)).clamp(0, limit);
            open.scroll = u16::try_from(to).unwrap_or(u16::MAX);
        }
    }

    /// Runs the query as it now stands and previews the first hit.
    fn search(&mut self) -> Result<(), Failure> {
        let started = Instant::now();
        let found = pages::find(&self.asker, &self.settings, &self.query)?;
        self.rows = found.rows;
        self.notes = found.notes;
        self.selected = 0;
        self.refresh_preview()?;
        self.took = started.elapsed();
        Ok(())
    }

    fn select(&mut self, index: usize) -> Result<(), Failure> {
        let index = index.min(self.rows.len().saturating_sub(1));
        if index != self.selected {
            self.selected = index;
            self.refresh_preview()?;
        }
        Ok(())
    }

    fn refresh_preview(&mut self) -> Result<(), Failure> {
        self.preview_scroll = 0;
        self.preview = match self.selected_row() {
            Some(row) => pages::ruling(
                &self.asker,
                &self.settings,
                row,
                super::widths::preview_width(self.columns),
                pages::Earlier::Counted,
            )?,
            None => Page::default(),
        };
        Ok(())
    }

    /// The hit a page opened now is about: the one the page on screen is
    /// about, or else the selected one.
    fn subject(&self) -> Option<&Row> {
        self.page()
            .and_then(|open| open.row.as_ref())
            .or_else(|| self.selected_row())
    }

    /// Opens a page about the hit being read (or the selected one) over
    /// the search (or over the page on screen, unless it is that page).
    fn open(&mut self, kind: PageKind) -> Result<(), Failure> {
        let Some(row) = self.subject().cloned() else {
            return Ok(());
        };
        if let Some(open) = self.page() {
            if open.kind == kind && open.row.as_ref() == Some(&row) {
                return Ok(());
            }
        }
        if let Some(page) = self.answer(kind, &row)? {
            self.pages.push(Open::new(kind, page, Some(row)));
        }
        Ok(())
    }

    /// A page about `row`; a reference is answered by `follow`, the keys
    /// by [`keys::help`].
    fn answer(&self, kind: PageKind, row: &Row) -> Result<Option<Page>, Failure> {
        let (asker, settings, width) = (&self.asker, &self.settings, self.page_width());
        Ok(Some(match kind {
            PageKind::Ruling => pages::ruling(asker, settings, row, width, pages::Earlier::Listed)?,
            PageKind::History => {
                pages::topic(asker, settings, row.edition, &row.topic, true, width)?
            }
            PageKind::Errata => pages::errata(asker, settings, row, width)?,
            PageKind::Card => pages::card(asker, settings, row, width)?,
            PageKind::Reference | PageKind::Help => return Ok(None),
        }))
    }

    /// Follows the `n`-th reference of the page on screen.
    fn follow(&mut self, n: usize) -> Result<(), Failure> {
        let Some(name) = self
            .page()
            .and_then(|open| open.page.references.get(n))
            .cloned()
        else {
            return Ok(());
        };
        let Some(row) = self.subject().cloned() else {
            return Ok(());
        };
        let page = pages::topic(
            &self.asker,
            &self.settings,
            row.edition,
            &name,
            false,
            self.page_width(),
        )?;
        self.pages
            .push(Open::new(PageKind::Reference, page, Some(row)));
        Ok(())
    }

    fn page_width(&self) -> usize {
        super::widths::page_width(self.columns)
    }

    /// Words everything again at a new width. A reference page keeps its
    /// wording: its name is only in the page before it.
    fn reopen(&mut self) -> Result<(), Failure> {
        self.refresh_preview()?;
        for i in 0..self.pages.len() {
            let Some(row) = self.pages[i].row.clone() else {
                continue;
            };
            if let Some(page) = self.answer(self.pages[i].kind, &row)? {
                self.pages[i].page = page;
            }
        }
        Ok(())
    }
}
