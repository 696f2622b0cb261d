//! A bounded run of the mutation fuzzer (`examples/fuzz.rs`): mutated
//! bundled documents never panic, never render out of proportion to their
//! size, and leave no line outside an entry or the front matter.

#[path = "../examples/fuzz.rs"]
mod fuzz;

#[test]
fn mutated_documents_parse_without_panic_or_blow_up() {
    std::panic::set_hook(Box::new(|_| {}));
    let docs = fuzz::seeds(std::path::Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(docs.len() >= 5, "the bundled documents are the seeds");
    let report = fuzz::run(&docs, 300, 11);
    let _ = std::panic::take_hook();
    assert_eq!(report.executions, 300);
    assert!(report.panics.is_empty(), "{:?}", report.panics);
    assert_eq!(report.blowups, 0);
    assert_eq!(report.lost_lines, 0);
    assert!(
        report.parsed > 200,
        "most mutations still parse: {}",
        report.parsed
    );
}
