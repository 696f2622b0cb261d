#!/usr/bin/env bash
# The amendments benchmark:  bench/amend.sh
#
# A Glossary (tests/fixtures/base) and a Recent Rulings Document that amends
# its `points` entry N times (default 5,000), in two shapes:
#
#   rulings       N rulings on the entry, each adding one paragraph
#   instructions  one ruling of N instructions, each adding one paragraph
#
# For each it times, as whole processes: the index build from nothing, then
# `show points` and `diff` of the entry between two dates (median of RUNS
# runs). The text in force must say "N of N change(s) applied". The goal:
# show and diff under 1 s.
#
# Environment: N (default 5000), RUNS (default 3), BIN (a built binary; by
# default the release build, built first).
set -euo pipefail

cd "$(dirname "$0")/.."
n=${N:-5000}
runs=${RUNS:-3}
if [[ -z ${BIN:-} ]]; then
    cargo build --release --quiet
    BIN=$PWD/target/release/rulings
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

front='+++\nedition = "1E"\ndate = "2022-11-07"\ntitle = "Recent Rulings Document"\nkind = "recent-rulings"\n+++\n\n## GLOSSARY UPDATES\n\n'
write() { # SHAPE FOLDER
    mkdir -p "$2"
    cp tests/fixtures/base/1e-2021-11-01-glossary.md "$2/"
    awk -v n="$n" -v shape="$1" -v front="$front" 'BEGIN {
        gsub(/\\n/, "\n", front)
        printf "%s", front
        if (shape == "instructions") printf "points –\n\n"
        for (i = 1; i <= n; i++) {
            if (shape == "rulings") printf "points –\n\n"
            printf "Add the following after the last paragraph of this entry:\n\nPoint rule %d applies.\n\n", i
        }
    }' >"$2/1e-2022-11-07-rrd.md"
}

seconds() { # COMMAND...: wall time of one run, in seconds
    local start end
    start=$(date +%s.%N)
    "$@" >"$work/out" 2>&1
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for shape in rulings instructions; do
    write "$shape" "$work/$shape"
    r=("$BIN" --no-bundled --rulings "$work/$shape" --index "$work/$shape.index")
    build=$(seconds "${r[@]}" index)
    grep -o 'Indexed [0-9]* entries' "$work/out" || { cat "$work/out"; exit 1; }
    # Commands re-read every index file's checksum until the files are
    # 2 s old (src/index/intact.rs): what is measured is after that.
    sleep 2.5
    "${r[@]}" releases >/dev/null 2>&1
    for question in "show points" "diff 2022-01-01 2022-12-01 points"; do
        read -ra words <<<"$question"
        times=()
        for ((i = 0; i < runs; i++)); do
            times+=("$(seconds "${r[@]}" "${words[@]}")")
        done
        if [[ $question == show* ]] && ! grep -q "with $n of $n change(s) applied" "$work/out"; then
            echo "show points: not every amendment applied" >&2
            grep "Text in force" "$work/out" >&2
            exit 1
        fi
        echo "$shape ($n): index build ${build} s; $question: median $(median "${times[@]}") s of ${runs} (${times[*]})"
    done
done
