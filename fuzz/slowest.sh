#!/usr/bin/env bash
# The slowest inputs of a fuzz corpus: replay every file of
# fuzz/corpus/<target> once, then re-run the five slowest three times each
# and keep each one's best time (a busy machine adds noise to single runs).
#
#   fuzz/slowest.sh tui [build-dir]      # build-dir defaults to target
set -euo pipefail
cd "$(dirname "$0")"
t=$1
bin=${2:-target}/x86_64-unknown-linux-gnu/release/$t
find "corpus/$t" -type f -print0 | xargs -0 -n 2000 "$bin" -runs=1 2>&1 |
  sed -nE 's/^Executed (.*) in ([0-9]+) ms$/\2 \1/p' | sort -n >"/tmp/slowest-$t.txt"
n=$(wc -l <"/tmp/slowest-$t.txt")
echo "$t: $n inputs replayed; the five slowest, best of three runs each:"
tail -n 5 "/tmp/slowest-$t.txt" | while read -r _ f; do
  best=$(for _ in 1 2 3; do "$bin" -runs=1 "$f" 2>&1 | sed -nE 's/^Executed .* in ([0-9]+) ms$/\1/p'; done | sort -n | head -n 1)
  echo "  ${best} ms  $f ($(wc -c <"$f") bytes)"
done
