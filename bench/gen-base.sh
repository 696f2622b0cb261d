#!/usr/bin/env bash
# Writes a Rules Compendium the size of the published one (322 pages, about
# 1.5 MB of text) into OUT/1e-2022-10-03-compendium.md: numbered chapters,
# sections and subsections with typed sidebars, the Temporary Rulings, an
# alphabetical Glossary, an errata appendix and a change log. The words are
# generated; the shapes are the ones the base reader reads.
#
#   bench/gen-base.sh OUT [CHAPTERS]     (CHAPTERS defaults to 10: ~1.5 MB)
set -euo pipefail

out=${1:?usage: gen-base.sh OUT [CHAPTERS]}
chapters=${2:-10}
mkdir -p "$out"

awk -v chapters="$chapters" 'BEGIN {
    srand(7)
    split("attack battle card crew dilemma download facility mission personnel point ship skill span stop target turn", w, " ")
    sentence = "When a player reports a personnel aboard a ship at a mission location, the crew may attempt the mission unless a dilemma or a card in play says otherwise, and the points are scored when it is solved."
    print "+++"
    print "edition = \"1E\""
    print "date = \"2022-10-03\""
    print "title = \"First Edition Rules Compendium\""
    print "kind = \"compendium\""
    print "+++"
    print ""
    print "# First Edition Rules Compendium"
    print ""
    print "The Rules Compendium gathers the Rulebook, the Glossary, the Temporary Rulings and the card errata in one document."
    print ""
    print "## Temporary Rulings"
    print ""
    for (t = 1; t <= 20; t++) printf "temporary ruling %03d – Until further notice, %s\n\n", t, sentence
    for (c = 1; c <= chapters; c++) {
        printf "## %d CHAPTER %d\n\n%s\n\n", c, c, sentence
        for (s = 1; s <= 12; s++) {
            printf "%d.%d: Section %s %d\n\n", c, s, w[1 + (c * s) % 16], s
            for (p = 1; p <= 4; p++) print sentence " " sentence "\n"
            for (u = 1; u <= 6; u++) {
                printf "%d.%d.%d %s RULE %d\n\n", c, s, u, toupper(w[1 + (c + s + u) % 16]), u
                for (p = 1; p <= 3; p++) print sentence "\n"
                if (u % 2 == 0) printf "Clarifications: Case %d: %s\n\n", u, sentence
                if (u % 3 == 0) printf "Tip: %s\n\n", sentence
            }
        }
    }
    print "## Glossary\n"
    for (g = 0; g < 2600; g++) {
        printf "%s %s %04d – %s\n\n", w[1 + int(g / 163) % 16], "term", g, sentence
        if (g % 4 == 0) print sentence "\n"
    }
    print "## Errata\n"
    for (e = 0; e < 400; e++) printf "Card %04d – Erratum: %s\n\n", e, sentence
    print "## Change Log\n"
    for (l = 1; l <= 30; l++) printf "2022-%02d-01: revision %d of the Compendium.\n\n", 1 + l % 12, l
}' >"$out/1e-2022-10-03-compendium.md"
