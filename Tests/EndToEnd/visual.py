"""One rule for comparing a rendered image with its committed reference (ImageMagick `compare`):
same size, and at most 0.5 % of the pixels differ by more than 3 % (anti-aliasing noise).
On a mismatch the diff image stays at `diff` for a person to look at."""
import os
import subprocess

from e2e import WAIT_LIMIT, poll

FUZZ = "3%"
MAX_DIFFERENT = 0.005


def size(path):
    out = subprocess.run(["identify", "-format", "%w %h", path], capture_output=True, text=True, check=True,
                         timeout=WAIT_LIMIT)
    width, height = out.stdout.split()
    return int(width), int(height)


def compare(reference, rendered, diff):
    """Number of pixels that differ by more than FUZZ (ImageMagick's AE metric)."""
    result = subprocess.run(["compare", "-metric", "AE", "-fuzz", FUZZ, reference, rendered, diff],
                            capture_output=True, text=True, timeout=WAIT_LIMIT)
    if result.returncode not in (0, 1):
        raise RuntimeError(f"compare failed: {result.stderr.strip()}")
    return int(float(result.stderr.split()[0]))


def settled_screenshot(grab, path):
    """Saves a screenshot at `path` once two grabs in a row are the same (a page's cross-fade has
    ended); `grab(path)` writes one."""
    previous = path + ".previous.png"
    grab(previous)

    def same_as_before():
        grab(path)
        same = subprocess.run(["compare", "-metric", "AE", previous, path, "null:"],
                              capture_output=True, text=True, timeout=WAIT_LIMIT).stderr.strip() == "0"
        if not same:
            os.replace(path, previous)
        return same
    poll(same_as_before, interval=0.1, what="the screen to stop changing")
    os.remove(previous)


def luminance(rgb):
    """WCAG 2.2 relative luminance of an (r, g, b) colour, 0 (black) to 1 (white)."""
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (channel(value) for value in rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(one, other):
    """WCAG 2.2 contrast ratio of two (r, g, b) colours, 1 to 21."""
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def matches(reference, rendered, diff):
    """(whether `rendered` passes against `reference`, what was found, for the test's line)."""
    if not os.path.exists(reference):
        return False, f"no reference image {reference}: look at {rendered}, then copy it there"
    if size(rendered) != size(reference):
        return False, f"size {size(rendered)} matches reference {size(reference)}"
    os.makedirs(os.path.dirname(diff), exist_ok=True)
    width, height = size(reference)
    different = compare(reference, rendered, diff)
    ok = different <= MAX_DIFFERENT * width * height
    if ok:
        os.remove(diff)
    return ok, f"{different} of {width * height} pixels differ" + ("" if ok else f" — diff written to {diff}")
