"""The three-role demo (`tessera demo`), driven as its three people would (AT-SPI) on a fresh
embedded store: a customer takes a ticket at the kiosk, a clerk signs in at desk 1 with the PIN
the sign-in page shows and calls next, and the ticket appears highlighted on the board. The wait a
new ticket would get is on the kiosk's button, the board's tile and the desk's service line alike:
"no desk open" until the clerk signs in, then one call of the store's default (4 minutes).

With TESSERA_SCREENSHOTS=DIR, the window filling the screen is saved as DIR/demo-three-roles.png
once the call shows (scripts/demo-screenshot)."""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import banner, board_tile, button, click, enabled, labels, on_desk_page, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, scratch_dir  # noqa: E402

tally = Tally()
data_home = scratch_dir("tessera-e2e-demo-")
database = os.path.join(data_home, "queue.db")
shots = os.environ.get("TESSERA_SCREENSHOTS")


def banner_shows(app):
    """The banner's (ticket, "Now calling" or "Last call"), or None before the first call."""
    node = banner(app)
    return None if node is None else (node.name, node.description)


def main():
    with running("demo", "--database", database,
                 env={"TESSERA_ANNOUNCEMENT_LOG": data_home, "TESSERA_RESOURCES": os.path.abspath("Resources")}) as (process, app):
        if shots:
            # Xvfb has no window manager: size the window to the screen by hand.
            windows = poll(lambda: subprocess.run(["xdotool", "search", "--pid", str(process.pid)],
                                                  capture_output=True, text=True, timeout=WAIT_LIMIT).stdout.split(),
                           what="the window")
            for window in windows:
                subprocess.run(["xdotool", "windowmove", window, "0", "0", "windowsize", window, "100%", "100%"],
                               check=True, timeout=WAIT_LIMIT)
        tally.wait_for(lambda: "Click & Collect\nno desk open" in labels(app),
                       "with nobody signed in, the kiosk's button says no desk is open", showing=lambda: labels(app))
        click(button(app, "Click & Collect"))
        poll(lambda: "C001" in labels(app), what="ticket C001 at the kiosk")
        tally.expect(any(text == "You are next" for text in labels(app)), "the kiosk gives the customer ticket C001")

        hint = poll(lambda: next((text for text in labels(app) if "PIN" in text and "Demo" in text), None),
                    what="the desk's demo PIN hint")
        pin = re.search(r"PIN (\d+)", hint)
        tally.expect(pin is not None and pin.group(1) == "1234", f"the desk's sign-in page shows the demo PIN: {hint!r}")
        demo = button(app, "Demo")
        poll(lambda: enabled(demo), what="the Demo name button")
        click(demo)
        for typed, digit in enumerate(pin.group(1), start=1):
            # GTK ignores a button's second activation while the first still shows: wait for each dot.
            click(button(app, digit))
            poll(lambda: "● " * typed in labels(app), what=f"{typed} PIN digits")
        sign_in = button(app, "Sign in")
        poll(lambda: enabled(sign_in), what="Sign in enabled after four digits")
        click(sign_in)
        tally.wait_for(lambda: on_desk_page(app, "Demo"),
                       "the keypad signs the demo member in at desk 1", showing=lambda: labels(app))
        call_next = button(app, "Call next")
        tally.wait_for(lambda: enabled(call_next), "Call next is on for the kiosk's ticket",
                       showing=lambda: call_next.description)
        # Demo serves now, C001 waits: a new C ticket would wait one 240 s call.
        tally.wait_for(lambda: board_tile(app, "Click & Collect")[1:] == ["1 waiting", "about 4 min"],
                       "the board's tile gives a new ticket's wait", showing=lambda: labels(app))
        tally.wait_for(lambda: any(text.startswith("Click & Collect: 1 waiting") and text.endswith("· new ticket about 4 min")
                                   for text in labels(app)),
                       "the desk's service line gives the same wait", showing=lambda: labels(app))

        tally.expect(banner(app) is None, "the board shows no call before the desk makes one")
        started = time.monotonic()
        click(call_next)
        tally.wait_for(lambda: banner_shows(app) == ("C001", "Now calling"),
                       "the kiosk's ticket, called at the desk, is highlighted on the board",
                       showing=lambda: banner_shows(app))
        print(f"info: Call next clicked to highlighted on the board: {(time.monotonic() - started) * 1000:.0f} ms")
        if shots:
            time.sleep(2.2)  # the flash has settled (two 900 ms pulses); the highlight stays at least 6 s
            subprocess.run(["import", "-window", "root", os.path.join(shots, "demo-three-roles.png")],
                           check=True, timeout=WAIT_LIMIT)
        tally.expect(process.poll() is None, "the demo goes on")


tally.run(main)
