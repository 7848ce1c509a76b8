"""A kiosk whose store cannot be opened shows a calm page in a customer's words (no paths, no
errors), keeps trying by itself, and shows its services once the store can be opened."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button_names, labels, running  # noqa: E402
from e2e import Tally, poll, scratch_dir  # noqa: E402

tally = Tally()
work = scratch_dir("tessera-e2e-unavailable-")
folder = os.path.join(work, "store")


def main():
    # A file where the store's directory should be: the database cannot be opened.
    open(folder, "w").close()
    with running("kiosk", "--database", os.path.join(folder, "queue.db")) as (process, app):
        shown = poll(lambda: [t for t in labels(app) if t.startswith("Sorry")], what="the calm page")[0]
        tally.expect("not available just now" in shown, f"the kiosk says so in a customer's words ({shown!r})")
        tally.expect(folder not in shown and "database" not in shown and "cannot" not in shown,
                     "no paths or errors for the customer")
        os.remove(folder)
        os.mkdir(folder)
        tally.wait_for(lambda: "Click & Collect" in button_names(app),
                       "the kiosk recovers by itself when the store comes back", showing=lambda: labels(app))


tally.run(main)
