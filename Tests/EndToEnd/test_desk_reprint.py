"""Reprint from the desk, end to end: a `tessera kiosk` named Door with the fake printer (raw TCP) and a
`tessera desk` on one database, both driven through AT-SPI.

1. Signed in with nothing at the desk, "Reprint ticket" is off and says why.
2. Call next on a ticket issued elsewhere (`tessera queue issue`, which prints nothing), one press on
   "Reprint ticket": exactly one ticketReprintRequested row in the database (read with sqlite3, naming
   the ticket, the staff member and the kiosk Door), and exactly one complete job at the fake printer, still one after
   several more status polls.
3. The printer runs out of paper: the desk says "Kiosk 'Door' printer: out of paper" and Reprint is
   off, saying the printer cannot print.
"""
import json
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, click, enabled, labels, running, sign_in  # noqa: E402
from e2e import Tally, poll, run_queue, run_tessera, scratch_dir  # noqa: E402
from fake_printer_run import FakePrinter  # noqa: E402

tally = Tally()
home = scratch_dir("tessera-e2e-reprint-")
database = os.path.join(home, "queue.db")
printer = FakePrinter(home, "tcp")
config = printer.config(home, name="Door")


def reprint_rows():
    """(ticket, staff, kiosk) of every reprint request in the database, read without tessera."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT data FROM events WHERE kind = 'ticketReprintRequested' ORDER BY id").fetchall()
    return [(event.get("ticket"), event.get("staff"), event.get("terminal")) for event in (json.loads(data) for (data,) in rows)]


def main():
    # A production desk has no demo member: the one who signs in is added as staff IT would.
    run_tessera(database, "staff", "add", "Demo", "--config", config, stdin="1234\n")
    try:
        printer.state("ready")
        with (running("kiosk", "--windowed", "--database", database, "--config", config),
              running("desk", "--desk", "1", "--windowed", "--database", database, "--config", config) as (_, app)):
            reprint_at_desk(app)
    finally:
        printer.stop()


def reprint_at_desk(app):
    sign_in(app)
    click(button(app, "More actions…"))  # a copy is one of the rarer actions
    reprint = button(app, "Reprint ticket")
    tally.expect(not enabled(reprint) and reprint.description == "This desk has no ticket; call one first.",
                 f"with no ticket Reprint is off and says why: {reprint.description!r}")

    run_queue(database, "issue", "C")
    call_next = button(app, "Call next")
    poll(lambda: enabled(call_next), what="Call next for the ticket issued elsewhere")
    click(call_next)
    poll(lambda: "called for under a minute" in labels(app), what="C001 at the desk")
    poll(lambda: enabled(reprint), what="Reprint on once the kiosk's printer reported ready")
    tally.expect(printer.complete_jobs() == [], "nothing printed before the press")

    click(reprint)
    poll(lambda: len(printer.complete_jobs()) >= 1, what="the copy printed")
    rows = reprint_rows()
    tally.expect(len(rows) == 1 and rows[0][0] == 1 and rows[0][1] is not None and rows[0][2] == "Door",
                 f"one press, one reprint request naming C001, the staff member and the kiosk Door: {rows}")
    before = printer.status_requests()
    poll(lambda: printer.status_requests() >= before + 9, what="more status polls")
    tally.expect(len(printer.complete_jobs()) == 1, f"exactly one copy printed ({len(printer.complete_jobs())})")
    tally.expect(len(reprint_rows()) == 1, "still one request")

    printer.state("paper-out")
    tally.wait_for(lambda: "Kiosk 'Door' printer: out of paper" in labels(app),
                   "the desk says which kiosk is out of paper", timeout=5, showing=lambda: labels(app))
    poll(lambda: not enabled(reprint), timeout=5, what="Reprint off without paper")
    tally.expect(reprint.description == "The kiosk printer cannot print a copy now.",
                 f"and says why: {reprint.description!r}")


tally.run(main)
