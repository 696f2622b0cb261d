//! Embeds the bundled documents (`rulings/`) in the binary, so that a copied
//! or installed binary answers with no checkout beside it.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when the script runs, not when it was compiled: one compiled
    // script can serve several checkouts that share a target folder.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("rulings");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .map(|items| {
            items
                .flatten()
                .filter(|item| item.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|item| item.file_name().into_string().ok())
                .filter(|name| {
                    !name.starts_with('.')
                        && !name.to_lowercase().starts_with("readme")
                        && (name.ends_with(".md") || name.ends_with(".txt"))
                })
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    // A binary without its documents would answer nothing from anywhere it
    // is copied: that is a broken build, not an empty corpus.
    assert!(
        !names.is_empty(),
        "no document to bundle in {}: the checkout's rulings/ folder is missing or empty",
        root.display()
    );
    let mut code = String::from("/// The bundled documents: file name and content.\npub const BUNDLED: &[(&str, &[u8])] = &[\n");
    for name in &names {
        let path = root.join(name);
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("bundled.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
