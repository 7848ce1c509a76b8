"""The staff desk, driven as a person would (AT-SPI): on a store with no staff it adds no demo member and
says how to add staff; with one added (`tessera staff add`, the PIN on standard input), sign in with the
keypad, see a ticket issued by another process appear, Call next, Complete; the database agrees (tessera
queue list). Then five wrong PINs lock the member's keypad, and a restarted desk still has them locked.
With TESSERA_SCREENSHOTS=DIR it saves the sign-in page and the desk with a called ticket there."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, button_names, click, enabled, labels, on_desk_page, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, queue_on, scratch_dir, tessera_on  # noqa: E402

tally = Tally()
data_home = scratch_dir("tessera-e2e-desk-")
database = os.path.join(data_home, "queue.db")
queue = queue_on(database)
tessera = tessera_on(database)
shots = os.environ.get("TESSERA_SCREENSHOTS")


def screenshot(name):
    if shots:
        # The window is 1280×800 at the top left of the headless screen.
        subprocess.run(["import", "-window", "root", "-crop", "1280x800+0+0", "+repage", os.path.join(shots, name)],
                       check=True, timeout=WAIT_LIMIT)


def type_pin(app, digits, screenshot_after=None):
    for typed, digit in enumerate(digits, start=1):
        # GTK ignores a button's second activation while the first still shows (~250 ms): wait
        # for each digit to land, as a person watching the dots would.
        click(button(app, digit))
        poll(lambda: "● " * typed in labels(app), what=f"{typed} PIN digits")
        if typed == screenshot_after:
            screenshot("desk-sign-in.png")
    sign_in = button(app, "Sign in")
    poll(lambda: enabled(sign_in), what="Sign in enabled after four digits")
    click(sign_in)


log_path = os.path.join(data_home, "desk.log")


def logged_desk():
    """`running` the desk with every GLib message on (G_MESSAGES_DEBUG=all), its output kept in desk.log."""
    log = open(log_path, "a")
    return running("desk", "--desk", "1", "--database", database, "--windowed",
                   env={"G_MESSAGES_DEBUG": "all"}, stdout=log, stderr=log)


def signed_in(app, name):
    """Whether the desk page names `name` as signed in."""
    return "Desk 1" in labels(app) and on_desk_page(app, name)


def no_staff_no_demo_member():
    """A production desk on a store with no staff: no "Demo / PIN 1234", but what to do."""
    with logged_desk() as (process, app):
        tally.wait_for(lambda: any("tessera staff add" in text for text in labels(app)),
                       "a desk with no staff says to add staff with tessera staff add", showing=lambda: labels(app))
        tally.expect("Demo" not in button_names(app) and not any("1234" in text for text in labels(app)),
                     f"and has no demo member ({button_names(app)})")
    tally.expect("No staff yet" in tessera("staff", "list"), "the desk added nobody to the store")


def sign_in_and_serve():
    tessera("staff", "add", "Demo", stdin="1234\n")
    with logged_desk() as (process, app):
        demo = button(app, "Demo")
        click(demo)
        type_pin(app, "1234", screenshot_after=2)
        call_next = button(app, "Call next")
        poll(lambda: any(text.startswith("Desk 1") for text in labels(app)), what="the desk page")
        tally.expect(not enabled(call_next), "Call next is off while nobody waits")
        tally.expect(call_next.description.startswith("Nobody is waiting for"),
                     f"and says why: {call_next.description!r}")

        queue("issue", "C")
        tally.wait_for(lambda: enabled(call_next), "a ticket issued by another process enables Call next",
                       showing=lambda: call_next.description)
        click(call_next)
        tally.wait_for(lambda: "C001\tcalled" in queue("list"), "the store has C001 called")
        poll(lambda: "called for under a minute" in labels(app), what="C001 as the current ticket")
        screenshot("desk-called.png")
        complete = button(app, "Complete")
        poll(lambda: enabled(complete), what="Complete enabled for a called ticket")
        click(complete)
        tally.wait_for(lambda: "C001\tcompleted" in queue("list"), "Call next then Complete completes the ticket: two presses",
                       showing=lambda: queue("list"))
        click(button(app, "Sign out"))
        tally.wait_for(lambda: "Demo" in button_names(app) and not signed_in(app, "Demo"),
                       "signing out shows the sign-in page", showing=lambda: (button_names(app), labels(app)))


def wrong_pins_lock():
    with logged_desk() as (process, app):
        for attempt in range(5):
            demo = button(app, "Demo")
            poll(lambda: enabled(demo), what="the name button")
            click(demo)
            type_pin(app, "9999")
            if attempt < 4:
                poll(lambda: any("Wrong PIN" in text for text in labels(app)), what="wrong PIN message")
                click(button(app, "Back to names"))
        poll(lambda: any(text.startswith("Locked for ") for text in labels(app)), what="the lock's countdown")
        tally.expect(not enabled(button(app, "1")), "five wrong PINs lock Demo's keypad")
    with running("desk", "--desk", "1", "--database", database, "--windowed") as (process, app):
        click(button(app, "Demo"))
        poll(lambda: any(text.startswith("Locked for ") for text in labels(app)), what="the lock after a restart")
        tally.expect(not enabled(button(app, "1")), "a restart keeps Demo locked")


def main():
    no_staff_no_demo_member()
    sign_in_and_serve()
    wrong_pins_lock()
    with open(log_path) as log:
        text = log.read()
    tally.expect("1234" not in text and "9999" not in text, "no PIN typed on the keypad is in the desk's log")


tally.run(main)
