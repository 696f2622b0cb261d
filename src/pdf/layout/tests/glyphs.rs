//! Glyphs into runs: words a wide gap sets apart without a printed space,
//! and two readings of a page that print the same text.

use super::*;

/// Glyphs of `text` on one line from `left`, each 5 points wide, with
/// `gaps[i]` points before glyph `i` (none where not given).
pub(super) fn glyphs(text: &str, left: f32, gaps: &[(usize, f32)]) -> Vec<Glyph> {
    let mut x = left;
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            x += gaps.iter().find(|g| g.0 == i).map_or(0.0, |g| g.1);
            let g = Glyph {
                text: c,
                left: x,
                right: x + 5.0,
                top: 100.0,
                height: 10.0,
                size: 10.0,
                bold: false,
                colored: false,
                colour: 0,
                symbol: false,
            };
            x += 5.0;
            g
        })
        .collect()
}

#[test]
pub(super) fn glyphs_set_a_word_apart_are_two_words_without_a_printed_space() {
    // "givenby": a 3-point gap between "n" and "b" (character spacing
    // in justified groff text), kerning of a quarter point either way
    // inside the words.
    let set = glyphs(
        "givenbyofficial",
        50.0,
        &[(2, -0.25), (5, 3.0), (7, 3.0), (9, 0.3)],
    );
    let runs = runs_of(&set);
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].text, "given by official");
    assert_eq!((runs[0].left, runs[0].right), (50.0, 131.05));
    // Printed spaces count for nothing but their place: one space
    // between words however many were printed, and none where the
    // next glyph takes the space's place back (a kerned "WA Y").
    let spaced = glyphs("a  b", 50.0, &[(2, -3.0), (3, -3.0)]);
    assert_eq!(runs_of(&spaced)[0].text, "a b");
    let kerned = glyphs("WA Y", 50.0, &[(2, -0.5), (3, -4.8)]);
    assert_eq!(runs_of(&kerned)[0].text, "WAY");
    // A gap of half an em or more ends the run (it may be a gutter),
    // and so does a change of type or of line.
    let gutter = glyphs("endNext", 50.0, &[(3, 6.0)]);
    let texts = |runs: Vec<Run>| runs.into_iter().map(|r| r.text).collect::<Vec<_>>();
    assert_eq!(texts(runs_of(&gutter)), ["end", "Next"]);
    let mut bold = glyphs("Dabo – a game", 50.0, &[]);
    for g in &mut bold[..4] {
        g.bold = true;
    }
    assert_eq!(texts(runs_of(&bold)), ["Dabo", "– a game"]);
    let mut two_lines = glyphs("endnext", 50.0, &[]);
    for g in &mut two_lines[3..] {
        g.top += 12.0;
    }
    assert_eq!(texts(runs_of(&two_lines)), ["end", "next"]);
}
