#!/usr/bin/env bash
# Every kind of bad PDF and web page in one corpus folder at once, beside a
# good document: PDFs nested 100,000 deep (arrays closed and not,
# dictionaries), five slow PDFs (200 pages of 2,000 text runs each),
# encrypted, truncated, a flate bomb (1 GiB of zeros in 1 MB), and the HTML
# bombs (900 distinct formatting elements left open before 10,000
# paragraphs, 200,000 stray end tags, one tag of 500,000 attributes).
# Times the first `search` (every file read, each in a child process, all
# within one limit), the second (the index is fresh), and one after a
# document is added (the corpus is read again; the files given up on are
# remembered and skipped at once), with the peak memory of the largest
# process.
#   READ_SECONDS=5 bench/bad-files.sh     a lower reading limit (default 20)
#   BIN=target/debug/rulings ...           another build
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-target/release/rulings}
[ -x "$bin" ] || cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
corpus=$tmp/corpus
mkdir -p "$corpus"
cat > "$corpus/a.md" <<'DOC'
+++
edition = "1E"
date = "2020-01-01"
+++
Faction –

There are 3 factions in the zorblax game.
DOC
python3 - "$corpus" <<'PY'
import sys, zlib
out = sys.argv[1]

def pdf(objs):
    b = b"%PDF-1.4\n"; offs = []
    for i, o in enumerate(objs):
        offs.append(len(b)); b += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    x = len(b)
    b += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs: b += b"%010d 00000 n \n" % o
    return b + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)

def page(contents=b""):
    return [b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]" + contents + b" >>"]

def holding(value):
    return pdf([b"<< /Type /Catalog /Pages 2 0 R /Extra " + value + b" >>"] + page())

def write(name, data):
    open(f"{out}/{name}", "wb").write(data)

n = 100_000
write("nested.pdf", holding(b"[" * n + b"]" * n))
write("unclosed.pdf", holding(b"[" * n))
write("dictionaries.pdf", holding(b"<< /A " * n + b"1" + b" >>" * n))

def slow(seed, pages=200, runs=2000):
    objs = {1: b"<< /Type /Catalog /Pages 2 0 R >>",
            3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"}
    kids = []; k = 4
    for p in range(pages):
        body = b"".join(b"BT /F1 10 Tf %d %d Td (w%dx%d) Tj ET\n" % (i % 500, i % 700, seed, i) for i in range(runs))
        data = zlib.compress(body, 9)
        objs[k] = b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"
        objs[k + 1] = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % k
        kids.append(k + 1); k += 2
    objs[2] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % i for i in kids) + b"] /Count %d >>" % len(kids)
    return pdf([objs[i] for i in range(1, k)])

for i in range(5):
    write(f"slow{i}.pdf", slow(i))

bomb = zlib.compress(b"\0" * (1 << 30), 9)
write("flate-bomb.pdf", pdf([b"<< /Type /Catalog /Pages 2 0 R >>"]
      + page(b" /Contents 4 0 R")
      + [b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(bomb) + bomb + b"\nendstream"]))
whole = slow(9, pages=3, runs=50)
write("truncated.pdf", whole[: len(whole) // 2])

tags = ["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"]
write("formatting.html", ("<html><body>" + "".join(f'<{tags[i % 14]} class="c{i}">' for i in range(900))
      + "".join(f"<p>Faction - There are {i} factions.</p>" for i in range(10000)) + "</body></html>").encode())
write("stray-end-tags.html", ("<html><body>" + "<div></x>" * 200000 + "</body></html>").encode())
write("attributes.html", ("<html><body><p " + " ".join(f"a{i}=1" for i in range(500000)) + ">x</p></body></html>").encode())
PY
cp tests/fixtures/pdf/encrypted.pdf "$corpus/encrypted.pdf"
ls -l "$corpus" | awk 'NR > 1 { printf "  %-22s %10d bytes\n", $9, $5 }'
export RULINGS_READ_SECONDS=${READ_SECONDS:-20}
run() {
  local what=$1
  # GNU time's peak is that of the largest process of the tree (Linux
  # gives a waited-for process the peak of its own reaped children).
  /usr/bin/time -f "$what: %e s wall, %U s user, peak %M KB (largest process)" \
    "$bin" --no-bundled --rulings "$corpus" --index "$tmp/index" --quiet search zorblax \
    > "$tmp/out" 2> "$tmp/err" || true
  grep -c '^warning: skipped' "$tmp/err" | sed "s/^/  files named as skipped: /"
  tail -1 "$tmp/err"
}
echo "reading limit: $RULINGS_READ_SECONDS s"
run "first search"
grep '^warning: skipped' "$tmp/err" | sed 's/^/  /' | cut -c1-160
run "second search (the index is fresh: nothing read)"
# A document dropped in makes the next command read the corpus again: the
# files given up on are skipped at once.
cp "$corpus/a.md" "$corpus/b.md"
run "third search (a document added: all read again)"
grep -c 'remembered from an earlier reading' "$tmp/err" | sed 's/^/  remembered: /' || true
