//! A bounded run of the mutation fuzzer (`examples/fuzz.rs`): mutated
//! stretches of the bundled documents never panic, never render out of
//! proportion to their size, and keep every word of their input. The time
//! bound is checked by the long run (`cargo run --release --example fuzz`),
//! not here: a debug build on a busy machine says nothing about it.

#[path = "../../examples/fuzz.rs"]
mod mutator;

use rulings::parse::parse_document;

fn seeds() -> Vec<String> {
    mutator::seeds(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
}

#[test]
fn mutated_documents_parse_without_panic_blow_up_or_lost_words() {
    // A panic is caught and counted; its message is not silenced here, as
    // the panic hook is the whole test binary's.
    let docs = seeds();
    assert!(docs.len() >= 5, "the bundled documents are the seeds");
    let report = mutator::run(&docs, 0..1000, 11);
    assert_eq!(report.executions, 1000);
    assert!(report.panics.is_empty(), "panics: {:?}", report.panics);
    assert!(report.blowups.is_empty(), "blow-ups: {:?}", report.blowups);
    assert!(report.lost.is_empty(), "lost words: {:?}", report.lost);
    assert!(
        report.parsed > 300,
        "many mutations still parse: {}",
        report.parsed
    );
}

#[test]
fn an_execution_replays_to_the_same_input() {
    let docs = seeds();
    assert_eq!(mutator::input(&docs, 5, 123), mutator::input(&docs, 5, 123));
    assert_ne!(mutator::input(&docs, 5, 123), mutator::input(&docs, 5, 124));
}

#[test]
fn the_word_check_sees_a_dropped_entry() {
    let text = "+++\nedition = \"1E\"\ndate = \"2001-01-01\"\n+++\n\
                cloaking - A cloaked ship cannot attack.\n\n\
                Borg - The Borg assimilate **Picard**.\n";
    let mut release = parse_document("1e-2001-01-01-x.md", text, 0).unwrap();
    assert_eq!(mutator::lost_words(text, &release), Vec::<String>::new());
    release.entries.retain(|e| e.topic != "Borg");
    let lost = mutator::lost_words(text, &release);
    assert!(lost.contains(&"assimilate ×1".to_string()), "{lost:?}");
    assert!(lost.contains(&"borg ×2".to_string()), "{lost:?}");
}
