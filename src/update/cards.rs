//! A LackeyCCG card list fetched by `rulings update` (a source of `kind =
//! "cards"`).

use std::fs;
use std::hash::Hasher;
use std::path::Path;

use super::fetch::Validators;
use super::{hash_of, Fetched, Kept, Options, State, Status};

/// A LackeyCCG card list, kept in `cards/sets/` of the folder under a name
/// of its address's own (see [`card_list_name`]): read first, then put in
/// place of the list before it in one rename, so that the list before
/// stays until the new one reads. A list whose file already holds these
/// bytes is unchanged, whatever the record says.
pub(super) fn card_list(
    mut fetched: Fetched,
    folder: &Path,
    url: &str,
    bytes: &[u8],
    (before, hash, validators): (Option<&Kept>, String, Validators),
    state: &mut State,
    options: &Options,
) -> Fetched {
    // A list kept under its address's last name alone (as the tool
    // once named lists) stays there.
    let name = match before {
        Some(k) if k.file == format!("cards/sets/{}", last_name(url)) => last_name(url),
        _ => card_list_name(url),
    };
    let file = format!("cards/sets/{name}");
    let existed = folder.join(&file).is_file();
    let same = crate::input::read_capped(&folder.join(&file), bytes.len() as u64)
        .is_ok_and(|kept| hash_of(&kept) == hash);
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
    } else if before.is_some() || existed {
        Status::Changed
    } else {
        Status::New
    };
    state.remember(folder, url, Kept::now(file, validators, hash, options));
    fetched
}

/// A card list's file name: its address's last name, in the letters a
/// file name may safely hold, then a short hash of the whole address, so
/// that two lists of the same name at two addresses (`st1e/sets/Premiere.txt`,
/// `st2e/sets/Premiere.txt`) are kept apart: `Premiere-1a2b3c4d.txt`.
pub(super) fn card_list_name(url: &str) -> String {
    let last = last_name(url);
    let stem = &last[..last.len() - ".txt".len()];
    let mut hasher = fnv::FnvHasher::default();
    hasher.write(url.as_bytes());
    format!("{stem}-{:08x}.txt", hasher.finish() as u32)
}

/// An address's last name, in the letters a file name may safely hold,
/// ending `.txt`.
fn last_name(url: &str) -> String {
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
