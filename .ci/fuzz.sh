#!/usr/bin/env bash
# Fuzz smoke for CI: install cargo-fuzz (pinned) if missing, build every
# target in fuzz/ once, run each for a short fixed time, and fail on any
# crash, panic, timeout (>1 s per input) or out-of-memory. Crashes found
# here become regression tests in tests/it/regressions/fuzz.rs.
#
# Budget: about 6 minutes on 2 cores including the build. Override the
# per-target time with FUZZ_SECONDS (default 15), the targets with
# FUZZ_TARGETS.
#
# The seed is fixed (FUZZ_SEED, default 1) so the inputs CI tries are the
# ones a developer replays with the same command: a longer local run with
# the same seed covers everything CI would reach, so CI finds nothing new
# by chance. Long exploratory campaigns use other seeds (docs/TESTING.md, Fuzzing).
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.1
SECONDS_PER_TARGET="${FUZZ_SECONDS:-15}"
SEED="${FUZZ_SEED:-1}"
# cargo-fuzz needs nightly flags; on the stable toolchain this allows them.
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version 2>/dev/null | grep -q "$CARGO_FUZZ_VERSION"; then
  cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

cd fuzz
# No sanitizer: the code is safe Rust, and the instrumented build without
# ASan is several times faster to build and to run.
cargo fuzz build -O -s none

bin=target/x86_64-unknown-linux-gnu/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Seeds: every 300th corpus line, one file each, and base/reference pairs
# from the example sets.
mkdir -p "$work/seeds" "$work/pairs"
awk 'NR % 300 == 1 { f = sprintf("%s/seeds/%06d", dir, NR); printf "%s", $0 > f; close(f) }' \
  dir="$work" ../benches/uris.txt
awk -v dir="$work" '
  /^@base / { base = substr($0, 7); next }
  /^# / || /^@/ || $0 == "" { next }
  { split($0, f, "\t"); r = f[1]; if (r == "\"\"") r = "";
    out = sprintf("%s/pairs/%04d", dir, NR); printf "%s\n%s", base, r > out; close(out) }
' ../assets/*.txt

# FUZZ_TARGETS picks some of them (space-separated), e.g. after a change
# that only the explorer sees: FUZZ_TARGETS=tui FUZZ_SECONDS=60.
read -r -a targets <<<"${FUZZ_TARGETS:-parse differential resolve normalize codec extract analyzers edit tui}"
failed=()
for t in "${targets[@]}"; do
  seeds="$work/seeds"
  [ "$t" = resolve ] && seeds="$work/pairs"
  [ "$t" = tui ] && seeds=""
  mkdir -p "$work/corpus-$t" "$work/artifacts-$t"
  echo "==> fuzz $t for ${SECONDS_PER_TARGET}s"
  # shellcheck disable=SC2086
  if ! "$bin/$t" "$work/corpus-$t" $seeds -dict=uri.dict -timeout=1 -rss_limit_mb=2048 \
      -max_len=2048 -seed="$SEED" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
      -artifact_prefix="$work/artifacts-$t/" >"$work/$t.log" 2>&1; then
    failed+=("$t")
    echo "FAILED: $t"
    grep -E "panicked|ERROR|SUMMARY|^Base64" "$work/$t.log" | head -n 20 || true
    for a in "$work/artifacts-$t"/*; do
      [ -f "$a" ] && { echo "input ($a):"; od -c "$a" | head -n 10; }
    done
  fi
  grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec)" "$work/$t.log" || true
  tail -n 20 "$work/$t.log" | grep -E "cov: [0-9]+" | tail -n 1 || true
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "fuzz: ${#failed[@]} target(s) crashed: ${failed[*]}"
  exit 1
fi
echo "fuzz: all ${#targets[@]} targets ran clean"
