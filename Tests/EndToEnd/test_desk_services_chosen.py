"""A desk's services chosen on screen (issue 25), the desk and the board as two processes on one
store, with the real pointer and keys: Click & Collect has waited longest, but once the clerk taps
it off the desk's "Calling from" chips, F1 calls the Returns ticket; the choice is a
deskServicesChosen event naming the clerk, the board says nobody serves Click & Collect now, and
tapping it on again puts it back in what Call next takes."""
import json
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import board_tile, button, button_names, enabled, on_desk_page, running, sign_in  # noqa: E402
from e2e import Tally, poll, scratch_database, tessera_on  # noqa: E402
from kiosk_input import centre, keys_to, taps  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-desk-services-")
tessera = tessera_on(database)


def state(code):
    line = next((line for line in tessera("queue", "list").splitlines() if line.startswith(code + "\t")), "")
    return line.split("\t")[1] if "\t" in line else None


def choices():
    """(staff name, desk, services) of each deskServicesChosen event, oldest first."""
    with sqlite3.connect(database) as db:
        rows = db.execute("SELECT json_extract(e.data, '$.services'), e.desk, s.data FROM events e "
                          "LEFT JOIN staff s ON s.id = e.staff WHERE e.kind = 'deskServicesChosen' ORDER BY e.id").fetchall()
    return [(staff and json.loads(staff)["name"], desk, services) for services, desk, staff in rows]


def tap(process, node):
    x, y = centre(node, process.pid)
    taps(x, y, 1, 0)


def main():
    tessera("staff", "add", "Ada", stdin="2468\n")
    tessera("queue", "issue", "C")
    tessera("queue", "issue", "R")
    with running("board", "--database", database, "--windowed") as (_, board), \
            running("desk", "--desk", "1", "--database", database, "--windowed") as (process, desk):
        sign_in(desk, "Ada", "2468")
        collect = button(desk, "✓ Click & Collect · 1")
        tap(process, collect)
        tally.wait_for(lambda: "Click & Collect · 1" in button_names(desk), "the tapped chip shows Click & Collect off",
                       showing=lambda: button_names(desk))
        tally.wait_for(lambda: choices() == [("Ada", 1, '["R","S"]')], "one deskServicesChosen event, by Ada, at desk 1",
                       showing=choices)
        tally.wait_for(lambda: board_tile(board, "Click & Collect") == ["Click & Collect", "1 waiting", "no desk open"],
                       "the board: nobody serves Click & Collect now", showing=lambda: board_tile(board, "Click & Collect"))
        poll(lambda: enabled(button(desk, "Call next")), what="Call next enabled")
        keys_to(process.pid, "F1")
        tally.wait_for(lambda: state("R001") == "called", "F1 takes R001, not the older C001",
                       showing=lambda: tessera("queue", "list"))
        tally.expect(state("C001") == "waiting", "C001 still waits")
        keys_to(process.pid, "F4")
        poll(lambda: state("R001") == "completed", what="R001 completed")
        tap(process, button(desk, "Click & Collect · 1"))
        tally.wait_for(lambda: "✓ Click & Collect · 1" in button_names(desk), "tapped again, Click & Collect is back",
                       showing=lambda: button_names(desk))
        tally.wait_for(lambda: len(choices()) == 2 and choices()[1][2] == '["C","R","S"]',
                       "a second event with all three", showing=choices)
        poll(lambda: enabled(button(desk, "Call next")), what="Call next enabled")
        keys_to(process.pid, "F1")
        tally.wait_for(lambda: state("C001") == "called", "and F1 takes C001", showing=lambda: tessera("queue", "list"))
        tally.expect(on_desk_page(desk, "Ada"), "Ada is still signed in")


tally.run(main)
