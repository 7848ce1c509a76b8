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
# BINDING_OVERHEAD_ATTRIBUTE=1 measures nothing: it runs each program once with a probe
# (Benchmarks/c/binding_probe.c) and prints to stderr where the Swift program's extra memory
# is at first paint: per mapping, threads, and per section of the executable, resident pages
# against the pages really touched.
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
  if [ -n "${BINDING_OVERHEAD_ATTRIBUTE:-}" ]; then
    gcc -O2 -Wall -Wextra -Werror -shared -fPIC Benchmarks/c/binding_probe.c -o "$out/binding_probe.so" -ldl
  fi
  export TESSERA_BINDING_BENCH_INNER=1
  exec scripts/headless "$0" "$@"
fi

export GSK_RENDERER=cairo

attribute() {  # attribute DIR: one probed run of each program, then the tables on stderr
  local probe=$1/binding_probe.so
  TESSERA_BENCH_T0=$EPOCHREALTIME "$1/binding_tree" >/dev/null
  TESSERA_BENCH_T0=$EPOCHREALTIME "$1/bench-binding" >/dev/null
  BINDING_PROBE_OUT=$1/probe-c LD_PRELOAD=$probe "$1/binding_tree" >/dev/null
  BINDING_PROBE_OUT=$1/probe-swift LD_PRELOAD=$probe "$1/bench-binding" >/dev/null
  # The touch run needs SIGSEGV for itself: keep Swift's crash handler out of it.
  BINDING_PROBE_OUT=$1/probe-touch BINDING_PROBE_TOUCH=1 SWIFT_BACKTRACE=enable=no LD_PRELOAD=$probe \
    "$1/bench-binding" >/dev/null
  python3 - "$1" >&2 <<'PY'
import collections, re, subprocess, sys
out = sys.argv[1]
FIELDS = ("Pss", "Private_Dirty", "Anonymous")

def mappings(path, program):
    """KiB per mapping name (the program's own file is '(executable)'), summed over its areas."""
    totals, name = collections.defaultdict(collections.Counter), None
    for line in open(path):
        head = re.match(r"[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+ *(.*)$", line)
        if head:
            name = head.group(1).rsplit("/", 1)[-1] or "[anonymous]"
            name = "(executable)" if name == program else name
            continue
        key, _, value = line.partition(":")
        if key in FIELDS:
            totals[name][key] += int(value.split()[0])
    return totals

swift, c = mappings(f"{out}/probe-swift.smaps", "bench-binding"), mappings(f"{out}/probe-c.smaps", "binding_tree")
print("binding_overhead attribution at first paint, KiB, Swift minus C (mappings with a difference of 32 KiB or more)")
print(f"  {'mapping':<34}{'Pss':>8}{'Private_Dirty':>15}{'Anonymous':>11}")
rows = sorted(set(swift) | set(c), key=lambda n: -(swift[n]["Pss"] - c[n]["Pss"]))
for name in rows + ["(all)"]:
    if name == "(all)":
        delta = {f: sum(m[f] for m in swift.values()) - sum(m[f] for m in c.values()) for f in FIELDS}
    else:
        delta = {f: swift[name][f] - c[name][f] for f in FIELDS}
        if max(abs(v) for v in delta.values()) < 32:
            continue
    print(f"  {name:<34}" + "".join(f"{delta[f]:>{w}}" for f, w in zip(FIELDS, (8, 15, 11))))

for label, prefix in (("C", "probe-c"), ("Swift", "probe-swift")):
    names = [t.strip() for t in open(f"{out}/{prefix}.threads")]
    print(f"threads, {label}: {len(names)} ({', '.join(sorted(names))})")

def layout(binary):
    """(LOAD segments as (offset, address, file size)), (sections as (name, address, size))."""
    segments = [tuple(int(x, 16) for x in m.groups()) for m in re.finditer(
        r"LOAD +0x([0-9a-f]+) 0x([0-9a-f]+) 0x[0-9a-f]+ 0x([0-9a-f]+)",
        subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True).stdout)]
    sections = [(m.group(1), int(m.group(2), 16), int(m.group(3), 16)) for m in re.finditer(
        r"\] (\S+) +\S+ +([0-9a-f]{16}) [0-9a-f]+ ([0-9a-f]+)",
        subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout)
        if int(m.group(2), 16) > 0]
    return segments, sections

def by_section(path, segments, sections):
    """KiB of the listed executable pages (file offsets) falling in each section."""
    kib = collections.Counter()
    for line in open(path):
        offset = int(line, 16)
        for seg_offset, address, size in segments:
            if seg_offset & ~4095 <= offset < seg_offset + size:
                start = offset - (seg_offset & ~4095) + (address & ~4095)
                for name, sec_address, sec_size in sections:
                    overlap = min(start + 4096, sec_address + sec_size) - max(start, sec_address)
                    if overlap > 0:
                        kib[name] += overlap / 1024
                break
    return kib

segments, sections = layout(f"{out}/bench-binding")
resident = by_section(f"{out}/probe-swift.resident", segments, sections)
touched = by_section(f"{out}/probe-touch.touched", segments, sections)
print("Swift executable by section, KiB: resident at first paint / touched after start-up")
print("  (touched: a run where each page is mapped only when used; the rest of resident is the")
print("   kernel's fault-around mapping cached neighbours, and pages touched during start-up)")
for name in sorted(resident, key=lambda n: -resident[n]):
    if resident[name] >= 8:
        print(f"  {name:<34}{resident[name]:>8.0f}{touched[name]:>8.0f}")
print(f"  {'(all)':<34}{sum(resident.values()):>8.0f}{sum(touched.values()):>8.0f}")
PY
}
run() {  # run NAME BINARY: one measurement, appended to $out/NAME.txt
  local line
  line=$(TESSERA_BENCH_T0=$EPOCHREALTIME exec "$2")
  case "$line" in
    pss_kib=*rss_kib=*startup_us=*) echo "$line" >>"$out/$1.txt" ;;
    *) echo "binding_overhead: $1 printed '$line'" >&2; exit 1 ;;
  esac
}
if [ -n "${BINDING_OVERHEAD_ATTRIBUTE:-}" ]; then
  attribute "$out"
  exit 0
fi
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
