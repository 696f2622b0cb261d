//! The settings a TD keeps between commands: the edition a plain question
//! asks of. Each is read from the command's flag, else the environment,
//! else the settings file (`config.toml` in the user configuration folder),
//! else its default; `rulings config` says which, and writes the file.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde::Deserialize;
use toml::Spanned;

use super::{ErrorCode, Failure, Refusal};
use crate::cli::{ConfigArgs, ConfigChange, SettingName};
use rulings::model::Edition;
use rulings::output::{self, Out};
use rulings::safe::escape_name;

/// The environment variable of the default edition.
pub const EDITION_VAR: &str = "RULINGS_EDITION";

/// The values `edition` takes, as the file and the environment write them.
const EDITIONS: &str = "1e, 2e or both";

/// The settings file: `config.toml` in the user configuration folder
/// (`$XDG_CONFIG_HOME/rulings`, else `~/.config/rulings` on Linux).
pub fn file() -> Option<PathBuf> {
    dirs::config_dir().map(|d| d.join("rulings").join("config.toml"))
}

/// The default edition: one edition, or `both` (no default).
type Choice = Option<Edition>;

/// Reads `1e`, `2e` (as `--edition` does) or `both`.
fn choice(value: &str) -> Result<Choice, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "both" | "all" => Ok(None),
        other => other
            .parse::<Edition>()
            .map(Some)
            .map_err(|_| format!("`{}` is not an edition ({EDITIONS})", value.trim())),
    }
}

/// How a choice is written: `1e`, `2e`, `both`.
fn written(choice: Choice) -> &'static str {
    match choice {
        Some(Edition::First) => "1e",
        Some(Edition::Second) => "2e",
        None => "both",
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    edition: Option<Spanned<String>>,
}

/// What a settings file holds: the edition, with its line.
#[derive(Debug, Default, PartialEq)]
struct Held {
    edition: Option<(Choice, usize)>,
}

/// Reads a settings file's text; `origin` names it in errors, `FILE:LINE: …`.
fn parse(text: &str, origin: &str) -> Result<Held, String> {
    let line_of = |at: usize| text[..at.min(text.len())].matches('\n').count() + 1;
    let raw: Raw = toml::from_str(text).map_err(|e| match e.span() {
        Some(span) => format!("{origin}:{}: {}", line_of(span.start), e.message().trim()),
        None => format!("{origin}: {}", e.message().trim()),
    })?;
    let edition = raw
        .edition
        .map(|e| {
            let line = line_of(e.span().start);
            choice(e.get_ref())
                .map(|c| (c, line))
                .map_err(|why| format!("{origin}:{line}: edition: {why}"))
        })
        .transpose()?;
    Ok(Held { edition })
}

/// The settings file's text, none when there is no file.
fn read_text(path: &Path) -> Result<Option<String>, Failure> {
    match fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(bad(format!("{}: {e}", shown(path)))),
    }
}

fn read_file(path: &Path) -> Result<Held, Failure> {
    match read_text(path)? {
        Some(text) => parse(&text, &shown(path)).map_err(bad),
        None => Ok(Held::default()),
    }
}

fn bad(message: String) -> Failure {
    Refusal::new(ErrorCode::BadConfig, message).into()
}

fn shown(path: &Path) -> String {
    escape_name(&path.display().to_string())
}

/// The default edition in force, and where it was set: `RULINGS_EDITION`,
/// else the settings file (its path and line); none when neither sets one
/// (or either says `both`).
pub fn default_edition() -> Result<Option<(Edition, String)>, Failure> {
    Ok(match edition_in_force(None)? {
        (Some(edition), from) => Some((edition, from)),
        (None, _) => None,
    })
}

/// The edition in force given `flag`, and where it comes from.
fn edition_in_force(flag: Option<Edition>) -> Result<(Choice, String), Failure> {
    if let Some(edition) = flag {
        return Ok((Some(edition), "flag --edition".to_string()));
    }
    if let Some(value) = std::env::var_os(EDITION_VAR).filter(|v| !v.is_empty()) {
        let value = value.to_string_lossy();
        let choice = choice(&value).map_err(|why| bad(format!("{EDITION_VAR}: {why}")))?;
        return Ok((choice, format!("environment {EDITION_VAR}")));
    }
    if let Some(path) = file() {
        if let Some((choice, line)) = read_file(&path)?.edition {
            return Ok((choice, format!("file {}:{line}", shown(&path))));
        }
    }
    Ok((None, "default".to_string()))
}

/// `rulings config`: the settings in force and where each comes from; or
/// `set` / `unset` one in the settings file.
pub fn run(args: &ConfigArgs) -> Result<ExitCode, Failure> {
    let path = file().ok_or_else(|| {
        bad("no user configuration folder (is HOME set?): nowhere to keep settings".to_string())
    })?;
    let mut out = Out::new(output::Stdout::lock());
    match &args.change {
        None => {
            let (choice, from) = edition_in_force(args.edition)?;
            out.line(&format!("edition = {}  ({from})", written(choice)))?;
            out.line(&format!("settings file: {}", shown(&path)))?;
        }
        Some(ConfigChange::Set { name, value }) => {
            let SettingName::Edition = name;
            let choice = choice(value).map_err(|why| {
                Failure::from(Refusal::new(
                    ErrorCode::InvalidValue,
                    format!("edition: {why}"),
                ))
            })?;
            let line = format!("edition = \"{}\"", written(choice));
            write_setting(&path, "edition", Some(&line))?;
            out.line(&format!("{line}  (file {})", shown(&path)))?;
        }
        Some(ConfigChange::Unset { name }) => {
            let SettingName::Edition = name;
            write_setting(&path, "edition", None)?;
            out.line(&format!("edition unset in {}", shown(&path)))?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `line` as the setting `key` of the file at `path` (none: removes
/// it), keeping every other line as it is; the folder is made if need be.
fn write_setting(path: &Path, key: &str, line: Option<&str>) -> Result<(), Failure> {
    let text = read_text(path)?.unwrap_or_default();
    // A file that cannot be read is not written over.
    parse(&text, &shown(path)).map_err(bad)?;
    let edited = edit(&text, key, line);
    debug_assert!(parse(&edited, "edited").is_ok(), "{edited}");
    if let Some(folder) = path.parent() {
        fs::create_dir_all(folder)?;
    }
    let mut file = fs::File::create(path)?;
    file.write_all(edited.as_bytes())?;
    Ok(())
}

/// `text` with the top-level `key = …` line replaced by `line` (removed
/// when none), or `line` added before the first table when there is none.
fn edit(text: &str, key: &str, line: Option<&str>) -> String {
    let is_key = |l: &str| {
        l.trim_start()
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='))
    };
    let is_table = |l: &str| l.trim_start().starts_with('[');
    let mut lines: Vec<String> = Vec::new();
    let mut done = false;
    let mut top = true;
    for l in text.lines() {
        if top && is_table(l) {
            top = false;
            if let (false, Some(line)) = (done, line) {
                lines.push(line.to_string());
                done = true;
            }
        }
        if top && is_key(l) {
            if let (false, Some(line)) = (done, line) {
                lines.push(line.to_string());
            }
            done = true;
            continue;
        }
        lines.push(l.to_string());
    }
    if let (false, Some(line)) = (done, line) {
        lines.push(line.to_string());
    }
    let mut edited = lines.join("\n");
    if !edited.is_empty() {
        edited.push('\n');
    }
    edited
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setting_is_edited_in_place_and_the_rest_kept() {
        let text = "# my settings\nedition = \"2e\" # for league night\n\n[later]\nedition = 1\n";
        assert_eq!(
            edit(text, "edition", Some("edition = \"1e\"")),
            "# my settings\nedition = \"1e\"\n\n[later]\nedition = 1\n"
        );
        assert_eq!(
            edit(text, "edition", None),
            "# my settings\n\n[later]\nedition = 1\n"
        );
        assert_eq!(
            edit("# none yet\n", "edition", Some("edition = \"1e\"")),
            "# none yet\nedition = \"1e\"\n"
        );
        assert_eq!(
            edit("[t]\nx = 1\n", "edition", Some("edition = \"1e\"")),
            "edition = \"1e\"\n[t]\nx = 1\n"
        );
    }

    #[test]
    fn a_file_is_refused_by_its_line() {
        assert_eq!(
            parse("\n\nedition = \"3e\"\n", "c.toml"),
            Err("c.toml:3: edition: `3e` is not an edition (1e, 2e or both)".to_string())
        );
        let unknown = parse("# x\neditoin = \"1e\"\n", "c.toml").unwrap_err();
        assert!(
            unknown.starts_with("c.toml:2: unknown field `editoin`"),
            "{unknown}"
        );
        let broken = parse("edition = \"1e\"\nedition 2e\n", "c.toml").unwrap_err();
        assert!(broken.starts_with("c.toml:2: "), "{broken}");
        assert_eq!(
            parse("edition = \"Both\"\n", "c.toml"),
            Ok(Held {
                edition: Some((None, 1))
            })
        );
    }
}
