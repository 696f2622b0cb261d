#!/usr/bin/env bash
# How often the right ruling comes first: runs `rulings search` on every
# question of bench/questions.tsv (bundled corpus) and prints each miss and
# the count.   bench/questions.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/rulings}
[[ -x $bin ]] || cargo build --release --quiet
total=0 first=0
while IFS=$'\t' read -r question key edition; do
    [[ -z $question || $question == \#* ]] && continue
    total=$((total + 1))
    # shellcheck disable=SC2086 # the question is words
    got=$("$bin" search --json --limit 1 $question 2>/dev/null |
        python3 -c 'import json,sys; h=json.load(sys.stdin)["hits"]; print(h[0]["entry"]["key"], h[0]["entry"]["edition"]) if h else print("-")' ||
        echo "-")
    if [[ $got == "$key $edition" ]]; then
        first=$((first + 1))
    else
        echo "miss: $question → $got (wanted $key $edition)"
    fi
done <bench/questions.tsv
echo "right ruling first: $first of $total"
