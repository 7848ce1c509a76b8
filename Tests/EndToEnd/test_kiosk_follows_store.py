"""`tessera kiosk` follows the store while it is shown: another process closes, adds, renames
and caps services (`tessera queue services`), and the buttons follow; a closed service keeps its
button, disabled with "Closed"; with every service closed the page says so in a customer's words;
a capped service is disabled before the tap and says why. Five services and a long name still fit
the screen."""
import os
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, find_one, has, labels, running, service_buttons, states  # noqa: E402
from e2e import Tally, poll, queue_on, scratch_paths  # noqa: E402
from kiosk_input import centre, taps  # noqa: E402

tally = Tally()
database, config = scratch_paths("tessera-e2e-follow-", "queue.db", "tessera.conf")
queue = queue_on(database)
LONG_NAME = "Returns, exchanges and refunds for large household appliances"


def buttons(app):
    return sorted(service_buttons(app))


def expect_buttons(app, names, what):
    tally.wait_for(lambda: buttons(app) == sorted(names), f"{what}: {sorted(names)}", showing=lambda: buttons(app))


def overflowing(app):
    """Buttons not wholly inside the window (a full-screen window clips what does not fit)."""
    frame = find_all(app, role="frame")[0].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    out = []
    for node in find_all(app, role="push button"):
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if box.x < 0 or box.y < 0 or box.x + box.width > frame.width or box.y + box.height > frame.height:
            out.append((node.name, box.x, box.y, box.width, box.height))
    return out


def main():
    with open(config, "w") as file:
        file.write("[kiosk]\nidle-seconds = 5\n")
    queue("status")  # creates the store with its default services
    with running("kiosk", "--database", database, "--config", config) as (process, app):
        expect_buttons(app, ["Click & Collect", "Customer Service", "Returns"], "the open services have buttons")

        queue("services", "close", "R")
        returns = find_one(app, role="push button", name="Returns")
        tally.wait_for(lambda: not has(returns, pyatspi.STATE_SENSITIVE) and returns.description == "Closed",
                       "a service closed elsewhere keeps its button, disabled with 'Closed'",
                       showing=lambda: (states(returns), returns.description))
        tally.expect("Closed" in labels(app), "the reason is shown under the button")
        queue("services", "add", "P", "Pharmacy")
        expect_buttons(app, ["Click & Collect", "Customer Service", "Pharmacy", "Returns"], "an added service appears")
        queue("services", "set", "C", "--name", "Collect your order")
        expect_buttons(app, ["Collect your order", "Customer Service", "Pharmacy", "Returns"], "a rename shows")

        for code in ["C", "S", "P"]:
            queue("services", "close", code)
        poll(lambda: any("not giving out tickets" in text for text in labels(app)), what="the closed-store message")
        tally.expect(not any(has(find_one(app, role="push button", name=name), pyatspi.STATE_SENSITIVE)
                             for name in buttons(app)), "every service button is off")
        tally.expect(not any(text == "Take a ticket" for text in labels(app)),
                     "with every service closed the page says so, not an empty 'Take a ticket'")

        for code in ["C", "S", "P", "R"]:
            queue("services", "open", code)
        queue("services", "add", "L", LONG_NAME)
        expect_buttons(app, ["Collect your order", "Customer Service", "Pharmacy", "Returns", LONG_NAME],
                       "five services, one with a long name")
        tally.expect(not overflowing(app), f"every button is wholly on screen ({overflowing(app)})")

        # Capped elsewhere: the button is off before anyone taps it, and says why.
        queue("services", "set", "P", "--cap", "1")
        queue("issue", "P")
        pharmacy = find_one(app, role="push button", name="Pharmacy")
        poll(lambda: not has(pharmacy, pyatspi.STATE_SENSITIVE) and pharmacy.description == "No more tickets today",
             what="Pharmacy disabled with its reason")
        tally.expect("No more tickets today" in labels(app), "the reason is shown under the button")
        queue("services", "set", "P", "--cap", "0")
        tally.wait_for(lambda: has(pharmacy, pyatspi.STATE_SENSITIVE) and not pharmacy.description,
                       "the cap lifted elsewhere: the button takes taps again",
                       showing=lambda: (states(pharmacy), pharmacy.description))

        # People ahead follow the queue while the ticket shows.
        queue("issue", "S")
        service = find_one(app, role="push button", name="Customer Service")
        poll(lambda: has(service, pyatspi.STATE_SENSITIVE), what="Customer Service ready for a tap")
        x, y = centre(service, process.pid)
        taps(x, y, 1, 0)
        tally.wait_for(lambda: "S002" in labels(app) and "1 person ahead of you" in labels(app),
                       "the ticket page counts the ticket issued before it", showing=lambda: labels(app))
        queue("cancel", "S001")
        tally.wait_for(lambda: "You are next" in labels(app),
                       "a ticket ahead cancelled by another process: 'You are next' while the page shows",
                       showing=lambda: labels(app))


tally.run(main)
