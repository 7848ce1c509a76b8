"""Commit before print, end to end: `tessera kiosk` with the fake printer on a pseudo-terminal.

1. A tap prints a ticket: the fake printer's own decoder reads one complete job.
2. The printer jams mid-ticket (`stall`: it answers status requests but stops taking the job) and
   the kiosk is killed with SIGKILL while it is still writing the ticket (after its
   `printing-started` mark): the ticket is committed (`tessera queue list` reads the database).
   The raster is 2048 dots wide so the job is far larger than the terminal's buffer: the kiosk is
   certainly blocked in the write when it dies.
3. A new kiosk starts with the printer back: it prints nothing on its own (several status polls
   pass with no new job), `tessera queue reprint` prints exactly one copy, and the store still
   holds exactly the two tickets.
"""
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyatspi  # noqa: E402
from atspi_driver import click, find_one, has, leave_ticket, running  # noqa: E402
from e2e import Tally, exited, poll, run_queue, scratch_dir  # noqa: E402
from fake_printer_run import FakePrinter  # noqa: E402

tally = Tally()
home = scratch_dir("tessera-e2e-printer-")
database = os.path.join(home, "queue.db")
printer = FakePrinter(home, "pty")
config = printer.config(home, printer_dots=2048)


def codes():
    return sorted(line.split("\t")[0] for line in run_queue(database, "list").splitlines() if "\t" in line)


def kiosk(trace):
    """`running` a kiosk with TESSERA_TRACE on, its marks (standard error) written to the file TRACE."""
    return running("kiosk", "--windowed", "--database", database, "--config", config,
                   env={"TESSERA_TRACE": "1"}, stderr=open(trace, "w"))


def marks(trace):
    with open(trace) as file:
        return [line.strip() for line in file]


def tap(app):
    button = find_one(app, role="push button", name="Click & Collect")
    # Two whole status polls answered: the kiosk knows the printer can print (the fake answers
    # nothing while it writes a job's PNG, and the kiosk then rightly reads it as unreachable).
    before = printer.status_requests()
    poll(lambda: printer.status_requests() >= before + 6, what="the kiosk reading the printer's status")
    # After "Done" the buttons take taps again only once the services are fully back.
    poll(lambda: has(button, pyatspi.STATE_SENSITIVE), what="Click & Collect ready for a tap")
    poll(lambda: click(button) is not None, what="a tap on Click & Collect")


def killed_mid_print():
    printer.state("ready")
    trace = os.path.join(home, "kiosk-1.trace")
    with kiosk(trace) as (process, app):
        tap(app)
        poll(lambda: len(printer.complete_jobs()) == 1, what="the first ticket printed")
        job = printer.complete_jobs()[0]
        names = [c["command"] for c in job["commands"]]
        tally.expect(names[0] == "ESC @" and names[-2:] == ["ESC d", "GS V"] and "GS v 0" in names,
                     f"the first ticket decodes as ESC @, GS v 0…, ESC d, GS V ({len(names)} commands)")
        tally.expect(codes() == ["C001"], "C001 committed")
        leave_ticket(app)

        printer.state("stall")
        seen = len(marks(trace))
        tap(app)
        try:
            poll(lambda: any(m.startswith("printing-started") for m in marks(trace)[seen:]),
                 what="the kiosk printing the second ticket")
        except Exception:
            print("marks:", marks(trace), "codes:", codes(), "jobs:", len(printer.jobs()))
            raise
        tally.expect(codes() == ["C001", "C002"], "C002 is committed before its printing starts")
        os.kill(process.pid, signal.SIGKILL)
        exited(process)
        tally.expect(process.returncode == -signal.SIGKILL, "the kiosk died by SIGKILL mid-print")


def restarted():
    printer.state("ready")
    with kiosk(os.path.join(home, "kiosk-2.trace")):
        before = printer.status_requests()
        poll(lambda: printer.status_requests() >= before + 9, what="the new kiosk polling the printer")
        tally.expect(len(printer.complete_jobs()) == 1, "after the restart nothing was printed on its own")
        tally.expect(codes() == ["C001", "C002"], "C002 survived the kill, still committed")
        out = run_queue(database, "reprint", "C002")
        tally.expect(out.startswith("C002  sent to kiosk “"), f"tessera queue reprint C002 names the kiosk: {out!r}")
        poll(lambda: len(printer.complete_jobs()) == 2, what="the copy printed")
        before = printer.status_requests()
        poll(lambda: printer.status_requests() >= before + 9, what="more status polls")
        tally.expect(len(printer.complete_jobs()) == 2, "the copy printed exactly once")
        tally.expect(codes() == ["C001", "C002"], "a reprint issues no ticket")


def main():
    # The fake printer is stopped however the script ends: a failed check or error in either half.
    try:
        killed_mid_print()
        restarted()
    finally:
        printer.stop()


tally.run(main)
