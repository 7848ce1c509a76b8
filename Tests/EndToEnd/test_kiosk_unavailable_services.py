"""`tessera kiosk` with a store file whose services have opening hours and a daily cap: what a
screen reader finds on each service button (AT-SPI, as Orca reads it). A service outside its
hours, past its cap or closed by staff is a push button named after the service, not sensitive,
whose description says why ("Opens at HH:MM", "No more tickets today", "Closed"); the reason is
also on screen. The others take taps."""
import os
import sys
import time

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, find_one, has, running, states  # noqa: E402
from e2e import Tally, poll, run_queue, scratch_paths  # noqa: E402

tally = Tally()
database, config = scratch_paths("tessera-e2e-unavailable-", "queue.db", "tessera.conf")


def hhmm(seconds):
    seconds %= 24 * 3600
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}"


def main():
    now = int(time.time()) % (24 * 3600)  # the store's time zone is UTC below
    # An hour that starts two hours from now, or, after 21:00 (when that would run past
    # midnight, which the file refuses), one that ended two hours ago: either way not now.
    start = now + 2 * 3600 if now < 21 * 3600 else now - 3 * 3600
    opens, closes = hhmm(start), hhmm(start + 3600)
    with open(config, "w") as file:
        file.write("[store]\nname = Corner Shop\ntime-zone = UTC\n\n"
                   "[service:C]\nname = Click & Collect\ndaily-cap = 1\n\n"
                   f"[service:R]\nname = Returns\nhours = {opens}-{closes}\n\n"
                   "[service:S]\nname = Customer Service\n")
    run_queue(database, "status", "--config", config)
    with running("kiosk", "--database", database, "--config", config) as (process, app):
        returns = find_one(app, role="push button", name="Returns")
        collect = find_one(app, role="push button", name="Click & Collect")
        service = find_one(app, role="push button", name="Customer Service")
        poll(lambda: has(service, pyatspi.STATE_SENSITIVE), what="the services ready")
        tally.expect(not has(returns, pyatspi.STATE_SENSITIVE), "Returns, outside its hours, is not sensitive")
        tally.expect(returns.description == f"Opens at {opens}",
                     f"and its description says when it opens ({returns.description!r})")
        labels = [node.name for node in find_all(app, role="label")]
        tally.expect(f"Opens at {opens}" in labels, "the reason is on screen too")
        tally.expect(has(collect, pyatspi.STATE_SENSITIVE) and not collect.description,
                     "Click & Collect, under its cap, is enabled with no reason")

        run_queue(database, "issue", "C", "--config", config)
        tally.wait_for(lambda: not has(collect, pyatspi.STATE_SENSITIVE) and collect.description == "No more tickets today",
                       "the day's last Click & Collect ticket, issued elsewhere, disables its button with the reason",
                       showing=lambda: (states(collect), collect.description))
        tally.expect(has(service, pyatspi.STATE_SENSITIVE), "Customer Service still takes taps")

        run_queue(database, "services", "close", "S", "--config", config)
        tally.wait_for(lambda: not has(service, pyatspi.STATE_SENSITIVE) and service.description == "Closed",
                       "Customer Service, closed by staff, stays: disabled, its description 'Closed', as out of hours",
                       showing=lambda: (states(service), service.description))
        tally.expect("Closed" in [node.name for node in find_all(app, role="label")], "the reason is on screen too")


tally.run(main)
