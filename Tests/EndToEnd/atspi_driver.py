"""Drives a running Tessera process through AT-SPI, the way assistive technology (or a person) sees it.

Run with Debian's /usr/bin/python3 (python3-pyatspi). Every wait polls with a deadline; nothing sleeps and hopes.
"""
import os
import subprocess
import sys
import time

import pyatspi

TESSERA_BIN = os.environ.get("TESSERA_BIN", ".build/debug/tessera")


class Failure(AssertionError):
    pass


def poll(predicate, timeout=15.0, interval=0.05, what="condition"):
    """Returns the first truthy value of predicate() or raises Failure after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # the tree changes under us while the app updates
            last_error = error
        time.sleep(interval)
    raise Failure(f"timed out after {timeout}s waiting for {what}" + (f" (last error: {last_error})" if last_error else ""))


def launch(*args, env=None):
    merged = dict(os.environ)
    merged.update(env or {})
    return subprocess.Popen([TESSERA_BIN, *args], env=merged, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def find_application(pid, timeout=20.0):
    def lookup():
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is not None and app.get_process_id() == pid:
                return app
        return None
    return poll(lookup, timeout, what=f"application with pid {pid} on the accessibility bus")


def walk(node):
    yield node
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child)


def find_all(root, role=None, name=None):
    return [n for n in walk(root)
            if (role is None or n.getRoleName() == role) and (name is None or n.name == name)]


def find_one(root, role=None, name=None, timeout=10.0):
    return poll(lambda: (find_all(root, role, name) or [None])[0], timeout, what=f"{role or 'node'} named {name!r}")


def states(node):
    return {pyatspi.stateToString(s) for s in node.getState().getStates()}


def click(node):
    action = node.queryAction()
    for index in range(action.nActions):
        if action.getName(index) == "click":
            return action.doAction(index)
    raise Failure(f"{node.name!r} has no click action")


class Results:
    """Counts checks and prints the closing line the CI reads: `N passed, M failed`."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, label, function):
        try:
            function()
            self.passed += 1
            print(f"ok   {label}")
        except Exception as error:
            self.failed += 1
            print(f"FAIL {label}: {error}")

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed or not self.passed else 0)
