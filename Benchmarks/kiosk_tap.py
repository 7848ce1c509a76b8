"""tap_to_ticket: a real pointer tap (xdotool) on a kiosk service button to the first painted
frame of the ticket page, on the durable store, over TAPS cycles (default 100); prints p50 and p95
as `name value unit baseline ratio` lines, the baseline being the goal (p95 ≤ 100 ms).

The start is taken just before xdotool is spawned (so the figure includes xdotool's start, a few
ms); the end is the kiosk's own CLOCK_MONOTONIC mark after the frame (TESSERA_TRACE=1)."""
import os
import subprocess
import sys
import tempfile
import threading

from kiosk_taps import report, tap_cycles

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from e2e import TESSERA_BIN  # noqa: E402

TAPS = int(os.environ.get("TAPS", "100"))
GOAL_MS = 100.0


def main():
    database = os.path.join(tempfile.mkdtemp(prefix="tessera-bench-kiosk-"), "queue.db")
    process = subprocess.Popen([TESSERA_BIN, "kiosk", "--database", database],
                               env={**os.environ, "TESSERA_TRACE": "1"}, stderr=subprocess.PIPE, text=True)
    marks = []
    arrived = threading.Condition()

    def read_marks():
        for line in process.stderr:
            if line.startswith("ticket-painted "):
                with arrived:
                    marks.append(int(line.split()[1]))
                    arrived.notify_all()
    threading.Thread(target=read_marks, daemon=True).start()
    try:
        def painted(index, seen):
            with arrived:
                if not arrived.wait_for(lambda: len(marks) > seen, timeout=10):
                    raise AssertionError(f"no ticket page painted after tap {index + 1}")
                return marks[seen]
        report("tap_to_ticket", tap_cycles(process.pid, TAPS, lambda: len(marks), painted), GOAL_MS)
    finally:
        process.terminate()
        process.wait(timeout=10)


main()
