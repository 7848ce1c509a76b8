"""Drives a running Tessera process through AT-SPI, the way assistive technology (or a person) sees it.

Run with Debian's /usr/bin/python3 (python3-pyatspi) under scripts/headless.
"""
import contextlib
import os
import subprocess

import pyatspi

from e2e import TESSERA_BIN, WAIT_LIMIT, exited, poll


def launch(*args, env=None, **popen):
    """`tessera ARGS` started with `env` added to this environment; `popen` goes to subprocess.Popen
    (stdout=, stderr=, text=)."""
    merged = dict(os.environ)
    merged.update(env or {})
    return subprocess.Popen([TESSERA_BIN, *args], env=merged, **popen)


@contextlib.contextmanager
def running(*args, env=None, timeout=WAIT_LIMIT, **popen):
    """`tessera ARGS` (as `launch`) and its accessible application, once on the bus:

        with running("kiosk", "--database", database) as (process, app):

    The process is stopped when the block ends, however it ends.
    """
    process = launch(*args, env=env, **popen)
    try:
        yield process, find_application(process.pid, timeout)
    finally:
        stop(process)


def stop(process):
    if process.poll() is not None:
        return
    process.terminate()
    try:
        exited(process)
    except subprocess.TimeoutExpired:
        process.kill()


def find_application(pid, timeout=WAIT_LIMIT):
    """The accessible application of process `pid`, once it is on the bus."""
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
    """Every node below `root` with the AT-SPI role name (e.g. "push button") and accessible name given."""
    return [n for n in walk(root)
            if (role is None or n.getRoleName() == role) and (name is None or n.name == name)]


def find_one(root, role=None, name=None, timeout=WAIT_LIMIT):
    return poll(lambda: (find_all(root, role, name) or [None])[0], timeout, what=f"{role or 'node'} named {name!r}")


def click(node):
    """Runs the node's "click" action, as a screen reader user would."""
    action = node.queryAction()
    for index in range(action.nActions):
        if action.getName(index) == "click":
            return action.doAction(index)
    raise AssertionError(f"{node.name!r} has no click action")


def has(node, state):
    return node.getState().contains(state)


def states(node):
    """The node's AT-SPI states by name ("busy", "focused", "sensitive", …), for a failure to print."""
    return sorted(pyatspi.stateToString(state) for state in node.getState().getStates())


# What the scripts ask of a window most: its labels' texts, its push buttons' names, a push button by name,
# whether a node is enabled.
def labels(app):
    return [node.name for node in find_all(app, role="label")]


def button_names(app):
    return [node.name for node in find_all(app, role="push button")]


# The kiosk's look toggles, beside its language button: not services.
KIOSK_LOOKS = ("High contrast", "Large text")


def service_buttons(app):
    """The names of a kiosk's push buttons but its look toggles."""
    return [name for name in button_names(app) if name not in KIOSK_LOOKS]


def button(app, name):
    return find_one(app, role="push button", name=name)


def enabled(node):
    return has(node, pyatspi.STATE_SENSITIVE)


def banner(app):
    """A board's banner ticket label: the one label described as the call now (or last) called; None
    before the first call."""
    for node in walk(app):
        if node.getRoleName() == "label" and node.description in ("Now calling", "Last call"):
            return node
    return None


def leave_ticket(app):
    """Presses Done on a kiosk's ticket page until the page goes (its Done leaves the tree), as a
    customer presses again when nothing happens. The kiosk refuses taps for 600 ms after it shows a
    ticket (its tap guard: the second tap of a double tap must not dismiss the ticket) and Done shows
    no sign of it, so a single press then is lost and the page stays its ticket-seconds (8 s)."""
    def gone():
        done = find_all(app, role="push button", name="Done")
        if done:
            click(done[0])
        return not done
    poll(gone, interval=0.25, what="the ticket page to go after Done")


def sign_in(app, name="Demo", pin="1234"):
    """Signs `name` in on a desk's sign-in page with the on-screen keypad, as staff do, and waits for
    the desk page that names them."""
    click(button(app, name))
    for typed, digit in enumerate(pin, start=1):
        click(button(app, digit))
        poll(lambda: "● " * typed in labels(app), what=f"{typed} PIN digits")
    sign_in_button = button(app, "Sign in")
    poll(lambda: enabled(sign_in_button), what="Sign in enabled")
    click(sign_in_button)
    poll(lambda: on_desk_page(app, name), what=f"the desk page for {name}")


def on_desk_page(app, name):
    """Whether `app` shows the desk page (its Call next) with `name` signed in."""
    return name in labels(app) and button_names(app).count("Call next") == 1

def board_tile(app, service):
    """The texts of a board's tile for the service named `service`, top to bottom (its name, its
    waiting count, then its wait while somebody waits): ["Returns", "1 waiting", "no desk open"];
    [] while there is none. A tile is the name's parent, whose first label the name is."""
    for node in walk(app):
        if node.getRoleName() == "label" and node.name == service and node.parent is not None:
            tile = node.parent
            texts = [child for child in (tile.getChildAtIndex(i) for i in range(tile.childCount))
                     if child is not None and child.getRoleName() == "label"]
            if len(texts) >= 2 and texts[0].name == service:
                return [child.name for child in texts]
    return []
