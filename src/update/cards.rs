//! A LackeyCCG card list fetched by `rulings update` (a source of `kind =
//! "cards"`).

use std::fs;
use std::path::Path;

use super::fetch::Validators;
use super::{Fetched, Kept, Options, State, Status};

/// A LackeyCCG card list, kept in `cards/sets/` of the folder under its
/// address's last name: read first, then put in place of the list before
/// it in one rename, so that the list before stays until the new one
/// reads.
pub(super) fn card_list(
    mut fetched: Fetched,
    folder: &Path,
    url: &str,
    bytes: &[u8],
    (before, hash, validators): (Option<&Kept>, String, Validators),
    state: &mut State,
    options: &Options,
) -> Fetched {
    let name = card_list_name(url);
    let file = format!("cards/sets/{name}");
    let same = before.is_some_and(|k| k.hash == hash && k.file == file);
    let text = String::from_utf8_lossy(bytes);
    let count = match crate::cards::lackey::list(&text, &name) {
        Some(cards) if !cards.is_empty() => cards.len(),
        _ => {
            fetched.reason = Some(
                "not a LackeyCCG card list (no header naming a Name column, or no card)".into(),
            );
            return fetched;
        }
    };
    fetched.entries = Some(count);
    fetched.file = Some(file.clone());
    if !same {
        let dir = folder.join("cards").join("sets");
        let temporary = dir.join(format!(".rulings-update-{}.tmp", std::process::id()));
        let placed = fs::create_dir_all(&dir)
            .and_then(|()| fs::write(&temporary, bytes))
            .and_then(|()| fs::rename(&temporary, dir.join(&name)));
        if let Err(e) = placed {
            let _ = fs::remove_file(&temporary);
            fetched.file = None;
            fetched.reason = Some(format!("could not be written: {e}"));
            return fetched;
        }
    }
    fetched.status = if same {
        Status::Unchanged
    } else if before.is_some() {
        Status::Changed
    } else {
        Status::New
    };
    state.remember(folder, url, Kept::now(file, validators, hash, options));
    fetched
}

/// A card list's file name: its address's last name, in the letters a
/// file name may safely hold, ending `.txt`.
pub(super) fn card_list_name(url: &str) -> String {
    let path = url.split(['?', '#']).next().unwrap_or(url);
    let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
    let mut name: String = last
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_".contains(c) {
                c
            } else if c == '.' {
                '.'
            } else {
                '-'
            }
        })
        .collect();
    name = name.trim_start_matches('.').to_string();
    if name.is_empty() {
        name = "cards".into();
    }
    if !name.to_ascii_lowercase().ends_with(".txt") {
        name.push_str(".txt");
    }
    name
}
