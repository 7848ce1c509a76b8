"""`tessera kiosk` at the four screen sizes a store has (1920×1080, 1366×768, 1280×1024 and
portrait 1080×1920), with five services and a long name: every button lies wholly on screen, and
the screenshots (services page and ticket page), saved in KIOSK_SHOTS (default
.build/kiosk-screenshots), match Tests/EndToEnd/reference/kiosk/ by the rule of visual.py, so a
layout change fails here (docs/screenshots/kiosk holds a set a person looked at). To accept a
deliberate change, look at the new screenshots, then copy them over the references. Each size runs
on its own X server; the window is sized to the screen with xdotool, as the compositor (cage) does
for a full-screen window."""
import os
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import click, find_all, find_one, running  # noqa: E402
from e2e import Tally, poll, run_queue, scratch_database  # noqa: E402
from screens import fill_screen, screenshot, x_server  # noqa: E402

tally = Tally()
SIZES = [(1920, 1080), (1366, 768), (1280, 1024), (1080, 1920)]
LONG_NAME = "Returns, exchanges and refunds for large household appliances"
shots = os.environ.get("KIOSK_SHOTS", ".build/kiosk-screenshots")
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference", "kiosk")


def queue(database, *args):
    run_queue(database, *args)


def overflowing(app, width, height):
    out = []
    for node in find_all(app, role="push button"):
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if box.x < 0 or box.y < 0 or box.x + box.width > width or box.y + box.height > height:
            out.append(node.name)
    return out


def run_size(width, height, database, name_prefix="", expect=LONG_NAME):
    with x_server(width, height) as display, \
            running("kiosk", "--database", database, env={"DISPLAY": display}) as (process, app):
        find_one(app, role="push button", name=expect)
        fill_screen(display, process, app, width, height)
        name = f"{name_prefix}{width}x{height}"
        screenshot(tally, display, os.path.join(shots, f"services-{name}.png"), REFERENCE)
        tally.expect(not overflowing(app, width, height),
                     f"{name}: every service button wholly on screen ({overflowing(app, width, height)})")
        if name_prefix:
            return
        click(find_one(app, role="push button", name="Click & Collect"))
        poll(lambda: find_all(app, role="push button", name="Done"), what="the ticket page")
        screenshot(tally, display, os.path.join(shots, f"ticket-{name}.png"), REFERENCE)
        tally.expect(not overflowing(app, width, height), f"{name}: the ticket page wholly on screen")


def main():
    os.makedirs(shots, exist_ok=True)
    for width, height in SIZES:
        database = scratch_database("tessera-e2e-sizes-")
        queue(database, "status")
        queue(database, "services", "add", "P", "Pharmacy")
        queue(database, "services", "add", "L", LONG_NAME)
        for _ in range(3):
            queue(database, "issue", "C")
        run_size(width, height, database)
    # The most a kiosk offers: twelve services.
    for width, height in [(1366, 768), (1080, 1920)]:
        database = scratch_database("tessera-e2e-sizes-")
        queue(database, "status")
        for code, name in zip("ABDEFGHJK", ["Pharmacy", "Opticians", "Photo printing", "Key cutting", "Garden centre",
                                            "Furniture delivery", "Gift cards", "Mobile phones", LONG_NAME]):
            queue(database, "services", "add", code, name)
        run_size(width, height, database, name_prefix="twelve-")


tally.run(main)
