"""`tessera queue reprint` with two printing kiosks, end to end: two `tessera kiosk` processes (Door and
Window), each with its own fake printer (raw TCP), on one database.

1. `reprint C001 --kiosk Window`: one copy at Window's printer and none at Door's, still so after several more
   status polls of Door's printer; the output names Window.
2. `reprint C001` (no --kiosk): the kiosk a desk would ask, Door (first by name), prints one copy; Window prints
   no second one; the output names Door.
3. `reprint C001 --kiosk Dor`: exit 2, naming the kiosks that reported.
"""
import json
import os
import sqlite3
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import running  # noqa: E402
from e2e import TESSERA_BIN, WAIT_LIMIT, Tally, poll, run_queue, scratch_dir  # noqa: E402
from fake_printer_run import FakePrinter  # noqa: E402

tally = Tally()
home = scratch_dir("tessera-e2e-cli-reprint-")
database = os.path.join(home, "queue.db")
homes = {name: os.path.join(home, name) for name in ("Door", "Window")}
for path in homes.values():
    os.mkdir(path)
printers = {name: FakePrinter(path, "tcp") for name, path in homes.items()}


def reported_kiosks():
    """The kiosks whose printer reports are in the database, read without tessera."""
    try:
        with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
            rows = db.execute("SELECT data FROM events WHERE kind = 'printerReported'").fetchall()
    except sqlite3.Error:
        return set()
    return {json.loads(data).get("terminal") for (data,) in rows}


def settle(name):
    """Waits for several more status polls of NAME's printer: a copy sent there would have come by then."""
    before = printers[name].status_requests()
    poll(lambda: printers[name].status_requests() >= before + 9, what=f"more status polls at {name}")


def kiosk(name):
    """`running` the kiosk NAME with its own fake printer, ready."""
    printers[name].state("ready")
    config = printers[name].config(homes[name], name=name)
    return running("kiosk", "--windowed", "--database", database, "--config", config)


def main():
    try:
        with kiosk("Door"), kiosk("Window"):
            reprints()
    finally:
        for printer in printers.values():
            printer.stop()


def reprints():
    poll(lambda: {"Door", "Window"} <= reported_kiosks(), what="both kiosks reporting their printers")
    run_queue(database, "issue", "C")

    out = run_queue(database, "reprint", "C001", "--kiosk", "Window")
    tally.expect(out == "C001  sent to kiosk “Window”\n", f"the output names the kiosk: {out!r}")
    poll(lambda: len(printers["Window"].complete_jobs()) >= 1, what="the copy at Window")
    settle("Door")
    settle("Window")
    tally.expect(len(printers["Window"].complete_jobs()) == 1, "one copy at Window")
    tally.expect(printers["Door"].complete_jobs() == [], "none at Door")

    out = run_queue(database, "reprint", "C001")
    tally.expect(out == "C001  sent to kiosk “Door”\n", f"without --kiosk, the first by name: {out!r}")
    poll(lambda: len(printers["Door"].complete_jobs()) >= 1, what="the copy at Door")
    settle("Window")
    settle("Door")
    tally.expect(len(printers["Door"].complete_jobs()) == 1, "one copy at Door")
    tally.expect(len(printers["Window"].complete_jobs()) == 1, "no second copy at Window")

    typo = subprocess.run([TESSERA_BIN, "queue", "reprint", "C001", "--kiosk", "Dor", "--database", database],
                          capture_output=True, text=True, timeout=WAIT_LIMIT)
    tally.expect(typo.returncode == 2 and "kiosks: Door, Window" in typo.stderr,
                 f"an unknown kiosk is exit 2 naming those that reported: {typo.returncode} {typo.stderr!r}")


tally.run(main)
