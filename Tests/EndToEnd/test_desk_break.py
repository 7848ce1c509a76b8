"""A break at the desk (issue 25), the desk and the board as two processes on one store, driven as
their people would: "On a break" pauses the desk, so a ticket issued meanwhile is not called from
it, the board lists the desk as away and a new ticket's wait is unknown; "Back from break" (no PIN)
opens it again, the board drops it from the away list, and Call next serves the ticket."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import board_tile, button, button_names, click, enabled, labels, running, sign_in  # noqa: E402
from e2e import Tally, poll, scratch_database, tessera_on  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-desk-break-")
tessera = tessera_on(database)


def main():
    tessera("staff", "add", "Ada", stdin="2468\n")
    with running("board", "--database", database, "--windowed") as (_, board), \
            running("desk", "--desk", "2", "--database", database, "--windowed") as (_, desk):
        sign_in(desk, "Ada", "2468")
        on_break = button(desk, "On a break")
        poll(lambda: enabled(on_break), what="On a break enabled at a free desk")
        click(on_break)
        tally.wait_for(lambda: "Back from break" in button_names(desk) and "On a break" not in button_names(desk),
                       "on a break, the desk offers the way back", showing=lambda: button_names(desk))
        tally.wait_for(lambda: "Away: Desk 2" in labels(board), "the board lists the desk as away",
                       showing=lambda: labels(board))
        tessera("queue", "issue", "R")
        call_next = button(desk, "Call next")
        tally.wait_for(lambda: board_tile(board, "Returns")[1:] == ["1 waiting", "no desk open"],
                       "the board counts the ticket issued during the break, its wait unknown: nobody serves",
                       showing=lambda: labels(board))
        tally.expect(not enabled(call_next), f"a desk on a break calls nobody ({call_next.description!r})")
        tally.expect("paused" in tessera("queue", "status"), "the store has the desk paused")

        click(button(desk, "Back from break"))
        tally.wait_for(lambda: enabled(call_next), "back from the break without a PIN: Call next is on",
                       showing=lambda: (button_names(desk), call_next.description))
        tally.wait_for(lambda: not any(text.startswith("Away:") for text in labels(board)),
                       "the board no longer lists the desk as away", showing=lambda: labels(board))
        click(call_next)
        tally.wait_for(lambda: "R001\tcalled" in tessera("queue", "list"), "and Call next serves the ticket",
                       showing=lambda: tessera("queue", "list"))


tally.run(main)
