"""A window filling a screen of a given size (xscreen.py's Xvfb) as the compositor (cage) sizes a
full-screen window, where X has it, which of its buttons lie off the screen, and screenshots
compared with committed references by visual.py's rule."""
import contextlib
import os

import pyatspi

from atspi_driver import find_all
from e2e import Failure, exited, poll
from visual import matches, settled_screenshot
from xscreen import grab, start_x, x


@contextlib.contextmanager
def x_server(width, height):
    """A new Xvfb of `width`×`height` (xscreen.start_x); yields its DISPLAY, stopped when the block ends."""
    server, display = start_x(width, height)
    try:
        # Xvfb puts the pointer at the screen's centre, over a button in some layouts: whether GTK
        # draws that button hovered then depends on timing. A corner holds no button in any layout.
        x(display, "mousemove", "0", "0")
        yield display
    finally:
        server.terminate()
        exited(server)



def fill_screen(display, process, app, width, height):
    """Moves the window of `process` to the origin and sizes it to the screen, then waits for
    GTK to lay it out at that size."""
    window = poll(lambda: x(display, "search", "--onlyvisible", "--pid", str(process.pid)).split(),
                  what="the window")[0]
    x(display, "windowmove", window, "0", "0")
    x(display, "windowsize", window, str(width), str(height))
    poll(lambda: find_all(app, role="frame")[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS).width == width,
         what="the window at the screen's size")


def window_box(display, pid):
    """(x, y, width, height) of the widest window of process `pid` on `display`, as X has it."""
    boxes = []
    for window in x(display, "search", "--onlyvisible", "--pid", str(pid)).split():
        out = x(display, "getwindowgeometry", "--shell", window)
        values = dict(line.split("=", 1) for line in out.split() if "=" in line)
        boxes.append((int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])))
    if not boxes:
        raise Failure(f"no window of process {pid}")
    return max(boxes, key=lambda box: box[2])


def off_screen(display, process, app, width, height, role="push button", sideways_only=False):
    """The names of the showing `role` nodes not wholly on the `width`×`height` screen, placed by
    where X has the window (a window wider than the screen would hang off it, whatever GTK says
    of the widgets inside); with `sideways_only`, not wholly within its width (rows a list
    scrolls down to are allowed below)."""
    left, top, _, _ = window_box(display, process.pid)
    out = []
    for node in find_all(app, role=role):
        if not node.getState().contains(pyatspi.STATE_SHOWING):
            continue
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        x, y = left + box.x, top + box.y
        across = x < 0 or x + box.width > width
        down = y < 0 or y + box.height > height
        if across or (down and not sideways_only):
            out.append(node.name)
    return out


def screenshot(tally, display, path, reference_folder):
    """Saves the screen at `path` once it has stopped changing and checks it against its reference
    of the same name in `reference_folder` (a diff image beside `path` when it differs)."""
    settled_screenshot(lambda into: grab(display, into), path)
    name = os.path.basename(path)
    diff = os.path.join(os.path.dirname(path), "diff", name)
    ok, found = matches(os.path.join(reference_folder, name), path, diff)
    tally.expect(ok, f"{name}: like the reference ({found})")
