"""Real pointer input for the kiosk end-to-end tests: xdotool clicks (XTEST, as a mouse or a
touch screen in pointer emulation would send them) at a widget's place on screen, found through
AT-SPI. GTK 4 reports extents relative to the window, so the window's origin (xdotool) is added."""
import os
import subprocess
import time

import pyatspi

from e2e import WAIT_LIMIT, poll


def window_origin(pid):
    ids = subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(pid)],
                         capture_output=True, text=True, timeout=WAIT_LIMIT).stdout.split()
    for window in ids:
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                             capture_output=True, text=True, timeout=WAIT_LIMIT).stdout
        values = dict(line.split("=", 1) for line in out.split() if "=" in line)
        if int(values.get("WIDTH", 0)) > 100:
            return int(values["X"]), int(values["Y"])
    raise AssertionError(f"no window for pid {pid}")


def centre(node, pid):
    """The screen point at the middle of `node`."""
    extents = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    x, y = window_origin(pid)
    return x + extents.x + extents.width // 2, y + extents.y + extents.height // 2


def taps(x, y, count, gap_seconds):
    """`count` real clicks at (x, y), `gap_seconds` from one press to the next."""
    subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True, timeout=WAIT_LIMIT)
    for index in range(count):
        started = time.monotonic()
        subprocess.run(["xdotool", "click", "1"], check=True, timeout=WAIT_LIMIT)
        if index + 1 < count:
            time.sleep(max(0.0, gap_seconds - (time.monotonic() - started)))


def keys(*combos):
    subprocess.run(["xdotool", "key", *combos], check=True, timeout=WAIT_LIMIT)


def keys_to(pid, *names, display=None):
    """Focuses the window of process `pid` named "Tessera" and types `names` into it, 300 ms apart,
    through XTEST as a keyboard does (xdotool's --window would send synthetic events instead, and a
    key then now and then looked held down). `display`: the X server, when not $DISPLAY."""
    env = {**os.environ, "DISPLAY": display} if display else None
    window = poll(lambda: (subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid), "--name", "^Tessera$"],
                                          capture_output=True, text=True, timeout=WAIT_LIMIT, env=env).stdout.split()
                           or [None])[-1],
                  what="the X window")
    subprocess.run(["xdotool", "windowfocus", "--sync", window], check=True, timeout=WAIT_LIMIT, env=env)
    subprocess.run(["xdotool", "key", "--delay", "300", *names], check=True, timeout=WAIT_LIMIT, env=env)
