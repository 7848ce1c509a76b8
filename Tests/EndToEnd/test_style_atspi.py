#!/usr/bin/python3
"""AT-SPI check of `tessera gallery`, driven the way a screen reader sees it.

Run with Debian's /usr/bin/python3 (python3-pyatspi) under scripts/headless:
    scripts/headless /usr/bin/python3 Tests/EndToEnd/test_style_atspi.py
The binary is $TESSERA_BIN (default .build/debug/tessera). Every wait polls with a deadline.
Prints "N passed, M failed" last and exits non-zero on any failure.
"""
import os
import subprocess
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import has, stop  # noqa: E402
from e2e import WAIT_LIMIT, Failure, Tally, poll as poll_or_fail  # noqa: E402

BINARY = os.environ.get("TESSERA_BIN", ".build/debug/tessera")
tally = Tally()
check = tally.expect
TITLE = "Tessera button gallery"
LABELS = {"Call next", "Recall", "No-show"}  # the gallery's primary, secondary, destructive samples
SAMPLES_PER_STYLE = 6  # normal, hover, pressed, focus, disabled, loading
DISABLED_REASON = "No ticket is waiting"


def poll(what, condition, timeout=WAIT_LIMIT):
    """Like e2e.poll, but gives back None at the deadline so the check that follows is counted."""
    try:
        return poll_or_fail(condition, timeout, what=what)
    except Failure as error:
        print(f"     ({error})")
        return None


def find_window():
    for app in pyatspi.Registry.getDesktop(0):
        if app is None:
            continue
        for window in app:
            if window is not None and window.name == TITLE:
                return window
    return None


def buttons_in(node, found=None):
    found = [] if found is None else found
    if node.getRole() == pyatspi.ROLE_PUSH_BUTTON:
        found.append(node)
    for child in node:
        if child is not None:
            buttons_in(child, found)
    return found


def child_label_text(button):
    for child in button:
        if child is not None and child.getRole() == pyatspi.ROLE_LABEL:
            return child.name
    return None


def main():
    process = subprocess.Popen([BINARY, "gallery"])
    try:
        window = poll("the gallery window on the accessibility bus", find_window)
        check(window is not None, f"window “{TITLE}” appears on the AT-SPI bus")
        if window is None:
            return
        expected = len(LABELS) * SAMPLES_PER_STYLE
        buttons = poll(f"{expected} buttons", lambda: (lambda b: b if len(b) == expected else None)(buttons_in(window)))
        buttons = buttons or buttons_in(window)
        check(len(buttons) == expected, f"{expected} push buttons (found {len(buttons)})")

        names = [button.name for button in buttons]
        check(all(name in LABELS for name in names), f"every button is named by its label: {sorted(set(names))}")
        check(all(names.count(label) == SAMPLES_PER_STYLE for label in LABELS), "six samples per style")
        check(all(button.name == child_label_text(button) for button in buttons),
              "each accessible name equals the button's label text")

        busy = [button for button in buttons if has(button, pyatspi.STATE_BUSY)]
        check(sorted(b.name for b in busy) == sorted(LABELS), f"one loading button per style reports busy ({len(busy)})")
        check(all(has(b, pyatspi.STATE_SENSITIVE) for b in busy), "loading buttons stay sensitive (busy, not disabled)")

        insensitive = [button for button in buttons if not has(button, pyatspi.STATE_SENSITIVE)]
        check(sorted(b.name for b in insensitive) == sorted(LABELS),
              f"one disabled button per style is not sensitive ({len(insensitive)})")
        check(all(b.description == DISABLED_REASON for b in insensitive),
              "disabled buttons describe why they are disabled")
        check(not any(has(b, pyatspi.STATE_BUSY) for b in insensitive), "disabled buttons are not busy")

        # A live loading action: the first "Call next" (the normal sample) runs a two-second demo.
        normal = next(b for b in buttons if b.name == "Call next")
        check(not has(normal, pyatspi.STATE_BUSY), "the normal sample starts idle")
        normal.queryAction().doAction(0)
        check(poll("busy after a click", lambda: has(normal, pyatspi.STATE_BUSY), timeout=5),
              "clicking a loading button makes it busy")
        check(poll("idle after the action", lambda: not has(normal, pyatspi.STATE_BUSY)),
              "it is idle again when its action ends")
        check(has(normal, pyatspi.STATE_SENSITIVE), "and sensitive")

        # The destructive style's sample works the same way: busy while its work runs, then idle,
        # with nothing left in its description (the gallery shows the one busy mechanism, setBusy).
        destructive = next(b for b in buttons if b.name == "No-show")
        destructive.queryAction().doAction(0)
        check(poll("busy", lambda: has(destructive, pyatspi.STATE_BUSY), timeout=5), "the destructive sample shows busy")
        check(poll("idle after the action", lambda: not has(destructive, pyatspi.STATE_BUSY)),
              "and is idle again when its work ends")
        check(not destructive.description, f"with no description left behind ({destructive.description!r})")
    finally:
        stop(process)


if __name__ == "__main__":
    tally.run(main)
