//! Any bytes through the HTML reader and then the parser, as a page dropped
//! into a corpus folder is read: an answer or a `DocumentError`, never a
//! panic, a stack overflow or a hang (the reader refuses nesting past its
//! bound; libFuzzer's `-timeout` catches the rest).

#![no_main]

use libfuzzer_sys::fuzz_target;
use rulings::convert::{convert, Format};

fuzz_target!(|data: &[u8]| {
    if let Ok(converted) = convert(Format::Html, "fuzz.html", data.to_vec()) {
        let _ = rulings::parse::parse_document("fuzz.html", &converted.markdown, 0);
    }
});
