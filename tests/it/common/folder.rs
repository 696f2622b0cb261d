//! A corpus folder of the test's own documents, read without the bundled
//! ones, with its own index and cache folders (nothing of the user's is
//! read or written).

use std::fs;
use std::path::PathBuf;

use assert_cmd::Command;

pub struct Folder {
    dir: tempfile::TempDir,
}

impl Folder {
    /// A folder holding `files` (name, bytes).
    pub fn new<B: AsRef<[u8]>>(files: &[(&str, B)]) -> Folder {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("rulings")).unwrap();
        for (name, bytes) in files {
            fs::write(dir.path().join("rulings").join(name), bytes).unwrap();
        }
        Folder { dir }
    }

    /// The corpus folder.
    pub fn folder(&self) -> PathBuf {
        self.dir.path().join("rulings")
    }

    /// `rulings ARGS` on this folder alone.
    pub fn rulings(&self, args: &[&str]) -> Command {
        let mut cmd = super::rulings();
        cmd.arg("--no-bundled")
            .arg("--rulings")
            .arg(self.folder())
            .env("RULINGS_INDEX", self.dir.path().join("index"))
            .env("XDG_CACHE_HOME", self.dir.path().join("cache"))
            .args(args);
        cmd
    }
}
