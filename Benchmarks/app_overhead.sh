#!/usr/bin/env bash
# app_overhead: memory and startup of `tessera kiosk` (the shipped binary, Swift runtime linked
# statically) against Benchmarks/c/kiosk_tree.c, a C program that opens the same queue database
# the same way and builds the same kiosk widget tree with the same stylesheet.
#
# Both report on the first frame painted after the kiosk page is shown: PSS and RSS of the whole
# process (/proc/self/smaps_rollup) and the time since a timestamp this script takes
# ($EPOCHREALTIME) just before exec'ing it; tessera does so when TESSERA_BENCH_T0 is set
# (Sources/TesseraApp/FirstFrameReport.swift). Runs are paired and alternate which program goes
# first, in one Xvfb/D-Bus session (scripts/headless, GSK_RENDERER=cairo). Prints the median of
# each program and the median of the per-pair tessera/C ratios:
#   app_overhead_pss <tessera> KiB <c> <ratio>
#   app_overhead_rss <tessera> KiB <c> <ratio>
#   app_overhead_startup <tessera> ms <c> <ratio>
#   app_static_binary_size <MB> MB 76 <ratio>   (against the 76 MB of the build before issue 8)
# Environment: APP_OVERHEAD_RUNS (pairs, default 15; at least 10).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/bench/app
runs=${APP_OVERHEAD_RUNS:-15}
[ "$runs" -ge 10 ] || { echo "app_overhead: need at least 10 paired runs" >&2; exit 2; }

if [ -z "${TESSERA_APP_BENCH_INNER:-}" ]; then
  mkdir -p "$out"
  scripts/build-shipped .build/bench-static >&2
  cp .build/bench-static/release/tessera "$out/tessera"
  # shellcheck disable=SC2046  # pkg-config output must split into flags
  gcc -O2 -Wall -Wextra -Werror $(pkg-config --cflags gtk4 sqlite3) Benchmarks/c/kiosk_tree.c \
    -o "$out/kiosk_tree" $(pkg-config --libs gtk4 sqlite3)
  # A fresh database, made and seeded by tessera itself (the built-in store: three services).
  rm -f "$out"/queue.db*
  "$out/tessera" queue status --database "$out/queue.db" >/dev/null
  "$out/tessera" gallery --print-css >"$out/kiosk.css"
  # tessera would also read /etc/tessera/tessera.conf; the C program reads no such file.
  [ ! -e /etc/tessera/tessera.conf ] || echo "app_overhead: /etc/tessera/tessera.conf is read by tessera only" >&2
  export TESSERA_APP_BENCH_INNER=1
  exec scripts/headless "$0" "$@"
fi

export GSK_RENDERER=cairo

tessera() { "$out/tessera" kiosk --windowed --database "$out/queue.db"; }
kiosk_tree() { "$out/kiosk_tree" "$out/queue.db" "$out/kiosk.css"; }
run() {  # run NAME COMMAND: one measurement, appended to $out/NAME.txt
  local line
  line=$(TESSERA_BENCH_T0=$EPOCHREALTIME "$2")
  case "$line" in
    pss_kib=*rss_kib=*startup_us=*) echo "$line" >>"$out/$1.txt" ;;
    *) echo "app_overhead: $1 printed '$line'" >&2; exit 1 ;;
  esac
}
rm -f "$out/c.txt" "$out/swift.txt"
# One unmeasured run of each warms the page cache, so the first pair is not special.
TESSERA_BENCH_T0=$EPOCHREALTIME kiosk_tree >/dev/null
TESSERA_BENCH_T0=$EPOCHREALTIME tessera >/dev/null
for ((i = 0; i < runs; i++)); do
  if ((i % 2 == 0)); then run c kiosk_tree; run swift tessera
  else run swift tessera; run c kiosk_tree; fi
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
  ratio=$(paste <(field "$out/swift.txt" "$2") <(field "$out/c.txt" "$2") | awk '{ print $1 / $2 }' | median)
  awk -v n="$1" -v u="$3" -v d="$4" -v s="$swift" -v c="$c" -v r="$ratio" \
    'BEGIN { printf "%s %.*f %s %.*f %.3f\n", n, (d > 1), s / d, u, (d > 1), c / d, r }'
}
report app_overhead_pss pss_kib KiB 1
report app_overhead_rss rss_kib KiB 1
report app_overhead_startup startup_us ms 1000
size=$(stat -c %s "$out/tessera")
awk -v s="$size" 'BEGIN { printf "app_static_binary_size %.1f MB 76 %.3f\n", s / 1e6, s / 1e6 / 76 }'
