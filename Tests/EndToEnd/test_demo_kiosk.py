"""The demo's kiosk, driven as a customer would (AT-SPI), on a fresh embedded SQLite store:
a tap issues a durable ticket that the queue CLI sees, and a ticket issued elsewhere shows up live
on the demo's board (its service card's waiting count)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button_names, click, find_all, find_one, labels, leave_ticket, running  # noqa: E402
from e2e import Tally, queue_on, scratch_database  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-kiosk-")
queue = queue_on(database)


def buttons(app, name):
    return find_all(app, role="push button", name=name)


def main():
    with running("demo", "--database", database) as (process, app):
        tally.wait_for(lambda: {"Click & Collect", "Returns", "Customer Service"} <= set(button_names(app)),
                       "the kiosk shows a button per service", showing=lambda: button_names(app))
        button = find_one(app, role="push button", name="Click & Collect")
        tally.expect(not any(text.startswith("Ticket queue") for text in labels(app)),
                     "the welcome page, hidden behind the kiosk, is not offered to a screen reader")

        click(button)
        tally.wait_for(lambda: "C001" in labels(app), "a tap shows ticket C001", showing=lambda: labels(app))
        tally.expect(any("You are next" == text for text in labels(app)), "with the people ahead of it")
        tally.expect("C001\twaiting" in queue("list"), "the ticket on screen is in the store (queue list)")

        queue("issue", "C")
        tally.wait_for(lambda: any(text.startswith("2 waiting") for text in labels(app)),
                       "a ticket issued by another process shows in the board's waiting count",
                       showing=lambda: labels(app))

        tally.expect(not buttons(app, "Returns"),
                     "while the ticket shows, the hidden service buttons are not offered to a screen reader")
        leave_ticket(app)
        tally.wait_for(lambda: buttons(app, "Returns") and not buttons(app, "Done"),
                       "Done returns to the service buttons", showing=lambda: button_names(app))


tally.run(main)
