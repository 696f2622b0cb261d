//! `rulings`: the official Star Trek CCG rulings documents, parsed into
//! entries, resolved to the ruling in force on any date, searchable and
//! diffable.
//!
//! The pipeline, one module per stage: [`corpus`] finds and reads documents →
//! [`parse`] turns each into a [`model::Release`] of [`model::Entry`]s →
//! `commands` answer the user, rendering through [`output`].

pub mod cli;
pub mod commands;
pub mod corpus;
pub mod diff;
pub mod error;
pub mod index;
pub mod lookup;
pub mod model;
pub mod output;
pub mod parse;
pub mod render;
pub mod resolve;
pub mod search;
pub mod topic;
