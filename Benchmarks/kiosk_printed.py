"""tap_to_printed: a real pointer tap (xdotool) on a kiosk service button to the last byte of the
ticket arriving at the fake ESC/POS printer (raw TCP, 384 dots), on the durable store, over TAPS
cycles (default 50); prints p50 and p95 as `name value unit baseline ratio` lines, the baseline
being a goal of 1 s (a thermal printer needs longer than that to print the slip anyway).

The start is taken (CLOCK_MONOTONIC) just before xdotool is spawned; the end is the fake
printer's CLOCK_MONOTONIC time of the job's last byte (`last_byte_monotonic_ns`)."""
import json
import os
import subprocess
import sys
import tempfile

from kiosk_taps import report, tap_cycles

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from e2e import TESSERA_BIN, poll  # noqa: E402

TAPS = int(os.environ.get("TAPS", "50"))
GOAL_MS = 1000.0


def main():
    home = tempfile.mkdtemp(prefix="tessera-bench-printed-")
    fake_dir = os.path.join(home, "printer")
    os.mkdir(fake_dir)
    fake = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests",
                                                              "EndToEnd", "fake_printer.py"), "--dir", fake_dir, "--tcp"])
    address = poll(lambda: open(os.path.join(fake_dir, "address")).read(), timeout=10, what="the fake printer")
    config = os.path.join(home, "tessera.conf")
    with open(config, "w") as f:
        f.write(f"[kiosk]\nprinter = {address}\nprinter-dots = 384\n")

    def jobs():
        try:
            with open(os.path.join(fake_dir, "jobs.jsonl")) as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    process = subprocess.Popen([TESSERA_BIN, "kiosk", "--database", os.path.join(home, "queue.db"), "--config", config])
    try:
        def printed(index, seen):
            poll(lambda: len(jobs()) > seen, timeout=20, what=f"ticket {index + 1} at the printer")
            job = jobs()[seen]
            if not job["complete"]:
                raise AssertionError(f"ticket {index + 1} arrived incomplete")
            return job["last_byte_monotonic_ns"]
        samples = tap_cycles(process.pid, TAPS, lambda: len(jobs()), printed, back_timeout=20)
        report("tap_to_printed", samples, GOAL_MS)
    finally:
        process.terminate()
        process.wait(timeout=10)
        fake.kill()


main()
