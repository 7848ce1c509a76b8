"""The store managed on screen (issue 26), as an administrator does it with the real pointer and
keys, the kiosk and two desks as their own processes on one store: Morgan signs in at desk 1 and
opens "Manage the store"; adds Key Cutting (K) with its Welsh name and hours, adds Nia with her
PIN, and gives desk 2 Key Cutting only. Without a restart the kiosk offers Key Cutting (in Welsh
"Torri Allweddi" once Cymraeg is chosen), Nia's name appears on desk 2's sign-in, and her F1 at
desk 2 calls the K ticket the Welsh kiosk gave. Each change is a row in the database naming
Morgan. Screenshots of the page's sections go to ADMIN_SHOTS (default .build/admin-screenshots)."""
import csv
import datetime
import json
import os
import re
import sqlite3
import subprocess
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import button, button_names, click, enabled, find_all, find_one, labels, running, sign_in  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, scratch_paths, tessera_on  # noqa: E402
from kiosk_input import centre, taps  # noqa: E402
from visual import settled_screenshot  # noqa: E402

tally = Tally()
database, config, data_home = scratch_paths("tessera-e2e-admin-", "queue.db", "tessera.conf", "data")
tessera = tessera_on(database)
shots = os.environ.get("ADMIN_SHOTS", ".build/admin-screenshots")


def window(pid):
    """The main window of `pid`: its largest (a tooltip is a window of its own)."""
    def largest():
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True, text=True,
                             timeout=WAIT_LIMIT).stdout.split()
        sizes = []
        for window_id in ids:
            shape = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window_id], capture_output=True, text=True,
                                   timeout=WAIT_LIMIT).stdout
            values = dict(line.split("=", 1) for line in shape.split() if "=" in line)
            sizes.append((int(values.get("WIDTH", 0)) * int(values.get("HEIGHT", 0)), window_id))
        return max(sizes)[1] if sizes else None
    return poll(largest, what=f"the window of {pid}")


def front(process):
    """Raises and focuses `process`'s window: the windows overlap, as on one screen."""
    subprocess.run(["xdotool", "windowraise", window(process.pid)], check=True, timeout=WAIT_LIMIT)
    subprocess.run(["xdotool", "windowfocus", "--sync", window(process.pid)], check=True, timeout=WAIT_LIMIT)


def tap(process, node):
    front(process)
    x, y = centre(node, process.pid)
    taps(x, y, 1, 0)


def type_into(process, app, name, text):
    """Taps the field named `name` (its label), waits for its focus, and types `text` with real keys."""
    field = find_one(app, role="text", name=name)
    tap(process, field)
    poll(lambda: field.getState().contains(pyatspi.STATE_FOCUSED), what=f"{name} focused")
    subprocess.run(["xdotool", "type", "--delay", "40", text], check=True, timeout=WAIT_LIMIT)
    # GTK 4.8 gives an entry's text no AT-SPI Text: what was typed is checked in the rows it
    # makes. The X server delivers these keys before the next tap, so none lands elsewhere.


def rows(sql):
    with sqlite3.connect(database) as db:
        return db.execute(sql).fetchall()


def by_whom(kind):
    """The names of the staff the events of `kind` name, oldest first."""
    found = rows(f"SELECT s.data FROM events e LEFT JOIN staff s ON s.id = e.staff WHERE e.kind = '{kind}' ORDER BY e.id")
    return [data and json.loads(data)["name"] for (data,) in found]


def shot(process, name):
    os.makedirs(shots, exist_ok=True)
    path = os.path.join(shots, name)
    front(process)
    settled_screenshot(lambda into: subprocess.run(["import", "-window", window(process.pid), into], check=True,
                                                   timeout=WAIT_LIMIT), path)
    print(f"info: screenshot {path}")


def desk_services(number):
    """The services of desk `number`'s latest deskConfigured event."""
    found = rows(f"SELECT data FROM events WHERE kind = 'deskConfigured' AND desk = {number} ORDER BY id DESC LIMIT 1")
    return found and json.loads(found[0][0])["deskSettings"]["services"]


def listed(code):
    """(state, service) of ticket `code` as `queue list` prints it."""
    line = next((line for line in tessera("queue", "list").splitlines() if line.startswith(code + "\t")), "")
    return tuple(line.split("\t")[1:3]) if "\t" in line else (None, None)


def state(code):
    return listed(code)[0]


def main():
    with open(config, "w") as file:
        file.write("[kiosk]\nlanguages = en_GB;cy\nticket-seconds = 60\n")
    tessera("queue", "status")  # the store with its default services and desks, set up without a file
    tessera("staff", "add", "Morgan", "--role", "admin", stdin="1357\n")
    # The service is open all day but the day's last minute; a run in that minute waits it out.
    if datetime.datetime.now().strftime("%H:%M") == "23:59":
        raise SystemExit("info: started in the minute Key Cutting is closed (23:59); run again")
    with running("kiosk", "--windowed", "--database", database, "--config", config) as (_, kiosk), \
            running("desk", "--desk", "2", "--windowed", "--database", database, "--config", config) as (_, desk2), \
            running("desk", "--desk", "1", "--windowed", "--database", database, "--config", config,
                    env={"XDG_DATA_HOME": data_home}) as (one, desk1):
        tally.expect("Key Cutting" not in button_names(kiosk), "the kiosk has no Key Cutting yet")
        front(one)
        sign_in(desk1, "Morgan", "1357")
        tap(one, button(desk1, "Manage the store"))
        poll(lambda: find_all(desk1, role="text", name="Name in Welsh"), what="the admin page")
        tally.expect("Signed in as Morgan; every change is recorded with your name." in labels(desk1), "the page names who is signed in")

        type_into(one, desk1, "Code (1 to 3 letters)", "k")
        type_into(one, desk1, "Name", "Key Cutting")
        type_into(one, desk1, "Name in Welsh", "Torri Allweddi")
        type_into(one, desk1, "Hours (HH:MM-HH:MM, empty: always)", "00:00-23:59")
        tap(one, button(desk1, "Add service"))
        tally.wait_for(lambda: rows("SELECT count(*) FROM events WHERE kind = 'serviceConfigured' AND data LIKE '%Key Cutting%'")[0][0] == 1,
                       "a serviceConfigured row for Key Cutting", showing=lambda: labels(desk1)[-12:])
        tally.expect(by_whom("serviceConfigured")[-1] == "Morgan", f"naming Morgan: {by_whom('serviceConfigured')}")
        added = json.loads(rows("SELECT data FROM events WHERE kind = 'serviceConfigured' ORDER BY id DESC LIMIT 1")[0][0])
        tally.expect(json.dumps(added).count("Torri Allweddi") == 1, f"with its Welsh name: {added}")
        tally.expect(added["serviceSettings"].get("openingHours") == {"opens": {"hour": 0, "minute": 0}, "closes": {"hour": 23, "minute": 59}},
                     f"and its hours: {added}")
        shot(one, "admin-services.png")

        tap(one, button(desk1, "Staff"))
        type_into(one, desk1, "Name", "Nia")
        type_into(one, desk1, "PIN (4 to 8 digits)", "2468")
        tap(one, button(desk1, "Add staff member"))
        tally.wait_for(lambda: "Nia" in tessera("staff", "list"), "Nia is a member who may sign in",
                       showing=lambda: tessera("staff", "list"))
        tally.expect("Nia  staff  PIN set" in tessera("staff", "list"), f"with her PIN: {tessera('staff', 'list')}")
        tally.expect(by_whom("staffRegistered")[-1] == "Morgan", f"added by Morgan: {by_whom('staffRegistered')}")
        shot(one, "admin-staff.png")

        tap(one, button(desk1, "Desks"))
        checks = poll(lambda: [node for node in find_all(desk1, role="check box") if node.name.startswith(("C  ", "R  ", "S  ", "K  "))],
                      what="the desks' check boxes")
        # Desk 2's row is the second: its boxes follow desk 1's four.
        desk2_boxes = {node.name.split()[0]: node for node in checks[4:8]}
        for code in ("C", "R", "S"):
            tap(one, desk2_boxes[code])
        tap(one, desk2_boxes["K"])
        tap(one, button(desk1, "Save desk 2"))
        tally.wait_for(lambda: desk_services(2) == ["K"], "desk 2 calls from Key Cutting only (its deskConfigured row)",
                       showing=lambda: desk_services(2))
        tally.expect(by_whom("deskConfigured")[-1] == "Morgan", f"changed by Morgan: {by_whom('deskConfigured')}")
        shot(one, "admin-desks.png")

        tally.wait_for(lambda: "Key Cutting" in button_names(kiosk), "the running kiosk offers Key Cutting",
                       showing=lambda: button_names(kiosk))
        # The admin's window covers the others (no window manager stacks them): the customer and
        # Nia use theirs through AT-SPI's actions and the keys their window gets.
        click(find_one(kiosk, role="push button", name="Cymraeg"))
        tally.wait_for(lambda: "Torri Allweddi" in button_names(kiosk), "in Welsh it is Torri Allweddi",
                       showing=lambda: button_names(kiosk))
        click(find_one(kiosk, role="push button", name="Torri Allweddi"))
        tally.wait_for(lambda: state("K001") == "waiting", "the Welsh kiosk gave K001", showing=lambda: tessera("queue", "list"))

        tally.wait_for(lambda: "Nia" in button_names(desk2), "the running desk 2 lists Nia without a restart",
                       showing=lambda: button_names(desk2))
        sign_in(desk2, "Nia", "2468")
        poll(lambda: enabled(button(desk2, "Call next")), what="Call next enabled at desk 2")
        click(button(desk2, "Call next"))
        tally.wait_for(lambda: state("K001") == "called", "desk 2's Call next takes K001", showing=lambda: tessera("queue", "list"))

        # The day's figures, on the page and saved for the manager.
        tap(one, button(desk1, "Figures"))
        poll(lambda: find_all(desk1, role="push button", name="Save as PDF and CSV"), what="the figures")
        shot(one, "admin-figures.png")
        tap(one, button(desk1, "Save as PDF and CSV"))
        day = tessera("queue", "status").splitlines()[0].split()[-1]
        pdf = os.path.join(data_home, "tessera", "reports", f"tessera-report-{day}.pdf")
        tally.wait_for(lambda: os.path.exists(pdf[:-4] + ".csv"), f"the PDF and CSV saved in {os.path.dirname(pdf)}",
                       showing=lambda: labels(desk1)[:8])
        info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, timeout=WAIT_LIMIT).stdout
        tally.expect(re.search(r"^Pages:\s+1$", info, re.M), f"a one-page PDF: {info}")
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", pdf, os.path.join(shots, "admin-report")],
                       check=True, timeout=WAIT_LIMIT)
        with open(pdf[:-4] + ".csv", newline="") as file:
            table = list(csv.DictReader(file))
        total = next(row for row in table if row["group"] == "total")
        tally.expect(total["issued"] == "1" and total["called"] == "1", f"the CSV counts K001, issued and called: {total}")

        # Removing a service two tickets wait for: refused with the count, then moved and removed.
        tessera("queue", "issue", "R")
        tessera("queue", "issue", "R")
        tap(one, button(desk1, "Services"))
        tap(one, poll(lambda: button(desk1, "Remove R"), what="Remove R"))
        tally.wait_for(lambda: any("2 tickets wait for R (Returns)" in text for text in labels(desk1)),
                       "Remove R is refused: 2 tickets wait for Returns", showing=lambda: labels(desk1)[:6])
        tally.expect(listed("R001") == ("waiting", "R") and "R\tReturns" in tessera("queue", "services", "list"),
                     "and nothing changed")
        tap(one, button(desk1, "Move them to Click & Collect and remove"))
        tally.wait_for(lambda: listed("R001") == ("waiting", "C") and listed("R002") == ("waiting", "C"),
                       "the offered transfer moves both to Click & Collect, each keeping its code",
                       showing=lambda: tessera("queue", "list"))
        tally.expect("Returns" not in tessera("queue", "services", "list"), "and Returns is gone")


tally.run(main)
