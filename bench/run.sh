#!/usr/bin/env bash
# The search benchmark, in one command:  bench/run.sh
#
# - One `rulings search WORD` process from start to exit (warm page cache,
#   index already built), median of RUNS runs, side by side with
#   `grep -ri WORD` over the same files: on the bundled corpus, and on a
#   generated corpus of 200 releases (the bundled documents 40 times, dates
#   shifted; see bench/gen-corpus.sh) in a temporary folder.
# - The full index build of the 200-release corpus: wall time (median of 5)
#   and peak memory.
# - Where a search's time goes: process start (`rulings --version`), and the
#   stages the binary reports with RULINGS_TIMINGS set; and what parsing the
#   corpus costs (`rulings releases`), which a search does not do.
#
# Environment: WORD (default cloaking), RUNS (default 30).
# Installs hyperfine and GNU time with apt-get when they are missing.
set -euo pipefail

cd "$(dirname "$0")/.."
word=${WORD:-cloaking}
runs=${RUNS:-30}

install() {
    apt-get install -y "$@" >/dev/null 2>&1 ||
        { apt-get update >/dev/null && apt-get install -y "$@" >/dev/null; }
}
command -v hyperfine >/dev/null || install hyperfine
[[ -x /usr/bin/time ]] || install time

cargo build --release --quiet
bin=$PWD/target/release/rulings
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

bench/gen-corpus.sh "$work/corpus-200" 40
bundled=$PWD/rulings
big=$work/corpus-200

# The medians, in seconds, of a hyperfine JSON export, one per command.
medians() { grep -o '"median": *[0-9.e-]*' "$1" | awk '{ print $2 }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.2f ms", s * 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

compare() { # NAME CORPUS INDEX → medians of search and grep
    local name=$1 corpus=$2 index=$3
    "$bin" --rulings "$corpus" --index "$index" index >/dev/null
    hyperfine -N --style basic --warmup 5 --runs "$runs" \
        --export-json "$work/$name.json" \
        -n "rulings search $word ($name)" \
        "$bin --rulings $corpus --index $index search $word" \
        -n "grep -ri $word ($name)" \
        "grep -ri $word $corpus" >&2
    medians "$work/$name.json"
}

mapfile -t small < <(compare bundled "$bundled" "$work/index-bundled")
mapfile -t large < <(compare 200-releases "$big" "$work/index-200")

hyperfine -N --style basic --runs 5 --export-json "$work/build.json" \
    -n "rulings index (200 releases)" \
    "$bin --rulings $big --index $work/index-build index" >&2
build=$(medians "$work/build.json")
peak_kb=$(/usr/bin/time -f '%M' "$bin" --rulings "$big" --index "$work/index-build" index 2>&1 >/dev/null | tail -1)

hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/parts.json" \
    -n "rulings --version" "$bin --version" \
    -n "rulings releases (parses the bundled corpus)" "$bin --rulings $bundled releases" \
    -n "rulings releases (parses 200 releases)" "$bin --rulings $big releases" >&2
mapfile -t parts < <(medians "$work/parts.json")

stages() { # CORPUS INDEX → median of each stage over RUNS searches
    for _ in $(seq "$runs"); do
        RULINGS_TIMINGS=1 "$bin" --rulings "$1" --index "$2" search "$word" 2>&1 >/dev/null |
            grep '^timings:'
    done | sed -E 's/[^0-9.]+/ /g' >"$work/stages.txt"
    local names=("freshness check" "index open" "query" "printing") out=() column median
    for column in 1 2 3 4; do
        median=$(awk -v c="$column" '{ print $c }' "$work/stages.txt" | sort -g |
            awk '{ a[NR] = $1 } END { printf "%.2f", NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')
        out+=("${names[column - 1]} $median ms")
    done
    local IFS=,
    echo "${out[*]}" | sed 's/,/, /g'
}

cat <<EOF

rulings $("$bin" --version | cut -d' ' -f2), $(nproc) cores, word "$word", median of $runs runs (hyperfine -N, warm cache, index built)

corpus          rulings search   grep -ri         grep / search
bundled (5)     $(ms "${small[0]}")         $(ms "${small[1]}")          $(ratio "${small[1]}" "${small[0]}")×
200 releases    $(ms "${large[0]}")         $(ms "${large[1]}")          $(ratio "${large[1]}" "${large[0]}")×

index build, 200 releases: $(awk -v s="$build" 'BEGIN { printf "%.2f s", s }') wall (median of 5), $((peak_kb / 1024)) MB peak resident memory

where a search's time goes (medians):
  process start (rulings --version)        $(ms "${parts[0]}")
  bundled:      $(stages "$bundled" "$work/index-bundled")
  200 releases: $(stages "$big" "$work/index-200")
  not done by a search, parsing the corpus (rulings releases): bundled $(ms "${parts[1]}"), 200 releases $(ms "${parts[2]}")
EOF
