"""A customer chooses Cymraeg at the kiosk through AT-SPI (the language button, named in its own
language), takes a ticket and reads the Welsh ticket page; the ticket keeps its language (the stored
row), so the board calls it in Welsh with espeak-ng's Welsh voice (its recording announcer's log);
Done brings the next customer back to English. The names the file gives in Welsh (`name[cy]`, GKeyFile's
localized keys) are the Welsh customer's: the store's in the welcome, the service's on its button and
the ticket page, the desk's in the spoken call; a service without one keeps its own name. Screenshots of both pages go to WELSH_SHOTS (default
.build/welsh-screenshots; docs/screenshots holds a pair a person looked at)."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button_names, click, find_all, find_one, labels, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, announced, poll, queue_on, scratch_paths  # noqa: E402
from visual import settled_screenshot  # noqa: E402

tally = Tally()
database, config, announcements = scratch_paths("tessera-e2e-welsh-", "queue.db", "tessera.conf", "announcements")
queue = queue_on(database)
shots = os.environ.get("WELSH_SHOTS", ".build/welsh-screenshots")


def screenshot(name, pid):
    """The kiosk's window once the page's cross-fade has ended."""
    os.makedirs(shots, exist_ok=True)
    path = os.path.join(shots, name)
    window = poll(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True,
                                         text=True, timeout=WAIT_LIMIT).stdout.split(), what="the kiosk window")[0]
    settled_screenshot(lambda into: subprocess.run(["import", "-window", window, into], check=True, timeout=WAIT_LIMIT),
                       path)
    print(f"info: screenshot {path}")


# Welsh names for the store, a service and a desk; Returns has none. "Swyddfa" keeps its S after
# "ewch i" (Welsh mutates C to G there, which a stored name cannot do).
STORE = """[store]
name = High Street
name[cy] = Stryd Fawr

[service:C]
name = Click & Collect
name[cy] = Clicio a Chasglu
colour = #2E7D32

[service:R]
name = Returns

[desk:1]
name = Front Office
name[cy] = Swyddfa Flaen
services = C;R

"""


def main():
    os.makedirs(announcements)
    with open(config, "w") as file:
        file.write(STORE + "[kiosk]\nlanguages = en_GB;cy\nticket-seconds = 60\n\n[board]\nlanguages = en_GB;cy\nspeech = true\n")
    queue("status", "--config", config)  # creates the store the file describes
    with running("kiosk", "--database", database, "--config", config) as (kiosk, app):
        welsh = find_one(app, role="push button", name="Cymraeg")
        tally.expect("Take a ticket" in labels(app), "the kiosk starts in its default language, English")
        tally.expect(find_all(app, role="push button", name="Click & Collect"), "with the services' own names")
        tally.expect(any("High Street" in label for label in labels(app)), f"and the store's: {labels(app)}")
        tally.expect(not find_all(app, role="push button", name="English"),
                     "only the other language has a button")
        click(welsh)
        tally.wait_for(lambda: "Cymerwch docyn" in labels(app), "Cymraeg, chosen through AT-SPI, turns the page Welsh",
                       showing=lambda: labels(app))
        tally.expect("English" in button_names(app), "and offers English back, named in English")
        names = button_names(app)
        tally.expect("Clicio a Chasglu" in names and "Click & Collect" not in names,
                     f"the service's button has its Welsh name from name[cy]: {names}")
        tally.expect("Returns" in names, f"a service without a Welsh name keeps its own: {names}")
        tally.expect(any("Stryd Fawr" in label for label in labels(app)), f"the store's Welsh name: {labels(app)}")
        screenshot("kiosk-cymraeg.png", kiosk.pid)

        click(find_one(app, role="push button", name="Clicio a Chasglu"))
        poll(lambda: "Eich rhif" in labels(app) and "C001" in labels(app), what="the Welsh ticket page")
        shown = labels(app)
        tally.expect("Chi sydd nesaf" in shown, f"the ticket page in Welsh: {shown}")
        tally.expect("Clicio a Chasglu" in shown, f"names the service in Welsh: {shown}")
        done = find_one(app, role="push button", name="Wedi gorffen")
        tally.expect("Eich tocyn yw C001" in (done.description or ""), f"Done tells a screen reader in Welsh: {done.description!r}")
        screenshot("ticket-cymraeg.png", kiosk.pid)

        stored = json.loads(queue("list", "--json"))
        rows = stored if isinstance(stored, list) else stored.get("tickets", [])
        tally.expect([row.get("language") for row in rows] == ["cy"], f"the ticket keeps its language: {rows}")

        with running("board", "--windowed", "--database", database, "--config", config,
                     env={"TESSERA_ANNOUNCEMENT_LOG": announcements, "TESSERA_RESOURCES": os.path.abspath("Resources")},
                     stderr=subprocess.DEVNULL):
            queue("call", "--desk", "1")
            log = poll(lambda: announced(announcements) or None, what="the board's announcement")
            tally.expect(log[0][1:5] == ["C001", "1", "call", "Tocyn C 1, ewch i Swyddfa Flaen"],
                         f"the board calls the ticket in Welsh, to the desk's Welsh name: {log[0]}")
            tally.expect(log[0][5] == "cy", f"with espeak-ng's Welsh voice: {log[0][5:]}")

            click(done)
            tally.wait_for(lambda: "Take a ticket" in labels(app), "Done: the next customer is greeted in English again",
                           showing=lambda: labels(app))


tally.run(main)
