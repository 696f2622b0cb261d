#!/usr/bin/env bash
# Adversarial document shapes at 1x and 4x size: prints wall time and peak
# memory of `rulings index` for each, so a super-linear stage shows as a ratio
# well above 4. Usage: bench/adversarial.sh [SHAPE...] (default: all shapes).
#   SIZE=10000000 MULTS=1 bench/adversarial.sh   every shape at 10 MB, once
#   COMMAND=check ...                             reading alone (`rulings check`)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/rulings
[ -x "$bin" ] || cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each generator writes about N bytes of one shape to stdout.
rep() { # rep STRING N: STRING repeated to N bytes, one line
  python3 -c "import sys; s=sys.argv[1]; n=int(sys.argv[2]); sys.stdout.write((s*(n//len(s)+1))[:n]+'\n')" "$1" "$2"
}
shape() {
  local name=$1 n=$2
  case $name in
    separators) rep ' – ' "$n" ;;
    prose-dashes) rep 'the ship moves - when a card is played – see rules. ' "$n" ;;
    lowercase-paragraphs) python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('word\n\n'*(n//6))" "$n" ;;
    nested-list) rep '* ' "$n"; echo x ;;
    stars) rep '*' "$n" ;;
    double-stars) rep '**' "$n" ;;
    see) rep 'See ' "$n" ;;
    colons) rep ':' "$n" ;;
    digits-dates) rep '12/3/99 2019-01-02 4 March 2019 7 ' "$n" ;;
    no-spaces) rep 'abcdefghij' "$n" ;;
    blank-lines) python3 -c "import sys; sys.stdout.write('\n'*int(sys.argv[1]))" "$n" ;;
    one-letter-lines) python3 -c "import sys; sys.stdout.write('a\n'*(int(sys.argv[1])//2))" "$n" ;;
    heads) python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write(''.join('topic%d - body of ruling %d.\n' % (i, i) for i in range(n//30)))" "$n" ;;
  esac
}
all="separators prose-dashes lowercase-paragraphs nested-list stars double-stars see colons digits-dates no-spaces heads blank-lines one-letter-lines"
shapes=${*:-$all}
size() {
  if [ -n "${SIZE:-}" ]; then echo "$SIZE"; return; fi
  # Shapes of one short line of text per entry or paragraph stay under the
  # line limit (MAX_LINES) at 4x: above it a document is refused unread.
  case $1 in separators|nested-list) echo 40000 ;; lowercase-paragraphs) echo 120000 ;; heads) echo 600000 ;; *) echo 2000000 ;; esac
}
mults=${MULTS:-1 4}
printf '%-22s %10s %12s %12s %12s %12s %6s\n' shape bytes '1x s' '1x KB' '4x s' '4x KB' ratio
for s in $shapes; do
  n=$(size "$s")
  row=()
  for mult in $mults; do
    d=$tmp/$s-$mult; mkdir -p "$d/docs"
    { printf '+++\nedition = "1E"\ndate = "2001-01-01"\n+++\n# Title\n\ncloaking - A cloaked ship cannot attack.\n\n'; shape "$s" $((n * mult)); } >"$d/docs/1e-2001-01-01-x.md"
    if [ "${COMMAND:-index}" = check ]; then
      /usr/bin/time -f "%e %M" timeout "${LIMIT:-120}" "$bin" check "$d/docs/1e-2001-01-01-x.md" >/dev/null 2>"$d/err" || true
    else
      /usr/bin/time -f "%e %M" timeout "${LIMIT:-120}" "$bin" --no-bundled --rulings "$d/docs" --index "$d/index" index >/dev/null 2>"$d/err" || true
    fi
    row+=($(tail -1 "$d/err"))
  done
  [ ${#row[@]} -ge 4 ] || row+=(- -)
  ratio=$(python3 -c "import sys; a,b=sys.argv[1],sys.argv[2]; print('%.1f' % (float(b)/max(float(a),0.01)) if b != '-' else '-')" "${row[0]}" "${row[2]}")
  printf '%-22s %10s %12s %12s %12s %12s %6s\n' "$s" "$n" "${row[0]}" "${row[1]}" "${row[2]}" "${row[3]}" "$ratio"
done
