//! A page's style sheets, as far as the reader needs them: which classes
//! set text bold, coloured, in a symbol font, or barred in the margin.

use super::*;

/// What a page's style sheet says of a class: the typography read from
/// inline styles, given by name (`.new { color: #d00000 }`, `.bar {
/// border-left: 2pt solid }`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct ClassRule {
    /// Whether the class colours its text, and the colour's key.
    pub(super) colored: Option<(bool, u64)>,
    pub(super) bar: bool,
    pub(super) bold: bool,
    /// Whether the colour is blue (see `temporary`).
    pub(super) blue: bool,
}

impl ClassRule {
    pub(super) fn or(self, other: &ClassRule) -> ClassRule {
        ClassRule {
            colored: other.colored.or(self.colored),
            bar: self.bar || other.bar,
            bold: self.bold || other.bold,
            blue: if other.colored.is_some() {
                other.blue
            } else {
                self.blue
            },
        }
    }
}

/// The page's style sheets.
pub(super) fn style_sheets(page: &Html) -> impl Iterator<Item = String> + '_ {
    page.root_element()
        .descendants()
        .filter_map(scraper::ElementRef::wrap)
        .filter(|e| e.value().name() == "style")
        .map(|e| e.text().collect::<String>())
}

/// The page's print header or footer, where it gives a date: the text a
/// style sheet sets in a page's margin (`@page { @top-center { content:
/// "Current Rulings — 3 October 2022" } }`), what a printed copy carries on
/// every page. Only a quoted string is read (a counter is a page number).
pub(super) fn print_header(page: &Html) -> Option<String> {
    style_sheets(page).find_map(|sheet| {
        sheet
            .split("@page")
            .skip(1)
            .flat_map(|page_rule| {
                // The `@page` rule's own block, its margin boxes inside.
                let mut depth = 0usize;
                let end = page_rule
                    .char_indices()
                    .find(|&(_, c)| {
                        match c {
                            '{' => depth += 1,
                            '}' => depth = depth.saturating_sub(1),
                            _ => {}
                        }
                        c == '}' && depth == 0
                    })
                    .map_or(page_rule.len(), |(i, _)| i);
                page_rule[..end]
                    .split("content:")
                    .skip(1)
                    .flat_map(|value| {
                        let value = &value[..value.find([';', '}']).unwrap_or(value.len())];
                        value.split('"').skip(1).step_by(2).collect::<Vec<_>>()
                    })
                    .map(|text| text.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect::<Vec<_>>()
            })
            .find(|text| is_document_date(text))
    })
}

/// The rules of the page's `<style>` sheets for a class (`.new`,
/// `div.new`), each selector alone or in a list; rules inside at-rules
/// (`@page`, `@media print`) and selectors of more than one part are not
/// read.
pub(super) fn class_rules(page: &Html) -> std::collections::HashMap<String, ClassRule> {
    let mut rules = std::collections::HashMap::new();
    for sheet in style_sheets(page) {
        for (selectors, body) in css_blocks(&sheet) {
            let rule = ClassRule {
                colored: style_property(body, "color").map(|c| (!is_black(c), colour_key(c))),
                bar: ["border-left", "border-right"]
                    .iter()
                    .any(|p| is_bar(style_property(body, p))),
                bold: style_property(body, "font-weight").is_some_and(is_bold_weight),
                blue: style_property(body, "color").is_some_and(super::temporary::is_blue),
            };
            for selector in selectors.split(',') {
                let Some((tag, class)) = selector.trim().split_once('.') else {
                    continue;
                };
                let name = |t: &str| {
                    t.chars()
                        .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
                };
                if name(tag) && !class.is_empty() && name(class) {
                    let entry: &mut ClassRule = rules.entry(class.to_string()).or_default();
                    *entry = entry.or(&rule);
                }
            }
        }
    }
    rules
}

/// A style sheet's top-level rules as (selectors, declarations); at-rules
/// are skipped whole, nested blocks and all.
pub(super) fn css_blocks(sheet: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    let mut rest = sheet;
    while let Some(open) = rest.find('{') {
        let mut depth = 0usize;
        let mut close = None;
        for (i, c) in rest[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { break };
        let selectors = rest[..open].trim();
        // A comment before the selectors is no part of them.
        let selectors = selectors.rsplit("*/").next().unwrap_or(selectors).trim();
        if !selectors.starts_with('@') {
            out.push((selectors, &rest[open + 1..close]));
        }
        rest = &rest[close + 1..];
    }
    out
}

/// Whether a border declaration draws a line: a width or style that is not
/// none or zero.
pub(super) fn is_bar(border: Option<&str>) -> bool {
    border.is_some_and(|b| {
        let b = b.to_ascii_lowercase();
        !b.trim().is_empty()
            && !b
                .split_whitespace()
                .any(|w| matches!(w, "none" | "hidden" | "0" | "0px" | "0pt" | "0em" | "0mm"))
    })
}

/// A colour folded to one number, to tell colours apart.
pub(super) fn colour_key(colour: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let folded = folded_colour(colour);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    folded.hash(&mut hasher);
    hasher.finish()
}

pub(super) fn is_bold_weight(weight: &str) -> bool {
    let weight = weight.trim().to_ascii_lowercase();
    weight == "bold" || weight == "bolder" || weight.parse::<u16>().is_ok_and(|w| w >= 600)
}

/// The value of a property in a `style` attribute.
pub(super) fn style_property<'a>(style: &'a str, property: &str) -> Option<&'a str> {
    style.split(';').find_map(|declaration| {
        let (key, value) = declaration.split_once(':')?;
        key.trim()
            .eq_ignore_ascii_case(property)
            .then(|| value.trim().trim_end_matches("!important").trim())
    })
}

pub(super) fn symbol_font(face: &str) -> bool {
    let face = face.to_ascii_lowercase();
    face.split(',')
        .map(|f| f.trim().trim_matches(['"', '\'']))
        .next()
        .is_some_and(|first| SYMBOL_FONTS.contains(&first))
}
