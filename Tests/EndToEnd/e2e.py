"""Shared pieces of the end-to-end scripts: a tally that prints the closing line CI reads, and polling.

No sleeping-and-hoping: every wait is `poll` with a deadline, and no deadline is over WAIT_LIMIT.

With TESSERA_E2E_TIMINGS=1 every wait prints how long it took: `waited 1.23 s for WHAT`.
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time

TESSERA_BIN = os.environ.get("TESSERA_BIN", ".build/debug/tessera")
TIMINGS = os.environ.get("TESSERA_E2E_TIMINGS") == "1"


# The longest any end-to-end script waits for one thing: a window on the bus, a label, a row in
# the store, a process's exit, a command's end. What the scripts wait for is something a person at the
# screen would see at once. Measured (TESSERA_E2E_TIMINGS=1, every script, on the shared 2-core machine
# while it built): the longest real waits are the kiosk's first frame under cage (2.1-6.0 s) and a
# kiosk whose store comes back (5.2 s: it retries every 5 s); every other wait, a first app start
# included, under 2.1 s. A wait longer than this is a hang to report, not a slow machine to wait out
# (issue 23). A wait that would need more is split into steps, never given a longer limit: `limited`
# refuses one.
WAIT_LIMIT = 10.0


class Failure(AssertionError):
    pass


class WaitTooLong(ValueError):
    """A wait asked for a limit over WAIT_LIMIT: a mistake in the script, raised where it is made."""


def limited(timeout):
    """`timeout`, for a wait; raises WaitTooLong when it is over WAIT_LIMIT."""
    if timeout > WAIT_LIMIT:
        raise WaitTooLong(f"a wait of {timeout:g} s: no end-to-end wait may be longer than {WAIT_LIMIT:g} s")
    return timeout


def _waited(started, what, outcome=""):
    """With TESSERA_E2E_TIMINGS=1, prints how long the wait for `what` begun at `started` (monotonic) took."""
    if TIMINGS:
        print(f"waited {time.monotonic() - started:.2f} s for {what}{outcome}", flush=True)


def poll(predicate, timeout=WAIT_LIMIT, interval=0.05, what="condition"):
    """Returns the first truthy value of predicate(), or raises Failure after `timeout` seconds
    (WaitTooLong at once if that is over WAIT_LIMIT).

    Exceptions from predicate count as "not yet": an accessible tree changes while the app updates it.
    Only WaitTooLong (a wait inside predicate asking too much) goes straight through.
    """
    started = time.monotonic()
    deadline = started + limited(timeout)
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                _waited(started, what)
                return value
        except WaitTooLong:
            raise
        except Exception as error:
            last_error = error
        time.sleep(interval)
    _waited(started, what, " (timed out)")
    raise Failure(f"timed out after {timeout:.0f}s waiting for {what}"
                  + (f" (last error: {last_error!r})" if last_error else ""))


def exited(process, timeout=WAIT_LIMIT):
    """Waits for `process` (a subprocess.Popen) to exit and returns its exit status; raises
    subprocess.TimeoutExpired after `timeout` seconds (WaitTooLong at once if that is over WAIT_LIMIT)."""
    args = process.args if isinstance(process.args, (list, tuple)) else [process.args]
    what = f"{os.path.basename(str(args[0]))} (pid {process.pid}) to exit"
    started = time.monotonic()
    try:
        status = process.wait(timeout=limited(timeout))
    except subprocess.TimeoutExpired:
        _waited(started, what, " (timed out)")
        raise
    _waited(started, what)
    return status


class Stop(BaseException):
    """Raised by `Tally.wait_for` once it has printed and counted a FAIL: the script stops there.

    A BaseException, like SystemExit, so that no `except Exception` on the way out (a poll's predicate,
    `Tally.check`, a script's own handler) takes it for a new error and counts it again or swallows it.
    """


class Tally:
    """Counts checks; `finish` prints `N passed, M failed` and exits non-zero on any failure (or none run)."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def expect(self, condition, what):
        """Records one check of a value; returns the value so callers can stop early."""
        if condition:
            self.passed += 1
            print(f"ok   {what}")
        else:
            self.failed += 1
            print(f"FAIL {what}")
        return condition

    def wait_for(self, predicate, what, timeout=WAIT_LIMIT, interval=0.05, showing=None):
        """One check that waits: polls `predicate` until it returns something truthy, records ok `what`
        and returns that value. At the deadline it records FAIL `what` with what `predicate` last returned
        (or raised) and, given `showing`, what `showing()` reports then (the labels on screen, the
        store's list), and stops the script (raises Stop).

        Exceptions from predicate count as "not yet", as in `poll`; a `timeout` over WAIT_LIMIT is
        WaitTooLong.
        """
        started = time.monotonic()
        deadline = started + limited(timeout)
        while True:
            try:
                value = predicate()
            except WaitTooLong:
                raise
            except Exception as error:
                last = f"last raised {error!r}"
            else:
                if value:
                    _waited(started, what)
                    self.passed += 1
                    print(f"ok   {what}")
                    return value
                last = f"last returned {value!r}"
            if time.monotonic() >= deadline:
                break
            time.sleep(interval)
        _waited(started, what, " (timed out)")
        if showing is not None:
            try:
                last += f"; showing {showing()!r}"
            except Exception as error:
                last += f"; showing raised {error!r}"
        self.failed += 1
        print(f"FAIL {what} (after {timeout:g} s: {last})")
        raise Stop(what)

    def check(self, what, function):
        """Records one check that passes when `function` returns without raising."""
        try:
            function()
        except Exception as error:
            self.failed += 1
            print(f"FAIL {what}: {error}")
        else:
            self.passed += 1
            print(f"ok   {what}")

    def run(self, main):
        """Runs `main`, counting an unexpected exception as a failure, then finishes."""
        try:
            main()
        except Stop:
            pass  # wait_for has printed and counted it
        except Exception as error:
            self.failed += 1
            print(f"FAIL unexpected error: {error!r}")
        self.finish()

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        if self.failed:
            # Kept for whoever reads the failure (logs, the database).
            for path in _scratch:
                print(f"kept {path}")
            _scratch.clear()
        sys.exit(1 if self.failed or not self.passed else 0)


_scratch = []


def scratch_dir(prefix):
    """A new temporary directory for a test's files: removed when the script ends, unless a check failed."""
    path = tempfile.mkdtemp(prefix=prefix)
    _scratch.append(path)
    return path


def scratch_paths(prefix, *names):
    """The paths of NAMES (not made yet) in one new scratch directory (see scratch_dir):
    `database, config = scratch_paths("tessera-e2e-x-", "queue.db", "tessera.conf")`."""
    folder = scratch_dir(prefix)
    return [os.path.join(folder, name) for name in names]


def scratch_database(prefix):
    """The path of a queue database (not made yet) in a new scratch directory."""
    return os.path.join(scratch_dir(prefix), "queue.db")


@atexit.register
def _remove_scratch():
    for path in _scratch:
        shutil.rmtree(path, ignore_errors=True)


def run_tessera(database, *args, stdin=None):
    """`tessera ARGS --database DATABASE`, STDIN its input; its standard output, or Failure with the
    exit code and message."""
    out = subprocess.run([TESSERA_BIN, *args, "--database", database],
                         input=stdin, capture_output=True, text=True, timeout=WAIT_LIMIT)
    if out.returncode != 0:
        raise Failure(f"tessera {' '.join(args)}: exit {out.returncode}: {out.stderr.strip()}")
    return out.stdout


def run_queue(database, *args):
    """`tessera queue ARGS --database DATABASE` (`run_tessera`)."""
    return run_tessera(database, "queue", *args)


def tessera_on(database):
    """`tessera` on DATABASE as a function: `tessera = tessera_on(database)`, then
    `tessera("staff", "pin", "Ada", stdin="2468\n")`."""
    def tessera(*args, stdin=None):
        return run_tessera(database, *args, stdin=stdin)
    return tessera


def queue_on(database):
    """`tessera queue` on DATABASE as a function: `queue = queue_on(database)`, then `queue("issue", "C")`."""
    def queue(*args):
        return run_queue(database, *args)
    return queue


def announced(folder):
    """What a board started with TESSERA_ANNOUNCEMENT_LOG=FOLDER has announced: the lines of its
    announcements.log, each split at its tabs; [] before the first."""
    try:
        with open(os.path.join(folder, "announcements.log")) as file:
            return [line.rstrip("\n").split("\t") for line in file if line.strip()]
    except FileNotFoundError:
        return []
