//! The default edition: `--edition` weighs most, then `RULINGS_EDITION`,
//! then `edition` in the settings file (`config.toml` in the test's own
//! XDG_CONFIG_HOME); `rulings config` says which is in force and writes the
//! file; a file that cannot be read is refused by its line.

use crate::common;

use std::fs;
use std::path::PathBuf;

use tempfile::TempDir;

/// A corpus with a ruling on Cloaking in each edition, with its own index.
struct Corpus {
    documents: TempDir,
    index: TempDir,
}

impl Corpus {
    fn new() -> Corpus {
        let corpus = Corpus {
            documents: tempfile::tempdir().unwrap(),
            index: tempfile::tempdir().unwrap(),
        };
        let dir = corpus.documents.path();
        common::write_document(
            dir,
            "first.md",
            "1E",
            "2010-01-01",
            "Cloaking – A 1E ship may cloak.\n",
        );
        common::write_document(
            dir,
            "second.md",
            "2E",
            "2012-01-01",
            "Cloaking – A 2E ship may cloak.\n",
        );
        corpus
    }

    /// Runs `args` on the corpus with `env` set; (exit code, stdout, stderr).
    fn run(&self, env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
        let mut cmd = common::rulings();
        cmd.arg("--no-bundled")
            .arg("--rulings")
            .arg(self.documents.path())
            .arg("--index")
            .arg(self.index.path())
            .args(args);
        for (name, value) in env {
            cmd.env(name, value);
        }
        common::outcome(cmd.output().unwrap())
    }

    /// The editions `show Cloaking` answers with.
    fn editions(&self, env: &[(&str, &str)], args: &[&str]) -> Vec<&'static str> {
        let mut argv = vec!["show", "Cloaking"];
        argv.extend(args);
        let (code, out, err) = self.run(env, &argv);
        assert_eq!(code, 0, "{out}{err}");
        ["A 1E ship", "A 2E ship"]
            .into_iter()
            .zip(["1E", "2E"])
            .filter(|(ruling, _)| out.contains(ruling))
            .map(|(_, edition)| edition)
            .collect()
    }
}

/// The settings file of the test's environment.
fn settings_file() -> PathBuf {
    let config = common::environment()
        .into_iter()
        .find(|(name, _)| *name == "XDG_CONFIG_HOME")
        .expect("the tests set XDG_CONFIG_HOME")
        .1;
    PathBuf::from(config).join("rulings").join("config.toml")
}

fn write_settings(text: &str) -> PathBuf {
    let file = settings_file();
    fs::create_dir_all(file.parent().unwrap()).unwrap();
    fs::write(&file, text).unwrap();
    file
}

#[test]
fn the_flag_weighs_most_then_the_environment_then_the_file() {
    let corpus = Corpus::new();
    assert_eq!(corpus.editions(&[], &[]), ["1E", "2E"], "no default: both");
    write_settings("# at the store\nedition = \"1e\"\n");
    assert_eq!(corpus.editions(&[], &[]), ["1E"], "the file");
    let env = [("RULINGS_EDITION", "2e")];
    assert_eq!(
        corpus.editions(&env, &[]),
        ["2E"],
        "the environment over the file"
    );
    assert_eq!(
        corpus.editions(&env, &["--edition", "1e"]),
        ["1E"],
        "the flag over both"
    );
    let both = [("RULINGS_EDITION", "both")];
    assert_eq!(
        corpus.editions(&both, &[]),
        ["1E", "2E"],
        "both, for one command"
    );
    // A search asks the default too; a diff of releases compares them as given.
    let (code, out, _) = corpus.run(&[], &["search", "cloak"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("A 1E ship") && !out.contains("A 2E ship"),
        "{out}"
    );
}

#[test]
fn the_banner_says_the_default_and_where_it_is_set() {
    let corpus = Corpus::new();
    let file = write_settings("\nedition = \"2e\"\n");
    let (_, _, err) = corpus.run(&[], &["show", "Cloaking"]);
    let said = format!("asking 2E only, by default (file {}:2)", file.display());
    assert!(err.lines().next().unwrap().contains(&said), "{err}");
    // A question naming its edition has no default to tell (the corpus,
    // told with no default, is told once more).
    let (_, _, err) = corpus.run(&[], &["show", "Cloaking", "--edition", "2e"]);
    assert!(
        err.starts_with("corpus: ") && !err.contains("by default"),
        "{err}"
    );
}

#[test]
fn config_says_where_each_setting_comes_from() {
    let corpus = Corpus::new();
    let file = settings_file();
    let shown = |env: &[(&str, &str)], args: &[&str]| {
        let mut argv = vec!["config"];
        argv.extend(args);
        let (code, out, err) = corpus.run(env, &argv);
        assert_eq!(code, 0, "{err}");
        out
    };
    let in_file = format!("settings file: {}\n", file.display());
    assert_eq!(
        shown(&[], &[]),
        format!("edition = both  (default)\n{in_file}")
    );
    write_settings("# mine\n\nedition = \"1E\"  # league\n");
    assert_eq!(
        shown(&[], &[]),
        format!("edition = 1e  (file {}:3)\n{in_file}", file.display())
    );
    assert_eq!(
        shown(&[("RULINGS_EDITION", "second")], &[]),
        format!("edition = 2e  (environment RULINGS_EDITION)\n{in_file}")
    );
    assert_eq!(
        shown(&[("RULINGS_EDITION", "2e")], &["--edition", "1"]),
        format!("edition = 1e  (flag --edition)\n{in_file}")
    );
}

#[test]
fn config_set_and_unset_write_the_file_and_keep_the_rest() {
    let corpus = Corpus::new();
    let file = settings_file();
    assert!(!file.exists());
    let (code, out, err) = corpus.run(&[], &["config", "set", "edition", "1e"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("edition = \"1e\"  (file {})\n", file.display())
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "edition = \"1e\"\n",
        "folder and file made"
    );
    assert_eq!(corpus.editions(&[], &[]), ["1E"]);

    fs::write(&file, "# kept\nedition = \"1e\" # old\n# kept too\n").unwrap();
    let (code, _, err) = corpus.run(&[], &["config", "set", "edition", "2E"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "# kept\nedition = \"2e\"\n# kept too\n"
    );
    let (code, _, err) = corpus.run(&[], &["config", "unset", "edition"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(fs::read_to_string(&file).unwrap(), "# kept\n# kept too\n");
    assert_eq!(corpus.editions(&[], &[]), ["1E", "2E"]);

    let (code, out, err) = corpus.run(&[], &["config", "set", "edition", "3e"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert_eq!(
        err,
        "rulings: edition: `3e` is not an edition (1e, 2e or both)\n"
    );
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        "# kept\n# kept too\n",
        "not written"
    );
}

#[test]
fn a_malformed_file_is_refused_by_its_line_with_exit_2() {
    let corpus = Corpus::new();
    let file = write_settings("# mine\nedition = \"1e\"\neditoin = \"2e\"\n");
    for args in [
        &["show", "Cloaking"][..],
        &["config"],
        &["config", "set", "edition", "1e"],
    ] {
        let (code, out, err) = corpus.run(&[], args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}");
        assert!(
            err.starts_with(&format!(
                "rulings: {}:3: unknown field `editoin`",
                file.display()
            )),
            "{args:?}: {err}"
        );
    }
    let (code, _, err) = corpus.run(&[], &["show", "Cloaking", "--json"]);
    assert_eq!(code, 2);
    let error: serde_json::Value = serde_json::from_str(&err).unwrap();
    assert_eq!(error["error"]["code"], "bad_config", "{err}");
    write_settings("edition = \"3e\"\n");
    let (code, _, err) = corpus.run(&[], &["show", "Cloaking"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!(
            "rulings: {}:1: edition: `3e` is not an edition (1e, 2e or both)\n",
            file.display()
        )
    );
    let (code, _, err) = corpus.run(&[("RULINGS_EDITION", "3")], &["config"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "rulings: RULINGS_EDITION: `3` is not an edition (1e, 2e or both)\n"
    );
}

#[test]
fn the_server_asks_the_default_edition_unless_a_request_names_one() {
    use crate::serve::{only, Server};
    let corpus = Corpus::new();
    write_settings("edition = \"1e\"\n");
    let server = Server::start(&only(corpus.documents.path()), &[]);
    let editions = |query: &str| -> Vec<String> {
        let (status, value) = server.json(&format!("/api/show?topic=Cloaking{query}"));
        assert_eq!(status, 200, "{query}: {value}");
        value["answers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["entry"]["edition"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(editions(""), ["1E"], "the default");
    assert_eq!(editions("&edition=2e"), ["2E"], "named");
    assert_eq!(editions("&edition=both"), ["1E", "2E"], "both");
    // The search page shows the edition asked, chosen.
    let page = server.get("/?q=cloak").body;
    assert!(page.contains(r#"<option value="1e" selected>"#), "{page}");
    assert!(
        page.contains("A 1E ship") && !page.contains("A 2E ship"),
        "{page}"
    );
}
