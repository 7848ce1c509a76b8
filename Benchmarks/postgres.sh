#!/usr/bin/env bash
# PostgreSQL store benchmarks, on a throwaway cluster (scripts/test-postgres starts and stops it).
# Prints one line per figure: name value unit baseline ratio
# pg_call_next: calls per second with 8 desks at once, each its own connection calling next and
#   marking a no-show, through PostgresQueueStore vs the same statements from C over libpq
#   (Benchmarks/c/pg_call_next.c); median of 3 interleaved runs on fresh schemas; goal ratio >= 0.8.
# notify_latency_p50 / _p95: commit of an issue on one store handle -> the event on another
#   handle's change feed (LISTEN/NOTIFY), 200 commits; against the 250 ms requirement.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TESSERA_TEST_POSTGRES_URL:-}" ]; then exec scripts/test-postgres bash "$0" "$@"; fi

swift build -c release --product bench-postgres >&2
bench=".build/release/bench-postgres"
mkdir -p .build/bench
baseline=".build/bench/pg_call_next"
# shellcheck disable=SC2046
gcc -O2 -Wall -Wextra -o "$baseline" Benchmarks/c/pg_call_next.c $(pkg-config --cflags --libs libpq) -lpthread

median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
fresh() {
    local schema
    schema=b$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')
    psql "$TESSERA_TEST_POSTGRES_URL" -X -q -c "CREATE SCHEMA $schema" >&2
    echo "$TESSERA_TEST_POSTGRES_URL?options=-csearch_path%3D$schema"
}

desks=8
calls=${TESSERA_BENCH_PG_CALLS:-150}
swift_rates=() c_rates=()
for round in 1 2 3; do
    url=$(fresh); "$bench" prepare "$url" "$desks" "$calls"
    c_rates+=("$("$baseline" "$url" "$desks" "$calls")")
    url=$(fresh); "$bench" prepare "$url" "$desks" "$calls"
    swift_rates+=("$("$bench" call-next "$url" "$desks" "$calls")")
    echo "postgres.sh: round $round: Swift ${swift_rates[-1]}, C ${c_rates[-1]} calls/s" >&2
done
swift_rate=$(printf '%s\n' "${swift_rates[@]}" | median)
c_rate=$(printf '%s\n' "${c_rates[@]}" | median)
echo "pg_call_next $swift_rate calls/s $c_rate $(ratio "$swift_rate" "$c_rate")"

read -r p50 p95 < <("$bench" notify "$(fresh)" 200)
echo "notify_latency_p50 $p50 ms 250 $(ratio "$p50" 250)"
echo "notify_latency_p95 $p95 ms 250 $(ratio "$p95" 250)"
