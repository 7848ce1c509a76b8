#!/usr/bin/env bash
# Style-layer benchmarks. Run from the repository root; prints `name value unit baseline ratio`:
#   style_state_toggle      ms to move a button through its states 10,000 times via TesseraStyle
#                           (style swap, loading on/off, disabled on/off; median of 5 runs), against
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
# Both in one headless session; the Swift program writes the default theme's stylesheet, which
# the C twin then loads, so both style the same tree with the same sheet.
scripts/headless sh -c "'$bench' '$out/style-default.css' > '$out/style-swift.txt' \
  && '$out/style_state_toggle' '$out/style-default.css' > '$out/style-c.txt'"
value() { awk -v key="$1" '$1 == key { print $2 }' "$2"; }
swift_ms=$(value toggle_ms "$out/style-swift.txt")
c_ms=$(value toggle_ms "$out/style-c.txt")
swift_loads=$(value provider_reloads "$out/style-swift.txt")
c_loads=$(value provider_reloads "$out/style-c.txt")
awk -v s="$swift_ms" -v c="$c_ms" 'BEGIN { printf "style_state_toggle %s ms %s %.3f\n", s, c, s / c }'
awk -v s="$swift_loads" -v c="$c_loads" 'BEGIN { printf "style_provider_reloads %d loads %d %.3f\n", s, c, (c == 0 ? (s == 0 ? 1 : s) : s / c) }'
