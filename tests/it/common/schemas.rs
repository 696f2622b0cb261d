//! The JSON Schemas of `schemas/`, read from the folder (references between
//! them, `common.schema.json#/$defs/…`, resolved from it: nothing is
//! fetched), and the check that a value is of a schema's shape.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

use jsonschema::{Retrieve, Uri, Validator};
use serde_json::Value;

/// The `$id` of every schema begins with this; the rest is its file name.
pub const SCHEMA_BASE: &str = "https://schemas.rulings.invalid/";

/// Resolves references between schemas from the folder.
pub struct Folder(pub HashMap<String, Value>);

impl Retrieve for Folder {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        self.0
            .get(uri.as_str())
            .cloned()
            .ok_or_else(|| format!("no schema {uri} in schemas/").into())
    }
}

/// Every schema of `schemas/`, by its `$id`.
pub fn schemas() -> HashMap<String, Value> {
    let folder = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("schemas");
    fs::read_dir(folder)
        .unwrap()
        .map(|f| {
            let path = f.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let schema: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (format!("{SCHEMA_BASE}{name}"), schema)
        })
        .collect()
}

/// The validator of `schemas/NAME.schema.json`.
pub fn validator(name: &str) -> Validator {
    let all = schemas();
    let schema = all[&format!("{SCHEMA_BASE}{name}.schema.json")].clone();
    jsonschema::draft202012::options()
        .with_retriever(Folder(all))
        .build(&schema)
        .unwrap_or_else(|e| panic!("{name}.schema.json: {e}"))
}

/// Fails with every way `value` breaks the schema `name`.
pub fn assert_valid(name: &str, value: &Value, context: &str) {
    let errors: Vec<String> = validator(name)
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{context}: not a {name} object:\n{}\n{}",
        errors.join("\n"),
        serde_json::to_string_pretty(value).unwrap()
    );
}
