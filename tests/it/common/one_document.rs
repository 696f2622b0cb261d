//! A corpus of one fixture document, with its own index, in a temporary
//! folder: what the tests of a family of documents read each fixture with.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A fixture of `tests/fixtures/FOLDER/`.
pub fn fixture(folder: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder)
        .join(name)
}

/// The one fixture as a corpus (`docs/`) beside its index (`index/`).
pub struct OneDocument {
    dir: tempfile::TempDir,
}

impl OneDocument {
    pub fn of(folder: &str, name: &str) -> OneDocument {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("docs")).unwrap();
        std::fs::copy(fixture(folder, name), dir.path().join("docs").join(name)).unwrap();
        OneDocument { dir }
    }

    /// The folder the document is in.
    pub fn docs(&self) -> PathBuf {
        self.dir.path().join("docs")
    }

    /// The binary, on this corpus alone (no bundled documents).
    pub fn rulings(&self) -> Command {
        let mut command = super::rulings();
        command
            .arg("--no-bundled")
            .arg("--rulings")
            .arg(self.docs())
            .arg("--index")
            .arg(self.dir.path().join("index"));
        command
    }
}
