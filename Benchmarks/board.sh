#!/usr/bin/env bash
# Board benchmark. Run from the repository root; prints one line per figure:
#   name value unit baseline ratio
# call_to_board_p50 / _p95: a desk's commit (`tessera queue call` has printed the call, so it is
#   committed) to the first frame the board paints with it (TESSERA_BOARD_PAINT_LOG, same
#   CLOCK_MONOTONIC), over 100 calls, each after the last was painted; against the 250 ms goal.
# TESSERA_BENCH_BIN overrides the binary (default: the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TESSERA_BENCH_BIN:-}" ]; then
  swift build -c release --product tessera >&2
  TESSERA_BENCH_BIN=.build/release/tessera
fi
export TESSERA_BIN="$TESSERA_BENCH_BIN"
work=$(mktemp -d "${TESSERA_BENCH_DIR:-/var/tmp}/tessera-board-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
read -r p50 p95 worst < <(scripts/headless /usr/bin/python3 Benchmarks/board_latency.py "$work" 100 | tail -1)
echo "board.sh: call to painted frame, worst of 100: $worst ms" >&2
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "call_to_board_p50 $p50 ms 250 $(ratio "$p50" 250)"
echo "call_to_board_p95 $p95 ms 250 $(ratio "$p95" 250)"
