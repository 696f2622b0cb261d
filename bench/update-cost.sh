#!/usr/bin/env bash
# What the first answer after an update costs, as the corpus grows: for
# each corpus (10, 100 and 1,000 releases of bench/gen-corpus.sh; 1, 6 and
# 24 copies of a 109-page PDF printed by Chromium), and each binary given,
# the median of RUNS whole processes (hyperfine, warm page cache) of
#
#   - a full index build from nothing (`rulings index`, index folder removed);
#   - a full index build again, every document's reading kept (`rulings
#     index` after `rulings index`);
#   - the first answer after one small document is added (`search`, the
#     index built before the document was added);
#   - the first answer after one document is edited in place, to the same
#     size (one word's case changed);
#   - for the PDFs: the first answer after one PDF changed (a byte appended),
#     against `rulings check` of that PDF alone (its own reading).
#
#   bench/update-cost.sh [OUT_DIR] [RULINGS…]   (default /tmp/rulings-update,
#                                                 target/release/rulings)
#   RUNS=5 bench/update-cost.sh
#
# Takes about 10 minutes on 2 cores. Writes OUT_DIR/update-cost.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-/tmp/rulings-update}
shift || true
runs=${RUNS:-3}
cd "$root"
if [[ $# -eq 0 ]]; then
    cargo build --quiet --release --bin rulings
    set -- "$root/target/release/rulings"
fi
command -v hyperfine >/dev/null || { echo "hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }
mkdir -p "$out"

# The corpora of Markdown documents.
for releases in 10 100 1000; do
    [[ -d $out/md-$releases ]] || bash bench/gen-corpus.sh "$out/md-$releases" $((releases / 5)) >/dev/null
done

# A 109-page PDF (bench/big-pdf.sh).
big=$out/big.pdf
[[ -f $big ]] || bash bench/big-pdf.sh "$big" 15
for pdfs in 1 6 24; do
    dir=$out/pdf-$pdfs
    if [[ ! -d $dir ]]; then
        mkdir -p "$dir"
        for ((i = 1; i <= pdfs; i++)); do cp "$big" "$dir/$(printf 'crd-%02d.pdf' "$i")"; done
    fi
done

added=$out/added.md
sed 's/2022-11-07/2026-11-30/g' rulings/1e-2022-11-07-rrd.md >"$added"

# The median wall time of a command, in seconds, with a preparation run
# before each timing run.
median() {
    local prepare=$1 command=$2
    hyperfine --runs "$runs" --style none --export-json "$out/h.json" \
        --prepare "$prepare" "$command" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.2f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$out/h.json"
}

report=$out/update-cost.md
: >"$report"
for rulings in "$@"; do
    echo "## $rulings" | tee -a "$report"
    echo "| corpus | full index | index again, readings kept | first answer after one document added | after one edited in place | after one PDF changed | that PDF's own reading |" | tee -a "$report"
    echo "| --- | --- | --- | --- | --- | --- | --- |" | tee -a "$report"
    for corpus in md-10 md-100 md-1000 pdf-1 pdf-6 pdf-24; do
        dir=$out/$corpus
        index=$out/index-$corpus
        run="$rulings --no-bundled --rulings $dir --index $index"
        files=("$dir"/*)
        first=$(basename "${files[0]}")
        full=$(median "rm -rf $index" "$run index")
        again=$(median "$run index >/dev/null" "$run index")
        # Added: the index built without it, then the document added.
        add=$(median "rm -f $dir/zz-added.md; $run index >/dev/null; cp $added $dir/zz-added.md" "$run search 'once each turn'")
        rm -f "$dir/zz-added.md"
        if [[ $corpus == md-* ]]; then
            # Edited in place: one word's case turned, the size kept.
            edit="$run index >/dev/null; if grep -q Bridge $dir/$first; then sed -i 's/Bridge/BRIDGE/' $dir/$first; else sed -i 's/BRIDGE/Bridge/' $dir/$first; fi"
            edited=$(median "$edit" "$run search 'once each turn'")
            changed=- own=-
        else
            edited=-
            pdf=$dir/$first
            # A PDF changed: a byte appended after its end (still the same
            # pages), the index built before.
            changed=$(median "$run index >/dev/null; printf ' ' >>$pdf" "$run search 'once each turn'")
            own=$(median ":" "$rulings check $pdf")
            cp "$big" "$pdf"
        fi
        $run index >/dev/null
        echo "| $corpus | $full s | $again s | $add s | $edited s | $changed s | $own s |" | sed 's/| - s/| -/g' | tee -a "$report"
    done
done
echo "written: $report"
