//! The integration tests: one binary (the library and its dependencies are
//! linked once), a module per area. Every test runs the built `rulings`
//! through `common`, which gives it its own home, data, cache and index
//! folders: nothing of the user's or of the checkout is read or written.

mod common;

mod age_and_quiet;
mod articles;
mod ask;
mod bad_files;
mod ban_lists;
mod base;
mod budgets;
mod cards;
mod check;
mod cli;
mod compendium;
mod completions;
mod control;
mod copies;
mod corpus;
mod dates;
mod diff;
mod family;
mod fuzz;
mod glance;
mod hardening;
mod hardening_serve;
mod html;
mod incremental;
mod json_contract;
mod kept;
mod layers;
mod limits;
mod matrix;
mod one_reading;
mod pdf;
mod published;
mod published_pdf;
mod questions;
mod quiet;
mod read_short;
mod readme;
mod renditions;
mod rule_tables;
mod search;
mod serve;
mod settings;
mod show;
mod silence;
mod statuses;
mod temporary;
mod tournament;
mod undated;
mod update;
mod update_defaults;
mod update_fetch;
mod update_keep;
mod update_series;
mod wordproc;
