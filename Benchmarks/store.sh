#!/usr/bin/env bash
# Store benchmarks. Run from the repository root; prints one line per figure:
#   name value unit baseline ratio
# issue_throughput: durable issues per second through SQLiteQueueStore vs the same SQLite
#   transactions in C (Benchmarks/c/store_issue.c); median of 3 interleaved runs; goal ratio >= 0.9.
# call_next_*: microseconds per call-next with 10, 1,000 and 100,000 tickets waiting (median of
#   100 calls, synchronous=FULL, so each includes its fsync); goal: 100k costs <= 2x the 10 case.
# change_feed_latency_ms: commit on one handle -> event delivered on another (median of 20),
#   against the 250 ms requirement.
# Databases live in a temporary directory on the real disk (/var/tmp, not tmpfs); stderr says which.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product bench-store >&2
bench=".build/release/bench-store"
mkdir -p .build/bench
baseline=".build/bench/store_issue"
# shellcheck disable=SC2046
gcc -O2 -Wall -Wextra -o "$baseline" Benchmarks/c/store_issue.c $(pkg-config --cflags --libs sqlite3)

work=$(mktemp -d "${TESSERA_BENCH_DIR:-/var/tmp}/tessera-store-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "store.sh: databases in $work ($(df --output=fstype,source "$work" | tail -1 | tr -s ' '))" >&2

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

count=2000
swift_rates=() c_rates=()
for round in 1 2 3; do
    "$bench" prepare "$work/c$round.db"
    c_rates+=("$("$baseline" "$work/c$round.db" "$count")")
    swift_rates+=("$("$bench" issue "$work/s$round.db" "$count")")
done
swift_rate=$(printf '%s\n' "${swift_rates[@]}" | median)
c_rate=$(printf '%s\n' "${c_rates[@]}" | median)
echo "issue_throughput $swift_rate tickets/s $c_rate $(ratio "$swift_rate" "$c_rate")"

for size in 10 1000 100000; do
    value=$("$bench" call-next "$work" "$size")
    declare "call_$size=$value"
    echo "call_next_$size $value us - -"
done
echo "call_next_scaling $call_100000 us $call_10 $(ratio "$call_100000" "$call_10")"

read -r feed_median feed_max < <("$bench" feed "$work")
echo "store.sh: change feed worst of 20: $feed_max ms" >&2
echo "change_feed_latency_ms $feed_median ms 250 $(ratio "$feed_median" 250)"
