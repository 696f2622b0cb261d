#!/usr/bin/env bash
# Decklists as an attack on `rulings serve`, in one command:
#
#   bench/deck-attack.sh            (BUILD=0 to use the release build as it is)
#   CLIENTS=4 SECONDS_OF_LOAD=40 bench/deck-attack.sh
#
# Starts the release build with a card database of 20,000 made-up cards
# (bench/gen-cards.sh), then CLIENTS clients (default 4) post worst-case
# decklists to /api/deck for SECONDS_OF_LOAD seconds (default 40), each a
# fresh .dek of as many names that are no card as 256 KB holds (about
# 9,000), so that no answer kept serves it. Meanwhile one client asks
# /api/search a question never asked before (another date each time) every
# quarter second. Prints the searches' latency (median, 95th percentile,
# slowest) and statuses, what the deck clients got, and, once they stop, the
# server's CPU each second until it is idle (under 5% of a core).
set -euo pipefail

cd "$(dirname "$0")/.."
clients=${CLIENTS:-4}
seconds=${SECONDS_OF_LOAD:-40}
if [[ ${BUILD:-1} != 0 ]]; then
    cargo build --release --quiet --bin rulings
fi
work=$(mktemp -d)
bash bench/gen-cards.sh "$work/cards" 20000 >/dev/null
# The lists: names of random letters, as unlike the cards as they are of
# each other; one file per request a client sends.
python3 - "$work/lists" "$clients" <<'EOF'
import os, random, string, sys
out, clients = sys.argv[1], int(sys.argv[2])
os.makedirs(out)
for c in range(clients):
    for n in range(200):
        rng = random.Random(c * 1000 + n)
        def name():
            return " ".join("".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 8))).capitalize() for _ in range(rng.randint(2, 3)))
        parts, size = ['<deck version="0.8"><superzone name="Deck">'], 60
        while True:
            card = "<card><name>%s</name></card>" % name()
            if size + len(card) > 256 * 1024 - 64:
                break
            parts.append(card)
            size += len(card)
        parts.append("</superzone></deck>")
        with open(os.path.join(out, "%d-%d.dek" % (c, n)), "w") as f:
            f.write("".join(parts))
EOF
./target/release/rulings --cards "$work/cards/db" --index "$work/index" --quiet index >/dev/null
./target/release/rulings --cards "$work/cards/db" --index "$work/index" --quiet serve --port 0 >"$work/out" 2>"$work/err" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 300); do
    [[ -s $work/out ]] && break
    sleep 0.1
done
url=$(head -1 "$work/out" | sed 's/^listening on //; s#/$##')
cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
ticks=$(getconf CLK_TCK)
echo "server: $url (pid $pid), $(nproc) cores; $clients clients posting worst-case decklists for $seconds s"

end=$(($(date +%s) + seconds))
for c in $(seq 0 $((clients - 1))); do
    (
        n=0
        while (($(date +%s) < end)); do
            curl -s -o /dev/null -w '%{http_code}\n' --max-time 30 \
                --data-binary "@$work/lists/$c-$((n % 200)).dek" "$url/api/deck" >>"$work/decks" || echo failed >>"$work/decks"
            n=$((n + 1))
        done
    ) &
done
day=0
while (($(date +%s) < end)); do
    day=$((day + 1))
    date=$(date -d "2000-01-01 + $day days" +%F)
    curl -s -o /dev/null -w '%{http_code} %{time_total}\n' --max-time 30 \
        "$url/api/search?q=once+each+turn&as_of=$date" >>"$work/searches" || echo "failed 30" >>"$work/searches"
    sleep 0.25
done
wait $(jobs -p | grep -v "^$pid$") 2>/dev/null || true
stopped=$(date +%s.%N)

echo "searches: $(wc -l <"$work/searches") asked; statuses: $(cut -d' ' -f1 "$work/searches" | sort | uniq -c | tr '\n' ' ')"
cut -d' ' -f2 "$work/searches" | sort -n | awk '{t[NR] = $1} END {
    printf "search latency: median %.3f s, 95th percentile %.3f s, slowest %.3f s\n", t[int((NR + 1) / 2)], t[int(NR * 0.95 + 0.5)], t[NR]
}'
echo "decklists: $(wc -l <"$work/decks") posted; statuses: $(sort "$work/decks" | uniq -c | tr '\n' ' ')"
echo "after the clients stopped (server CPU, per second):"
last=$(cpu)
for s in $(seq 1 20); do
    sleep 1
    now=$(cpu)
    used=$(awk -v a="$last" -v b="$now" -v t="$ticks" 'BEGIN {printf "%.2f", (b - a) / t}')
    echo "  +${s} s: ${used} s of CPU"
    last=$now
    if awk -v u="$used" 'BEGIN {exit !(u < 0.05)}'; then
        echo "idle $s s after the clients stopped"
        break
    fi
done
echo "server memory: $(awk '/^VmRSS/ {print $2 " kB"}' "/proc/$pid/status") resident, $(awk '/^VmHWM/ {print $2 " kB"}' "/proc/$pid/status") at most"
