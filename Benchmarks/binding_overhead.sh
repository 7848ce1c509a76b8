#!/usr/bin/env bash
# binding_overhead: memory and startup of the same widget tree built through GtkKit
# (Benchmarks/swift/binding) and in plain C (Benchmarks/c/binding_tree.c).
#
# Each program reports, on its window's first after-paint, its PSS and RSS (/proc/self/smaps_rollup)
# and the time since a timestamp this script takes ($EPOCHREALTIME) just before exec'ing it.
# Runs are paired and alternate which program goes first; one Xvfb/D-Bus session
# (scripts/headless, GSK_RENDERER=cairo) serves all of them. Prints the median of each program
# and the median of the per-pair Swift/C ratios:
#   binding_overhead_pss <swift> KiB <c> <ratio>
#   binding_overhead_rss <swift> KiB <c> <ratio>      (RSS does not depend on what else runs)
#   binding_overhead_startup <swift> ms <c> <ratio>
# Environment: BINDING_OVERHEAD_RUNS (pairs, default 15; at least 10).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/bench/binding
runs=${BINDING_OVERHEAD_RUNS:-15}
[ "$runs" -ge 10 ] || { echo "binding_overhead: need at least 10 paired runs" >&2; exit 2; }

if [ -z "${TESSERA_BINDING_BENCH_INNER:-}" ]; then
  mkdir -p "$out"
  # The shipped binary links the Swift runtime statically (make deb), so the benchmark does
  # too; a separate scratch path keeps these flags from invalidating the normal build.
  swift build -c release --static-swift-stdlib --scratch-path .build/bench-static \
    --product bench-binding >&2
  cp .build/bench-static/release/bench-binding "$out/bench-binding"
  # shellcheck disable=SC2046  # pkg-config output must split into flags
  gcc -O2 -Wall -Wextra -Werror $(pkg-config --cflags gtk4) Benchmarks/c/binding_tree.c \
    -o "$out/binding_tree" $(pkg-config --libs gtk4)
  export TESSERA_BINDING_BENCH_INNER=1
  exec scripts/headless "$0" "$@"
fi

export GSK_RENDERER=cairo
run() {  # run NAME BINARY: one measurement, appended to $out/NAME.txt
  local line
  line=$(TESSERA_BENCH_T0=$EPOCHREALTIME exec "$2")
  case "$line" in
    pss_kib=*rss_kib=*startup_us=*) echo "$line" >>"$out/$1.txt" ;;
    *) echo "binding_overhead: $1 printed '$line'" >&2; exit 1 ;;
  esac
}
rm -f "$out/c.txt" "$out/swift.txt"
# One unmeasured run of each warms the page cache, so the first pair is not special.
TESSERA_BENCH_T0=$EPOCHREALTIME "$out/binding_tree" >/dev/null
TESSERA_BENCH_T0=$EPOCHREALTIME "$out/bench-binding" >/dev/null
for ((i = 0; i < runs; i++)); do
  if ((i % 2 == 0)); then run c "$out/binding_tree"; run swift "$out/bench-binding"
  else run swift "$out/bench-binding"; run c "$out/binding_tree"; fi
done

field() {  # field FILE KEY: the KEY=value numbers of every run in FILE, one per line
  sed -n "s/.*$2=\([0-9.-]*\).*/\1/p" "$1"
}
median() {  # median: the median of the numbers on stdin
  sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
report() {  # report NAME KEY UNIT DIVISOR: medians of both programs and the median paired ratio
  local swift c ratio
  swift=$(field "$out/swift.txt" "$2" | median); c=$(field "$out/c.txt" "$2" | median)
  # The ratio is the median of per-pair ratios: PSS shifts whenever other processes on the
  # machine map the same GTK libraries, and pairing cancels that out.
  ratio=$(paste <(field "$out/swift.txt" "$2") <(field "$out/c.txt" "$2") | awk '{ print $1 / $2 }' | median)
  awk -v n="$1" -v u="$3" -v d="$4" -v s="$swift" -v c="$c" -v r="$ratio" \
    'BEGIN { printf "%s %.*f %s %.*f %.3f\n", n, (d > 1), s / d, u, (d > 1), c / d, r }'
}
report binding_overhead_pss pss_kib KiB 1
report binding_overhead_rss rss_kib KiB 1
report binding_overhead_startup startup_us ms 1000
