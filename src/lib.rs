//! `rulings`: the official Star Trek CCG rulings documents, parsed into
//! entries, resolved to the ruling in force on any date, searchable and
//! diffable.
//!
//! The pipeline, write side then read side:
//! - [`pdf`] reads a published PDF into the Markdown that [`parse`] reads;
//! - [`corpus`] finds and reads documents (every file from outside through
//!   [`input`]: opened without waiting, checked, read with a cap) →
//!   [`convert`] turns a saved web page (or a text) into Markdown → [`parse`] turns each into a
//!   [`model::Release`] of [`model::Entry`]s → [`index`] computes every
//!   entry's status over time ([`index::timeline`]) and writes the search
//!   index, the one read model;
//! - [`catalog`] opens the index and answers look-ups (topics, cards,
//!   releases, the rulings in force on a date), [`search`] ranks entries by
//!   keyword, [`diff`] compares two sides, all from the index alone;
//! - [`render`] words and styles answers for people, [`output`] writes them;
//!   `commands` ties one command line to one answer; [`tui`] is the
//!   interactive search on the same answers, [`serve`] the same answers
//!   over HTTP (a page for phones, a JSON API), [`complete`] the shell
//!   completion and manual page.

pub mod amend;
pub mod catalog;
pub mod cli;
pub mod commands;
pub mod complete;
pub mod convert;
pub mod corpus;
pub mod dates;
pub mod diff;
pub mod english;
pub mod error;
pub mod index;
pub mod input;
pub mod limits;
pub mod lookup;
pub mod markdown;
pub mod model;
pub mod output;
pub mod parse;
pub mod pdf;
pub mod render;
pub mod safe;
pub mod search;
pub mod serve;
pub mod status;
pub mod topic;
pub mod tui;
