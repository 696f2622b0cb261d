//! How text is painted: decided once at the edge (from `--color`, `NO_COLOR`
//! and whether stdout is a terminal) and handed to every renderer, so that a
//! renderer writes the same bytes to a terminal, a pipe or a test buffer.

use std::io::{self, IsTerminal};

use colored::Color;

use crate::output::{width, ColorWhen};

/// Color on or off, and the width to wrap at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    pub color: bool,
    pub width: usize,
    /// Whether a citation carries the file and line it was read from
    /// (`--verbose`).
    pub located: bool,
}

impl Style {
    /// The style of everything written to stdout, decided once.
    pub fn of_stdout(when: ColorWhen) -> Style {
        let color = match when {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && io::stdout().is_terminal()
            }
        };
        Style {
            color,
            width: width(),
            located: false,
        }
    }

    /// No color, wrapped at 100 columns: what a pipe or a test gets.
    pub fn plain() -> Style {
        Style {
            color: false,
            width: 100,
            located: false,
        }
    }

    fn paint(&self, text: &str, codes: &[&str]) -> String {
        if !self.color || text.is_empty() {
            return text.to_string();
        }
        format!("\u{1b}[{}m{text}\u{1b}[0m", codes.join(";"))
    }

    pub fn bold(&self, text: &str) -> String {
        self.paint(text, &["1"])
    }

    pub fn heading(&self, text: &str) -> String {
        self.paint(text, &["1", "4"])
    }

    pub fn dimmed(&self, text: &str) -> String {
        self.paint(text, &["2"])
    }

    pub fn edition(&self, text: &str) -> String {
        self.paint(text, &[Color::Cyan.to_fg_str().as_ref()])
    }

    /// Something to be careful about: a status that is not plainly in force.
    pub fn caution(&self, text: &str) -> String {
        self.paint(text, &[Color::Yellow.to_fg_str().as_ref()])
    }

    pub fn caution_bold(&self, text: &str) -> String {
        self.paint(text, &["1", Color::Yellow.to_fg_str().as_ref()])
    }

    pub fn good_bold(&self, text: &str) -> String {
        self.paint(text, &["1", Color::Green.to_fg_str().as_ref()])
    }

    pub fn bad_bold(&self, text: &str) -> String {
        self.paint(text, &["1", Color::Red.to_fg_str().as_ref()])
    }

    pub fn deleted(&self, text: &str) -> String {
        self.paint(text, &[Color::Red.to_fg_str().as_ref()])
    }

    pub fn inserted(&self, text: &str) -> String {
        self.paint(text, &[Color::Green.to_fg_str().as_ref()])
    }

    /// A matched word in a snippet.
    pub fn highlight(&self, text: &str) -> String {
        self.paint(text, &["1", Color::Yellow.to_fg_str().as_ref()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_style_paints_nothing() {
        let plain = Style::plain();
        assert_eq!(plain.bold("x"), "x");
        let color = Style {
            color: true,
            width: 80,
            located: false,
        };
        assert_eq!(color.bad_bold("x"), "\u{1b}[1;31mx\u{1b}[0m");
    }
}
