"""`tessera staff add NAME` at a terminal (a pseudo-terminal, as a person at a shell): it asks for the
PIN twice with echo off, so the PIN is never on screen, and adds the member with it; two PINs that
differ add nobody. No display needed."""
import os
import pty
import select
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import TESSERA_BIN, WAIT_LIMIT, Tally, scratch_database, tessera_on  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-staff-tty-")
tessera = tessera_on(database)


class Terminal:
    """`tessera ARGS` on its own pseudo-terminal; everything it writes there is kept in `seen`."""

    def __init__(self, *args):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execv(TESSERA_BIN, [TESSERA_BIN, *args, "--database", database])
        self.seen = ""

    def _read(self, until):
        readable, _, _ = select.select([self.fd], [], [], max(0.0, until - time.monotonic()))
        if not readable:
            return False
        try:
            data = os.read(self.fd, 4096)
        except OSError:  # the child closed the terminal
            return None
        if not data:
            return None
        self.seen += data.decode("utf-8", "replace")
        return True

    def wait_for(self, text):
        """Whether `text` appeared within WAIT_LIMIT."""
        deadline = time.monotonic() + WAIT_LIMIT
        while text not in self.seen:
            if time.monotonic() > deadline or not self._read(deadline):
                return False
        return True

    def type(self, line):
        os.write(self.fd, (line + "\n").encode())

    def status(self):
        """The exit status once it ends (everything it wrote read first); None, and the process
        killed, if it has not ended within WAIT_LIMIT (still waiting for input)."""
        deadline = time.monotonic() + WAIT_LIMIT
        while self._read(deadline):
            pass
        ended, status = os.waitpid(self.pid, os.WNOHANG)
        while not ended and time.monotonic() < deadline:  # the terminal closes just before the process ends
            time.sleep(0.01)
            ended, status = os.waitpid(self.pid, os.WNOHANG)
        if not ended:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status) if ended else None


def main():
    ada = Terminal("staff", "add", "Ada")
    tally.expect(ada.wait_for("New PIN (4 to 8 digits): "), f"it asks for the PIN ({ada.seen!r})")
    ada.type("2468")
    tally.expect(ada.wait_for("The same PIN again: "), f"and asks again ({ada.seen!r})")
    ada.type("2468")
    tally.expect(ada.status() == 0, f"exit 0 ({ada.seen!r})")
    tally.expect("2468" not in ada.seen, f"the PIN typed is never shown ({ada.seen!r})")
    tally.expect("Ada  added as staff" in ada.seen, "it says the member was added")
    tally.expect(tessera("staff", "list") == "Ada  staff  PIN set\n", "Ada has her PIN in the same step")

    bea = Terminal("staff", "add", "Bea")
    tally.expect(bea.wait_for("New PIN (4 to 8 digits): "), "Bea: it asks for the PIN")
    bea.type("2468")
    tally.expect(bea.wait_for("The same PIN again: "), "and again")
    bea.type("1357")
    tally.expect(bea.status() == 2, f"two PINs that differ are exit 2 ({bea.seen!r})")
    tally.expect("the two PINs differ" in bea.seen, "and it says so")
    tally.expect(tessera("staff", "list") == "Ada  staff  PIN set\n", "Bea was not added")


tally.run(main)
