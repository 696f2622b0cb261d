#!/usr/bin/env bash
# A large PDF as Chromium prints it: the 1E Current Rulings Document of 2014
# as the web page of examples/render_fixture.rs (two columns, a running
# header), its entries repeated REPEATS times (15: 109 pages; 40: 298).
#
#   bench/big-pdf.sh OUT.pdf REPEATS
#
# Leaves the page beside it (OUT.html) and the page of one copy (OUT.one.html).
set -euo pipefail
pdf=${1:?usage: big-pdf.sh OUT.pdf REPEATS}
repeats=${2:?usage: big-pdf.sh OUT.pdf REPEATS}
root=$(cd "$(dirname "$0")/.." && pwd)
command -v chromium >/dev/null || { echo "chromium is needed (apt-get install chromium)" >&2; exit 1; }
cd "$root"
cargo build --quiet --example render_fixture
stem=${pdf%.pdf}
mkdir -p "$(dirname "$pdf")"
target/debug/examples/render_fixture rulings/1e-2014-11-03-crd.md "$stem.one.html" --columns 2 --running "First Edition Current Rulings Document"
awk -v n="$repeats" '/<main>/ { print; inside = 1; next } /<\/main>/ { for (i = 0; i < n; i++) printf "%s", body; inside = 0 } inside { body = body $0 "\n"; next } { print }' \
    "$stem.one.html" >"$stem.html"
profile=$(mktemp -d)
chromium --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --user-data-dir="$profile" --no-pdf-header-footer \
    --print-to-pdf="$pdf" "$stem.html" 2>/dev/null
rm -rf "$profile"
