//! Reading the notes of a `search --json` answer, for the test files that
//! check how a query was read.

use serde_json::Value;

/// The codes of a JSON answer's notes, in order.
pub fn codes(answer: &Value) -> Vec<String> {
    answer["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["code"].as_str().unwrap().to_string())
        .collect()
}
