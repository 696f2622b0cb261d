#!/usr/bin/env bash
# The tournament questions (bench/tournament-questions.tsv) through
# bench/questions.sh, on the bundled documents plus the tournament's own:
# the Organized Play Guide 4.2, 5.1 and 5.2, an interim ruling, and four
# ban lists (tests/fixtures/tournament, tests/fixtures/ban-lists). The
# folder and its index are made for the run and removed after it.
#
#   bench/tournament.sh [BINARY]      (default target/release/rulings)
#   TABLE=bench/tournament-questions-2.tsv bench/tournament.sh   round 2
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/rulings}
[[ -x $bin ]] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/rulings"
cp tests/fixtures/tournament/opg-4.2.txt tests/fixtures/tournament/opg-5.1.txt \
   tests/fixtures/tournament/opg-5.2.txt tests/fixtures/tournament/interim-2024-03.txt \
   tests/fixtures/ban-lists/ban-list-2019-03-04.txt tests/fixtures/ban-lists/ban-list-2021-06-07.txt \
   tests/fixtures/ban-lists/ban-list-2025-01-06.html tests/fixtures/ban-lists/otf-ban-list-2018-12-20.txt \
   "$work/rulings/"
RULINGS_DIR="$work/rulings" RULINGS_INDEX="$work/index" XDG_CACHE_HOME="$work/cache" \
    TABLE=${TABLE:-bench/tournament-questions.tsv} bash bench/questions.sh "$bin"
