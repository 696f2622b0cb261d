#!/usr/bin/env bash
# Writes a card database of N made-up cards (default 20,000) in the
# LackeyCCG plugin's layout, and a 100-card decklist of them, for timing
# `rulings index` with a card database and `rulings deck`:
#
#   bash bench/gen-cards.sh /tmp/cards 20000
#   hyperfine -w 1 -r 5 'rulings --cards /tmp/cards/db index'
#   hyperfine -N -w 3 -r 30 'rulings --cards /tmp/cards/db deck /tmp/cards/deck.txt'
set -euo pipefail
out=${1:?usage: gen-cards.sh DIR [N]}
n=${2:-20000}
mkdir -p "$out/db/sets"
awk -v n="$n" 'BEGIN {
  OFS = "\t"
  print "Name", "Set", "ImageFile", "Release", "Info", "Property", "Uniqueness", "Type", "Mission/ Dilemma Type", "Affil", "Class", "Int/Rng", "Cun/Wpn", "Str/Shd", "Points", "Region", "Quadrant", "Span", "Icons", "Staff", "Characteristics/ Keywords", "Requires", "Persona", "Command", "Lore", "Reports", "Names", "Text"
  split("Personnel Ship Interrupt Event Dilemma Mission Equipment Incident", types, " ")
  split("[Cmd] [Stf] [Cmd][DQ] [AQ] [GQ][Stf] [MU]", icons, " ")
  for (i = 1; i <= n; i++) {
    version = (i % 7 == 0) ? "*" : ((i % 11 == 0) ? " (Reprint)" : "")
    name = sprintf("Made Up Card %d%s", i, version)
    print name, "Trad_Modern_Open_Warp", "img" i, "set" (i % 40), (i % 200) " C", "TNG", "", types[1 + i % 8], "", "Federation", "OFFICER", 6, 7, 5, "", "", "", "", icons[1 + i % 6], "", "Human; Male;", "", "", "", "Lore of made-up card " i ". Served aboard a ship of the line for many years.", "", "", "OFFICER Leadership Diplomacy. Once each turn, " icons[1 + i % 6] " personnel present may draw a card for card " i "."
  }
}' > "$out/db/sets/Generated.txt"
# A deck of 100 lines: names of the database, a few of them with rulings.
{
  for i in $(seq 1 95); do printf '1\tMade Up Card %d\n' $((i * 97 % n + 1)); done
  printf 'Missions:\n1\tGoing to the Top\n1\tLiberty\n1\tPhased Matter\n1\tQ'"'"'s Tent\n1\tNo Such Card Anywhere\n'
} > "$out/deck.txt"
echo "wrote $n cards to $out/db/sets/Generated.txt and a 100-line deck to $out/deck.txt"
