"""Five wrong PINs lock the member who typed them, not the desk (issue 25), with real keys (XTEST) on the
real binary and its durable store: Ada's keypad shows one message at a time (a short PIN's message
replaces the tries left), her fifth wrong PIN locks her with a countdown in body type that ticks, and Bob
then signs in at the same desk. The database agrees: Ada's row is locked, Bob's is not.
With TESSERA_SCREENSHOTS=DIR it saves Ada's locked keypad as desk-pin-locked.png."""
import os
import re
import sqlite3
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, enabled, find_all, labels, on_desk_page, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, scratch_database, tessera_on  # noqa: E402
from kiosk_input import centre, keys_to, taps  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-desk-pin-lock-")
tessera = tessera_on(database)

WRONG = "Wrong PIN."
SHORT = "A PIN has at least 4 digits."
LOCKED = re.compile(r"^Locked for (\d+):(\d\d) after 5 wrong PINs\.")


def screenshot(name):
    shots = os.environ.get("TESSERA_SCREENSHOTS")
    if shots:
        # The window is 1280×800 at the top left of the headless screen.
        subprocess.run(["import", "-window", "root", "-crop", "1280x800+0+0", "+repage", os.path.join(shots, name)],
                       check=True, timeout=WAIT_LIMIT)


def messages(app):
    """The sign-in page's messages on screen: a wrong PIN, a short one, a lock."""
    return [text for text in labels(app) if text.startswith(WRONG) or text == SHORT or LOCKED.match(text)]


def countdown(app):
    """Seconds the lock's message says are left, or None."""
    for text in labels(app):
        found = LOCKED.match(text)
        if found:
            return int(found.group(1)) * 60 + int(found.group(2))
    return None


def message_points(app, text):
    """The type size (points) AT-SPI reports for the label reading `text`, over its first character."""
    node = next(node for node in find_all(app, role="label") if node.name == text)
    attributes, _, _ = node.queryText().getAttributeRun(0, False)
    return float(dict(item.split(":", 1) for item in attributes).get("size", "0").strip().rstrip("pt"))


def signed_in(app, name):
    return on_desk_page(app, name)


def locks():
    """keypad_locks as the file holds it: {staff name: (failures, locked)}."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        return {name: (failures, locked) for name, failures, locked in db.execute(
            "SELECT json_extract(s.data, '$.name'), k.failures, k.locked_until IS NOT NULL"
            " FROM keypad_locks k JOIN staff s ON s.id = k.staff")}


def main():
    for name, pin in (("Ada", "2468"), ("Bob", "1357")):
        tessera("staff", "add", name, stdin=pin + "\n")
    with running("desk", "--desk", "1", "--database", database, "--windowed") as (process, app):
        button(app, "Ada")
        keys_to(process.pid, "Return")
        poll(lambda: "Type your PIN" in labels(app), what="Ada's keypad")

        keys_to(process.pid, "9", "9", "9", "9", "Return")
        tally.wait_for(lambda: any(text.startswith("Wrong PIN. 4 tries left") for text in messages(app)),
                       "a wrong PIN says how many tries are left", showing=lambda: labels(app))
        keys_to(process.pid, "9", "Return")
        tally.wait_for(lambda: messages(app) == [SHORT], "a short PIN's message replaces the tries left, alone",
                       showing=lambda: messages(app))
        keys_to(process.pid, "9", "9", "9", "Return")
        for left in (3, 2, 1):
            tally.wait_for(lambda: any(text.startswith(f"Wrong PIN. {left} tr") for text in messages(app)),
                           f"a wrong PIN: {left} left", showing=lambda: messages(app))
            tally.expect(len(messages(app)) == 1, f"one message at a time: {messages(app)}")
            if left > 1:
                keys_to(process.pid, "9", "9", "9", "9", "Return")
        keys_to(process.pid, "9", "9", "9", "9", "Return")
        tally.wait_for(lambda: countdown(app) is not None, "the fifth wrong PIN locks Ada with a countdown",
                       showing=lambda: labels(app))
        tally.expect(len(messages(app)) == 1, f"the countdown is the only message: {messages(app)}")
        first = countdown(app)
        tally.expect(25 <= first <= 30, f"about 30 s at first: {first}")
        tally.wait_for(lambda: (countdown(app) or first) < first, "the countdown ticks",
                       showing=lambda: messages(app))
        shown = messages(app)[0]
        points = message_points(app, shown)
        tally.expect(points >= 14, f"the countdown is body type, not a caption: {points} pt")
        tally.expect(not enabled(button(app, "1")), "Ada's keypad takes no digit while she is locked")
        screenshot("desk-pin-locked.png")

        keys_to(process.pid, "Escape")
        bob = button(app, "Bob")
        poll(lambda: enabled(bob), what="the names again")
        taps(*centre(bob, process.pid), 1, 0)
        poll(lambda: "Type your PIN" in labels(app), what="Bob's keypad")
        keys_to(process.pid, "1", "3", "5", "7", "Return")
        tally.wait_for(lambda: signed_in(app, "Bob"), "Bob signs in at the desk while Ada is locked",
                       showing=lambda: labels(app))
    rows = locks()
    tally.expect(rows.get("Ada") == (5, 1), f"the file has Ada locked after 5 wrong PINs: {rows}")
    tally.expect(rows.get("Bob", (0, 0)) == (0, 0), f"and Bob not locked: {rows}")


tally.run(main)
