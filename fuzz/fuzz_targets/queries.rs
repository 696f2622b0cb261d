//! Queries and names as a TD types them (and as nobody should), through
//! search, name look-up and diff sides on a real index: see `harness.rs`.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../harness.rs"]
#[allow(dead_code)]
mod harness;

thread_local! {
    // The fuzzer runs inputs on one thread; the catalog is not shared.
    static FIXTURE: (tempfile::TempDir, harness::Fixture) = {
        let index = tempfile::tempdir().expect("a temporary folder");
        let fixture = harness::Fixture::new(index.path());
        (index, fixture)
    };
}

fuzz_target!(|data: &[u8]| {
    FIXTURE.with(|(_, fixture)| harness::run(fixture, data));
});
