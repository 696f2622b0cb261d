#!/usr/bin/env bash
# Writes a corpus of COPIES × the bundled documents into OUT: copy 0 is the
# bundled corpus as it is, copy k has every ISO date (front matter, dated
# entries) moved k × 30 days earlier, so that each copy's rulings supersede
# the older copies' and the newest copy is the one in force.
#
#   bench/gen-corpus.sh OUT [COPIES]     (COPIES defaults to 40: 200 releases)
set -euo pipefail

out=${1:?usage: gen-corpus.sh OUT [COPIES]}
copies=${2:-40}
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"

for file in "$here"/rulings/*.md; do
    name=$(basename "$file")
    dates=$(grep -oE '[0-9]{4}-[0-9]{2}-[0-9]{2}' "$file" | sort -u || true)
    for ((k = 0; k < copies; k++)); do
        target=$(printf '%s/%02d-%s' "$out" "$k" "$name")
        if [[ $k -eq 0 || -z $dates ]]; then
            cp "$file" "$target"
            continue
        fi
        # One `date` call per copy: "OLD NEW" pairs, applied in one pass so
        # that a shifted date is never shifted again.
        shifted=$(sed "s/\$/ -$((k * 30)) days/" <<<"$dates" | date -u -f - +%F)
        paste -d' ' <(echo "$dates") <(echo "$shifted") |
            awk 'NR == FNR { map[$1] = $2; next }
                 {
                     line = $0; result = ""
                     while (match(line, /[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]/)) {
                         found = substr(line, RSTART, RLENGTH)
                         result = result substr(line, 1, RSTART - 1) ((found in map) ? map[found] : found)
                         line = substr(line, RSTART + RLENGTH)
                     }
                     print result line
                 }' - "$file" >"$target"
    done
done
