//! Any bytes through the PDF reader and then the parser, as a PDF dropped
//! into a corpus folder is read: an answer or a `DocumentError`, never a
//! panic, within the reader's own bounds of size, pages, runs and time.
//! The reader catches panics (in `lopdf` or its own code), but libFuzzer's
//! panic hook aborts on any panic, caught or not: a crash found here is a
//! defect to fix (the reader still returns `Damaged` for it).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rulings::convert::{convert, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(converted) = convert(Format::Pdf, "fuzz.pdf", data.to_vec()) {
        let _ = rulings::parse::parse_document("fuzz.pdf", &converted.markdown, 0);
    }
});
