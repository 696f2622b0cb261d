#!/usr/bin/env bash
# Load on `rulings serve`, in one command:  bench/serve-load.sh
#
# Starts the release build on the bundled corpus (index already built, in
# a temporary folder), then 50 concurrent clients (examples/load.rs, one
# HTTP connection each, on the same machine) ask /api/search with the
# questions of bench/questions.tsv until REQUESTS answers came back, twice:
# the questions as they are (repeated, as phones at a venue repeat them:
# answered from the answers the server keeps), then each on another date
# (no two the same: every answer searched). Prints the latency percentiles
# and the server's resident memory (VmRSS) at start, after a warm-up of
# 1,000 requests, and after each round.
#
# Environment: CLIENTS (default 50), REQUESTS (default 100000).
set -euo pipefail

cd "$(dirname "$0")/.."
clients=${CLIENTS:-50}
requests=${REQUESTS:-100000}

cargo build --release --quiet --bin rulings --example load
work=$(mktemp -d)
out=$work/out
./target/release/rulings --index "$work/index" --quiet serve --port 0 >"$out" 2>"$work/err" &
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
