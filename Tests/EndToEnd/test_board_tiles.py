"""The board's service tiles as the waiting area reads them: a store with six services, long names
and three-digit waiting counts, and a desk named in the file that calls a ticket, on a 1920×1080
screen and a portrait 1080×1920 one (each its own X server, the window sized to it with xdotool as
the compositor does). Through AT-SPI each tile's name, waiting count and wait are the store's, and
none is cut off: an ellipsized GtkLabel still reports its whole text, so the text is laid out again
here with Pango in the font GTK reports for the label, at the label's width, and must fit the
label's height and width (one line that ends in "…" is shorter than the lines the whole text needs).
The waiting count is at least 48 px; every tile lies on screen, in its service's colour (or the
nearest shade white text reads on at 4.5:1); the called list names the desk as the file does; every
text on the board, as painted, reads at 4.5:1 against what is behind it. Then at 1920×1080 with
`[board] high-contrast` (every text at 7:1, tiles in shades white reads on at 7:1, visibly unlike the
default) and `[board] large-text` (the count at 72 px, everything still whole and on screen). The
screenshots, in BOARD_SHOTS (default .build/board-screenshots), match Tests/EndToEnd/reference/board/
by the rule of visual.py (docs/screenshots/board holds a set a person looked at)."""
import json
import os
import subprocess
import sys

import gi
import pyatspi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_all, running, walk  # noqa: E402
from e2e import WAIT_LIMIT, Tally, poll, run_tessera, scratch_dir  # noqa: E402
from screens import fill_screen, screenshot, x_server  # noqa: E402
from visual import compare, contrast  # noqa: E402

tally = Tally()
SIZES = [(1920, 1080), (1080, 1920)]
shots = os.environ.get("BOARD_SHOTS", ".build/board-screenshots")
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "reference", "board")
DESK_NAME = "Front Counter"
# code, name, colour, tickets issued: two colours too light for white text, two three-digit counts.
SERVICES = [
    ("R", "Returns, exchanges and refunds for large household appliances", "#FFC107", 124),
    ("E", "Electrical repairs, warranty claims and extended protection plans", "#8BC34A", 108),
    ("C", "Click & Collect", "#2E7D32", 12),
    ("P", "Pharmacy", "#6A1B9A", 3),
    ("K", "Key cutting and shoe repairs", "#1565C0", 1),
    ("O", "Opticians and hearing care appointments", "#C62828", 0),
]
NAMES = {name for _, name, *_ in SERVICES}
FIGURE_PX = 48
# Pango here rounds each line's height to the pixel (metric hinting), GTK in the board does not:
# allowed per line, far less than the line an ellipsized label leaves out.
SLACK_PX = 2

work = scratch_dir("tessera-e2e-board-tiles-")
database = os.path.join(work, "queue.db")
config = os.path.join(work, "tessera.conf")
fonts = PangoCairo.FontMap.get_default().create_context()


def write_config():
    lines = ["[store]", "name = Tessera Test Store", ""]
    for code, name, colour, _ in SERVICES:
        lines += [f"[service:{code}]", f"name = {name}", f"colour = {colour}", ""]
    every = ";".join(code for code, *_ in SERVICES)
    lines += ["[desk:1]", f"name = {DESK_NAME}", f"services = {every}", "", "[desk:2]", f"services = {every}", ""]
    with open(config, "w") as file:
        file.write("\n".join(lines))


def queue(*args):
    return run_tessera(database, "queue", *args, "--config", config)


def laid_out(text, attributes, width):
    """The whole text laid out as the label's font and wrap mode say, at `width` px (None: one
    line): its width and height in px, and its number of lines."""
    layout = Pango.Layout.new(fonts)
    font = Pango.FontDescription.from_string(attributes["family-name"])
    font.set_weight(int(attributes["weight"]))
    font.set_absolute_size(float(attributes["size"]) * Pango.SCALE)
    layout.set_font_description(font)
    layout.set_text(text, -1)
    if width is not None:
        layout.set_width(width * Pango.SCALE)
        layout.set_wrap(Pango.WrapMode.WORD_CHAR if "char" in attributes.get("wrap-mode", "") else Pango.WrapMode.WORD)
    _, logical = layout.get_pixel_extents()
    return logical.width, logical.height, layout.get_line_count()


def cut_off(label):
    """Why `label` does not show its whole text, or None when it does: its text laid out again at
    the label's width must fit the label (an ellipsized label is one line, shorter than the text)."""
    box = label.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    attributes = label.queryText().getDefaultAttributeSet()
    attributes = dict(item.split(":", 1) for item in attributes) if isinstance(attributes, list) else attributes
    wraps = attributes.get("wrap-mode", "none") != "none"
    width, height, lines = laid_out(label.name, attributes, box.width if wraps else None)
    if width > box.width + SLACK_PX or height > box.height + SLACK_PX * lines:
        return f"{label.name!r} needs {width}×{height} px, shown in {box.width}×{box.height}"
    return None


def tiles(app):
    """{service name: (tile node, [its label nodes])}, for the tiles on screen (see board_tile)."""
    found = {}
    for node in walk(app):
        if node.getRoleName() == "label" and node.name in NAMES and node.parent is not None:
            tile = node.parent
            texts = [child for child in (tile.getChildAtIndex(i) for i in range(tile.childCount))
                     if child is not None and child.getRoleName() == "label"]
            if len(texts) >= 2 and texts[0].name == node.name:
                found[node.name] = (tile, texts)
    return found


def extents(node):
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    return box.x, box.y, box.width, box.height


def pixel(path, px, py):
    out = subprocess.run(["convert", path, "-crop", f"1x1+{px}+{py}", "-format", "%[fx:int(255*r)] %[fx:int(255*g)] "
                          "%[fx:int(255*b)]", "info:-"], capture_output=True, text=True, check=True, timeout=WAIT_LIMIT)
    return tuple(int(value) for value in out.stdout.split())


def contrast_with_white(rgb):
    return contrast(rgb, (255, 255, 255))


def hex_rgb(colour):
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def look_config(look):
    """The store's file with `[board] LOOK = true` added (none for the default look)."""
    if not look:
        return config
    path = os.path.join(work, f"{look}.conf")
    with open(config) as base, open(path, "w") as file:
        file.write(base.read() + f"\n[board]\n{look} = true\n")
    return path


def colours(path, box):
    """{(r, g, b): pixels} of the screenshot at `path` inside box (x, y, width, height)."""
    bx, by, bw, bh = box
    out = subprocess.run(["convert", path, "-crop", f"{bw}x{bh}+{bx}+{by}", "-format", "%c", "histogram:info:-"],
                         capture_output=True, text=True, check=True, timeout=WAIT_LIMIT).stdout
    found = {}
    for line in out.splitlines():
        count, _, rest = line.strip().partition(":")
        rgb = rest.strip().split(")")[0].lstrip("(").split(",")[:3]
        found[tuple(int(float(value)) for value in rgb)] = int(count)
    return found


def text_contrast(path, label):
    """The contrast of a label's text with its background, as painted: the background is the
    label's commonest colour, the text the colour (of at least 10 pixels: not an anti-aliased
    edge) farthest from it in contrast."""
    found = colours(path, extents(label))
    background = max(found, key=found.get)
    inked = [rgb for rgb, count in found.items() if count >= 10 and rgb != background]
    return max((contrast(rgb, background) for rgb in inked), default=1.0)


def check_size(width, height, waiting, look=""):
    name = f"{look + '-' if look else ''}{width}x{height}"
    figure_px = {"large-text": 72}.get(look, FIGURE_PX)
    needed = 7.0 if look == "high-contrast" else 4.5
    with x_server(width, height) as display, \
            running("board", "--database", database, "--config", look_config(look),
                    env={"DISPLAY": display, "TESSERA_ANNOUNCEMENT_LOG": work}) as (process, app):
        fill_screen(display, process, app, width, height)
        # The tiles take their rows for the screen's shape within a second (the board's tick).
        columns = 3 if width > height else 2
        poll(lambda: len({extents(tile)[1] for tile, _ in tiles(app).values()}) == len(SERVICES) // columns,
             what=f"{name}: the tiles in rows of {columns}")
        path = os.path.join(shots, f"board-{name}.png")
        screenshot(tally, display, path, REFERENCE)

        shown = tiles(app)
        tally.expect(sorted(shown) == sorted(service[1] for service in SERVICES),
                     f"{name}: a tile for each of the six services ({sorted(shown)})")
        for code, service, colour, _ in SERVICES:
            tile, texts = shown[service]
            words = [label.name for label in texts]
            expected = f"{waiting[code]} waiting" if waiting[code] else "Nobody waiting"
            tally.expect(words[:2] == [service, expected] and len(words) == (3 if waiting[code] else 2)
                         and all(words), f"{name}: {code}'s tile says {words}")
            problems = [problem for problem in map(cut_off, texts) if problem]
            tally.expect(not problems, f"{name}: {code}'s tile shows every text whole ({problems})")
            tx, ty, tw, th = extents(tile)
            inside = all(extents(label)[0] >= tx and extents(label)[1] >= ty
                         and extents(label)[0] + extents(label)[2] <= tx + tw
                         and extents(label)[1] + extents(label)[3] <= ty + th for label in texts)
            tally.expect(inside and tx >= 0 and ty >= 0 and tx + tw <= width and ty + th <= height,
                         f"{name}: {code}'s tile {tw}×{th} at {tx},{ty} on screen, its texts inside it")
            figure = texts[1]
            attributes = figure.queryText().getDefaultAttributeSet()
            size = float(dict(attributes)["size"] if isinstance(attributes, dict)
                         else dict(item.split(":", 1) for item in attributes)["size"])
            tally.expect(size >= figure_px and extents(figure)[3] >= figure_px,
                         f"{name}: {code}'s waiting count is {size:g} px type, {extents(figure)[3]} px high")
            # At the right edge of the tile's text, half way down: no line of text reaches it.
            fill = pixel(path, tx + tw - 3, ty + th // 2)
            if contrast_with_white(hex_rgb(colour)) >= needed:
                tally.expect(all(abs(a - b) <= 2 for a, b in zip(fill, hex_rgb(colour))),
                             f"{name}: {code}'s tile is its colour {colour} ({fill})")
            else:
                tally.expect(contrast_with_white(fill) >= needed and fill != (0, 0, 0)
                             and max(fill) - min(fill) > 40,
                             f"{name}: {code}'s tile is a shade of {colour} that white reads on at {needed}:1 "
                             f"({fill}, {contrast_with_white(fill):.2f}:1)")
        desks = [node for node in find_all(app, role="label", name=DESK_NAME)]
        tally.expect(len(desks) >= 2, f"{name}: the banner and the called list name the desk {DESK_NAME!r}")
        problems = [problem for problem in map(cut_off, desks) if problem]
        tally.expect(not problems, f"{name}: the desk's name is whole ({problems})")
        weak = [(node.name, round(text_contrast(path, node), 1)) for node in find_all(app, role="label")
                if node.name and text_contrast(path, node) < needed]
        tally.expect(not weak, f"{name}: every text on the board reads at {needed}:1 or more ({weak or 'all do'})")


def main():
    os.makedirs(shots, exist_ok=True)
    write_config()
    for code, _, _, count in SERVICES:
        for _ in range(count):
            queue("issue", code)
    queue("call", "--desk", "1")
    status = json.loads(queue("status", "--json"))
    waiting = {line["code"]: line["waiting"] for line in status["services"]}
    tally.expect(waiting["R"] >= 100 and waiting["E"] >= 100, f"three-digit waiting counts: {waiting}")
    for width, height in SIZES:
        check_size(width, height, waiting)
    for look in ("high-contrast", "large-text"):
        check_size(1920, 1080, waiting, look)
    default, high = (os.path.join(shots, f"board-{prefix}1920x1080.png") for prefix in ("", "high-contrast-"))
    different = compare(default, high, os.path.join(shots, "diff", "high-contrast-vs-default.png"))
    tally.expect(different > 0.05 * 1920 * 1080,
                 f"the high-contrast look differs visibly from the default ({different} pixels)")


tally.run(main)
