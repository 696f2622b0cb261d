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
fn a_card_lists_name_is_its_addresses_last_name_made_safe() {
    assert_eq!(
        card_list_name("https://x/plugins/st1e/sets/Premiere.txt"),
        "Premiere.txt"
    );
    // No slash survives: the name stays in cards/sets/.
    assert_eq!(
        card_list_name("https://x/sets/..%2f..%2fetc"),
        "-2f..-2fetc.txt"
    );
    assert_eq!(card_list_name("https://x/"), "x.txt");
    assert_eq!(card_list_name("https://x/sets/.hidden"), "hidden.txt");
}

#[test]
fn a_kept_name_is_never_taken_twice() {
    let dir = tempfile::tempdir().unwrap();
    let date = NaiveDate::from_ymd_opt(2024, 5, 1).unwrap();
    let a = keep(dir.path(), "glossary", date, "txt", b"one").unwrap();
    let b = keep(dir.path(), "glossary", date, "txt", b"two").unwrap();
    assert_eq!(
        (a.as_str(), b.as_str()),
        ("glossary-2024-05-01.txt", "glossary-2024-05-01-2.txt")
    );
    assert_eq!(fs::read(dir.path().join(&a)).unwrap(), b"one");
    // No temporary file is left behind.
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
}
