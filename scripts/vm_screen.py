"""make vm-check, the screen: what QEMU's display shows, read from a screendump (PPM).

A text console (the boot's messages, a login prompt) or a blank screen is a few colours on
black; a GTK screen is dozens to hundreds of colours (anti-aliased text, its theme) on a background
that is not black. Both measures are taken on every fourth pixel of every fourth row."""
import shutil
import subprocess

# A screen counts as showing a Tessera screen with at least this many colours and at most this
# share of black pixels (the kernel's console on virtio-gpu: 2 to 16 colours, over 90 % black).
APP_MIN_COLOURS = 16
APP_MAX_BLACK = 0.6
# tessera's welcome screen (its name on the background, shown until the store is open) has about
# 50 colours; a role's page, with its buttons, lists and clock, 85 or more.
PAGE_MIN_COLOURS = 64


def read_ppm(path):
    """(width, height, RGB bytes) of a binary PPM (P6, maxval 255) as QEMU writes it."""
    with open(path, "rb") as file:
        data = file.read()
    fields, position = [], 0
    while len(fields) < 4:
        while data[position:position + 1].isspace():
            position += 1
        if data[position:position + 1] == b"#":
            position = data.index(b"\n", position) + 1
            continue
        end = position
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[position:end])
        position = end
    if fields[0] != b"P6" or fields[3] != b"255":
        raise ValueError(f"{path}: not a P6 PPM with maxval 255")
    width, height = int(fields[1]), int(fields[2])
    return width, height, data[position + 1:position + 1 + width * height * 3]


def measure(path):
    """(distinct colours, share of black pixels) in the sampled pixels of the screendump."""
    width, height, pixels = read_ppm(path)
    colours, black, samples = set(), 0, 0
    for y in range(0, height, 4):
        row = y * width * 3
        for x in range(0, width, 4):
            i = row + x * 3
            pixel = pixels[i:i + 3]
            colours.add(pixel)
            if max(pixel) < 24:
                black += 1
            samples += 1
    return len(colours), black / max(1, samples)


def shows_app(path):
    colours, black = measure(path)
    return colours >= APP_MIN_COLOURS and black <= APP_MAX_BLACK


def shows_page(path):
    colours, black = measure(path)
    return colours >= PAGE_MIN_COLOURS and black <= APP_MAX_BLACK


def describe(path):
    colours, black = measure(path)
    return f"{colours} colours, {black:.0%} black"


def to_png(ppm, png):
    with open(png, "wb") as out:
        subprocess.run(["pnmtopng", ppm], stdout=out, stderr=subprocess.DEVNULL, check=True)
    return png


def keep(png, *directories):
    """Copies a screenshot into each directory given (None: skipped)."""
    for directory in directories:
        if directory:
            shutil.copy(png, directory)
