#!/usr/bin/env bash
# Style-layer benchmarks. Run from the repository root; prints `name value unit baseline ratio`:
#   style_state_toggle      ms to move a button through its states 10,000 times via TesseraStyle
#                           (style swap, loading on/off, disabled on/off; median of 3×5 runs), against
#                           a C program making the same GTK calls on the same widget tree
#   style_provider_reloads  stylesheet loads during those state changes (must be 0); the C
#                           baseline loads none either, and 0 against 0 is reported as ratio 1.000
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product bench-style >&2
bench=$(swift build -c release --show-bin-path)/bench-style
out=.build/bench
mkdir -p "$out"
# shellcheck disable=SC2046
gcc -O2 -o "$out/style_state_toggle" Benchmarks/c/style_state_toggle.c $(pkg-config --cflags --libs gtk4)
# Both in one headless session, alternating three times (the machine is shared, so one pair
# can be skewed by a neighbour); each program reports the median of its own five runs and the
# script takes the median of the three. The Swift program writes the default theme's
# stylesheet, which the C twin then loads, so both style the same tree with the same sheet.
# shellcheck disable=SC2016  # expanded by the inner shell
scripts/headless sh -c 'for round in 1 2 3; do
  "$1" "$3/style-default.css" > "$3/style-swift-$round.txt" &&
  "$2" "$3/style-default.css" > "$3/style-c-$round.txt" || exit 1
done' sh "$bench" "$out/style_state_toggle" "$out"
median() { awk -v key="$1" '$1 == key { print $2 }' "${@:2}" | sort -n | sed -n 2p; }
swift_ms=$(median toggle_ms "$out"/style-swift-{1,2,3}.txt)
c_ms=$(median toggle_ms "$out"/style-c-{1,2,3}.txt)
swift_loads=$(awk '$1 == "provider_reloads" { s += $2 } END { print s }' "$out"/style-swift-{1,2,3}.txt)
c_loads=$(awk '$1 == "provider_reloads" { s += $2 } END { print s }' "$out"/style-c-{1,2,3}.txt)
awk -v s="$swift_ms" -v c="$c_ms" 'BEGIN { printf "style_state_toggle %s ms %s %.3f\n", s, c, s / c }'
awk -v s="$swift_loads" -v c="$c_loads" 'BEGIN { printf "style_provider_reloads %d loads %d %.3f\n", s, c, (c == 0 ? (s == 0 ? 1 : s) : s / c) }'
