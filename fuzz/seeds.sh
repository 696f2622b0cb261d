#!/usr/bin/env bash
# Writes the nesting shapes into the fuzzers' corpora (fuzz/corpus/pdf and
# fuzz/corpus/html, beside the fixtures they start from): PDFs whose
# objects or content stream nest 100,000 deep (closed and not), and the
# HTML bombs cut to the html target's -max_len (stray end tags, one tag of
# thousands of attributes, hundreds of open formatting elements before
# many paragraphs). Run once before `cargo fuzz run pdf|html`.
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/pdf corpus/html
python3 - <<'PY'
def pdf(objs):
    b = b"%PDF-1.4\n"; offs = []
    for i, o in enumerate(objs):
        offs.append(len(b)); b += b"%d 0 obj\n" % (i + 1) + o + b"\nendobj\n"
    x = len(b)
    b += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for o in offs: b += b"%010d 00000 n \n" % o
    return b + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, x)

pages = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
def holding(value):
    return pdf([b"<< /Type /Catalog /Pages 2 0 R /Extra " + value + b" >>", pages,
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"])
def showing(value):
    body = b"BT /F1 10 Tf " + value + b" TJ ET"
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>", pages,
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
                b"<< /Length %d >>\nstream\n" % len(body) + body + b"\nendstream",
                b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"])
n = 100_000
seeds = {
    "pdf/nested-arrays.pdf": holding(b"[" * n + b"]" * n),
    "pdf/unclosed-arrays.pdf": holding(b"[" * n),
    "pdf/nested-dictionaries.pdf": holding(b"<< /A " * 20_000 + b"1" + b" >>" * 20_000),
    "pdf/content-arrays.pdf": showing(b"[" * n + b"]" * n),
    "pdf/content-unclosed.pdf": showing(b"<< /A " * 40_000),
    "html/stray-end-tags.html": b"<p><b>Head</b> - text" + b"<div></x>" * 7000,
    "html/attributes.html": b"<p " + b" ".join(b"a%d=1" % i for i in range(8000)) + b"><b>Head</b> - text</p>",
    "html/formatting.html": b"".join(b'<font color="#%06x">' % (i + 1) for i in range(900))
        + b"<p>Faction - text.</p>" * 1500,
}
for name, data in seeds.items():
    open(f"corpus/{name}", "wb").write(data)
    print(f"corpus/{name}: {len(data)} bytes")
PY
