"""`tessera kiosk` cannot be escaped through GTK's inspector: Ctrl+Shift+D and Ctrl+Shift+I,
sent as real key presses (xdotool), open no window. A tap sent after the keys must show its
ticket first: X input is handled in order, so by then the keys have been handled too."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, find_one, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, scratch_database  # noqa: E402
from kiosk_input import centre, keys, taps  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-inspector-")


def x_windows(pid):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         capture_output=True, text=True, timeout=WAIT_LIMIT).stdout
    return out.split()


def main():
    with running("kiosk", "--database", database) as (process, app):
        button = find_one(app, role="push button", name="Click & Collect")
        x, y = centre(button, process.pid)
        before = poll(lambda: x_windows(process.pid), what="the kiosk window")
        # The pointer over the window gives it the keyboard (no window manager: focus follows the pointer).
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True, timeout=WAIT_LIMIT)
        keys("ctrl+shift+d", "ctrl+shift+i", "ctrl+shift+D", "ctrl+shift+I")
        taps(x, y, 1, 0)
        tally.check("the tap after the keys still reaches the kiosk", lambda: poll(
            lambda: any(n.name == "C001" for n in find_all(app, role="label")),
            what="the ticket of the tap sent after the keys"))
        frames = [n.name for n in find_all(app) if n.getRoleName() in ("frame", "dialog", "window")]
        tally.expect(len(frames) == 1, f"one window on the accessibility bus ({frames})")
        tally.expect(x_windows(process.pid) == before, "no new X window (no inspector, no inspector warning)")


tally.run(main)
