"""The desk by keyboard alone (real X keys through xdotool), roles (a staff member cannot close a
service, an admin can), and two desk processes racing for one ticket: exactly one gets it."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, button_names, click, enabled, labels, on_desk_page, running, sign_in  # noqa: E402
from e2e import Tally, poll, scratch_database, tessera_on  # noqa: E402
from kiosk_input import keys_to  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-desk-roles-")
tessera = tessera_on(database)


def keyboard_alone():
    with running("desk", "--desk", "1", "--database", database, "--windowed") as (process, app):
        button(app, "Ada")
        # The first name has focus: Enter picks it, digits and Enter sign in.
        keys_to(process.pid, "Return", "2", "4", "6", "8", "Return")
        tally.wait_for(lambda: on_desk_page(app, "Ada"),
                       "sign-in by keyboard alone", showing=lambda: labels(app))
        tessera("queue", "issue", "R")
        call_next = button(app, "Call next")
        poll(lambda: enabled(call_next), what="Call next enabled")
        keys_to(process.pid, "F1")
        tally.wait_for(lambda: "R001\tcalled" in tessera("queue", "list"), "F1 calls the waiting ticket",
                       showing=lambda: tessera("queue", "list"))
        keys_to(process.pid, "F4")
        tally.wait_for(lambda: "R001\tcompleted" in tessera("queue", "list"),
                       "F4 completes it: the whole ticket by keyboard", showing=lambda: tessera("queue", "list"))

        # Ada is an administrator: she may close a service.
        close_c = button(app, "Close C")
        poll(lambda: enabled(close_c), what="Close C enabled for an admin")
        click(close_c)
        tally.wait_for(lambda: "Click & Collect\tclosed" in tessera("queue", "status"), "an admin can close a service",
                       showing=lambda: tessera("queue", "status"))
        click(button(app, "Sign out"))
        sign_in(app, "Sam", "1357")
        tally.expect(not any(name.startswith(("Open ", "Close ")) for name in button_names(app)),
                     f"a staff member is shown no open or close service buttons ({button_names(app)})")
        tally.expect("Click & Collect\tclosed" in tessera("queue", "status"), "C stays closed")


def race():
    with (running("desk", "--desk", "2", "--database", database, "--windowed") as (_, first),
          running("desk", "--desk", "3", "--database", database, "--windowed") as (_, second)):
        apps = [first, second]
        sign_in(apps[0], "Ada", "2468")
        sign_in(apps[1], "Sam", "1357")
        tessera("queue", "issue", "S")
        buttons = [button(app, "Call next") for app in apps]
        for node in buttons:
            poll(lambda: enabled(node), what="both desks see the ticket")
        click(buttons[0])
        click(buttons[1])
        status = poll(lambda: (lambda s: s if "S001" in s else None)(tessera("queue", "status")), what="S001 at a desk")
        holders = [line for line in status.splitlines() if "S001" in line]
        tally.expect(len(holders) == 1, f"exactly one desk holds S001: {holders}")
        loser = apps[1] if "Desk 2" in holders[0] else apps[0]
        tally.wait_for(lambda: any("Another desk called" in text or "Nobody is waiting" in text for text in labels(loser)),
                       "the other desk says it was taken", showing=lambda: labels(loser))


def main():
    tessera("staff", "add", "Ada", "--role", "admin", stdin="2468\n")
    tessera("staff", "add", "Sam", stdin="1357\n")
    keyboard_alone()
    race()


tally.run(main)
