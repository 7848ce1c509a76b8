"""What a screen reader finds on `tessera kiosk` (AT-SPI, what Orca 43 reads; Orca itself is not run
here): every service button is a push button named after its service, inside no container named
"GtkOverlay" or "Kiosk" (Orca speaks named containers around what gets focus); while a ticket is being
issued the tapped button is busy and says so ("Getting your ticket…"), the others are not
sensitive; when the ticket page shows, focus is on Done, whose description carries the ticket
code, the service and the people ahead (GTK 4.8 has no announcement call: Orca speaks the focused
widget's description). The store is held busy by another writer so the busy wait can be seen."""
import os
import sqlite3
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, find_one, has, running, service_buttons, states  # noqa: E402
from e2e import Tally, poll, run_queue, scratch_database  # noqa: E402
from kiosk_input import centre, taps  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-reader-")
SERVICES = ["Click & Collect", "Returns", "Customer Service"]


def main():
    run_queue(database, "status")
    with running("kiosk", "--database", database) as (process, app):
        writer = sqlite3.connect(database, isolation_level=None, timeout=10)
        try:
            serve(process, app, writer)
        finally:
            writer.close()


def serve(process, app, writer):
    buttons = {name: find_one(app, role="push button", name=name) for name in SERVICES}
    poll(lambda: all(has(b, pyatspi.STATE_SENSITIVE) for b in buttons.values()), what="the services ready")
    tally.expect(sorted(service_buttons(app)) == sorted(SERVICES),
                 "one push button per service, named after it")
    # Orca speaks the named containers around a newly focused button: none may be a GTK type
    # name ("GtkOverlay") or the role's own name ("Kiosk").
    containers = [(n.getRoleName(), n.name) for n in find_all(app)
                  if n.getRoleName() in ("panel", "filler") and n.name]
    tally.expect(all(not name.startswith("Gtk") and name != "Kiosk" for _, name in containers),
                 f"no container named after a GTK type or 'Kiosk' ({containers})")
    # Another process holds the write lock: the kiosk's commit waits for it (its busy handler).
    writer.execute("BEGIN IMMEDIATE")
    returns = buttons["Returns"]
    x, y = centre(returns, process.pid)
    taps(x, y, 1, 0)
    tally.wait_for(lambda: has(returns, pyatspi.STATE_BUSY), "the tapped button is busy while the ticket is issued",
                   timeout=5, showing=lambda: states(returns))
    tally.expect("Getting your ticket…" in [n.name for n in find_all(app, role="label")],
                 "and the wait is said in words")
    tally.expect(not has(buttons["Click & Collect"], pyatspi.STATE_SENSITIVE), "the other services wait")
    writer.execute("ROLLBACK")
    done = find_one(app, role="push button", name="Done")
    poll(lambda: has(done, pyatspi.STATE_FOCUSED), what="focus on Done")
    tally.expect(done.description == "Your ticket is R001, Returns. You are next",
                 f"Done's description carries the ticket ({done.description!r})")
    tally.expect(not has(returns, pyatspi.STATE_BUSY), "no longer busy")


tally.run(main)
