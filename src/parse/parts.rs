//! The parts a base document is cut into (glossary, temporary rulings,
//! errata, icon legend, numbered sections, change log), known by their
//! headings, an appendix's label before them or not ("Appendix A: Errata").

/// The parts a base document is cut into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Part {
    /// Title, preamble, contents.
    Front,
    Glossary,
    Temporary,
    Errata,
    /// The legend of the icons printed on cards ("[AU] – Alternate
    /// Universe icon …").
    Icons,
    Sections,
    ChangeLog,
    /// The cards banned, by format ("BANNED CARDS", "Appendix C: Ban
    /// List"): read as ban lists.
    BanList,
}

/// A part heading: a line that names one of the parts (not a sentence).
pub(super) fn part_heading(line: &str) -> Option<Part> {
    let bare = super::lines::part_words(line);
    if bare.is_empty() || bare.split_whitespace().count() > 5 || bare.ends_with('.') {
        return None;
    }
    let lower = bare.to_lowercase();
    let lower = lower.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.' || c == ' ');
    if lower.starts_with("temporary rulings") {
        Some(Part::Temporary)
    } else if lower.starts_with("errata") || lower.starts_with("card errata") {
        Some(Part::Errata)
    } else if lower.starts_with("change log")
        || lower.starts_with("changelog")
        || lower.starts_with("revision history")
    {
        Some(Part::ChangeLog)
    } else if lower.starts_with("icon legend")
        || lower.starts_with("legend of icons")
        || lower == "icons"
    {
        Some(Part::Icons)
    } else if lower.starts_with("glossary") {
        Some(Part::Glossary)
    } else if lower.starts_with("banned cards")
        || lower.starts_with("ban list")
        || lower.starts_with("banned card list")
        || lower.starts_with("banlist")
    {
        Some(Part::BanList)
    } else {
        None
    }
}

/// Whether a line heads a part, and if so whether that part is a change
/// log ("Change Log", "## Revision History": the dates under it are the
/// document's revisions) or another part (which ends the log).
pub(super) fn heads_change_log(line: &str) -> Option<bool> {
    part_heading(line).map(|p| p == Part::ChangeLog)
}
