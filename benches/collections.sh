#!/usr/bin/env bash
# The subcommands of issue 44 on a million lines, beside parse and the
# other ways to do the same: `benches/collections.sh [RUNS]` (default 3).
# Builds the release binary and the collection_scale example, writes the
# 1,037,442-line file with it, prints for each command the median
# wall-clock time of RUNS runs, lines per second, the CPU time (user +
# system) of that run and the peak resident memory (GNU time's %M), then
# runs the model's own figures
# (`collection_scale load`). The machine's load changes every figure:
# compare rows of one run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
file=${URISCOPE_1M:-/tmp/uriscope-collections-1m.txt}
cargo build --release --quiet --bin uriscope --example collection_scale
bin=target/release/uriscope
[ -s "$file" ] || target/release/examples/collection_scale generate "$file"
lines=$(grep -c '' "$file")
echo "$lines lines, $(wc -c < "$file") bytes; load average: $(cut -d' ' -f1-3 /proc/loadavg)"

measure() {
    local name=$1
    shift
    local rows=()
    for _ in $(seq "$runs"); do
        # `parse` exits 1 on a list with an invalid line: still a run.
        rows+=("$( { /usr/bin/time -f '%e %U %S %M' bash -c "$*" > /dev/null || true; } 2>&1 | tail -1)")
    done
    # The run with the median wall-clock time.
    printf '%s\n' "${rows[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p" |
        awk -v n="$name" -v l="$lines" \
            '{ printf "%-44s %7.2f s %9.0f lines/s  CPU %6.2f s %8.1f MiB\n", n, $1, l / $1, $2 + $3, $4 / 1024 }'
}

measure "uriscope parse" "$bin parse < $file"
measure "uriscope stats" "$bin stats $file"
measure "uriscope stats --json" "$bin stats --json $file"
measure "uriscope dedupe" "$bin dedupe $file"
measure "uriscope dedupe --json" "$bin dedupe --json $file"
measure "uriscope dedupe --by keys" "$bin dedupe --by keys $file"
measure "uriscope normalize | sort -u" "$bin normalize < $file 2>/dev/null | sort -u"
measure "uriscope normalize | awk '!seen[\$0]++'" "$bin normalize < $file 2>/dev/null | awk '!seen[\$0]++'"
measure "python3 dedupe_urllib.py" "python3 benches/dedupe_urllib.py < $file"
measure "python3 dedupe_urllib.py --by keys" "python3 benches/dedupe_urllib.py --by keys < $file"
target/release/examples/collection_scale load "$file"
