"""`tessera desk` for a shift (issue 25) at the screens counters have — 1280×800, 1366×768,
1920×1080 and portrait 1080×1920 — with 60 tickets waiting across four services (one with a long
name and a light colour), a desk named in the file and a customer at it: no button lies beyond
the screen's width (nothing scrolls sideways), the list says how many wait and how many more lie
below, and its first row is the ticket Call next takes. And the demo at 1280×800: its desk in a
third, nothing of the three screens beyond the window. The screenshots, saved in DESK_SHOTS
(default .build/desk-screenshots), match Tests/EndToEnd/reference/desk/ by visual.py's rule;
docs/screenshots/desk holds the set a person looked at. To accept a deliberate change, look at
the new screenshots, then copy them over the references."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button_names, find_all, labels, running, sign_in  # noqa: E402
from e2e import Tally, scratch_paths, tessera_on  # noqa: E402
from kiosk_input import keys_to  # noqa: E402
from screens import fill_screen, off_screen, screenshot, window_box, x_server  # noqa: E402

tally = Tally()
SIZES = [(1280, 800), (1366, 768), (1920, 1080), (1080, 1920)]
LONG_NAME = "Returns, exchanges and refunds for large household appliances"
shots = os.environ.get("DESK_SHOTS", ".build/desk-screenshots")
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference", "desk")
CONFIG = f"""[store]
name = Tessera Hardware

[service:C]
name = Click & Collect
colour = #2E7D32

[service:R]
name = Returns
colour = #1565C0

[service:S]
name = Customer Service
colour = #6A1B9A

[service:L]
name = {LONG_NAME}
colour = #8BC34A

[desk:1]
name = Front Counter
services = C;R;S;L
"""


def rows(app):
    return [node.name for node in find_all(app, role="push button") if node.name.startswith("Call ") and "," in node.name]


def run_size(width, height):
    database, config = scratch_paths("tessera-e2e-desk-sizes-", "queue.db", "tessera.conf")
    with open(config, "w") as file:
        file.write(CONFIG)
    tessera = tessera_on(database)
    tessera("queue", "status", "--config", config)
    tessera("staff", "add", "Demo", "--config", config, stdin="1234\n")  # a production desk has no demo member
    for index in range(61):
        args = ["queue", "issue", "CRSL"[index % 4]] + (["--priority"] if index % 9 == 4 else [])
        tessera(*args)
    tessera("queue", "call", "--desk", "1")
    name = f"{width}x{height}"
    with x_server(width, height) as display, \
            running("desk", "--desk", "1", "--database", database, "--config", config,
                    env={"DISPLAY": display}) as (process, app):
        fill_screen(display, process, app, width, height)
        sign_in(app)
        tally.wait_for(lambda: "60 waiting · longest under a minute" in labels(app), f"{name}: the list counts 60 waiting",
                       showing=lambda: labels(app))
        tally.expect("Front Counter" in labels(app), f"{name}: the desk's name from the file")
        tally.wait_for(lambda: any(re.fullmatch(r"and \d+ more below", text) for text in labels(app)),
                       f"{name}: the list says how many more lie below", showing=lambda: labels(app))
        beyond = off_screen(display, process, app, width, height, sideways_only=True)
        tally.expect(window_box(display, process.pid)[2] == width and not beyond,
                     f"{name}: the window as wide as the screen, no button beyond it ({window_box(display, process.pid)}, {beyond})")
        screenshot(tally, display, os.path.join(shots, f"desk-{name}.png"), REFERENCE)
        first = rows(app)[0]
        code = first.split(",")[0].removeprefix("Call ")
        keys_to(process.pid, "F4", "F1", display=display)
        tally.wait_for(lambda: f"{code}\tcalled" in tessera("queue", "list"),
                       f"{name}: Call next takes the list's first row, {code}",
                       showing=lambda: (first, tessera("queue", "list")))
        tally.wait_for(lambda: "59 waiting" in " ".join(labels(app)), f"{name}: the list counts 59 after it",
                       showing=lambda: (labels(app), button_names(app)))


def demo_third():
    """`tessera demo` in its 1280×800 window, signed in, a ticket waiting: the desk in its third, and
    nothing of the three screens laid out beyond the window's right edge (a third that needs more
    widens what GTK lays out past the screen, and the board is cut off)."""
    database, = scratch_paths("tessera-e2e-demo-third-", "queue.db")
    width, height = 1280, 800
    with x_server(width, height) as display, \
            running("demo", "--database", database, env={"DISPLAY": display}) as (process, app):
        fill_screen(display, process, app, width, height)
        sign_in(app)
        tessera_on(database)("queue", "issue", "C")
        tally.wait_for(lambda: "1 waiting · longest under a minute" in labels(app), "demo: the desk lists the ticket",
                       showing=lambda: labels(app))
        # GTK widens a window whose content needs more than it has: X then has it past the screen.
        tally.expect(window_box(display, process.pid)[2] == width,
                     f"demo: the window as wide as the screen ({window_box(display, process.pid)})")
        beyond = off_screen(display, process, app, width, height, sideways_only=True)
        tally.expect(not beyond, f"demo: no button beyond the screen's right edge ({beyond})")


def main():
    os.makedirs(shots, exist_ok=True)
    for width, height in SIZES:
        run_size(width, height)
    demo_third()


tally.run(main)
