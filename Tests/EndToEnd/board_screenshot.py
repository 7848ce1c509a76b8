"""Takes one screenshot of `tessera board` (full screen, on this headless screen) with a busy
queue and a call being announced: run by scripts/board-screenshots, not a test."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, running  # noqa: E402
from e2e import TESSERA_BIN, WAIT_LIMIT, poll, scratch_dir  # noqa: E402

output = sys.argv[1]
work = scratch_dir("tessera-board-shot-")
database = os.path.join(work, "queue.db")


def queue(*args):
    subprocess.run([TESSERA_BIN, "queue", *args, "--database", database], check=True,
                   capture_output=True, timeout=WAIT_LIMIT)


for service in "CCCCRSCSCRCCS":
    queue("issue", service)
for desk in ("1", "2", "3"):
    queue("call", "--desk", desk)
for desk in ("1", "2"):
    queue("start", "--desk", desk)
    queue("complete", "--desk", desk)
    queue("call", "--desk", desk)
queue("start", "--desk", "1")
queue("complete", "--desk", "1")

with running("board", "--database", database,
             env={"TESSERA_ANNOUNCEMENT_LOG": work, "TESSERA_RESOURCES": os.path.abspath("Resources")}) as (process, app):
    # Xvfb has no window manager to honour "full screen": size the window to the screen by hand.
    windows = poll(lambda: subprocess.run(["xdotool", "search", "--pid", str(process.pid)],
                                          capture_output=True, text=True, timeout=WAIT_LIMIT).stdout.split(),
                   what="the window")
    for window in windows:
        subprocess.run(["xdotool", "windowmove", window, "0", "0", "windowsize", window, "100%", "100%"], check=True,
                       timeout=WAIT_LIMIT)
    poll(lambda: find_all(app, role="label", name="Last call"), what="the board")
    queue("call", "--desk", "1")
    poll(lambda: find_all(app, role="label", name="Now calling"), what="the call highlighted")
    time.sleep(2.2)  # the flash animation has settled; the highlight stays for at least 6 s
    subprocess.run(["import", "-window", "root", output], check=True, timeout=WAIT_LIMIT)
    print(f"wrote {output}")
