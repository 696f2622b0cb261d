#!/usr/bin/env bash
# Time and peak memory of long queries and names: distinct unknown words,
# negated words, and names, at sizes up to the limits (and past them,
# where they are refused). Prints one line per case: median wall time of
# RUNS runs (default 5, milliseconds) and the largest peak memory.
#
#   bench/long-queries.sh [BINARY] [-- OPTIONS…]
#
# BINARY defaults to target/release/rulings; OPTIONS go before the
# command (e.g. -- --no-bundled --rulings DIR --index DIR2 for a corpus
# written by bench/gen-corpus.sh). SIZES and NAMES override the sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/rulings}
shift || true
[[ ${1:-} == -- ]] && shift
options=("$@")
runs=${RUNS:-5}
sizes=${SIZES:-8 16 32 64 2750}
names=${NAMES:-128 256 512 102400}
command -v /usr/bin/time >/dev/null || { echo "long-queries.sh: /usr/bin/time is needed" >&2; exit 2; }

# N distinct words of LETTERS letters (default 7) that no ruling has
# (seeded, so every run reads the same words).
unknown_words() {
    awk -v n="$1" -v letters="${2:-7}" 'BEGIN {
        srand(7); a = "bcdfghjklmnpqrstvwxz"; v = "aeiouy"
        for (i = 0; i < n; i++) {
            w = ""
            for (j = 0; j < letters; j++) w = w substr(j % 2 ? v : a, int(rand() * (j % 2 ? 6 : 20)) + 1, 1)
            printf "%s%s", (i ? " " : ""), w
        }
    }'
}

measure() {
    local label=$1
    shift
    local times=() memory=0 status=0
    for ((r = 0; r < runs; r++)); do
        status=0
        local start=$EPOCHREALTIME
        /usr/bin/time -f '%M' -o /tmp/long-queries.$$ "$bin" "${options[@]}" "$@" >/dev/null 2>&1 || status=$?
        local end=$EPOCHREALTIME
        read -r m < <(tail -n 1 /tmp/long-queries.$$)
        times+=("$(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", (e - s) * 1000 }')")
        ((m > memory)) && memory=$m
    done
    rm -f /tmp/long-queries.$$
    local median
    median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
    printf '%-34s %9s ms %8s KB  exit %s\n' "$label" "$median" "$memory" "$status"
}

"$bin" "${options[@]}" index >/dev/null 2>&1
for n in $sizes; do
    words=$(unknown_words "$n")
    measure "search: $n unknown words" search "$words"
    negated=$(unknown_words $((n - 1)) 5)
    measure "search: cloaking, $((n - 1)) negated" search -- "cloaking -${negated// / -}"
done
for n in $names; do
    name=$(printf 'Bajoran Wormhole %.0s' $(seq 1 $((n / 17 + 1))))
    name=${name:0:n}
    measure "show: name of $n chars" show "$name"
    measure "errata: name of $n chars" errata "$name"
    measure "diff: topic of $n chars" diff 2000-01-01 2014-12-31 "$name"
done
measure "search: 10,000 (" search "$(printf '(%.0s' $(seq 1 10000))"
