#!/bin/sh
# The rendition matrix: the five bundled documents, the base fixtures and the
# published families (a Glossary and a Rulebook that print no edition, the
# Compendium, a rules-update article, and the rule-change history in each of
# its three layouts: a flat list, a table a rule, a heading a rule) set
# in 150 renditions (a seeded pick of title block, date form, heads, new
# marker, columns, justification and furniture per rendition; document and
# producer in turn) by three real producers — Chromium print-to-PDF,
# LibreOffice Writer headless, groff -ms with ghostscript — and as the text a
# TD saves or pastes (pdftotext plain and -layout, a browser's saved text,
# pasted text); then each is read by `rulings check --json` and scored
# against the Markdown it came from (examples/matrix/: `matrix score` prints the tables per producer, form,
# axis and family).
#
#   bench/renditions.sh [OUT_DIR]      (default /tmp/rulings-matrix)
#   COUNT=150 SEED=7 bench/renditions.sh
#
# Takes about 4 minutes on 2 cores (about 3 to make the PDFs, most of it
# Chromium's and LibreOffice's start-up, and 1 to read them). Nothing it
# writes is committed; tests/fixtures/matrix holds a sample.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/rulings-matrix}
count=${COUNT:-150}
seed=${SEED:-7}
cd "$root"
cargo build --quiet --release --bin rulings
cargo build --quiet --release --example matrix
rm -rf "$out"
mkdir -p "$out/in" "$out/out" "$out/sources" "$out/lo"
cp rulings/*.md tests/fixtures/base/*.md tests/fixtures/families/*.md "$out/sources/"
target/release/examples/matrix plan "$out" --count "$count" --seed "$seed" "$out"/sources/*.md

profile=$(mktemp -d)
tail -n +2 "$out/manifest.tsv" | while IFS="$(printf '\t')" read -r file document producer form rest; do
  stem=${file%.*}
  case "$producer:$form" in
    chromium:saved-text | chromium:pasted)
      cp "$out/in/$stem.txt" "$out/out/$file" ;;
    chromium:html)
      cp "$out/in/$stem.html" "$out/out/$file" ;;
    chromium:*)
      chromium --headless --no-sandbox --disable-gpu --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$profile" --no-pdf-header-footer \
        --print-to-pdf="$out/lo/$stem.pdf" "$out/in/$stem.html" 2>/dev/null ;;
    libreoffice:*)
      soffice -env:UserInstallation=file:///tmp/lo-profile --headless \
        --convert-to pdf:writer_pdf_Export --outdir "$out/lo" "$out/in/$stem.html" >/dev/null 2>&1 ;;
    groff:*)
      groff -t -k -ms -Tps "$out/in/$stem.ms" 2>/dev/null | ps2pdf - "$out/lo/$stem.pdf" ;;
  esac
  case "$form" in
    pdf) cp "$out/lo/$stem.pdf" "$out/out/$file" ;;
    pdftotext) pdftotext "$out/lo/$stem.pdf" "$out/out/$file" ;;
    pdftotext-layout) pdftotext -layout "$out/lo/$stem.pdf" "$out/out/$file" ;;
  esac
done
rm -rf "$profile"
target/release/examples/matrix score "$out" target/release/rulings | tee "$out/tables.txt"
echo "scores: $out/scores.tsv"

# A 300-page PDF: the 1E Current Rulings Document of 2014 as the web page
# of examples/render_fixture.rs, its entries repeated 40 times in two
# columns, printed by Chromium, then read by `rulings check` under
# /usr/bin/time -v (the goal: under 3 s and 300 MB).
big=$out/big
mkdir -p "$big"
bash bench/big-pdf.sh "$big/big.pdf" 40
pdfinfo "$big/big.pdf" | grep Pages
/usr/bin/time -v target/release/rulings check "$big/big.pdf" 2>"$big/time.txt" >/dev/null || true
grep -E "Elapsed|Maximum resident|User time|System time" "$big/time.txt"
