//! The handlers asked in process, as a request reaches them through the
//! router (no socket, no binary): what each answers, and that it answers
//! what the command line's `--json` answers for the same question.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request as HttpRequest, StatusCode};
use tower::ServiceExt;

use super::{router, AppState};
use rulings::config::Config;
use rulings::corpus::Sources;

/// The server's state on the bundled corpus, indexed into a temporary
/// folder, answering as of a fixed day.
fn state() -> (tempfile::TempDir, Arc<AppState>) {
    let index = tempfile::tempdir().unwrap();
    let config = config(index.path());
    let day = chrono::NaiveDate::from_ymd_opt(2026, 6, 13);
    (index, Arc::new(AppState::open(config, day).unwrap()))
}

fn config(index: &std::path::Path) -> Config {
    let bundled = Sources {
        bundled: true,
        folders: Vec::new(),
        cards: None,
    };
    Config::of(bundled, index.to_path_buf(), rulings::dates::today())
}

/// The status and body of a GET of `uri`.
async fn get(state: &Arc<AppState>, uri: &str) -> (StatusCode, String) {
    let request = HttpRequest::get(uri).body(Body::empty()).unwrap();
    let response = router(Arc::clone(state)).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

#[tokio::test]
async fn a_request_that_cannot_be_read_is_refused_in_its_own_words() {
    let (_index, state) = state();
    let (status, body) = get(&state, "/api/search?q=x&bogus=1").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("`bogus` is not a parameter of /api/search"),
        "{body}"
    );
    let (status, body) = get(&state, "/api/show").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("`topic` is required"), "{body}");
    // A page words a bad value as the API does, naming no flag.
    let (status, body) = get(&state, "/?q=x&as_of=yesterday").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.contains("`as_of`: `yesterday` is not a date"),
        "{body}"
    );
    assert!(!body.contains("--as-of"), "{body}");
    let (status, body) = get(&state, "/?q=x&edition=3e").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body.contains("it takes 1E, 2E or both"), "{body}");
}

#[tokio::test]
async fn the_errata_page_of_a_card_shows_what_its_answer_holds() {
    let (_index, state) = state();
    // No erratum in force: the card's rulings, with the newest's source,
    // as the API's answer has them; the form keeps the card.
    let (status, body) = get(&state, "/errata?card=Data&as_of=2014-11-03").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        body.contains("No errata for Commander Data as of 2014-11-03."),
        "{body}"
    );
    assert!(body.contains("Rulings on Commander Data"), "{body}");
    assert!(
        body.contains("the newest from Current Rulings 2000-03-27"),
        "{body}"
    );
    assert!(body.contains(r#"name="card" value="Data""#), "{body}");
    assert!(!body.contains("0 errata in force"), "{body}");
    // A misspelt card: the nearest names, as the API offers them.
    let (_, body) = get(&state, "/errata?card=Dtaa").await;
    assert!(body.contains("Did you mean"), "{body}");
    assert!(body.contains(">Data<"), "{body}");
    // A card with errata in force: each, with its text.
    let (status, body) = get(&state, "/errata?card=Continuing+Mission&as_of=2014-11-03").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("1 errata in force as of 2014-11-03"),
        "{body}"
    );
    assert!(body.contains("Seed one on table."), "{body}");
}

#[tokio::test]
async fn a_page_explains_the_lost_mark_exactly_when_it_shows_one() {
    let (_index, state) = state();
    let note = rulings::markdown::LOST_NOTE;
    // The 2014 document prints icons lost in conversion; the changes since
    // 2005 show its rulings.
    let (status, body) = get(&state, "/changes?from=2005-01-01&to=2026-01-01").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.contains("[?]"), "{body}");
    assert!(body.contains(note), "{body}");
    // A ruling with no lost mark says nothing of it.
    let (_, body) = get(&state, "/1e/Away%20Team").await;
    assert!(!body.contains("[?]"), "{body}");
    assert!(!body.contains(note), "{body}");
}

/// The server's state on a corpus folder of the test's own (beside the
/// bundled documents), indexed into a temporary folder.
fn state_on(corpus: &std::path::Path) -> (tempfile::TempDir, Arc<AppState>) {
    let index = tempfile::tempdir().unwrap();
    let sources = Sources::folder(corpus);
    let config = Config::of(sources, index.path().to_path_buf(), rulings::dates::today());
    let day = chrono::NaiveDate::from_ymd_opt(2026, 6, 13);
    (index, Arc::new(AppState::open(config, day).unwrap()))
}

#[tokio::test]
async fn a_name_no_topic_shows_the_rulings_that_name_it() {
    let (_index, state) = state();
    let (status, body) = get(&state, "/1e/Jean-Luc%20Picard").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("Rulings that name Jean-Luc Picard"), "{body}");
    // Titled as the documents print the name, not as the address spells it.
    assert!(body.contains("<h1>Jean-Luc Picard</h1>"), "{body}");
    // Each ruling, as a link to its topic, with its status and source.
    for topic in ["species", "named-in-lore"] {
        assert!(
            body.contains(&format!("/1e/{topic}?as_of=")),
            "{topic}: {body}"
        );
    }
    assert!(body.contains("1e-2014-11-03-crd.md"), "{body}");
}

#[tokio::test]
async fn a_base_entry_amended_shows_its_text_in_force() {
    let corpus = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for (from, name) in [
        ("tests/fixtures/base", "1e-2021-11-01-glossary.md"),
        ("rulings", "1e-2022-11-07-rrd.md"),
    ] {
        std::fs::copy(root.join(from).join(name), corpus.path().join(name)).unwrap();
    }
    let (_index, state) = state_on(corpus.path());
    let (status, body) = get(&state, "/1e/points").await;
    assert_eq!(status, StatusCode::OK);
    // The answer first: the text in force, then the changes made to it.
    let (text, changes) = body
        .split_once("Changes, oldest first")
        .expect("the changes");
    let (_, text) = text.split_once("<h1>").unwrap();
    // The words the ruling deleted are gone from the text in force, which
    // cites its base entry (its file a tap away) under the status of the
    // last change; the changes are listed with their sources.
    assert!(text.contains("The text in force"), "{text}");
    assert!(!text.contains("in your final score for the game"), "{text}");
    assert!(text.contains("since RRD 2022-11-07"), "{text}");
    assert!(text.contains("Glossary 2021-11-01 — points"), "{text}");
    assert!(text.contains("1e-2021-11-01-glossary.md"), "{text}");
    assert!(changes.contains("RRD 2022-11-07"), "{changes}");
    assert!(!changes.contains("not applied"), "{changes}");
}

#[tokio::test]
async fn a_cards_earlier_errata_are_on_its_errata_page() {
    let corpus = tempfile::tempdir().unwrap();
    let crd = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulings/1e-2014-11-03-crd.md"),
    )
    .unwrap();
    std::fs::write(corpus.path().join("1e-2014-11-03-crd.md"), &crd).unwrap();
    // A later document prints the card's erratum anew, changed.
    let later = crd
        .replace("date = \"2014-11-03\"", "date = \"2015-06-01\"")
        .replace("Seed one on table.", "Seed one on table, face up.");
    std::fs::write(corpus.path().join("1e-2015-06-01-crd.md"), later).unwrap();
    let (_index, state) = state_on(corpus.path());
    let (status, body) = get(
        &state,
        "/errata?card=Continuing+Mission&as_of=2016-01-01&edition=1e",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (newest, earlier) = body
        .split_once("Earlier errata: 1")
        .expect("the earlier erratum");
    assert!(newest.contains("Seed one on table, face up."), "{newest}");
    assert!(earlier.contains("Seed one on table. You may"), "{earlier}");
}

#[tokio::test]
async fn the_releases_page_says_where_a_fetched_document_came_from_and_when() {
    let corpus = tempfile::tempdir().unwrap();
    std::fs::write(
        corpus.path().join("notes-2024-05-01.md"),
        "+++\nedition = \"1E\"\ndate = \"2024-05-01\"\ntitle = \"Fetched notes\"\n+++\nwormholes – A ship may stop at the other end.\n",
    )
    .unwrap();
    // The record `rulings update` keeps of what it fetched.
    std::fs::write(
        corpus.path().join(rulings::update::STATE_FILE),
        r#"{"documents": {"https://example.org/notes": {"file": "notes-2024-05-01.md", "etag": null, "last_modified": null, "hash": "0", "fetched": "2026-06-01"}}}"#,
    )
    .unwrap();
    let (_index, state) = state_on(corpus.path());
    let (status, body) = get(&state, "/releases").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        body.contains("fetched 2026-06-01 from https://example.org/notes"),
        "{body}"
    );
}

#[tokio::test]
async fn a_path_that_is_no_page_names_every_address_of_the_api() {
    let (_index, state) = state();
    let (status, body) = get(&state, "/api/nothing").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for address in super::API {
        assert!(body.contains(address), "{address}: {body}");
        // And each is one: the router answers it with anything but 404.
        let (method, path) = address.split_once(' ').unwrap();
        let request = HttpRequest::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let response = router(Arc::clone(&state)).oneshot(request).await.unwrap();
        assert_ne!(response.status(), StatusCode::NOT_FOUND, "{address}");
    }
}
