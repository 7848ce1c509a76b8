"""Two terminals on one PostgreSQL database, as a shop with a server runs them: a kiosk process
and a desk process (desk 1), driven as their people would (AT-SPI). A ticket taken at the kiosk
turns the desk's Call next on, live (LISTEN/NOTIFY), the call is in the database (psql), and
the kiosk's waiting count follows the desk's call.

Needs the throwaway cluster of scripts/test-postgres (make test runs it); without it the
test is skipped, except under CI (CI=true), where that is a failure."""
import os
import subprocess
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, click, enabled, labels, leave_ticket, running, sign_in  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, run_tessera  # noqa: E402

server = os.environ.get("TESSERA_TEST_POSTGRES_URL")
if not server:
    if os.environ.get("CI") == "true":
        print("FAIL no PostgreSQL server for the test (run it through scripts/test-postgres)")
        sys.exit(1)
    print("skipped: no PostgreSQL server (run through scripts/test-postgres, as make test does)")
    sys.exit(0)

tally = Tally()


def psql(url, sql):
    return subprocess.run(["psql", url, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql],
                          capture_output=True, text=True, check=True, timeout=WAIT_LIMIT).stdout.strip()


schema = "e2e" + uuid.uuid4().hex[:12]
psql(server, f"CREATE SCHEMA {schema}")
database = f"{server}?options=-csearch_path%3D{schema}"


def _quiet(action):
    try:
        return action()
    except Exception:
        return False


def main():
    run_tessera(database, "staff", "add", "Demo", stdin="1234\n")  # a production desk has no demo member
    with (running("kiosk", "--database", database, "--windowed") as (_, kiosk),
          running("desk", "--desk", "1", "--database", database, "--windowed") as (_, desk)):
        sign_in(desk)
        call_next = button(desk, "Call next")
        poll(lambda: call_next.description.startswith("Nobody is waiting for"), what="an idle desk")
        tally.expect(not enabled(call_next), "Call next is off while nobody waits")

        click(button(kiosk, "Returns"))
        poll(lambda: "R001" in labels(kiosk), what="ticket R001 at the kiosk")
        tally.expect(psql(database, "SELECT code || ' ' || state FROM tickets") == "R001 waiting",
                     "the database holds R001, waiting")
        tally.wait_for(lambda: enabled(call_next), "a ticket taken at the kiosk reaches the desk, live",
                       showing=lambda: (call_next.description, labels(desk)))

        # A second customer: R002 has R001 ahead, until the desk calls R001.
        leave_ticket(kiosk)
        poll(lambda: "R001" not in labels(kiosk), what="the services again")

        def take_returns():
            # The tap guard refuses taps for a moment after the page comes back: tap until taken.
            if "R002" not in labels(kiosk):
                click(button(kiosk, "Returns"))
            return poll(lambda: "R002" in labels(kiosk), timeout=1, what="R002")

        poll(lambda: _quiet(take_returns), what="ticket R002 at the kiosk")
        poll(lambda: "1 person ahead of you" in labels(kiosk), what="R002 behind R001")
        click(call_next)
        tally.wait_for(lambda: psql(database, "SELECT count(*) FROM events WHERE kind = 'ticketCalled' AND desk = 1") == "1",
                       "the call is one event in the database")
        poll(lambda: "called for under a minute" in labels(desk), what="R001 called at the desk")
        tally.wait_for(lambda: "You are next" in labels(kiosk), "the desk's call reaches the kiosk's ticket page, live",
                       showing=lambda: labels(kiosk))


tally.run(main)
