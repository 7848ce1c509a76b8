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
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from atspi_driver import click, find_all, find_application, find_one, has  # noqa: E402
from e2e import TESSERA_BIN, poll  # noqa: E402
from kiosk_input import centre  # noqa: E402

import pyatspi  # noqa: E402

TAPS = int(os.environ.get("TAPS", "50"))
GOAL_MS = 1000.0


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


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
        app = find_application(process.pid)
        button = find_one(app, role="push button", name="Click & Collect", timeout=20)
        x, y = centre(button, process.pid)
        samples = []
        for index in range(TAPS):
            poll(lambda: has(button, pyatspi.STATE_SENSITIVE), timeout=10, what="the services ready")
            subprocess.run(["xdotool", "mousemove", str(x + index % 2), str(y)], check=True, timeout=10)
            seen = len(jobs())
            start = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
            subprocess.run(["xdotool", "click", "1"], check=True, timeout=10)
            poll(lambda: len(jobs()) > seen, timeout=20, what=f"ticket {index + 1} at the printer")
            job = jobs()[seen]
            if not job["complete"]:
                raise AssertionError(f"ticket {index + 1} arrived incomplete")
            samples.append((job["last_byte_monotonic_ns"] - start) / 1e6)
            done = find_one(app, role="push button", name="Done")
            poll(lambda: click(done) is not None and not find_all(app, role="push button", name="Done"),
                 timeout=20, what="back to the services")
        p50, p95 = percentile(samples, 0.5), percentile(samples, 0.95)
        print(f"tap_to_printed_p50 {p50:.1f} ms {GOAL_MS:.0f} {p50 / GOAL_MS:.3f}")
        print(f"tap_to_printed_p95 {p95:.1f} ms {GOAL_MS:.0f} {p95 / GOAL_MS:.3f}")
    finally:
        process.terminate()
        process.wait(timeout=10)
        fake.kill()


main()
