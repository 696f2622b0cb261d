//! What a line offers as a head: its topic, the separator after it and the
//! body it runs into, or a head alone on its line; new markers and tags
//! read apart from the topic.

use super::*;

/// A "new" tag printed before a head in place of colour or an asterisk:
/// "NEW", "NEW!", "[NEW]", "(new)" ("New" alone may begin a topic).
pub(super) static NEW_TAG_BEFORE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^(?:NEW\b!?|(?i:\[new\]|\(new\)))[\s:]*").expect("valid regex"));
/// The same tag printed after a head's topic.
pub(super) static NEW_TAG_AFTER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\s+(?:NEW!?|(?i:\[new\]|\(new\)))$").expect("valid regex"));

/// Whether a line may start with a new/changed asterisk and a bold topic, and
/// what it reads like after the marker.
pub(super) fn strip_new_marker(s: &str) -> (bool, &str) {
    if let Some(rest) = s.strip_prefix("***") {
        return (true, &s[s.len() - rest.len() - 2..]);
    }
    if let Some(rest) = s.strip_prefix("* **") {
        return (true, &s[s.len() - rest.len() - 2..]);
    }
    if let Some(rest) = s.strip_prefix('*') {
        if !rest.starts_with(['*', ' ', '\t']) {
            // `*topic –` is a marker; `*italic* text` is emphasis.
            let closes_before_dash = rest
                .find(['-', '–', '—', ':'])
                .map(|dash| rest[..dash].contains('*'))
                .unwrap_or_else(|| rest.contains('*'));
            if !closes_before_dash {
                return (true, rest);
            }
        }
    }
    (false, s)
}

pub(super) fn head_candidate(s: &str) -> Option<Candidate> {
    // `* topic - body`: a marker, not a list item, when what follows is a
    // head with a separator (a list item under a ruling reads as a sentence).
    if let Some(rest) = s.strip_prefix("* ").or_else(|| s.strip_prefix("*\t")) {
        let rest = rest.trim_start();
        if !rest.starts_with('*') {
            return head_candidate(rest)
                .filter(|c| {
                    matches!(
                        c.strength,
                        Strength::Inline | Strength::Strong | Strength::Colon
                    )
                })
                .filter(|c| c.body.is_some() || c.strength == Strength::Strong)
                .map(|mut c| {
                    c.new = true;
                    c
                });
        }
    }
    // A tag before the head: "[NEW]" would read as a bracketed list item.
    if let Some(tag) = NEW_TAG_BEFORE.find(s).filter(|t| t.end() < s.len()) {
        return head_candidate(&s[tag.end()..]).map(|mut c| {
            c.new = true;
            c
        });
    }
    if LIST_ITEM.is_match(s) {
        return None;
    }
    let (new, rest) = strip_new_marker(s);
    let rest = rest.trim();

    // A bold topic: the markup says where the topic ends. `**topic - body`
    // with no closing `**` before the separator is a double marker. A date
    // after the bold (`**Set Up** 2016-09-19`) is the entry's own date, as
    // a 2E rulings page sets the topic bold and the date plain.
    if let Some(inner) = rest.strip_prefix("**") {
        let closes = inner.find("**");
        let printed_date = |after: &str| ISO_DATE.is_match(after);
        let bold_topic = closes.is_some_and(|c| {
            let after = inner[c + 2..].trim_start();
            after.is_empty()
                || after.starts_with(['-', '–', '—', ':'])
                || printed_date(after)
                || qualified(after).is_some()
        });
        if !bold_topic {
            return head_candidate(inner.trim_start()).map(|mut c| {
                c.new = true;
                c
            });
        }
        if let Some(close) = closes {
            let topic = inner[..close].trim().trim_end_matches(':').trim();
            let after = inner[close + 2..].trim();
            // A qualifier in brackets after the bold title, then the dash
            // (`**Alien Parasites** (Premiere) – …`, a list of errata
            // naming each card's set): the head is title and qualifier.
            if let Some((qualifier, body)) = qualified(after) {
                let topic = format!("{topic} {qualifier}");
                if valid_topic(&topic) && !body.is_empty() {
                    return Some(candidate(
                        &topic,
                        new,
                        None,
                        Some(body.to_string()),
                        Strength::Strong,
                    ));
                }
            }
            // A dated head in bold (`**Set Up 2016-09-19**`), as a web
            // page of 2E rulings prints it.
            let dated = after.is_empty() && topic.ends_with(|c: char| c.is_ascii_digit());
            if let Some(c) = dated.then(|| DATED.captures(topic)).flatten() {
                if valid_topic(c[1].trim()) {
                    let mut cand = candidate(c[1].trim(), new, None, None, Strength::Strong);
                    cand.date = find_date(&c[2]);
                    return Some(cand);
                }
            }
            if valid_topic(topic) && printed_date(after) {
                let mut cand = candidate(topic, new, None, None, Strength::Strong);
                cand.date = find_date(after);
                return Some(cand);
            }
            if valid_topic(topic) {
                if after.is_empty() || after.chars().all(is_dash) {
                    return Some(candidate(topic, new, None, None, Strength::Strong));
                }
                if let Some(body) = after.strip_prefix(is_dash) {
                    let body = body.trim();
                    if !body.is_empty() {
                        return Some(candidate(
                            topic,
                            new,
                            None,
                            Some(body.to_string()),
                            Strength::Strong,
                        ));
                    }
                }
            }
            return None;
        }
    }

    // Each shape below is tried only where the line has the character its
    // pattern needs: most lines have none, and every line is classified.
    let ends_in_digit = rest.ends_with(|c: char| c.is_ascii_digit());
    if let Some(c) = ends_in_digit.then(|| DATED.captures(rest)).flatten() {
        let topic = c[1].trim();
        if valid_topic(topic) {
            let mut cand = candidate(topic, new, None, None, Strength::Strong);
            cand.date = find_date(&c[2]);
            return Some(cand);
        }
    }
    let ends_in_erratum = {
        let end = rest.trim_end_matches(':').as_bytes();
        end.len() >= 7 && end[end.len() - 7..].eq_ignore_ascii_case(b"erratum")
    };
    if let Some(c) = ends_in_erratum.then(|| ERRATUM.captures(rest)).flatten() {
        let topic = c[1].trim();
        if valid_topic(topic) {
            let mut cand = candidate(topic, new, None, None, Strength::Strong);
            cand.erratum = true;
            return Some(cand);
        }
    }
    // A card's name with its erratum mark on the next line, joined without
    // the dash a text copy lost (`Continuing Mission` / `Erratum:`).
    if let Some(name) = ends_in_erratum
        .then(|| rest.trim_end_matches(':').trim_end())
        .and_then(|r| r.get(..r.len() - 7))
        .map(str::trim)
        .filter(|name| name.starts_with(char::is_uppercase) && is_bare_head(name))
    {
        let mut cand = candidate(name, new, None, None, Strength::Strong);
        cand.erratum = true;
        return Some(cand);
    }
    if let Some(c) = (rest.ends_with(is_dash) && !ends_broken_word(rest))
        .then(|| TRAILING_DASH.captures(rest))
        .flatten()
    {
        let topic = c[1].trim();
        if valid_topic(topic) {
            return Some(candidate(topic, new, None, None, Strength::Strong));
        }
    }
    // "See …" always starts a body: `Tamarian: See skills - diplomacy.`
    if let Some(c) = colon_candidate(rest, new) {
        if c.body.as_deref().is_some_and(opens_with_see) {
            return Some(c);
        }
    }
    if let Some((topic, body)) = split_inline(rest) {
        return Some(candidate(
            topic,
            new,
            None,
            Some(body.to_string()),
            Strength::Inline,
        ));
    }
    if let Some(c) = colon_candidate(rest, new) {
        return Some(c);
    }
    if is_bare_head(rest) || is_numbered_bare_head(rest) {
        return Some(candidate(rest, new, None, None, Strength::Bare));
    }
    None
}

/// A rule's number and title alone on a line ("4.2: Mission Phase",
/// "7.4.2: Personnel Battle & 7.4.3: Ship Battle"): the head of a ruling
/// on that rule, where the dash after it was never printed.
pub(super) static NUMBERED_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\d{1,2}(?:\.\d{1,2}){1,5}:?\s+\p{Lu}(?:[^.;,!?]|\.\d)*$").expect("valid regex")
});

pub(super) fn is_numbered_bare_head(s: &str) -> bool {
    s.split_whitespace().count() <= MAX_TOPIC_WORDS
        && s.chars().any(char::is_lowercase)
        && NUMBERED_HEAD.is_match(s)
}

/// A numbered head whose title is set in title case (`7.4.2: Personnel
/// Battle & 7.4.3: Ship Battle`): no line a wrap broke out of a sentence
/// reads so, whatever room was left on it.
pub fn is_numbered_title(s: &str) -> bool {
    let s = s.trim();
    is_numbered_bare_head(s)
        && s.split_whitespace().skip(1).all(|w| {
            w.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())
                || w.chars().filter(|c| c.is_alphabetic()).count() <= 3
        })
}

/// `TOPIC: body`, unless the part before the colon is a label, a date or
/// more words than a topic has.
pub(super) fn colon_candidate(rest: &str, new: bool) -> Option<Candidate> {
    if !rest.contains(':') {
        return None;
    }
    let c = COLON_HEAD.captures(rest)?;
    let topic = c[1].trim();
    let fits = valid_topic(topic)
        && topic.split_whitespace().count() <= MAX_COLON_TOPIC_WORDS
        && !LABEL.is_match(&strip_markup(topic))
        && find_date(topic).is_none()
        && !topic.contains(['(', '[', '"', '“'])
        && !EDITING_INSTRUCTION.is_match(topic);
    fits.then(|| {
        candidate(
            topic,
            new,
            None,
            Some(c[2].trim().to_string()),
            Strength::Colon,
        )
    })
}

pub(super) fn candidate(
    topic: &str,
    new: bool,
    date: Option<NaiveDate>,
    body: Option<String>,
    strength: Strength,
) -> Candidate {
    let (topic, tagged) = untagged(topic);
    Candidate {
        topic: strip_markup(topic),
        new: new || tagged,
        erratum: false,
        date,
        body,
        strength,
    }
}

/// A topic without a new tag inside the bold (`**NEW topic**`), before
/// it (`NEW topic`) or after it, and whether it had one.
pub(super) fn untagged(topic: &str) -> (&str, bool) {
    match NEW_TAG_AFTER.find(topic) {
        Some(tag) => (&topic[..tag.start()], true),
        None => match NEW_TAG_BEFORE.find(topic).filter(|t| t.end() < topic.len()) {
            Some(tag) => (&topic[tag.end()..], true),
            None => (topic, false),
        },
    }
}

pub(super) fn is_dash(c: char) -> bool {
    matches!(c, '-' | '–' | '—')
}

/// Whether a line ends on the dash after its topic (`become –`), its body
/// on the lines below; a word the wrap broke is no such dash.
pub fn ends_on_dash(line: &str) -> bool {
    let line = line.trim_end().trim_end_matches(['*', '_', ' ']);
    line.ends_with(is_dash) && !ends_broken_word(line)
}

/// Markup that is not part of a printed topic.
pub fn strip_markup(topic: &str) -> String {
    let t = if topic.contains(['*', '<']) {
        Cow::Owned(
            topic
                .replace("**", "")
                .replace("<u>", "")
                .replace("</u>", ""),
        )
    } else {
        Cow::Borrowed(topic)
    };
    t.trim()
        .trim_matches('*')
        .trim_end_matches(|c: char| c == ':' || is_dash(c))
        .trim()
        .to_string()
}

/// A qualifier in brackets that opens `after` and the body after the dash
/// that follows it: `(Premiere) – Seeds or plays …`.
fn qualified(after: &str) -> Option<(&str, &str)> {
    let close = after.strip_prefix('(')?.find(')')? + 1;
    let qualifier = &after[..=close];
    if qualifier.len() > QUALIFIER_BYTES || qualifier[1..].contains('(') {
        return None;
    }
    let body = after[close + 1..].trim_start().strip_prefix(is_dash)?;
    Some((qualifier, body.trim()))
}

/// The longest qualifier in brackets after a bold head's title.
const QUALIFIER_BYTES: usize = 48;

pub(super) fn valid_topic(topic: &str) -> bool {
    // A char is at most four bytes: a longer topic is too long without
    // counting, which keeps every caller's cost bounded by topic reach
    // rather than by the length of the line.
    if topic.len() > MAX_TOPIC_BYTES {
        return false;
    }
    // "See …" always starts a body, never a topic.
    let first = topic
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .split_whitespace()
        .next()
        .unwrap_or("");
    if first.eq_ignore_ascii_case("see")
        || topic
            .split_whitespace()
            .any(|w| w.trim_matches(|c: char| !c.is_alphanumeric()) == "See")
    {
        return false;
    }
    let words = topic.split_whitespace().count();
    let has_letter = topic.chars().any(char::is_alphabetic);
    has_letter
        && words <= MAX_TOPIC_WORDS
        && topic.chars().count() <= MAX_TOPIC_CHARS
        && !(topic.contains(['.', ';', '?']) && SENTENCE_STOP.is_match(&format!("{topic} ")))
        && !topic.ends_with(',')
        && !opens_unclosed_quote(topic)
}

/// Whether a quotation or a parenthesis opens in `words` and never closes:
/// a line cut in the middle of a quoted phrase (`“Targets” section of the
/// “dilemmas –` / `resolution” Glossary entry …`) or an aside (`external
/// phenomena (for example, Q-` / `Net, Temporal Rift, …)`), not a topic.
pub(super) fn opens_unclosed_quote(words: &str) -> bool {
    let count = |c: char| words.chars().filter(|&x| x == c).count();
    count('“') > count('”') || count('"') % 2 == 1 || count('(') > count(')')
}

/// The separators of `topic - body` within topic reach: every dash that could
/// end a topic, with the topic before it.
pub fn inline_separators(s: &str) -> Vec<(usize, usize, char)> {
    // The topic before a separator only grows along the line, so once it is
    // out of reach every later one is too: stopping there keeps a line of
    // thousands of dashes linear instead of re-reading its prefix each time.
    let start = s.len() - s.trim_start().len();
    SEPARATOR
        .find_iter(s)
        .take_while(|m| s[start..m.start()].trim_end().len() <= MAX_TOPIC_BYTES + 4)
        .filter_map(|m| {
            let text = m.as_str();
            let dash_offset = text.char_indices().find(|(_, c)| is_dash(*c))?.0;
            let dash_at = m.start() + dash_offset;
            let dash = s[dash_at..].chars().next()?;
            let topic = s[..dash_at].trim();
            let body_at = dash_at + dash.len_utf8();
            (valid_topic(topic) && !topic.is_empty()).then_some((dash_at, body_at, dash))
        })
        .collect()
}

/// Whether a body opens with a cross-reference: "See …" always starts a
/// body, so the topic ends at the dash before it, whatever dashes follow.
pub(super) fn opens_with_see(body: &str) -> bool {
    let b = body.trim_start().trim_start_matches(['*', '(', '_']);
    b.get(..4)
        .is_some_and(|w| w.eq_ignore_ascii_case("see ") || w.eq_ignore_ascii_case("see\t"))
}

/// The separator that ends the topic: the first one a "See" follows, else
/// the last within topic reach (sub-topic dashes stay in the topic).
pub(super) fn choose_separator(
    s: &str,
    seps: &[(usize, usize, char)],
) -> Option<(usize, usize, char)> {
    seps.iter()
        .find(|(_, body_at, _)| opens_with_see(&s[*body_at..]))
        .or(seps.last())
        .copied()
}

/// Whether an inline head's body opens with "See" at its first separator:
/// no other dash can be the separator then.
pub fn see_decides(line: &str) -> bool {
    let (_, rest) = strip_new_marker(line.trim());
    let rest = rest.trim();
    let seps = inline_separators(rest);
    seps.iter()
        .any(|(_, body_at, _)| opens_with_see(&rest[*body_at..]))
}

/// `topic - body`: the last separator within topic reach. The choice among
/// several (`actions – interrupting actions - Interrupt …`) is refined per
/// document in `heads`, which knows the document's usual separator.
pub(super) fn split_inline(s: &str) -> Option<(&str, &str)> {
    if !s.contains(is_dash) {
        return None;
    }
    let seps = inline_separators(s);
    let (dash_at, body_at, _) = choose_separator(s, &seps)?;
    let body = s[body_at..].trim();
    let topic = s[..dash_at].trim();
    if body.is_empty() || dates_a_title(topic, body) {
        return None;
    }
    Some((topic, body))
}

pub(super) static NAMES_A_DOCUMENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:rulings?|glossary|compendium|rule ?book|version)\b").expect("valid regex")
});

/// Whether a dash line is a title's dating line (`Current Rulings —
/// March 2000`, `Rulings Version 2.5.4 — 3/27/00`), no head and its body:
/// after the dash, a date and nothing more, and the date a month only (a
/// ruling is dated by its day: `NAMING A NUMBER – 2017-06-06`) or the
/// words before it naming a document.
pub(super) fn dates_a_title(topic: &str, body: &str) -> bool {
    let date = body.trim_matches(|c: char| c.is_whitespace() || "()[].,".contains(c));
    is_only_a_date(date) && (crate::dates::month_only(date) || NAMES_A_DOCUMENT.is_match(topic))
}

/// Whether a text is a date and nothing more (`2017-06-06`, `(March
/// 2000)`): a dating line, which no sentence goes on from.
pub fn is_only_a_date(text: &str) -> bool {
    let date = text.trim_matches(|c: char| c.is_whitespace() || "()[].,".contains(c));
    crate::dates::find_dates(date)
        .iter()
        .any(|&(start, end, _)| start == 0 && end == date.len())
}

/// Whether a line opens with a topic set in capitals before its dash and
/// body (`WINNING THE GAME – A player …`).
pub fn capitals_topic(line: &str) -> bool {
    let (_, rest) = strip_new_marker(line.trim());
    split_inline(rest.trim()).is_some_and(|(topic, _)| {
        topic.chars().filter(|c| c.is_alphabetic()).count() >= 2
            && !topic.chars().any(char::is_lowercase)
    })
}

/// The dash characters of the body separators on an inline head line.
pub fn separator_dashes(line: &str) -> Vec<char> {
    let (_, rest) = strip_new_marker(line.trim());
    inline_separators(rest.trim())
        .into_iter()
        .map(|(_, _, d)| d)
        .collect()
}

/// Splits an inline head line at the last separator printed with `dash`, the
/// document's usual body separator. `None` when no separator uses it.
pub fn split_inline_with(line: &str, dash: char) -> Option<(String, String)> {
    let (_, rest) = strip_new_marker(line.trim());
    let rest = rest.trim();
    let (dash_at, body_at, _) = inline_separators(rest)
        .into_iter()
        .rfind(|(_, _, d)| *d == dash)?;
    let body = rest[body_at..].trim();
    let (topic, _) = untagged(&rest[..dash_at]);
    (!body.is_empty()).then(|| (strip_markup(topic), body.to_string()))
}

/// A short line without dash or closing punctuation that may be a topic on
/// its own ("Alien Parasites", "Borg").
pub(super) fn is_bare_head(s: &str) -> bool {
    // A title filed by its noun keeps its article after a comma (`Big
    // Picture, The`).
    let s = INVERTED_ARTICLE
        .iter()
        .find_map(|article| s.strip_suffix(article))
        .unwrap_or(s);
    let uninverted;
    let s = match uninvert(s) {
        Some(topic) => {
            uninverted = topic;
            uninverted.as_str()
        }
        None => s,
    };
    // A qualifier in brackets after the title (`Ferengi Military Operations
    // (Deep Space Nine)`, a card's set) is no word of the title's.
    let title = s
        .strip_suffix(')')
        .and_then(|t| t.rfind('(').map(|open| t[..open].trim_end()))
        .filter(|t| !t.is_empty() && s.len() - t.len() <= QUALIFIER_BYTES)
        .unwrap_or(s);
    let words = title.split_whitespace().count();
    let first = s.chars().next().unwrap_or(' ');
    let last = s.chars().last().unwrap_or('.');
    // An icon printed after the topic (`Reactor Core icon 🏭`) ends it as
    // a word does.
    let icon = !last.is_ascii()
        && !last.is_alphanumeric()
        && !matches!(last, '…' | '–' | '—' | '‘' | '’' | '“' | '•' | '·');
    words <= MAX_BARE_WORDS
        && (first.is_alphanumeric() || matches!(first, '"' | '“' | '◆' | '♦'))
        && (last.is_alphanumeric() || icon || matches!(last, ')' | '"' | '”' | '!'))
        && s.chars().any(char::is_lowercase)
        && !s.contains(['.', ',', ';', ':'])
        && find_date(s).is_none()
}

/// `*couple` over `a personnel and their romantic partner.`: a bare head
/// with a new asterisk set against its first word. The marker says a head
/// begins there, so it stands alone over its body whatever the body opens
/// with (a Glossary's definitions open in lower case).
pub fn marked_bare_head(line: &str) -> bool {
    asterisk_against_word(line.trim())
        .is_some_and(|rest| !rest.contains(['-', '–', '—']) && is_bare_head(rest))
}

/// The words after a new asterisk set against the first of them (`*couple`;
/// `* couple` is a list's bullet).
pub fn asterisk_against_word(line: &str) -> Option<&str> {
    line.strip_prefix('*')
        .filter(|rest| rest.starts_with(char::is_alphanumeric))
}
