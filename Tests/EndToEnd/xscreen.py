"""A screen of a given size for one end-to-end script: an X server of its own (Xvfb) and xdotool on it."""
import os
import subprocess

from e2e import WAIT_LIMIT, Failure


def start_x(width, height):
    """(the Xvfb process, its DISPLAY) for a WIDTH×HEIGHT screen; terminate the process when done."""
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
    """`xdotool ARGS` on DISPLAY; its standard output."""
    return subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display},
                          capture_output=True, text=True, timeout=WAIT_LIMIT).stdout
