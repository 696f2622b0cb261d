#!/usr/bin/env bash
# The benchmark, in one command:  bench/run.sh
#
# Every command as one whole process (hyperfine -N, warm page cache, index
# already built), median of RUNS runs, as a ratio to `rulings --version`
# (what starting the binary costs) measured in the same run, and `grep -ri`
# over the same files beside search: on the bundled corpus and on generated
# corpora of 200 and 1,000 releases (the bundled documents 40 and 200 times,
# dates shifted; see bench/gen-corpus.sh) in a temporary folder. Then the
# index build of each generated corpus: wall time (median of 3) and peak
# memory, and how the cost grows from 200 to 1,000 releases.
#
# Environment: RUNS (default 20).
# Installs hyperfine and GNU time with apt-get when they are missing.
set -euo pipefail

cd "$(dirname "$0")/.."
runs=${RUNS:-20}

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
bench/gen-corpus.sh "$work/corpus-1000" 200

# The medians, in seconds, of a hyperfine JSON export, one per command.
medians() { grep -o '"median": *[0-9.e-]*' "$1" | awk '{ print $2 }'; }
ms() { awk -v s="$1" 'BEGIN { printf "%.2f ms", s * 1000 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f×", a / b }'; }

names=("rulings --version" "search cloaking" "grep -ri cloaking" "show time location"
    "errata ferengi military operations" "diff 2010-01-01 2020-01-01 --stat" "releases")

measure() { # NAME CORPUS → one median per entry of names
    local name=$1 corpus=$2 index=$work/index-$1
    local r=("$bin" --rulings "$corpus" --index "$index")
    "${r[@]}" index >/dev/null
    # Commands read every index file's checksum until the files are 2 s old
    # and a command stamps them intact (src/index/intact.rs); what is
    # measured is every command after that, as at the table.
    sleep 2.5
    "${r[@]}" releases >/dev/null
    hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/$name.json" \
        "$bin --version" \
        "${r[*]} search cloaking" \
        "grep -ri cloaking $corpus" \
        "${r[*]} show time location" \
        "${r[*]} errata ferengi military operations" \
        "${r[*]} diff 2010-01-01 2020-01-01 --stat" \
        "${r[*]} releases" >&2
    medians "$work/$name.json"
}

mapfile -t small < <(measure bundled "$PWD/rulings")
mapfile -t mid < <(measure 200 "$work/corpus-200")
mapfile -t large < <(measure 1000 "$work/corpus-1000")

build() { # CORPUS → "median-seconds peak-kB"
    hyperfine -N --style basic --runs 3 --export-json "$work/build.json" \
        "$bin --rulings $1 --index $work/index-build index" >&2
    local peak
    peak=$(/usr/bin/time -f '%M' "$bin" --rulings "$1" --index "$work/index-build" index 2>&1 >/dev/null | tail -1)
    echo "$(medians "$work/build.json") $peak"
}
read -r build200 peak200 < <(build "$work/corpus-200")
read -r build1000 peak1000 < <(build "$work/corpus-1000")

row() { # LABEL INDEX-IN-names
    local i=$2
    printf '| %s | %s (%s) | %s (%s) | %s (%s) |\n' "$1" \
        "$(ms "${small[i]}")" "$(ratio "${small[i]}" "${small[0]}")" \
        "$(ms "${mid[i]}")" "$(ratio "${mid[i]}" "${mid[0]}")" \
        "$(ms "${large[i]}")" "$(ratio "${large[i]}" "${large[0]}")"
}

cat <<EOT

rulings $("$bin" --version | cut -d' ' -f2), $(nproc) cores, median of $runs runs (hyperfine -N, warm cache, index built); in brackets, the ratio to \`rulings --version\` in the same run

| command | bundled (5 releases) | 200 releases | 1,000 releases |
| --- | --- | --- | --- |
$(for i in "${!names[@]}"; do row "\`${names[i]}\`" "$i"; done)

| index build | wall (median of 3) | peak memory |
| --- | --- | --- |
| 200 releases | $(awk -v s="$build200" 'BEGIN { printf "%.2f s", s }') | $((peak200 / 1024)) MB |
| 1,000 releases | $(awk -v s="$build1000" 'BEGIN { printf "%.2f s", s }') | $((peak1000 / 1024)) MB |

1,000 releases cost $(awk -v a="$build1000" -v b="$build200" 'BEGIN { printf "%.1f", a / b }')× the build of 200 (5× the releases).
EOT
