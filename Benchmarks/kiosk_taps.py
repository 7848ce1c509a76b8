"""What the kiosk benchmarks share: real pointer taps (xdotool) on a service button, cycle after
cycle through the ticket page and back, and their percentiles as `name value unit baseline ratio`."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from atspi_driver import click, find_all, find_application, find_one, has  # noqa: E402
from e2e import poll  # noqa: E402
from kiosk_input import centre  # noqa: E402

import pyatspi  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def tap_cycles(pid, taps, before, end_of, back_timeout=10):
    """Taps "Click & Collect" `taps` times; returns the milliseconds from just before each click
    (CLOCK_MONOTONIC) to `end_of(index, before())`, a CLOCK_MONOTONIC nanosecond time."""
    app = find_application(pid)
    button = find_one(app, role="push button", name="Click & Collect", timeout=10)
    x, y = centre(button, pid)
    samples = []
    for index in range(taps):
        poll(lambda: has(button, pyatspi.STATE_SENSITIVE), timeout=10, what="the services ready")
        # A finger lands somewhere new each time; GTK finds the widget under the pointer on motion.
        subprocess.run(["xdotool", "mousemove", str(x + index % 2), str(y)], check=True, timeout=10)
        token = before()
        start = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        subprocess.run(["xdotool", "click", "1"], check=True, timeout=10)
        samples.append((end_of(index, token) - start) / 1e6)
        done = find_one(app, role="push button", name="Done")
        poll(lambda: click(done) is not None and not find_all(app, role="push button", name="Done"),
             timeout=back_timeout, what="back to the services")
    return samples


def report(name, samples, goal_ms):
    for label, fraction in (("p50", 0.5), ("p95", 0.95)):
        value = percentile(samples, fraction)
        print(f"{name}_{label} {value:.1f} ms {goal_ms:.0f} {value / goal_ms:.3f}")
