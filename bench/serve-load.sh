#!/usr/bin/env bash
# Load on `rulings serve`, in one command:  bench/serve-load.sh
#
# Starts the release build on the bundled corpus (index already built, in
# a temporary folder), then 50 concurrent clients (examples/load.rs, one
# HTTP connection each) ask /api/search with the questions of
# bench/questions.tsv until REQUESTS answers came back; prints the latency
# percentiles, and the server's resident memory (VmRSS) before the load,
# after a warm-up of 1,000 requests and after the REQUESTS.
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

echo "server: $url (pid $pid), $(nproc) cores"
echo "RSS at start:            $(rss)"
./target/release/examples/load "$url" "$clients" 1000 >/dev/null
echo "RSS after 1,000:         $(rss)"
./target/release/examples/load "$url" "$clients" "$requests"
echo "RSS after $requests more: $(rss)"
