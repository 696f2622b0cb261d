#!/usr/bin/env bash
# Load on `rulings serve`, in one command:  bench/serve-load.sh
#
# Starts the release build on the bundled corpus (index already built, in
# a temporary folder), then 50 concurrent clients (examples/load.rs, one
# HTTP connection each, on the same machine) ask /api/search with the
# questions of bench/questions.tsv until REQUESTS answers came back, twice:
# the questions as they are (repeated, as phones at a venue repeat them:
# answered from the answers the server keeps), then each on another date
# (no two the same: every answer searched), twice. Prints the latency
# percentiles and the server's resident memory (VmRSS) at start, after a
# warm-up of 1,000 requests, and after each round. Last, a round of
# distinct questions while a large generated document (ENTRIES rulings)
# dropped into the corpus is read beside the live index: every answer must
# still be 200 or 404 (the load stops at the first other status).
#
# Environment: CLIENTS (default 50), REQUESTS (default 100000), ENTRIES
# (default 20000), BUILD=0 to use the release build as it is.
set -euo pipefail

cd "$(dirname "$0")/.."
clients=${CLIENTS:-50}
requests=${REQUESTS:-100000}
entries=${ENTRIES:-20000}

if [[ ${BUILD:-1} != 0 ]]; then
    cargo build --release --quiet --bin rulings --example load
fi
work=$(mktemp -d)
out=$work/out
mkdir "$work/docs"
document() { # NAME DATE: a document's front matter
    printf '+++\nedition = "1E"\ndate = "%s"\ntitle = "%s"\n+++\n' "$2" "$1"
}
{ document extra 2030-01-01; printf 'Quark Bench –\n\nQuark may bribe the bench.\n'; } >"$work/docs/extra.md"
./target/release/rulings --rulings "$work/docs" --index "$work/index" --quiet serve --port 0 >"$out" 2>"$work/err" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 300); do
    [[ -s $out ]] && break
    sleep 0.1
done
url=$(head -1 "$out" | sed 's/^listening on //')
rss() { awk '/^VmRSS/ {print $2 " kB"}' "/proc/$pid/status"; }
load=./target/release/examples/load

echo "server: $url (pid $pid), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "RSS at start:      $(rss)"
$load "$url" "$clients" 1000 >/dev/null
echo "RSS after warm-up: $(rss)"
$load "$url" "$clients" "$requests"
echo "RSS after them:    $(rss)"
$load "$url" "$clients" "$requests" distinct
echo "RSS after them:    $(rss)"
$load "$url" "$clients" "$requests" distinct
echo "RSS after them:    $(rss)"
# A head holds no digits: each ruling is named by a made-up word.
{
    document large 2030-02-01
    awk -v n="$entries" 'BEGIN {
        c = "bcdfghjklmnprstvz"; v = "aeiou"
        for (i = 0; i < n; i++) {
            w = ""; k = i
            for (j = 0; j < 4; j++) { w = w substr(c, k % 17 + 1, 1) substr(v, int(k / 17) % 5 + 1, 1); k = int(k / 85) }
            printf "Tribble %s –\n\nA tribble of litter %s multiplies on the bench.\n\n", w, w
        }
    }'
} >"$work/large.md"
echo "reading a document of $entries rulings dropped in during the round:"
(sleep 1; mv "$work/large.md" "$work/docs/large.md") &
$load "$url" "$clients" "$requests" distinct
echo "RSS after them:    $(rss)"
grep -m2 'indexed' "$work/err" || true
