//! `rulings`: the official Star Trek CCG rulings documents, parsed into
//! entries, resolved to the ruling in force on any date, searchable and
//! diffable.
//!
//! The pipeline, write side then read side:
//! - [`pdf`] reads a published PDF into the Markdown that [`parse`] reads;
//! - [`corpus`] finds and reads documents (every file from outside through
//!   [`input`]: opened without waiting, checked, read with a cap) →
//!   [`convert`] turns a saved web page (or a text) into Markdown →
//!   [`parse`] turns each into a [`model::Release`] of [`model::Entry`]s →
//!   [`index`] computes every entry's status over time
//!   ([`index::timeline`]) and writes the search index, the one read model;
//! - [`catalog`] opens the index and answers look-ups (topics, cards,
//!   releases, the rulings in force on a date), [`search`] ranks entries by
//!   keyword, [`diff`] compares two sides, all from the index alone;
//! - [`answer`] gathers what a topic or a card question comes to, with the
//!   settings of [`config`];
//! - [`render`] words and styles answers for people, [`output`] writes them;
//! - [`session`] is how every front end answers: the catalog opened once,
//!   healed once when the index fails under a question.
//!
//! Two layers. The library is every module documented here; each imports
//! only modules listed before it, so the imports run one way:
//! - leaves that import nothing of the crate: [`dates`], [`topic`],
//!   [`limits`], [`input`], [`safe`] (text safe for a terminal or JSON),
//!   [`english`] (word lists), [`amend`], [`digest`] (the hash that
//!   decides what is done again), [`parallel`] (work on a few threads);
//! - [`markdown`] (an entry's plain text), [`model`], [`error`];
//! - the write side: [`parse`]; [`cite`] (documents and their rulings
//!   named as the Committee names them); [`pdf`] and [`status`]; [`convert`];
//!   [`cards`] (the card database, decklists); [`corpus`]; [`index`];
//!   [`update`] (the documents in force fetched into a corpus folder);
//! - the read side: [`lookup`]; [`catalog`] and [`search`]; [`answer`] and
//!   [`diff`]; [`output`]; [`render`]; [`config`]; [`session`].
//!
//! The application drives the library and may import any of it; it is the
//! binary's own (`src/main.rs` declares its modules), so nothing here can
//! import it and the compiler reports what it leaves unused: `cli` (the
//! command line, parsed into library types at the edge), `commands` (one
//! command line → one answer), `tui` (the interactive search), `serve`
//! (the same answers over HTTP: a page for phones, a JSON API) and
//! `complete` (shell completion and the manual page). Each answers through
//! a [`session::Session`], none through another. `tests/it/layers.rs`
//! holds these rules, and the order above.

pub mod amend;
pub mod answer;
pub mod cards;
pub mod catalog;
pub mod cite;
pub mod config;
pub mod convert;
pub mod corpus;
pub mod dates;
pub mod diff;
pub mod digest;
pub mod english;
pub mod error;
pub mod index;
pub mod input;
pub mod limits;
pub mod lookup;
pub mod markdown;
pub mod model;
pub mod output;
pub mod parallel;
pub mod parse;
pub mod pdf;
pub mod render;
pub mod safe;
pub mod search;
pub mod session;
pub mod status;
pub mod topic;
pub mod update;
