#!/usr/bin/env bash
# Wait-estimate benchmarks: each shipped store day (Resources/simulations/*.day) replayed with
# `tessera simulate --json` (the real store, a simulated clock), Tessera's quoted waits measured
# against the oracle's (the best estimate, knowing the true service times and who has left) on
# the same customers. One line per figure, `name value unit baseline ratio`, the oracle the
# baseline:
#   wait_estimate_mse_<day>: mean squared error, s²; goal ratio <= 1.25 (not the M/M/3 day);
#   wait_estimate_band_<day>: % within ±max(20 %, 2 min); goal >= 65 %;
#   wait_estimate_under_<day>: % under-estimated by more than 20 %; goal <= 25 %;
#   wait_estimate_bias_<day>: mean quoted − waited, s; goal >= 0 (ratio to the oracle's bias).
# The M/M/3 day checks the simulator: there the oracle's share within ±20 % (wait_estimate_
# oracle_within_mm3) should be 38–46 % (theory 42 %).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product tessera >&2
tessera=".build/release/tessera"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for day in Resources/simulations/*.day; do
    name=$(basename "$day" .day)
    "$tessera" simulate "$day" --json > "$work/$name.json"
    /usr/bin/python3 - "$work/$name.json" "$name" <<'PY'
import json, sys
result, name = json.load(open(sys.argv[1])), sys.argv[2].replace("-", "_")
t, o = result["tessera"], result["oracle"]
def line(figure, value, unit, baseline):
    ratio = value / baseline if baseline else float("nan")
    print(f"wait_estimate_{figure}_{name} {value:.3f} {unit} {baseline:.3f} {ratio:.3f}")
line("mse", t["meanSquaredError"], "s2", o["meanSquaredError"])
line("band", 100 * t["withinBand"], "%", 100 * o["withinBand"])
line("under", 100 * t["underEstimated"], "%", 100 * o["underEstimated"])
line("bias", t["meanBias"], "s", o["meanBias"])
if name.startswith("mm3"):
    line("oracle_within", 100 * o["withinShare"], "%", 42.0)
    line("oracle_rrmse", o["relativeRootMeanSquaredError"], "ratio", 0.32)
PY
done
