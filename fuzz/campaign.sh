#!/usr/bin/env bash
# A local fuzzing campaign: run targets for a given number of executions
# each, on the persistent corpus in fuzz/corpus/<target>, and append one
# line per run to fuzz/logs/campaign.tsv (date, target, seed, executions,
# coverage, features, corpus size, exit status). Crashes land in
# fuzz/artifacts/<target>/ and become regression tests in
# tests/it/regressions/fuzz.rs.
#
#   fuzz/campaign.sh parse=50000000 normalize=9000000 ...
#
# Assumes `RUSTC_BOOTSTRAP=1 cargo fuzz build -O -s none` was run in fuzz/.
# FUZZ_TARGET_DIR picks another build, such as one made with
# `--no-trace-compares --target-dir target-notc` (two to three times the
# executions per second, less guided); the build is noted in the log.
# The per-input timeout is generous (FUZZ_TIMEOUT, default 10 s) because a
# campaign shares the machine; the slowest input is measured separately by
# replaying the corpus (docs/TESTING.md, Fuzzing).
set -uo pipefail
cd "$(dirname "$0")"
build=${FUZZ_TARGET_DIR:-target}
bin=$build/x86_64-unknown-linux-gnu/release
mkdir -p logs
tsv=logs/campaign.tsv
[ -f "$tsv" ] || printf 'date\ttarget\tseed\texecutions\tcov\tft\tcorpus\tstatus\tbuild\n' >"$tsv"
for spec in "$@"; do
  t=${spec%%=*}
  runs=${spec#*=}
  seed=$(( $(date +%s) % 100000 + 2 ))
  mkdir -p "corpus/$t" "artifacts/$t"
  log="logs/$t-$(date +%Y%m%d-%H%M%S).log"
  echo "==> $t: $runs executions, seed $seed, build $build, log $log"
  "$bin/$t" "corpus/$t" -dict=uri.dict -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len=2048 \
    -seed="$seed" -runs="$runs" -print_final_stats=1 \
    -artifact_prefix="artifacts/$t/" >"$log" 2>&1
  status=$?
  execs=$(grep -h '^stat::number_of_executed_units' "$log" | awk '{print $2}')
  last=$(grep -E '(DONE|pulse|NEW|REDUCE) +cov:' "$log" | tail -n 1)
  cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<<"$last")
  ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<<"$last")
  corpus=$(ls "corpus/$t" | wc -l)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -Is)" "$t" "$seed" "${execs:-?}" \
    "${cov:-?}" "${ft:-?}" "$corpus" "$status" "$build" >>"$tsv"
  tail -n 1 "$tsv"
done
