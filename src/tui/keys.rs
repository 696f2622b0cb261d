//! What a key does in the interactive search, in one mode for every view:
//! a printable character (a letter, a digit, a space, punctuation, `?`
//! included) and Backspace edit the question wherever it is typed; the keys
//! that move, open a page or act are none of them printable, and are
//! exactly the ones [`BINDINGS`] lists, which the help page (F1) shows.
//! A letter typed over a ruling therefore never opens a page.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::pages::{Page, PageKind};

/// What a key asks for; the state reads it as the view on screen allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// A character of the question.
    Type(char),
    /// The question's last character removed.
    Backspace,
    /// The question emptied.
    Clear,
    /// The question's last word removed.
    DeleteWord,
    /// The hit above (the page scrolled a line up).
    Up,
    /// The hit below (the page scrolled a line down).
    Down,
    /// The first hit (the page's top).
    First,
    /// The last hit (the page's end).
    Last,
    /// The preview (or the page) scrolled a screen up.
    PageUp,
    /// The preview (or the page) scrolled a screen down.
    PageDown,
    /// The selected hit's ruling read full screen; on a page, the chosen
    /// reference followed.
    Read,
    /// A page about the hit being read (or the selected one).
    Open(PageKind),
    /// The next reference of the page chosen.
    NextReference,
    /// The reference before chosen.
    PreviousReference,
    /// One page back.
    Back,
    /// Every page closed, back to the hits; on the hits, the session ended.
    Escape,
    /// This list of keys.
    Help,
    /// The session ended, from any view.
    Quit,
    /// A key that does nothing.
    Nothing,
}

impl Action {
    /// Whether the action changes the question (and waits for the search
    /// of the keys read with it).
    pub fn edits(self) -> bool {
        matches!(
            self,
            Action::Type(_) | Action::Backspace | Action::Clear | Action::DeleteWord
        )
    }
}

/// Keys that do the same thing, how the help names them, and what they do.
pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    pub label: &'static str,
    pub action: Action,
    pub what: &'static str,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

/// Every key that is not typed into the question, in the order the help
/// lists them.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[(KeyCode::F(1), NONE)],
        label: "F1",
        action: Action::Help,
        what: "these keys",
    },
    Binding {
        // Some terminals send Ctrl-H for Backspace.
        keys: &[(KeyCode::Backspace, NONE), (KeyCode::Char('h'), CTRL)],
        label: "Backspace",
        action: Action::Backspace,
        what: "remove the question's last character",
    },
    Binding {
        keys: &[(KeyCode::Char('w'), CTRL)],
        label: "Ctrl-W",
        action: Action::DeleteWord,
        what: "remove the question's last word",
    },
    Binding {
        keys: &[(KeyCode::Char('u'), CTRL)],
        label: "Ctrl-U",
        action: Action::Clear,
        what: "clear the question",
    },
    Binding {
        keys: &[(KeyCode::Up, NONE)],
        label: "↑",
        action: Action::Up,
        what: "the hit above; on a page, scroll up a line",
    },
    Binding {
        keys: &[(KeyCode::Down, NONE)],
        label: "↓",
        action: Action::Down,
        what: "the hit below; on a page, scroll down a line",
    },
    Binding {
        keys: &[(KeyCode::PageUp, NONE)],
        label: "PgUp",
        action: Action::PageUp,
        what: "scroll the preview (or the page) up",
    },
    Binding {
        keys: &[(KeyCode::PageDown, NONE)],
        label: "PgDn",
        action: Action::PageDown,
        what: "scroll the preview (or the page) down",
    },
    Binding {
        keys: &[(KeyCode::Home, NONE)],
        label: "Home",
        action: Action::First,
        what: "the first hit; on a page, its top",
    },
    Binding {
        keys: &[(KeyCode::End, NONE)],
        label: "End",
        action: Action::Last,
        what: "the last hit; on a page, its end",
    },
    Binding {
        keys: &[(KeyCode::Enter, NONE), (KeyCode::Right, NONE)],
        label: "Enter →",
        action: Action::Read,
        what: "read the selected ruling; on a page, follow the chosen reference",
    },
    Binding {
        keys: &[(KeyCode::Tab, NONE)],
        label: "Tab",
        action: Action::NextReference,
        what: "on a page, choose the next reference (listed under `see:`)",
    },
    Binding {
        keys: &[(KeyCode::BackTab, NONE)],
        label: "Shift-Tab",
        action: Action::PreviousReference,
        what: "on a page, choose the reference before",
    },
    Binding {
        keys: &[(KeyCode::F(2), NONE)],
        label: "F2",
        action: Action::Open(PageKind::Ruling),
        what: "the ruling",
    },
    Binding {
        keys: &[(KeyCode::F(3), NONE)],
        label: "F3",
        action: Action::Open(PageKind::History),
        what: "its topic's history (`show --history`)",
    },
    Binding {
        keys: &[(KeyCode::F(4), NONE)],
        label: "F4",
        action: Action::Open(PageKind::Errata),
        what: "the card's errata (`errata CARD`)",
    },
    Binding {
        keys: &[(KeyCode::F(5), NONE)],
        label: "F5",
        action: Action::Open(PageKind::Card),
        what: "the card (`card NAME`)",
    },
    Binding {
        keys: &[(KeyCode::Left, NONE)],
        label: "←",
        action: Action::Back,
        what: "on a page, the page before",
    },
    Binding {
        keys: &[(KeyCode::Esc, NONE)],
        label: "Esc",
        action: Action::Escape,
        what: "from any page, back to the hits; on the hits, quit",
    },
    Binding {
        keys: &[(KeyCode::Char('c'), CTRL), (KeyCode::Char('d'), CTRL)],
        label: "Ctrl-C Ctrl-D",
        action: Action::Quit,
        what: "quit",
    },
];

/// What `key` does. A character typed without Ctrl or Alt (or with both:
/// AltGr on some keyboards) is part of the question; any other key does
/// what [`BINDINGS`] says, or nothing.
pub fn action(key: KeyEvent) -> Action {
    let held = key.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT);
    if let KeyCode::Char(c) = key.code {
        if held.is_empty() || held == KeyModifiers::CONTROL | KeyModifiers::ALT {
            return Action::Type(c);
        }
    }
    BINDINGS
        .iter()
        .find(|b| {
            b.keys
                .iter()
                .any(|&(code, m)| code == key.code && m == held)
        })
        .map_or(Action::Nothing, |b| b.action)
}

/// The help page: what is typed, then every key of [`BINDINGS`].
pub fn help() -> Page {
    let width = BINDINGS.iter().map(|b| b.label.chars().count()).max();
    let width = width.unwrap_or(0).max("any character".len());
    let mut lines = vec![
        "Whatever is typed goes to the question, on the hits and on every page:".to_string(),
        format!(
            "  {:<width$}  a letter, a digit, a space or punctuation (`?` too)",
            "any character"
        ),
        String::new(),
        "Every other key:".to_string(),
    ];
    lines.extend(
        BINDINGS
            .iter()
            .map(|b| format!("  {:<width$}  {}", b.label, b.what)),
    );
    Page {
        title: "Keys".to_string(),
        lines,
        references: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, NONE)
    }

    #[test]
    fn every_printable_character_is_typed() {
        for c in "dead end hEq?1 9-\"'é:".chars() {
            assert_eq!(action(plain(KeyCode::Char(c))), Action::Type(c), "{c:?}");
        }
        // Shift (a capital) and AltGr (Ctrl with Alt) still type.
        let capital = KeyEvent::new(KeyCode::Char('Q'), KeyModifiers::SHIFT);
        assert_eq!(action(capital), Action::Type('Q'));
        let altgr = KeyEvent::new(KeyCode::Char('@'), CTRL | KeyModifiers::ALT);
        assert_eq!(action(altgr), Action::Type('@'));
        assert!(action(plain(KeyCode::Char('e'))).edits());
        assert!(action(plain(KeyCode::Backspace)).edits());
    }

    #[test]
    fn keys_that_act_are_not_printable_and_are_each_listed_once() {
        let mut seen = Vec::new();
        for binding in BINDINGS {
            for &(code, modifiers) in binding.keys {
                let key = KeyEvent::new(code, modifiers);
                assert_eq!(action(key), binding.action, "{}", binding.label);
                let printable = matches!(code, KeyCode::Char(_)) && modifiers.is_empty();
                assert!(!printable, "{} is typed, not a key", binding.label);
                assert!(!seen.contains(&key), "{} bound twice", binding.label);
                seen.push(key);
            }
        }
        let help = help().lines.join("\n");
        for binding in BINDINGS {
            assert!(help.contains(binding.label), "{}: {help}", binding.label);
        }
    }

    #[test]
    fn the_keys_of_the_old_pages_are_letters_again() {
        for c in ['h', 'e', 'c', 'r', 'q', 'j', 'k', ' ', '1', '?'] {
            assert_eq!(action(plain(KeyCode::Char(c))), Action::Type(c));
        }
        assert_eq!(action(plain(KeyCode::F(1))), Action::Help);
        assert_eq!(action(plain(KeyCode::F(4))), Action::Open(PageKind::Errata));
        assert_eq!(action(plain(KeyCode::Esc)), Action::Escape);
        // Shift held with a key that is not a character changes nothing.
        let backtab = KeyEvent::new(KeyCode::BackTab, KeyModifiers::SHIFT);
        assert_eq!(action(backtab), Action::PreviousReference);
        // A key no binding lists does nothing.
        assert_eq!(action(plain(KeyCode::F(12))), Action::Nothing);
        let alt = KeyEvent::new(KeyCode::Char('e'), KeyModifiers::ALT);
        assert_eq!(action(alt), Action::Nothing);
        assert_eq!(action(plain(KeyCode::Insert)), Action::Nothing);
    }
}
