"""tap_to_pressed: a real pointer press (xdotool mousedown) on a kiosk service button to the first
painted frame showing the pressed look (GTK `:active`), on the durable store, over PRESSES presses
(default 50). Prints p50 and p95 in frame-clock frames (goal: the next frame, 1) and in ms (against
one 60 Hz frame) as `name value unit baseline ratio` lines.

The frames are counted by the kiosk itself (TESSERA_TRACE=1): the frame clock's counter when
`:active` turns on and after the paint that follows. The finger slides off the button before it
lifts, so a press issues no ticket (GTK clicks only on a release over the button)."""
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from atspi_driver import find_application, find_one  # noqa: E402
from e2e import TESSERA_BIN  # noqa: E402
from kiosk_input import centre  # noqa: E402
from kiosk_taps import percentile  # noqa: E402

PRESSES = int(os.environ.get("PRESSES", "50"))
FRAME_MS = 1000 / 60


def xdotool(*args):
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def main():
    database = os.path.join(tempfile.mkdtemp(prefix="tessera-bench-pressed-"), "queue.db")
    process = subprocess.Popen([TESSERA_BIN, "kiosk", "--database", database],
                               env={**os.environ, "TESSERA_TRACE": "1"}, stderr=subprocess.PIPE, text=True)
    marks = []
    arrived = threading.Condition()

    def read_marks():
        for line in process.stderr:
            if line.startswith("pressed-painted "):
                _, nanoseconds, frames = line.split()
                with arrived:
                    marks.append((int(nanoseconds), int(frames)))
                    arrived.notify_all()
    threading.Thread(target=read_marks, daemon=True).start()
    try:
        app = find_application(process.pid)
        button = find_one(app, role="push button", name="Click & Collect", timeout=10)
        x, y = centre(button, process.pid)
        frames, milliseconds = [], []
        for index in range(PRESSES):
            xdotool("mousemove", str(x + index % 2), str(y))
            seen = len(marks)
            start = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
            xdotool("mousedown", "1")
            with arrived:
                if not arrived.wait_for(lambda: len(marks) > seen, timeout=10):
                    raise AssertionError(f"no pressed look painted after press {index + 1}")
                painted, count = marks[seen]
            frames.append(count)
            milliseconds.append((painted - start) / 1e6)
            xdotool("mousemove", "0", "0")
            xdotool("mouseup", "1")
        listed = subprocess.run([TESSERA_BIN, "queue", "list", "--database", database],
                                capture_output=True, text=True, timeout=30, check=True).stdout
        if "C0" in listed:
            raise AssertionError(f"a press issued a ticket: {listed}")
        for name, values, unit, goal in [("tap_to_pressed_frames", frames, "frames", 1),
                                          ("tap_to_pressed", milliseconds, "ms", FRAME_MS)]:
            for label, fraction in [("p50", 0.5), ("p95", 0.95)]:
                value = percentile(values, fraction)
                print(f"{name}_{label} {value:.1f} {unit} {goal:.1f} {value / goal:.3f}")
    finally:
        process.terminate()
        process.wait(timeout=10)


main()
