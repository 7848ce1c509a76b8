"""The desk's keys act whatever has focus (issue 25), with real X input (xdotool): after a keyboard
sign-in, Enter calls the next ticket and does not sign the clerk out; after Complete pressed with the
real pointer (which leaves no widget focused), F1 calls the next ticket, and Enter the one after. Sign
out with a ticket at the desk asks first: the first press leaves the clerk signed in and says why, the
second signs out and leaves the desk paused with its ticket."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, button_names, enabled, labels, on_desk_page, running  # noqa: E402
from e2e import Tally, poll, scratch_database, tessera_on  # noqa: E402
from kiosk_input import centre, keys_to, taps  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-desk-keys-")
tessera = tessera_on(database)


def state(code):
    line = next((line for line in tessera("queue", "list").splitlines() if line.startswith(code + "\t")), "")
    return line.split("\t")[1] if "\t" in line else None


def signed_in(app):
    return on_desk_page(app, "Ada")


def main():
    tessera("staff", "add", "Ada", stdin="2468\n")
    for _ in range(3):
        tessera("queue", "issue", "R")
    with running("desk", "--desk", "1", "--database", database, "--windowed") as (process, app):
        button(app, "Ada")
        keys_to(process.pid, "Return", "2", "4", "6", "8", "Return")
        tally.wait_for(lambda: signed_in(app), "sign-in by keyboard alone", showing=lambda: labels(app))
        poll(lambda: enabled(button(app, "Call next")), what="Call next enabled")
        keys_to(process.pid, "Return")
        tally.wait_for(lambda: state("R001") == "called", "Enter after a keyboard sign-in calls the next ticket",
                       showing=lambda: tessera("queue", "list"))
        tally.expect(signed_in(app), "and the clerk is still signed in")

        complete = button(app, "Complete")
        poll(lambda: enabled(complete), what="Complete enabled for R001")
        x, y = centre(complete, process.pid)
        taps(x, y, 1, 0)
        tally.wait_for(lambda: state("R001") == "completed", "Complete pressed with the pointer completes R001",
                       showing=lambda: tessera("queue", "list"))
        poll(lambda: enabled(button(app, "Call next")), what="Call next enabled again")
        keys_to(process.pid, "F1")
        tally.wait_for(lambda: state("R002") == "called", "after a pointer Complete, F1 calls the next ticket",
                       showing=lambda: tessera("queue", "list"))
        taps(*centre(button(app, "Complete"), process.pid), 1, 0)
        tally.wait_for(lambda: state("R002") == "completed", "Complete with the pointer again",
                       showing=lambda: tessera("queue", "list"))
        tally.wait_for(lambda: enabled(button(app, "Call next")), "Call next enabled for R003",
                       showing=lambda: (button(app, "Call next").description, labels(app)))
        keys_to(process.pid, "Return")
        tally.wait_for(lambda: state("R003") == "called", "and Enter calls the one after",
                       showing=lambda: tessera("queue", "list"))
        tally.expect(signed_in(app), "still signed in with R003 called")

        sign_out = button(app, "Sign out")
        taps(*centre(sign_out, process.pid), 1, 0)
        tally.wait_for(lambda: any("R003 is still at this desk" in text for text in labels(app)),
                       "Sign out with R003 at the desk asks first", showing=lambda: labels(app))
        tally.expect(signed_in(app), "and the clerk is still signed in after the first press")
        taps(*centre(sign_out, process.pid), 1, 0)
        tally.wait_for(lambda: not signed_in(app) and "Ada" in button_names(app),
                       "the second press signs out", showing=lambda: labels(app))
        tally.wait_for(lambda: "paused" in tessera("queue", "status") and state("R003") == "called",
                       "the desk is left paused with R003 called", showing=lambda: tessera("queue", "status"))


tally.run(main)
