"""tap_to_printed: a real pointer tap (xdotool) on a kiosk service button to the last byte of the
ticket arriving at the fake ESC/POS printer (raw TCP, 384 dots), on the durable store, over TAPS
cycles (default 50); prints p50 and p95 as `name value unit baseline ratio` lines, the baseline
being a goal of 1 s (a thermal printer needs longer than that to print the slip anyway).

The start is taken (CLOCK_MONOTONIC) just before xdotool is spawned; the end is the fake
printer's CLOCK_MONOTONIC time of the job's last byte (`last_byte_monotonic_ns`)."""
import os
import subprocess
import sys
import tempfile

from kiosk_taps import report, tap_cycles

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from e2e import TESSERA_BIN, poll  # noqa: E402
from fake_printer_run import FakePrinter  # noqa: E402

TAPS = int(os.environ.get("TAPS", "50"))
GOAL_MS = 1000.0


def main():
    home = tempfile.mkdtemp(prefix="tessera-bench-printed-")
    printer = FakePrinter(home, "tcp")
    config = printer.config(home, printer_dots=384)
    jobs = printer.jobs

    process = subprocess.Popen([TESSERA_BIN, "kiosk", "--database", os.path.join(home, "queue.db"), "--config", config])
    try:
        def printed(index, seen):
            poll(lambda: len(jobs()) > seen, timeout=10, what=f"ticket {index + 1} at the printer")
            job = jobs()[seen]
            if not job["complete"]:
                raise AssertionError(f"ticket {index + 1} arrived incomplete")
            return job["last_byte_monotonic_ns"]
        samples = tap_cycles(process.pid, TAPS, lambda: len(jobs()), printed, back_timeout=10)
        report("tap_to_printed", samples, GOAL_MS)
    finally:
        process.terminate()
        process.wait(timeout=10)
        printer.stop()


main()
