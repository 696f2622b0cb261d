//! Tests of `update`.

use super::cards::card_list_name;
use super::*;

#[test]
fn a_documents_name_is_the_tools_from_its_address() {
    assert_eq!(
        slug("https://www.trekcc.org/1e/ruleChanges.php"),
        "trekcc-org-1e-rulechanges"
    );
    assert_eq!(
        slug("https://www.trekcc.org/op/1e_rulebook/"),
        "trekcc-org-op-1e-rulebook"
    );
    assert_eq!(
        slug("http://127.0.0.1:8080/../../etc/passwd"),
        "127-0-0-1-8080-etc-passwd"
    );
    assert_eq!(slug("https://"), "document");
}

#[test]
fn what_a_body_is_is_told_by_its_type_its_address_then_its_bytes() {
    assert_eq!(
        format_of(Some("application/pdf"), "x", b""),
        Some(Format::Pdf)
    );
    assert_eq!(
        format_of(Some("text/html; charset=utf-8"), "x", b""),
        Some(Format::Html)
    );
    assert_eq!(format_of(None, "https://x/a.pdf", b"x"), Some(Format::Pdf));
    assert_eq!(
        format_of(Some("application/octet-stream"), "https://x/a", b"%PDF-1.4"),
        Some(Format::Pdf)
    );
    assert_eq!(
        format_of(Some("image/png"), "https://x/a", b"\x89PNG"),
        None
    );
    assert_eq!(
        format_of(None, "https://x/a", b"<!DOCTYPE html><html>"),
        Some(Format::Html)
    );
}

#[test]
fn a_card_lists_name_is_its_addresses_last_name_made_safe_and_its_own() {
    let name = card_list_name("https://x/plugins/st1e/sets/Premiere.txt");
    assert!(
        name.starts_with("Premiere-") && name.ends_with(".txt") && name.len() == 21,
        "{name}"
    );
    // Another address's list of the same name is kept apart.
    assert_ne!(
        name,
        card_list_name("https://x/plugins/st2e/sets/Premiere.txt")
    );
    // No slash survives: the name stays in cards/sets/.
    let name = card_list_name("https://x/sets/..%2f..%2fetc");
    assert!(
        name.starts_with("-2f..-2fetc-") && !name.contains('/'),
        "{name}"
    );
    assert!(card_list_name("https://x/").starts_with("x-"));
    assert!(card_list_name("https://x/sets/.hidden").starts_with("hidden-"));
    assert!(card_list_name("https://x/sets/Old.TXT").starts_with("Old-"));
}

#[test]
fn a_kept_name_is_never_taken_twice() {
    let dir = tempfile::tempdir().unwrap();
    let stem = "1e-glossary-1.9.9-2024-05-01";
    let a = keep(dir.path(), stem, "txt", b"one").unwrap();
    let b = keep(dir.path(), stem, "txt", b"two").unwrap();
    // A reissue in another format takes a number all the same.
    let c = keep(dir.path(), stem, "pdf", b"three").unwrap();
    assert_eq!(
        (a.as_str(), b.as_str(), c.as_str()),
        (
            "1e-glossary-1.9.9-2024-05-01.txt",
            "1e-glossary-1.9.9-2024-05-01_002.txt",
            "1e-glossary-1.9.9-2024-05-01_003.pdf"
        )
    );
    // Each issue sorts after the ones before it, as the corpus orders.
    assert!(a < b && b < c);
    assert_eq!(fs::read(dir.path().join(&a)).unwrap(), b"one");
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 3);
}

#[test]
fn a_tenth_issue_sorts_after_the_ninth() {
    let dir = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..11)
        .map(|i| keep(dir.path(), "g-2024-05-01", "txt", format!("{i}").as_bytes()).unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
}

#[test]
fn the_files_a_kept_document_may_be_found_in_are_the_tools_names_of_it() {
    let stem = "1e-glossary-2024-05";
    for name in ["1e-glossary-2024-05.txt", "1e-glossary-2024-05_002.pdf"] {
        assert!(keep::is_issue_of(name, stem), "{name}");
    }
    for name in [
        // Another document, of a day of that month.
        "1e-glossary-2024-05-01.txt",
        "1e-glossary-2024-05",
        "1e-glossary-2024-05_.txt",
        "1e-glossary-2024-05-2.txt",
        "1e-glossary-2024-05x.txt",
    ] {
        assert!(!keep::is_issue_of(name, stem), "{name}");
    }
    // The names an older tool gave the documents of an address.
    for name in [
        "g-2024-05-01.txt",
        "g-2024-05-01_002.pdf",
        "g-2024-05-01-2.html",
    ] {
        assert!(keep::is_named_for(name, "g"), "{name}");
    }
    for name in [
        "g-extra-2024-05-01.txt",
        "g-2024-05-01",
        "g-2024-13-01.txt",
        "g-2024-05-01x.txt",
        "g-2024-05-01_.txt",
        "h-2024-05-01.txt",
    ] {
        assert!(!keep::is_named_for(name, "g"), "{name}");
    }
}

#[test]
fn a_document_kept_as_read_says_its_sources_edition_and_kind_and_keeps_its_own_front_matter() {
    let converted = "+++\nedition = \"1E\"\nkind = \"rule-history\"\norder = \"dated\"\ntitle = \"Rule Changes\"\ndate = \"2018-11-16\"\n+++\n\nDeck size\n";
    let kept = String::from_utf8(with_front_matter(
        converted,
        Edition::Second,
        ReleaseKind::Rulings,
        "http://127.0.0.1:1/x.php?a=1\n[evil]",
    ))
    .unwrap();
    let (meta, lines) = crate::parse::front_matter::split("kept.md", &kept).unwrap();
    let meta = meta.unwrap();
    assert_eq!(meta.edition, Some(Edition::Second));
    assert_eq!(meta.kind, Some(ReleaseKind::Rulings));
    assert_eq!(meta.date, chrono::NaiveDate::from_ymd_opt(2018, 11, 16));
    assert!(meta.hints.dated, "{kept}");
    assert_eq!(kept.lines().nth(lines + 1), Some("Deck size"), "{kept}");
    assert!(
        kept.contains("# source: http://127.0.0.1:1/x.php?a=1[evil]"),
        "{kept}"
    );
    // A conversion with no front matter of its own.
    let kept = String::from_utf8(with_front_matter(
        "# Title\n",
        Edition::First,
        ReleaseKind::Compendium,
        "http://127.0.0.1:1/",
    ))
    .unwrap();
    let meta = crate::parse::front_matter::split("kept.md", &kept)
        .unwrap()
        .0
        .unwrap();
    assert_eq!(
        (meta.edition, meta.kind),
        (Some(Edition::First), Some(ReleaseKind::Compendium))
    );
}
