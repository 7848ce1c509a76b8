"""call_to_board: `tessera queue call` commits at desk 1 (its output line is read at once: the call
is committed before it is printed), then the board (TESSERA_BOARD_PAINT_LOG) writes the monotonic
time of the first frame painted with the call. Prints `p50 p95 worst` in milliseconds.
Usage: board_latency.py WORKDIR CALLS (under scripts/headless)."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from e2e import TESSERA_BIN, poll  # noqa: E402

work, calls = sys.argv[1], int(sys.argv[2])
database = os.path.join(work, "queue.db")
paints = os.path.join(work, "paints.log")
config = os.path.join(work, "board.conf")
with open(config, "w") as file:
    file.write("[board]\nchime = false\nspeech = false\nhighlight-seconds = 2\n")


def queue(*args):
    return subprocess.run([TESSERA_BIN, "queue", *args, "--database", database], check=True,
                          capture_output=True, text=True, timeout=30).stdout


def painted():
    try:
        with open(paints) as file:
            return {int(line.split()[0]): int(line.split()[1]) for line in file if line.strip()}
    except FileNotFoundError:
        return {}


for _ in range(calls):
    queue("issue", "C")
board = subprocess.Popen([TESSERA_BIN, "board", "--windowed", "--database", database, "--config", config],
                         env=dict(os.environ, TESSERA_BOARD_PAINT_LOG=paints), stderr=subprocess.DEVNULL)
latencies = []
try:
    # The board is up once it has painted its first frame (an empty board logs nothing, so wait
    # for the first call instead and leave it out of the figures).
    for index in range(calls + 1):
        if index == calls:
            queue("issue", "C")
        before = set(painted())
        process = subprocess.Popen([TESSERA_BIN, "queue", "call", "--desk", "1", "--database", database],
                                   stdout=subprocess.PIPE, text=True)
        process.stdout.readline()
        committed = time.monotonic_ns()
        process.wait(timeout=30)
        new = poll(lambda: set(painted()) - before, timeout=10, interval=0.001, what="the call painted")
        stamp = min(painted()[event] for event in new)
        if index > 0:
            latencies.append((stamp - committed) / 1e6)
        queue("start", "--desk", "1")
        queue("complete", "--desk", "1")
finally:
    board.terminate()
    board.wait(timeout=10)

latencies.sort()


def percentile(p):
    return latencies[min(len(latencies) - 1, int(round(p / 100 * len(latencies) + 0.5)) - 1)]


print(f"{percentile(50):.1f} {percentile(95):.1f} {latencies[-1]:.1f}")
