#!/usr/bin/env bash
# The base-document benchmark:  bench/base.sh
#
# Writes a Compendium the size of the published one (bench/gen-base.sh:
# 322 pages, about 1.5 MB) with the bundled 2022 Recent Rulings Document
# beside it, then times the index build from nothing (wall time, median of
# RUNS builds) and three look-ups on it (show by section number, show of a
# Glossary term amended by the RRD, errata of an appendix card), each as one
# whole process, median of RUNS runs. The goal: the build under 3 s.
#
# Environment: RUNS (default 5).
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${RUNS:-5}

cargo build --release --quiet
bin=$PWD/target/release/rulings
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bench/gen-base.sh "$work/corpus"
cp rulings/1e-2022-11-07-rrd.md "$work/corpus/"
size=$(du -b "$work/corpus/1e-2022-10-03-compendium.md" | cut -f1)
echo "base: $((size / 1024)) KiB"

r=("$bin" --no-bundled --rulings "$work/corpus" --index "$work/index")
builds=()
for ((i = 0; i < runs; i++)); do
    rm -rf "$work/index"
    start=$(date +%s.%N)
    "${r[@]}" index >"$work/built" 2>&1
    end=$(date +%s.%N)
    builds+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')")
done
median=$(printf '%s\n' "${builds[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
grep -o 'Indexed [0-9]* entries from [0-9]* releases' "$work/built"
echo "index build: median ${median} s of ${runs} (${builds[*]})"

# Commands read every index file's checksum until the files are 2 s old
# (src/index/intact.rs): what is measured is every command after that.
sleep 2.5
"${r[@]}" releases >/dev/null 2>&1
for question in "show 7.4.2" "show crew term 0500" "errata card 0042"; do
    read -ra words <<<"$question"
    times=()
    for ((i = 0; i < runs; i++)); do
        start=$(date +%s.%N)
        "${r[@]}" "${words[@]}" >/dev/null 2>&1
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", (b - a) * 1000 }')")
    done
    m=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    echo "$question: median ${m} ms of ${runs}"
done
