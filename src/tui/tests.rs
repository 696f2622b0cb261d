//! The interactive search driven by key events on the bundled corpus, and
//! drawn on ratatui's test backend.

use chrono::NaiveDate;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;

use super::draw::draw;
use super::pages::{PageKind, Settings};
use super::state::State;
use rulings::config::Config;
use rulings::corpus::Sources;
use rulings::model::Edition;
use rulings::output::Out;
use rulings::session::{Announce, Session};

const COLUMNS: u16 = 110;
const ROWS: u16 = 32;

/// The bundled corpus's session, indexed into a temporary folder.
fn catalog() -> (tempfile::TempDir, Session) {
    catalog_with(Sources {
        bundled: true,
        folders: Vec::new(),
        cards: None,
    })
}

/// The session of a corpus of `sources`, indexed into a temporary folder.
fn catalog_with(sources: Sources) -> (tempfile::TempDir, Session) {
    let index = tempfile::tempdir().unwrap();
    let today = NaiveDate::from_ymd_opt(2030, 1, 1).unwrap();
    let config = Config::of(sources, index.path().to_path_buf(), today);
    let quiet = &mut Out::new(std::io::sink());
    (
        index,
        Session::open_staying(config, Announce::Quietly, quiet).unwrap(),
    )
}

fn session(as_of: &str) -> Settings {
    Settings {
        edition: Some(Edition::First),
        authority: None,
        as_of: as_of.parse().unwrap(),
        today: NaiveDate::from_ymd_opt(2030, 1, 1).unwrap(),
    }
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn type_text(state: &mut State, text: &str) {
    for c in text.chars() {
        state.update(key(KeyCode::Char(c)));
    }
}

/// The screen as text, one line a row, trailing blanks cut.
fn screen(state: &State) -> String {
    let mut terminal = Terminal::new(TestBackend::new(COLUMNS, ROWS)).unwrap();
    terminal.draw(|frame| draw(frame, state)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..ROWS)
        .map(|y| {
            let row: String = (0..COLUMNS)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect();
            row.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn before_a_query_the_screen_shows_the_session_and_a_hint() {
    let (_index, catalog) = catalog();
    let state = State::new(&catalog, session("2010-01-01"), COLUMNS);
    let text = screen(&state);
    assert!(
        text.starts_with("rulings  as of 2010-01-01 (pinned) · 1E only"),
        "{text}"
    );
    assert!(text.contains("Type a few words"), "{text}");
    assert!(state.rows.is_empty());
}

#[test]
fn typing_updates_the_hits_on_every_key() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "ferengi mil");
    assert_eq!(state.query, "ferengi mil");
    assert_eq!(
        state.selected_row().map(|r| r.topic.as_str()),
        Some("Ferengi Military Operations")
    );
    let text = screen(&state);
    assert!(text.contains("> ferengi mil"), "{text}");
    assert!(text.contains("1E  in force  2014-11-03"), "{text}");
    // The preview is the selected ruling as `show` words it.
    assert!(text.contains("in force since CRD 2014-11-03"), "{text}");
    // Backspace searches again; clearing the query empties the list.
    state.update(key(KeyCode::Backspace));
    assert_eq!(state.query, "ferengi mi");
    state.update(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    assert!(state.query.is_empty() && state.rows.is_empty());
}

#[test]
fn moving_the_selection_changes_the_preview() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "once each turn");
    assert!(state.rows.len() > 2, "{:?}", state.rows);
    let first = state.preview.title.clone();
    state.update(key(KeyCode::Down));
    assert_eq!(state.selected, 1);
    let second = state.rows[1].topic.clone();
    assert!(state.preview.title.starts_with(&second), "{second}");
    assert_ne!(state.preview.title, first);
    state.update(key(KeyCode::Up));
    state.update(key(KeyCode::Up));
    assert_eq!(state.selected, 0, "the selection stops at the top");
    assert!(screen(&state).contains(&format!("Hits 1/{}", state.rows.len())));
}

#[test]
fn enter_reads_the_ruling_and_f3_its_history() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "time location");
    let row = state.selected_row().unwrap().clone();
    assert_eq!(row.topic, "time location");
    // The preview counts the earlier rulings; the page lists them.
    assert!(
        state
            .preview
            .lines
            .contains(&"1 earlier ruling on the topic (F3: the history)".to_string()),
        "{:?}",
        state.preview.lines
    );

    state.update(key(KeyCode::Enter));
    assert_eq!(state.page().map(|o| o.kind), Some(PageKind::Ruling));
    let text = screen(&state);
    assert!(text.contains("┌ time location (1E) ─"), "{text}");
    assert!(text.contains("│in force since CRD 2014-11-03"), "{text}");
    // Below the fold: the earlier ruling it stands over.
    let lines = &state.page().unwrap().page.lines;
    let earlier = lines
        .iter()
        .position(|l| l.starts_with("Earlier rulings on the topic"))
        .expect("the earlier rulings are listed");
    assert!(
        lines[earlier + 1].contains("superseded  Current Rulings 2000-03-27 — Rulings"),
        "{lines:?}"
    );
    state.update(key(KeyCode::PageDown));
    assert_eq!(state.page().unwrap().scroll, 10);

    state.update(key(KeyCode::F(3)));
    assert_eq!(state.query, "time location");
    assert_eq!(state.page().map(|o| o.kind), Some(PageKind::History));
    assert!(screen(&state).contains("┌ History of time location (1E) ─"));
    let lines = &state.page().unwrap().page.lines;
    let history = lines
        .iter()
        .position(|l| l == "History (newest first)")
        .expect("a history");
    assert!(
        lines[history + 1].contains("superseded  Current Rulings 2000-03-27 — Rulings"),
        "{lines:?}"
    );

    // ← goes back a page; one Esc goes back to the hits from any page,
    // and quits from the hits.
    state.update(key(KeyCode::Left));
    assert_eq!(state.page().map(|o| o.kind), Some(PageKind::Ruling));
    state.update(key(KeyCode::F(3)));
    assert_eq!(state.pages.len(), 2);
    state.update(key(KeyCode::Esc));
    assert!(state.page().is_none() && !state.quit);
    state.update(key(KeyCode::Esc));
    assert!(state.quit);
}

#[test]
fn a_card_shows_its_errata_and_a_topic_without_says_so() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "Ferengi Military Operations");
    state.update(key(KeyCode::Enter));
    state.update(key(KeyCode::F(4)));
    let open = state.page().unwrap();
    assert_eq!(open.kind, PageKind::Errata);
    assert_eq!(
        open.page.title,
        "Errata of Ferengi Military Operations (1E)"
    );
    assert!(
        open.page.lines[0].starts_with("Ferengi Military Operations  1E  in force"),
        "{:?}",
        open.page.lines
    );

    state.update(key(KeyCode::Esc));
    assert!(state.page().is_none());
    state.update(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    type_text(&mut state, "time location");
    state.update(key(KeyCode::Enter));
    state.update(key(KeyCode::F(4)));
    // As `rulings errata` says it: none, and the rulings there are.
    let lines = &state.page().unwrap().page.lines;
    assert!(
        lines[0].starts_with(
            "no errata for time location as of 2020-01-01 — it has 2 rulings on time location (1E)"
        ),
        "{lines:?}"
    );
    assert_eq!(lines[1], "see `rulings show \"time location\"`");
}

#[test]
fn a_reference_is_chosen_by_tab_and_followed_by_enter() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "topic:dabo");
    assert_eq!(state.selected_row().unwrap().topic, "Dabo");
    state.update(key(KeyCode::Enter));
    let references = state.page().unwrap().page.references.clone();
    assert_eq!(
        references,
        [
            "Writ of Accountability",
            "Horga'hn",
            "tournament scoring – forfeited games"
        ]
    );
    assert!(screen(&state).contains("see: 1 Writ of Accountability · 2 Horga'hn"));
    // Enter follows nothing until Tab chooses a reference; Shift-Tab goes
    // round to the last.
    state.update(key(KeyCode::Enter));
    assert_eq!(state.pages.len(), 1);
    state.update(key(KeyCode::BackTab));
    assert_eq!(state.page().unwrap().chosen, Some(2));
    state.update(key(KeyCode::Tab));
    assert_eq!(state.page().unwrap().chosen, Some(0));
    state.update(key(KeyCode::Tab));
    state.update(key(KeyCode::Enter));
    let open = state.page().unwrap();
    assert_eq!(open.kind, PageKind::Reference);
    assert!(
        open.page.lines[0].starts_with("Horga’hn  1E  consolidated"),
        "{:?}",
        open.page.lines
    );
    // A page without references: Tab and Enter do nothing.
    state.update(key(KeyCode::Tab));
    state.update(key(KeyCode::Enter));
    assert_eq!(state.pages.len(), 2);
    assert_eq!(state.query, "topic:dabo");
}

#[test]
fn ctrl_c_quits_from_anywhere() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "dabo");
    state.update(key(KeyCode::Enter));
    state.update(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(state.quit);
}

#[test]
fn a_query_that_finds_nothing_says_so() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "zzqxv");
    assert!(state.rows.is_empty());
    let text = screen(&state);
    assert!(
        text.contains("nothing in force matches `zzqxv` as of 2020-01-01"),
        "{text}"
    );
    // A lone quote is half a phrase, not an error.
    state.update(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    type_text(&mut state, "\"");
    assert!(state.error.is_none(), "{:?}", state.error);
}

#[test]
fn the_word_being_typed_matches_as_a_prefix() {
    let (_index, catalog) = catalog();
    let both = Settings {
        edition: None,
        ..session("2020-01-01")
    };
    for (word, topic) in [
        ("liberty", "Liberty"),
        ("cochrane", "Visit Cochrane Memorial"),
    ] {
        let mut state = State::new(&catalog, both, COLUMNS);
        for (typed, c) in word.chars().enumerate() {
            type_text(&mut state, &c.to_string());
            // From the fourth letter (or five, for a longer word) on, the
            // topic is first on every key: the hits never go empty mid-word.
            if typed + 1 >= word.len().min(8) - 3 {
                assert_eq!(
                    state.selected_row().map(|r| r.topic.as_str()),
                    Some(topic),
                    "after `{}`: {:?}",
                    state.query,
                    state.rows
                );
            }
        }
    }
}

#[test]
fn the_word_being_typed_never_empties_the_hits_in_a_corpus_of_its_own() {
    let corpus = tempfile::tempdir().unwrap();
    std::fs::write(
        corpus.path().join("test.md"),
        "+++\nedition = \"1E\"\ndate = \"2020-01-01\"\ntitle = \"Test Rulings\"\n+++\n\n\
         Liberation – Liberating a planet frees its personnel.\n\n\
         Tribble Bomb – Every tribble explodes when played.\n",
    )
    .unwrap();
    let (_index, catalog) = catalog_with(Sources::folder(corpus.path()));
    for (word, topic) in [("liberating", "Liberation"), ("tribbles", "Tribble Bomb")] {
        let mut state = State::new(&catalog, session("2021-01-01"), COLUMNS);
        for c in word.chars() {
            type_text(&mut state, &c.to_string());
            // From the second letter on, the word being typed begins a word
            // of the ruling, and the ruling is listed.
            if state.query.chars().count() >= 2 {
                assert_eq!(
                    state.selected_row().map(|r| r.topic.as_str()),
                    Some(topic),
                    "after `{}`",
                    state.query
                );
            }
        }
    }
}

#[test]
fn a_paste_past_the_limits_is_not_searched_and_says_why() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2010-01-01"), COLUMNS);
    type_text(&mut state, "cloaking ");
    let rows = state.rows.len();
    assert!(rows > 0);
    state.update(Event::Paste("(".repeat(100_000)));
    assert_eq!(state.rows.len(), rows, "the hits before stay");
    let text = screen(&state);
    assert!(
        text.contains("at most 512"),
        "the limit is on the screen:\n{text}"
    );
    // Back within the limits, it searches again.
    state.update(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    type_text(&mut state, "cloaking -device ");
    assert!(state.error.is_none());
    assert!(state.notes[0].starts_with("searched: cloaking, excluding device"));
}

/// A paste the terminal did not bracket: one key event a character, all
/// waiting at once, applied and then searched once.
#[test]
fn keys_waiting_together_are_one_search() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2010-01-01"), COLUMNS);
    type_text(&mut state, "cloaking ");
    let rows = state.rows.clone();
    assert!(!rows.is_empty());
    let pasted = "cloaking device ".repeat(6_250);
    let started = std::time::Instant::now();
    for c in pasted.chars() {
        state.apply(key(KeyCode::Char(c)));
    }
    assert_eq!(state.rows, rows, "nothing is searched while keys wait");
    state.settle();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(1),
        "100 KB of keys took {:?}",
        started.elapsed()
    );
    assert_eq!(state.query.len(), 9 + 100_000);
    let text = screen(&state);
    assert!(text.contains("at most 512"), "{text}");

    // A move over the hits after keys in the same read is over the hits
    // of those keys.
    state.apply(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    for c in "ferengi mil".chars() {
        state.apply(key(KeyCode::Char(c)));
    }
    state.apply(key(KeyCode::Enter));
    state.settle();
    let mut typed = State::new(&catalog, session("2010-01-01"), COLUMNS);
    type_text(&mut typed, "ferengi mil");
    let first = typed.selected_row().expect("a hit").topic.clone();
    assert_ne!(Some(&first), rows.first().map(|r| &r.topic));
    let page = state.page().expect("Enter opened the first hit");
    assert_eq!(page.kind, PageKind::Ruling);
    let text = screen(&state);
    assert!(
        text.contains(&format!("┌ {first} (1E)")),
        "{first}:\n{text}"
    );
}

#[test]
fn exclusions_typed_first_wait_for_the_words() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2010-01-01"), COLUMNS);
    type_text(&mut state, "-device");
    assert!(state.error.is_none());
    assert!(state.rows.is_empty());
    assert!(
        state.notes[0].contains("only leaves out"),
        "{:?}",
        state.notes
    );
}

#[test]
fn a_hit_opens_its_card_with_the_card_database() {
    let cards = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/cards");
    let (_index, catalog) = catalog_with(Sources {
        bundled: true,
        folders: Vec::new(),
        cards: Some(cards.into()),
    });
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "Going to the Top");
    state.update(key(KeyCode::Enter));
    state.update(key(KeyCode::F(5)));
    let open = state.page().unwrap();
    assert_eq!(open.kind, PageKind::Card);
    assert_eq!(open.page.title, "Card: Going to the Top (1E)");
    assert!(
        open.page.lines[0].starts_with("Going to the Top  1E · Interrupt"),
        "{:?}",
        open.page.lines
    );
    assert!(
        open.page
            .lines
            .iter()
            .any(|l| l.contains("Plays if you have two [Ferengi] personnel")),
        "{:?}",
        open.page.lines
    );
}

/// One mode for typing: what is typed over a page goes to the question and
/// never opens a page; the page stays about the hit it was opened on, and
/// one Esc shows the hits of the new question.
#[test]
fn typing_over_a_ruling_edits_the_question() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "Ferengi Military Operations");
    state.update(key(KeyCode::Enter));
    let read = state.page().unwrap().row.clone().unwrap();
    state.update(Event::Key(KeyEvent::new(
        KeyCode::Char('u'),
        KeyModifiers::CONTROL,
    )));
    type_text(&mut state, "dead end");
    assert_eq!(state.query, "dead end");
    assert_eq!(state.pages.len(), 1, "no page opened: {:?}", state.pages);
    let open = state.page().unwrap();
    assert_eq!(open.kind, PageKind::Ruling);
    assert_eq!(open.row.as_ref(), Some(&read));
    let text = screen(&state);
    assert!(text.contains("> dead end"), "{text}");
    assert!(
        text.contains("┌ Ferengi Military Operations (1E)"),
        "{text}"
    );
    // A page opened now is about the hit being read, not the new first hit.
    state.update(key(KeyCode::F(4)));
    assert_eq!(
        state.page().unwrap().page.title,
        "Errata of Ferengi Military Operations (1E)"
    );
    // Backspace edits the question on a page too.
    state.update(key(KeyCode::Backspace));
    assert_eq!(state.query, "dead en");
    assert_eq!(state.pages.len(), 2);
    state.update(key(KeyCode::Esc));
    assert!(state.page().is_none() && !state.quit);
    let text = screen(&state);
    assert!(text.contains("> dead en"), "{text}");
    assert!(text.contains(" Hits 1/"), "{text}");
    let first = state.selected_row().expect("hits of the new question");
    assert_ne!(first.topic, read.topic);
}

#[test]
fn f1_lists_the_keys_and_a_question_mark_is_typed() {
    let (_index, catalog) = catalog();
    let mut state = State::new(&catalog, session("2020-01-01"), COLUMNS);
    type_text(&mut state, "dabo?");
    assert_eq!(state.query, "dabo?");
    assert!(state.page().is_none());
    assert!(screen(&state).contains("F1 keys"));
    state.update(key(KeyCode::F(1)));
    assert_eq!(state.page().map(|o| o.kind), Some(PageKind::Help));
    let text = screen(&state);
    assert!(text.contains("┌ Keys ─"), "{text}");
    assert!(
        text.contains("F4             the card's errata (`errata CARD`)"),
        "{text}"
    );
    // F1 again keeps the one page; the page's keys are about the hit
    // selected under it.
    state.update(key(KeyCode::F(1)));
    assert_eq!(state.pages.len(), 1);
    state.update(key(KeyCode::F(2)));
    assert_eq!(state.page().map(|o| o.kind), Some(PageKind::Ruling));
    assert_eq!(state.pages.len(), 2);
    state.update(key(KeyCode::Esc));
    assert!(state.page().is_none() && !state.quit);
}
