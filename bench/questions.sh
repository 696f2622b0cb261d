#!/usr/bin/env bash
# How often the right ruling comes first. Runs every question of
# bench/questions.tsv (bundled corpus) through the real binary with --json
# and prints each miss, then three figures:
#
#   right first      search: the first hit (the card the words name, by
#                    its erratum, when they name one) is the expected
#                    topic, in the expected edition; show/errata: the answer's topic (or
#                    card) key is the expected one, or for a name that is
#                    no topic, the first ruling the answer says names it.
#                    A question two rulings answer alike lists both keys
#                    (`a|b`), and their editions when they differ
#                    (`1E|2E`); either is right. A question the documents
#                    do not cover (key `-`) is right when the command finds
#                    nothing (exit status 1), or, for search, when the answer
#                    opens by saying its first hit lacks words of the
#                    question (note `partial`): no answer is claimed. How
#                    many of these found nothing is printed apart.
#   top 3            search: the expected topic is among the first three
#                    hits; show/errata and uncovered questions: as above.
#   confident wrong  a wrong first hit (for an uncovered question: any hit)
#                    that carries no note saying the query was read only in
#                    part or loosely (search notes `partial`, `any-word`,
#                    `typos`), that the next hit fits it about as well
#                    (`close`), or that the first has the words only apart
#                    (`apart`); for show/errata, any wrong answer (their
#                    JSON has no such note).
#
#   bench/questions.sh [BINARY]      (default target/release/rulings, built
#                                     if missing)
#   TABLE=FILE bench/questions.sh    questions of another file of the same
#                                     columns (one round of the file, say)
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ $# -gt 0 ]]; then
    bin=$1
    [[ -x $bin ]] || { echo "questions.sh: no executable at $bin" >&2; exit 2; }
else
    bin=target/release/rulings
    [[ -x $bin ]] || cargo build --release --quiet
fi
command -v python3 >/dev/null || { echo "questions.sh: python3 is needed" >&2; exit 2; }

exec python3 - "$bin" "${TABLE:-bench/questions.tsv}" <<'PY'
import json
import os
import shlex
import subprocess
import sys

binary, table = sys.argv[1], sys.argv[2]
# Notes of `search --json` that say the first hit answers only part of the
# question, or a loose reading of it (src/commands/search.rs).
HEDGES = {"partial", "any-word", "typos", "close", "apart"}
env = dict(os.environ, NO_COLOR="1")


def questions():
    with open(table, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) < 4 or cols[0] not in ("search", "show", "errata"):
                sys.exit(f"{table}:{number}: want command, question, key, edition[, options]")
            cols += [""] * (5 - len(cols))
            yield number, cols[0], cols[1], cols[2], cols[3], cols[4]


def run(command, question, options):
    argv = [binary, command, "--json"]
    if command == "search":
        argv += ["--limit", "3"]
    argv += shlex.split(options) + ["--"] + question.split()
    done = subprocess.run(argv, capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)
    if done.returncode not in (0, 1):
        return None, done.stderr.strip().splitlines()[:1]
    return done.returncode, json.loads(done.stdout) if done.stdout.strip() else None


def label(pair):
    return f"{pair[0]} {pair[1]}" if pair else "nothing"


total = first = top3 = confident = uncovered = uncovered_partial = 0
by_command = {}
for number, command, question, key, edition, options in questions():
    total += 1
    covered = key != "-"
    uncovered += not covered
    keys_wanted = key.split("|")
    editions = edition.split("|")
    if len(editions) == 1:
        editions *= len(keys_wanted)
    if len(editions) != len(keys_wanted):
        sys.exit(f"{table}:{number}: {len(keys_wanted)} keys but {len(editions)} editions")
    wanted = set(zip(keys_wanted, editions))
    rc, answer = run(command, question, options)
    if rc is None:
        right = in_top3 = sure_wrong = False
        got = f"error: {' '.join(answer) or 'no message'}"
    elif command == "search":
        hits = answer["hits"] if answer else []
        # A card the words name comes first, by its erratum in force (which
        # the hits then leave out).
        card = (answer or {}).get("card") or {}
        shown = [card["erratum"]["entry"]] if card.get("erratum") else []
        keys = [(e["key"], e["edition"]) for e in shown + [h["entry"] for h in hits]]
        codes = [n["code"] for n in (answer or {}).get("notes", [])]
        hedged = bool(HEDGES & set(codes))
        if covered:
            right = bool(keys) and keys[0] in wanted
            in_top3 = bool(wanted & set(keys[:3]))
        else:
            declined = codes[:1] == ["partial"]
            right = in_top3 = not keys or declined
            uncovered_partial += bool(keys) and declined
        sure_wrong = bool(keys) and not right and not hedged
        got = label(keys[0] if keys else None)
        if codes:
            got += f" [{', '.join(codes)}]"
    else:
        found = []
        if rc == 0 and answer is not None:
            # One object per command: show answers topics, errata cards.
            for a in answer["answers" if command == "show" else "errata"]:
                found.append((a["entry"]["key"], a["entry"]["edition"]))
        elif rc == 1 and answer is not None and covered:
            # A name that is no topic but is named in rulings: the answer
            # points to them, the first is where to read.
            named = (answer.get("mentioned") or {}).get("named_in") or []
            found = [(e["key"], e["edition"]) for e in named[:1]]
        right = bool(wanted & set(found)) if covered else not found
        in_top3 = right
        sure_wrong = bool(found) and not right
        got = " + ".join(label(p) for p in found) or "nothing"
    first += right
    top3 += in_top3
    confident += sure_wrong
    c = by_command.setdefault(command, [0, 0])
    c[0] += right
    c[1] += 1
    if not right:
        flags = f" ({options})" if options else ""
        mark = " CONFIDENT" if sure_wrong else ""
        expected = " or ".join(label(w) for w in sorted(wanted)) if covered else "nothing"
        print(f"miss{mark}: {command} {question}{flags} → {got} (wanted {expected})")


def pct(n, m):
    return f"{100 * n / m:.0f} %" if m else "- %"


print()
for command, (n, m) in sorted(by_command.items()):
    print(f"{command}: {n} of {m} right first ({pct(n, m)})")
print(f"right first: {first} of {total} ({pct(first, total)})")
print(f"top 3: {top3} of {total} ({pct(top3, total)})")
print(f"confident wrong: {confident}")
print(f"not covered: {uncovered} questions, {uncovered_partial} of them answered with a hit that says first it lacks words")
PY
