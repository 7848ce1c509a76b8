"""One intent, one ticket, with real pointer input on `tessera kiosk` and the durable store: a
double tap 120 ms apart and a burst of five taps 30 ms apart each give exactly one ticket
(`tessera queue list` reads the database), and the ticket page never counts the customer's own
ghost as a person ahead."""
import os
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, find_one, has, labels, leave_ticket, running  # noqa: E402
from e2e import Tally, poll, queue_on, scratch_database  # noqa: E402
from kiosk_input import centre, taps  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-onetap-")
queue = queue_on(database)


def codes():
    return sorted(line.split("\t")[0] for line in queue("list").splitlines() if "\t" in line)


def tap_and_expect(app, pid, service, count, gap, code):
    button = find_one(app, role="push button", name=service)
    # After "Done" the buttons take taps again only once the services are fully back.
    poll(lambda: has(button, pyatspi.STATE_SENSITIVE), what=f"{service} ready for a tap")
    x, y = centre(button, pid)
    taps(x, y, count, gap)
    tally.wait_for(lambda: code in labels(app), f"{count} taps {int(gap * 1000)} ms apart on {service} show {code}",
                   showing=lambda: labels(app))
    shown = poll(lambda: [t for t in labels(app) if "ahead" in t or t == "You are next"], what="the people ahead")
    tally.expect(shown == ["You are next"], f"the ticket page says 'You are next', not a ghost ahead ({shown})")
    done = find_one(app, role="push button", name="Done")
    tally.wait_for(lambda: has(done, pyatspi.STATE_FOCUSED), "focus lands on Done", timeout=5,
                   showing=lambda: [node.name for node in find_all(app) if has(node, pyatspi.STATE_FOCUSED)])
    tally.expect(code in done.description and "You are next" in done.description,
                 f"and a screen reader hears the ticket with it ({done.description!r})")
    # Back to the services the way the customer leaves, then read the store.
    leave_ticket(app)
    poll(lambda: find_all(app, role="push button", name=service), what="the service buttons again")


def main():
    with running("kiosk", "--database", database) as (process, app):
        tap_and_expect(app, process.pid, "Click & Collect", 2, 0.120, "C001")
        tally.expect(codes() == ["C001"], f"a double tap at 120 ms issues one ticket (store: {codes()})")
        tap_and_expect(app, process.pid, "Customer Service", 5, 0.030, "S001")
        tally.expect(codes() == ["C001", "S001"], f"five taps at 30 ms issue one ticket (store: {codes()})")


tally.run(main)
