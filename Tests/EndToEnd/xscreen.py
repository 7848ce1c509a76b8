"""A screen of a given size for one test: its own Xvfb, xdotool on it, screenshots of it, and its
pixels read back (ImageMagick's PPM, so no imaging library is needed)."""
import os
import subprocess

from e2e import WAIT_LIMIT, Failure


def start_x(width, height):
    """(the Xvfb process, its display name)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                               "-nolisten", "tcp", "-noreset"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        raise Failure("Xvfb gave no display")
    return server, f":{number}"


def x(display, *args):
    """xdotool ARGS on `display`; its output."""
    return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=WAIT_LIMIT).stdout


def grab(display, path):
    """The whole screen of `display`, as a PNG at `path`."""
    subprocess.run(["import", "-window", "root", path], env={**os.environ, "DISPLAY": display},
                   check=True, timeout=WAIT_LIMIT)


class Pixels:
    """An image's pixels as (r, g, b) tuples, read once."""

    def __init__(self, path):
        data = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], capture_output=True, check=True,
                              timeout=WAIT_LIMIT).stdout
        # P6 header: magic, width, height, maximum, each separated by whitespace, then the bytes.
        fields, at = [], 0
        while len(fields) < 4:
            while data[at:at + 1].isspace():
                at += 1
            start = at
            while not data[at:at + 1].isspace():
                at += 1
            fields.append(data[start:at])
        self.width, self.height = int(fields[1]), int(fields[2])
        self.data = data[at + 1:]

    def box(self, left, top, width, height):
        """Every pixel inside the box, clipped to the image."""
        out = []
        for row in range(max(0, top), min(self.height, top + height)):
            base = (row * self.width + max(0, left)) * 3
            end = (row * self.width + min(self.width, left + width)) * 3
            chunk = self.data[base:end]
            out.extend(zip(chunk[0::3], chunk[1::3], chunk[2::3]))
        return out
