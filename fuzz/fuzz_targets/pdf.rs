//! Any bytes through the PDF reader: an answer or a `PdfError`, never a
//! panic, within the reader's own bounds of size, pages, runs and time.
//! The reader catches panics inside `pdf_oxide`, but libFuzzer's panic hook
//! aborts on any panic, caught or not: a crash found here inside the crate
//! is one to report upstream (the reader still returns `Damaged` for it).

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = rulings::pdf::to_markdown(data);
});
