"""`tessera admin`, the admin page as a role of its own (issue 26): a clerk who signs in is told
only an administrator can manage the store and stays on the sign-in; an administrator gets the
page, makes the clerk an administrator there, and Sign out brings the sign-in back, where the
clerk now gets the page. Through AT-SPI on the real binary."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, button_names, click, find_all, labels, running  # noqa: E402
from e2e import Tally, poll, scratch_database, tessera_on  # noqa: E402

tally = Tally()
database = scratch_database("tessera-e2e-admin-role-")
tessera = tessera_on(database)


def type_pin(app, name, pin):
    click(button(app, name))
    for typed, digit in enumerate(pin, start=1):
        click(button(app, digit))
        poll(lambda: "● " * typed in labels(app), what=f"{typed} PIN digits")
    sign_in = button(app, "Sign in")
    poll(lambda: sign_in.getState().contains(__import__("pyatspi").STATE_SENSITIVE), what="Sign in enabled")
    click(sign_in)


def main():
    tessera("queue", "status")
    tessera("staff", "add", "Ada", stdin="2468\n")
    tessera("staff", "add", "Morgan", "--role", "admin", stdin="1357\n")
    with running("admin", "--windowed", "--database", database) as (_, app):
        poll(lambda: "Manage the store: sign in" in labels(app), what="the admin role's sign-in")
        type_pin(app, "Ada", "2468")
        tally.wait_for(lambda: "Only an administrator can manage the store; Ada is not one." in labels(app),
                       "a clerk is refused, by name", showing=lambda: labels(app))
        tally.expect(not find_all(app, role="text", name="Name in Welsh"), "and gets no admin page")
        type_pin(app, "Morgan", "1357")
        tally.wait_for(lambda: "Signed in as Morgan; every change is recorded with your name." in labels(app),
                       "an administrator gets the page", showing=lambda: labels(app))
        tally.expect({"Services", "Desks", "Staff", "Sign out"} <= set(button_names(app)), f"its tabs: {button_names(app)}")
        click(button(app, "Staff"))
        click(poll(lambda: button(app, "Make administrator"), what="Ada's Make administrator"))
        tally.wait_for(lambda: "Ada  admin  PIN set" in tessera("staff", "list"), "Morgan makes Ada an administrator",
                       showing=lambda: tessera("staff", "list"))
        click(button(app, "Sign out"))
        tally.wait_for(lambda: "Morgan" in button_names(app) and not find_all(app, role="text", name="Name in Welsh"),
                       "Sign out: back to the names", showing=lambda: button_names(app))
        type_pin(app, "Ada", "2468")
        tally.wait_for(lambda: "Signed in as Ada; every change is recorded with your name." in labels(app),
                       "and Ada, an administrator now, gets the page", showing=lambda: labels(app))


tally.run(main)
