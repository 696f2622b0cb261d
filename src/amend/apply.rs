//! Applying an amendment's instructions to the text it amends: the text cut
//! into paragraphs and lists, the place each instruction names, and the
//! words changed.

use super::*;

/// The blocks of an entry's text: paragraphs and lists.
#[derive(Debug, Clone)]
pub(super) struct Block {
    text: String,
    /// Every line is a bullet point.
    list: bool,
    /// How many of its lines are bullet points (kept, so that a bullet
    /// point is found by counting blocks, not by reading every line).
    bullets: usize,
}

impl Block {
    fn new(text: String) -> Block {
        let bullets = text.lines().filter(|l| is_bullet(l)).count();
        Block {
            list: bullets == text.lines().count(),
            bullets,
            text,
        }
    }

    /// Lines added at the end of the block.
    fn push_lines(&mut self, lines: &str) {
        self.text.push('\n');
        self.text.push_str(lines);
        let added = lines.lines().filter(|l| is_bullet(l)).count();
        self.list = self.list && added == lines.lines().count();
        self.bullets += added;
    }
}

pub(super) fn blocks(text: &str) -> Vec<Block> {
    text.split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .map(|b| Block::new(b.to_string()))
        .collect()
}

pub(super) fn is_bullet(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("- ") || t.starts_with("* ") || t.starts_with("• ")
}

pub(super) fn join(blocks: &[Block]) -> String {
    blocks
        .iter()
        .map(|b| b.text.as_str())
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The index (into `of`) of an ordinal among `count` items.
pub(super) fn pick(ordinal: Ordinal, count: usize) -> Result<usize, Failure> {
    match ordinal {
        Ordinal::Last if count > 0 => Ok(count - 1),
        Ordinal::Nth(n) if n >= 1 && n <= count => Ok(n - 1),
        Ordinal::FromLast(n) if n >= 1 && n <= count => Ok(count - n),
        _ => Err(Failure::Missing { have: count }),
    }
}

/// The indices of the paragraphs (blocks that are not lists).
pub(super) fn paragraph_indices(blocks: &[Block]) -> Vec<usize> {
    (0..blocks.len()).filter(|&i| !blocks[i].list).collect()
}

/// The sentences of a paragraph, as (start, end) byte ranges: a sentence
/// ends at `.`, `!` or `?` followed by a space and a capital or a mark.
pub(super) fn sentences(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(_, c)) in bytes.iter().enumerate() {
        if matches!(c, '.' | '!' | '?') {
            let mut j = k + 1;
            while j < bytes.len() && matches!(bytes[j].1, ')' | '"' | '”' | '’' | '*' | '_') {
                j += 1;
            }
            let at_end = j >= bytes.len();
            let next_starts = j + 1 < bytes.len()
                && bytes[j].1 == ' '
                && (bytes[j + 1].1.is_uppercase()
                    || matches!(bytes[j + 1].1, '(' | '"' | '“' | '*' | '['));
            if at_end || next_starts {
                let end = if at_end { text.len() } else { bytes[j].0 };
                out.push((start, end));
                start = if at_end { text.len() } else { bytes[j + 1].0 };
            }
        }
    }
    if start < text.len() && !text[start..].trim().is_empty() {
        out.push((start, text.len()));
    }
    out
}

/// Applies one instruction to the blocks: the words it took out and put
/// in, or why not (the blocks then stay as they were). It costs the blocks
/// it touches, and a scan of the blocks' kinds, never a read of the whole
/// text.
pub(super) fn apply_one(
    blocks: &mut Vec<Block>,
    instruction: &Instruction,
) -> Result<(String, String), Failure> {
    let given = instruction.text.trim();
    match instruction.target {
        Target::Unread => return Err(Failure::NoInstruction),
        Target::Unclear => return Err(Failure::Unclear),
        _ if given.is_empty() => return Err(Failure::NoText),
        _ => {}
    }
    let paragraphs = paragraph_indices(blocks);
    let paragraph = |o: &Ordinal| pick(*o, paragraphs.len()).map(|i| paragraphs[i]);
    match &instruction.target {
        Target::Unclear | Target::Unread => Err(Failure::Unclear),
        Target::Entry => Ok(splice(blocks, 0, blocks.len(), given)),
        Target::End => Ok(splice(blocks, blocks.len(), 0, given)),
        Target::Paragraphs { paragraphs: which } => {
            let mut at: Vec<usize> = which.iter().map(paragraph).collect::<Result<_, _>>()?;
            at.sort_unstable();
            at.dedup();
            let first = at[0];
            let mut removed: Vec<String> =
                at.iter().rev().map(|&i| blocks.remove(i).text).collect();
            removed.reverse();
            let new = self::blocks(given);
            let added = join(&new);
            blocks.splice(first..first, new);
            Ok(changed_words(&removed.join("\n\n"), &added))
        }
        Target::AfterParagraph { paragraph: p } => {
            let i = paragraph(p)?;
            Ok(splice(blocks, i + 1, 0, given))
        }
        Target::BeforeNamed { name } => {
            let i = named_block(blocks, name)?;
            Ok(splice(blocks, i, 0, given))
        }
        Target::Subsection { name, paragraph } => {
            let start = named_block(blocks, name)?;
            // The subsection runs from the paragraph its name begins to the
            // next paragraph that begins with a name of its own ("X – ").
            let within: Vec<usize> = (start..blocks.len())
                .take_while(|&i| i == start || blocks[i].list || !begins_named(&blocks[i].text))
                .filter(|&i| !blocks[i].list)
                .collect();
            let i = within[pick(*paragraph, within.len())?];
            Ok(splice(blocks, i, 1, given))
        }
        Target::Sentence {
            sentence,
            paragraph: p,
        } => {
            let i = paragraph(p)?;
            let old = &blocks[i].text;
            let spans = sentences(old);
            let (s, e) = spans[pick(*sentence, spans.len())?];
            let mut new = String::new();
            new.push_str(&old[..s]);
            new.push_str(given);
            if e < old.len() {
                new.push(' ');
                new.push_str(old[e..].trim_start());
            }
            let old = std::mem::replace(&mut blocks[i], Block::new(new));
            Ok(changed_words(&old.text, &blocks[i].text))
        }
        Target::Bullet { bullet } => {
            let total: usize = blocks.iter().map(|b| b.bullets).sum();
            let mut left = pick(*bullet, total)?;
            let i = blocks
                .iter()
                .position(|b| {
                    let here = left < b.bullets;
                    if !here {
                        left -= b.bullets;
                    }
                    here
                })
                .ok_or(Failure::Missing { have: total })?;
            let lines: Vec<&str> = blocks[i].text.lines().collect();
            let j = (0..lines.len())
                .filter(|&k| is_bullet(lines[k]))
                .nth(left)
                .ok_or(Failure::Missing { have: total })?;
            let marker: String = lines[j]
                .chars()
                .take_while(|c| !c.is_alphanumeric() && *c != '*')
                .collect();
            let replacement = if is_bullet(given) {
                given.to_string()
            } else {
                format!("{marker}{given}")
            };
            let old_line = lines[j].to_string();
            let mut new_lines = lines.clone();
            new_lines[j] = &replacement;
            let new = new_lines.join("\n");
            blocks[i] = Block::new(new);
            Ok(changed_words(&old_line, &replacement))
        }
        Target::NewBullet { section } => {
            let from = match section {
                Some(name) => named_block(blocks, name)?,
                None => 0,
            };
            let list = (from..blocks.len())
                .filter(|&i| blocks[i].bullets > 0)
                .take_while(|&i| {
                    section.is_none()
                        || i == from
                        || blocks[i].list
                        || !begins_named(&blocks[i].text)
                })
                .last()
                .ok_or(Failure::Missing { have: 0 })?;
            blocks[list].push_lines(given);
            Ok((String::new(), given.to_string()))
        }
        Target::Words { paragraph: p } => {
            let i = paragraph(p)?;
            let words = bare(given);
            let old = &blocks[i].text;
            let hits: Vec<usize> = old
                .match_indices(words.as_str())
                .map(|(at, _)| at)
                .collect();
            match hits.as_slice() {
                [] => Err(Failure::WordsNotFound),
                [at] => {
                    let mut new = old[..*at].trim_end().to_string();
                    let rest = old[at + words.len()..].trim_start();
                    if !new.is_empty()
                        && !rest.is_empty()
                        && !rest.starts_with(['.', ',', ';', ':', ')'])
                    {
                        new.push(' ');
                    }
                    new.push_str(rest);
                    let old = std::mem::replace(&mut blocks[i], Block::new(tidy(&new)));
                    Ok(changed_words(&old.text, &blocks[i].text))
                }
                _ => Err(Failure::WordsTwice),
            }
        }
    }
}

/// Puts the blocks of `given` in place of `remove` blocks at `at`: the
/// words taken out and put in.
pub(super) fn splice(
    blocks: &mut Vec<Block>,
    at: usize,
    remove: usize,
    given: &str,
) -> (String, String) {
    let new = self::blocks(given);
    let added = join(&new);
    let old: Vec<Block> = blocks.splice(at..at + remove, new).collect();
    changed_words(&join(&old), &added)
}

/// Punctuation left doubled where words were struck ("game, , unless").
pub(super) fn tidy(text: &str) -> String {
    let mut out = text.replace(",,", ",").replace(", ,", ",");
    for mark in [".", ";", ":", ")"] {
        out = out.replace(&format!(",{mark}"), mark);
    }
    out
}

/// Whether a paragraph begins with a name of its own ("Objectives – …",
/// "*Dilemma encounters*: …").
pub(super) fn begins_named(text: &str) -> bool {
    let plain = bare(text);
    let head: String = plain.chars().take(60).collect();
    [" – ", " - ", " — ", ": "]
        .iter()
        .filter_map(|sep| head.find(sep))
        .min()
        .is_some_and(|at| head[..at].split_whitespace().count() <= 5)
}

/// The one block that begins with `name` (markup aside), or that holds it
/// as a quoted phrase.
pub(super) fn named_block(blocks: &[Block], name: &str) -> Result<usize, Failure> {
    let wanted = bare(name).to_lowercase();
    let begins: Vec<usize> = (0..blocks.len())
        .filter(|&i| bare(&blocks[i].text).to_lowercase().starts_with(&wanted))
        .collect();
    if let [one] = begins.as_slice() {
        return Ok(*one);
    }
    if begins.len() > 1 {
        return Err(Failure::Unclear);
    }
    let holds: Vec<usize> = (0..blocks.len())
        .filter(|&i| bare(&blocks[i].text).to_lowercase().contains(&wanted))
        .collect();
    match holds.as_slice() {
        [one] => Ok(*one),
        [] => Err(Failure::NameNotFound),
        _ => Err(Failure::Unclear),
    }
}

/// An entry's text as its blocks, amended in place. A base entry is split
/// once, every instruction of every later ruling is applied to the blocks
/// it names, and the text is joined once: the cost grows with the number
/// of instructions, not with their number times the length of the text.
#[derive(Debug, Clone)]
pub struct Text {
    blocks: Vec<Block>,
    /// The text as given, while no instruction has changed it (so that an
    /// entry nothing applies to is its own text, spacing and all).
    unchanged: Option<String>,
}

impl Text {
    pub fn new(text: &str) -> Text {
        Text {
            blocks: blocks(text),
            unchanged: Some(text.to_string()),
        }
    }

    /// Applies the instructions of one amendment: each instruction's step.
    /// Ordinals name the text as it was given, so instructions that name
    /// paragraphs by ordinal are applied last place first.
    pub fn apply(&mut self, instructions: &[Instruction]) -> Vec<Step> {
        let paragraphs = paragraph_indices(&self.blocks);
        let mut order: Vec<usize> = (0..instructions.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(place(&paragraphs, &instructions[i].target)));
        let mut outcomes: Vec<Option<Step>> = vec![None; instructions.len()];
        for i in order {
            let instruction = &instructions[i];
            let (failure, removed, added) = match apply_one(&mut self.blocks, instruction) {
                Ok((removed, added)) => {
                    self.unchanged = None;
                    (None, removed, added)
                }
                Err(failure) => (Some(failure), String::new(), String::new()),
            };
            outcomes[i] = Some(Step {
                instruction: instruction.clone(),
                failure,
                removed,
                added,
            });
        }
        outcomes.into_iter().flatten().collect()
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.unchanged {
            Some(text) => f.write_str(text),
            None => f.write_str(&join(&self.blocks)),
        }
    }
}

/// Applies the instructions of one amendment to `text`: the text after it,
/// and each instruction's step.
pub fn apply(text: &str, instructions: &[Instruction]) -> (String, Vec<Step>) {
    let mut amended = Text::new(text);
    let steps = amended.apply(instructions);
    (amended.to_string(), steps)
}

/// Where in the text an instruction acts, as a block index (for the order
/// of application); instructions without a place keep their order.
pub(super) fn place(paragraphs: &[usize], target: &Target) -> usize {
    let at = |o: &Ordinal| pick(*o, paragraphs.len()).map(|i| paragraphs[i]).ok();
    match target {
        Target::Paragraphs { paragraphs: which } => which.iter().filter_map(at).min(),
        Target::AfterParagraph { paragraph } | Target::Words { paragraph } => at(paragraph),
        Target::Sentence { paragraph, .. } => at(paragraph),
        _ => None,
    }
    .unwrap_or(0)
}

/// The words one change took out and put in: the text between the common
/// beginning and the common end of the two texts.
pub fn changed_words(before: &str, after: &str) -> (String, String) {
    let a: Vec<char> = before.chars().collect();
    let b: Vec<char> = after.chars().collect();
    let mut start = 0;
    while start < a.len() && start < b.len() && a[start] == b[start] {
        start += 1;
    }
    let mut end = 0;
    while end < a.len() - start
        && end < b.len() - start
        && a[a.len() - 1 - end] == b[b.len() - 1 - end]
    {
        end += 1;
    }
    // A change that begins or ends inside a word (of either text) takes
    // the whole word: "restrictions." → "missions." changed a word, not
    // "restrict" into "miss".
    let inside = |t: &[char], at: usize| {
        at > 0 && at < t.len() && t[at - 1].is_alphanumeric() && t[at].is_alphanumeric()
    };
    while start > 0 && (inside(&a, start) || inside(&b, start)) {
        start -= 1;
    }
    while end > 0 && (inside(&a, a.len() - end) || inside(&b, b.len() - end)) {
        end -= 1;
    }
    let removed: String = a[start..a.len() - end].iter().collect();
    let added: String = b[start..b.len() - end].iter().collect();
    (removed.trim().to_string(), added.trim().to_string())
}
