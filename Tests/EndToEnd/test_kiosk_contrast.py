"""`tessera kiosk` in its high-contrast look and with large text (`[kiosk] high-contrast`,
`large-text`), at 1920×1080 and portrait 1080×1920, on a store whose services have their own
colours (one light enough to need black text): the services page and the ticket page match
Tests/EndToEnd/reference/kiosk/{high-contrast,large-text}-*.png by visual.py's rule, and in high
contrast every text a person sees keeps 7:1 (WCAG 2.2 AAA) against what is behind it, measured
on the screen's own pixels: for each label AT-SPI reports showing, the most common colour in its
box is the background and the colour farthest from it the text. Then, in the standard look, the
toggles beside the language button: a tap on "High contrast" changes the screen and says "On",
one on "Large text" makes the prompt larger, and at idle both are back as they were.
Screenshots go to KIOSK_SHOTS (default .build/kiosk-screenshots)."""
import collections
import os
import sys

import pyatspi

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import click, find_all, find_one, has, running  # noqa: E402
from e2e import Tally, poll, run_queue, scratch_paths  # noqa: E402
from screens import fill_screen, screenshot, x_server  # noqa: E402
from visual import compare, contrast, settled_screenshot  # noqa: E402
from xscreen import Pixels, grab  # noqa: E402

tally = Tally()
SIZES = [(1920, 1080), (1080, 1920)]
AAA = 7.0
IDLE_SECONDS = 5
shots = os.environ.get("KIOSK_SHOTS", ".build/kiosk-screenshots")
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference", "kiosk")
SERVICES = ("[store]\nname = Corner Shop\n\n"
            "[service:C]\nname = Click & Collect\ncolour = #2E7D32\n\n"
            "[service:P]\nname = Pharmacy\ncolour = #81C784\n\n"
            "[service:R]\nname = Returns\ncolour = #1565C0\n\n"
            "[service:S]\nname = Customer Service\ncolour = #6A1B9A\n\n")


def measured_contrasts(app, shot):
    """[(label, ratio)] for every non-empty label on screen, from the screenshot's pixels."""
    pixels = Pixels(shot)
    out = []
    for node in find_all(app, role="label"):
        if not node.name.strip() or not has(node, pyatspi.STATE_VISIBLE):
            continue
        box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        counts = collections.Counter(pixels.box(box.x, box.y, box.width, box.height))
        if not counts:
            continue
        background = counts.most_common(1)[0][0]
        text = max(counts, key=lambda colour: sum((a - b) ** 2 for a, b in zip(colour, background)))
        out.append((node.name.replace("\n", " / "), contrast(text, background)))
    return out


def check_contrast(app, shot, name):
    found = measured_contrasts(app, shot)
    tally.expect(len(found) >= 3, f"{name}: texts found to measure ({len(found)})")
    worst = min(found, key=lambda item: item[1]) if found else ("none", 0)
    low = [f"{label!r} {value:.1f}:1" for label, value in found if value < AAA]
    tally.expect(not low, f"{name}: every text at least {AAA}:1 (worst {worst[0]!r} {worst[1]:.1f}:1; "
                          f"{len(found)} measured){'; below: ' + ', '.join(low) if low else ''}")


def shot(display, name):
    """The screen saved as `name` in the shots folder, checked against its reference; its path."""
    path = os.path.join(shots, name)
    screenshot(tally, display, path, REFERENCE)
    return path


def button_sizes(app):
    sizes = []
    for name in ["Click & Collect", "Pharmacy", "Returns", "Customer Service"]:
        box = find_one(app, role="push button", name=name).queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        sizes.append((box.width, box.height))
    return sizes


def run_look(look, width, height):
    database, config = scratch_paths(f"tessera-e2e-{look}-", "queue.db", "tessera.conf")
    with open(config, "w") as file:
        file.write(SERVICES + f"[kiosk]\nlanguages = en_GB;cy\n{look} = true\nticket-seconds = 60\n")
    run_queue(database, "status", "--config", config)
    with x_server(width, height) as display, \
            running("kiosk", "--database", database, "--config", config, env={"DISPLAY": display}) as (process, app):
        collect = find_one(app, role="push button", name="Click & Collect")
        fill_screen(display, process, app, width, height)
        poll(lambda: has(collect, pyatspi.STATE_SENSITIVE), what="the services ready")
        size = f"{width}x{height}"
        sizes = button_sizes(app)
        tally.expect(all(w >= 76 and h >= 76 for w, h in sizes), f"{look} {size}: buttons {sizes} at least 76 px")
        path = shot(display, f"{look}-services-{size}.png")
        if look == "high-contrast":
            check_contrast(app, path, f"{look} services {size}")
        click(collect)
        poll(lambda: find_all(app, role="push button", name="Done"), what="the ticket page")
        path = shot(display, f"{look}-ticket-{size}.png")
        if look == "high-contrast":
            check_contrast(app, path, f"{look} ticket {size}")


def toggles_and_idle():
    database, config = scratch_paths("tessera-e2e-toggles-", "queue.db", "tessera.conf")
    with open(config, "w") as file:
        file.write(SERVICES + f"[kiosk]\nlanguages = en_GB;cy\nidle-seconds = {IDLE_SECONDS}\n")
    run_queue(database, "status", "--config", config)
    with x_server(1920, 1080) as display, \
            running("kiosk", "--database", database, "--config", config, env={"DISPLAY": display}) as (process, app):
        collect = find_one(app, role="push button", name="Click & Collect")
        fill_screen(display, process, app, 1920, 1080)
        poll(lambda: has(collect, pyatspi.STATE_SENSITIVE), what="the services ready")
        contrast = find_one(app, role="push button", name="High contrast")
        large = find_one(app, role="push button", name="Large text")
        prompt = find_one(app, role="label", name="Take a ticket")

        def prompt_height():
            return prompt.queryComponent().getExtents(pyatspi.WINDOW_COORDS).height
        before = os.path.join(shots, "toggles-before.png")
        settled_screenshot(lambda into: grab(display, into), before)
        standard_height = prompt_height()
        tally.expect(contrast.description == "Off" and large.description == "Off", "both toggles start off")
        click(contrast)
        tally.wait_for(lambda: contrast.description == "On", "a tap on High contrast turns it on",
                       showing=lambda: contrast.description)
        after = os.path.join(shots, "toggles-high-contrast.png")
        settled_screenshot(lambda into: grab(display, into), after)
        changed = compare(before, after, os.path.join(shots, "diff", "toggles-high-contrast.png"))
        tally.expect(changed > 0.05 * 1920 * 1080, f"and the screen changes ({changed} pixels differ)")
        click(large)
        tally.wait_for(lambda: large.description == "On" and prompt_height() > standard_height * 1.3,
                       "a tap on Large text makes the prompt larger",
                       showing=lambda: (large.description, standard_height, prompt_height()))
        tally.wait_for(lambda: contrast.description == "Off" and large.description == "Off"
                       and prompt_height() == standard_height,
                       f"after {IDLE_SECONDS} s untouched both are off again",
                       showing=lambda: (contrast.description, large.description, prompt_height()))
        back = os.path.join(shots, "toggles-back.png")
        settled_screenshot(lambda into: grab(display, into), back)
        tally.expect(compare(before, back, os.path.join(shots, "diff", "toggles-back.png")) == 0,
                     "and the screen is as it was before")


def main():
    os.makedirs(shots, exist_ok=True)
    for look in ["high-contrast", "large-text"]:
        for width, height in SIZES:
            run_look(look, width, height)
    toggles_and_idle()


tally.run(main)
