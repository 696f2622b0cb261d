//! The settings every front end asks with: where the documents and the
//! index are, the day questions are asked on, and how answers are shown.
//! The command line reads them once (`commands`), and the interactive
//! search, completion and the server take them as they are.

use std::path::PathBuf;

use chrono::NaiveDate;

use crate::corpus::Sources;
use crate::model::Edition;
use crate::render::Style;

/// What every question is asked with, read once from the command line
/// (see `commands`) before anything runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where the documents come from.
    pub sources: Sources,
    /// The index folder.
    pub index: PathBuf,
    pub style: Style,
    /// The date questions are asked on unless they say otherwise.
    pub today: NaiveDate,
    /// `--quiet`: only the answer, errors and warnings.
    pub quiet: bool,
    /// `--json` on the command: the answer and errors as JSON.
    pub json: bool,
    /// Where the days the age of each corpus was last told are kept; none:
    /// told with every answer.
    pub told: Option<PathBuf>,
    /// The user's own folder of documents, where `update` fetches to:
    /// `--rulings DIR` (or `$RULINGS_DIR`), else the user data folder,
    /// whether it exists yet or not.
    pub own_folder: Option<PathBuf>,
    /// The edition a question asks of when it names none, and where that
    /// default was set (`RULINGS_EDITION`, the settings file and line);
    /// none: every edition, each labelled.
    pub edition: Option<(Edition, String)>,
}

impl Config {
    /// The settings of `sources` indexed in `index`, asked on `today`, as a
    /// program asks: plain text, every note, no record of what was told.
    pub fn of(sources: Sources, index: PathBuf, today: NaiveDate) -> Config {
        Config {
            sources,
            index,
            style: Style::plain(),
            today,
            quiet: false,
            json: false,
            told: None,
            own_folder: None,
            edition: None,
        }
    }

    /// The date of a question: the one asked, else today.
    pub fn as_of(&self, asked: Option<NaiveDate>) -> NaiveDate {
        asked.unwrap_or(self.today)
    }

    /// The edition of a question: the one asked, else the default.
    pub fn edition(&self, asked: Option<Edition>) -> Option<Edition> {
        asked.or(self.edition.as_ref().map(|(edition, _)| *edition))
    }
}
