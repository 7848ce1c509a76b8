"""The demo's kiosk, driven as a customer would (AT-SPI), on a fresh embedded SQLite store:
a tap issues a durable ticket that the queue CLI sees, and a ticket issued elsewhere shows up live
on the demo's board (its service card's waiting count)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import click, find_all, find_application, find_one, labels, launch, stop  # noqa: E402
from e2e import Tally, poll, run_queue, scratch_dir  # noqa: E402

tally = Tally()
data_home = scratch_dir("tessera-e2e-kiosk-")
database = os.path.join(data_home, "queue.db")


def queue(*args):
    return run_queue(database, *args)


def main():
    process = launch("demo", "--database", database)
    try:
        app = find_application(process.pid)
        button = find_one(app, role="push button", name="Click & Collect", timeout=20)
        tally.expect(button is not None, "the kiosk shows a button per service")
        tally.expect(not any(text.startswith("Ticket queue") for text in labels(app)),
                     "the welcome page, hidden behind the kiosk, is not offered to a screen reader")

        click(button)
        poll(lambda: "C001" in labels(app), timeout=15, what="ticket C001 on screen")
        tally.expect(True, "a tap shows ticket C001")
        tally.expect(any("You are next" == text for text in labels(app)), "with the people ahead of it")
        tally.expect("C001\twaiting" in queue("list"), "the ticket on screen is in the store (queue list)")

        queue("issue", "C")
        poll(lambda: any(text.startswith("2 waiting") for text in labels(app)), timeout=10,
             what="the board's waiting count to follow a ticket issued by another process")
        tally.expect(True, "a ticket issued by another process shows in the board's waiting count")

        tally.expect(not find_all(app, role="push button", name="Returns"),
                     "while the ticket shows, the hidden service buttons are not offered to a screen reader")
        click(find_one(app, role="push button", name="Done"))
        poll(lambda: find_all(app, role="push button", name="Returns")
             and not find_all(app, role="push button", name="Done"), timeout=10, what="the service buttons again")
        tally.expect(True, "Done returns to the service buttons")
    finally:
        stop(process)


tally.run(main)
