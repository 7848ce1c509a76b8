"""kiosk_soak: PSS growth (/proc/PID/smaps_rollup) of the release `tessera kiosk` on the durable
store over CYCLES ticket cycles through the UI (default 250; the figure for issue 9 is taken with
CYCLES=2000): a real tap (xdotool) on a service → the ticket page painted → a real tap on Done →
the services back and taking taps. PSS is read after WARMUP cycles (default 100: caches, fonts,
the accessibility tree filled) and at the end; prints the growth in MB against the goal (< 2 MB).
Taps go round the three services, so 2,000 cycles stay under a service's 999 numbers a day."""
import os
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from atspi_driver import find_all, find_application, find_one, has  # noqa: E402
from e2e import TESSERA_BIN, poll  # noqa: E402
from kiosk_input import centre  # noqa: E402

import pyatspi  # noqa: E402

CYCLES = int(os.environ.get("CYCLES", "250"))
WARMUP = min(int(os.environ.get("WARMUP", "100")), CYCLES)
GOAL_MB = 2.0
SERVICES = ["Click & Collect", "Returns", "Customer Service"]


def pss_kb(pid):
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    raise AssertionError("no Pss in smaps_rollup")


def tap(x, y):
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, timeout=10)


def main():
    database = os.path.join(tempfile.mkdtemp(prefix="tessera-bench-soak-"), "queue.db")
    process = subprocess.Popen([TESSERA_BIN, "kiosk", "--database", database],
                               env={**os.environ, "TESSERA_TRACE": "1"}, stderr=subprocess.PIPE, text=True)
    painted = [0]
    arrived = threading.Condition()

    def read_marks():
        for line in process.stderr:
            if line.startswith("ticket-painted "):
                with arrived:
                    painted[0] += 1
                    arrived.notify_all()
    threading.Thread(target=read_marks, daemon=True).start()
    try:
        app = find_application(process.pid)
        buttons = [find_one(app, role="push button", name=name, timeout=20) for name in SERVICES]
        places = [centre(button, process.pid) for button in buttons]
        done_place = None
        warm = None
        for index in range(CYCLES):
            if index == WARMUP:
                warm = pss_kb(process.pid)
            button = buttons[index % len(buttons)]
            poll(lambda: has(button, pyatspi.STATE_SENSITIVE), timeout=10, what="the services ready")
            seen = painted[0]
            tap(*places[index % len(places)])
            with arrived:
                if not arrived.wait_for(lambda: painted[0] > seen, timeout=10):
                    raise AssertionError(f"no ticket page painted in cycle {index + 1}")
            if done_place is None:
                done_place = centre(find_one(app, role="push button", name="Done"), process.pid)
            # Done counts once the tap guard has passed; a tap inside it is refused, so tap until it counts.
            poll(lambda: tap(*done_place) or not find_all(app, role="push button", name="Done"),
                 timeout=10, interval=0.1, what="back to the services")
        poll(lambda: has(buttons[0], pyatspi.STATE_SENSITIVE), timeout=10, what="the services ready")
        end = pss_kb(process.pid)
        warm = end if warm is None else warm
        growth = (end - warm) / 1024
        print(f"kiosk_soak: PSS {warm} kB after {WARMUP} cycles, {end} kB after {CYCLES}", file=sys.stderr)
        print(f"kiosk_soak_pss_growth {growth:.2f} MB {GOAL_MB:.0f} {growth / GOAL_MB:.3f}")
    finally:
        process.terminate()
        process.wait(timeout=10)


main()
