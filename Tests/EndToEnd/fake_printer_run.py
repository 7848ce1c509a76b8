"""Runs fake_printer.py for a test or benchmark and reads what it recorded (its files in DIR)."""
import json
import os
import subprocess

from e2e import exited, poll

FAKE_PRINTER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_printer.py")


class FakePrinter:
    """A fake printer on `transport` ("tcp" or "pty") recording into HOME/printer."""

    def __init__(self, home, transport):
        self.dir = os.path.join(home, "printer")
        os.mkdir(self.dir)
        self.process = subprocess.Popen(["/usr/bin/python3", FAKE_PRINTER, "--dir", self.dir, f"--{transport}"])
        try:
            self.address = poll(lambda: open(self._path("address")).read(), what="the fake printer")
        except BaseException:
            self.stop()
            raise

    def _path(self, name):
        return os.path.join(self.dir, name)

    def config(self, home, **kiosk):
        """Writes HOME/tessera.conf with this printer and the other [kiosk] keys given; returns its path."""
        path = os.path.join(home, "tessera.conf")
        lines = [f"printer = {self.address}"] + [f"{key.replace('_', '-')} = {value}" for key, value in kiosk.items()]
        with open(path, "w") as f:
            f.write("[kiosk]\n" + "\n".join(lines) + "\n")
        return path

    def state(self, word):
        """What the printer answers from now on (see fake_printer.py: ready, paper-out, stall, …)."""
        with open(self._path("state"), "w") as f:
            f.write(word)

    def jobs(self):
        try:
            with open(self._path("jobs.jsonl")) as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def complete_jobs(self):
        return [job for job in self.jobs() if job["complete"]]

    def status_requests(self):
        """How many status requests the printer has answered."""
        try:
            return int(open(self._path("status-requests")).read() or 0)
        except (FileNotFoundError, ValueError):
            return 0

    def stop(self):
        """Kills the fake printer; once stopped, stopping again does nothing."""
        self.process.kill()
        exited(self.process)
