"""`tessera kiosk` under X, as the world around it sees it: the session manager on the session
bus is asked to keep the screen awake (an idle inhibit, GTK_APPLICATION_INHIBIT_IDLE = 8, for
app.tessera.Kiosk and its window), and the X server draws no pointer over the kiosk (XFixes'
image of the current cursor is fully transparent there, and is not at the bare root window)."""
import ctypes
import os
import subprocess
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import find_one, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, exited, poll, scratch_dir  # noqa: E402
from kiosk_input import centre  # noqa: E402

tally = Tally()
database = os.path.join(scratch_dir("tessera-e2e-idle-"), "queue.db")


class CursorImage(ctypes.Structure):
    _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short), ("width", ctypes.c_ushort),
                ("height", ctypes.c_ushort), ("xhot", ctypes.c_ushort), ("yhot", ctypes.c_ushort),
                ("cursor_serial", ctypes.c_ulong), ("pixels", ctypes.POINTER(ctypes.c_ulong)),
                ("atom", ctypes.c_ulong), ("name", ctypes.c_char_p)]


def pointer_drawn():
    """Whether the X server's current cursor (XFixesGetCursorImage) has any pixel that is not transparent."""
    x11 = ctypes.CDLL("libX11.so.6")
    xfixes = ctypes.CDLL("libXfixes.so.3")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    xfixes.XFixesGetCursorImage.restype = ctypes.POINTER(CursorImage)
    xfixes.XFixesGetCursorImage.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x11.XFree.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(os.environ["DISPLAY"].encode())
    try:
        image = xfixes.XFixesGetCursorImage(display)
        cursor = image.contents
        # Each pixel is ARGB in an unsigned long; alpha in bits 24–31.
        drawn = any((cursor.pixels[i] >> 24) & 0xff for i in range(cursor.width * cursor.height))
        x11.XFree(image)
        return drawn
    finally:
        x11.XCloseDisplay(display)


def pointer_place():
    return subprocess.run(["xdotool", "getmouselocation"], capture_output=True, text=True,
                          timeout=WAIT_LIMIT).stdout.strip()


def main():
    subprocess.run(["xdotool", "mousemove", "5", "5"], check=True, timeout=WAIT_LIMIT)
    tally.expect(pointer_drawn(), "the bare X screen draws a pointer (the check can see one)")
    manager = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                 "session_manager.py")],
                               stdout=subprocess.PIPE, text=True)
    heard = []
    threading.Thread(target=lambda: heard.extend(line.rstrip("\n") for line in manager.stdout), daemon=True).start()
    try:
        poll(lambda: "ready" in heard, what="the session manager on the session bus")
        with running("kiosk", "--database", database) as (process, app):
            returns = find_one(app, role="push button", name="Returns")
            request = poll(lambda: [line.split(" ", 4) for line in heard if line.startswith("Inhibit ")],
                           what="an inhibit request")[0]
            tally.expect(request[:2] == ["Inhibit", "app.tessera.Kiosk"] and int(request[3]) & 8 and int(request[2]) != 0,
                         f"the kiosk asks the session to keep the screen awake for its window ({request})")
            x, y = centre(returns, process.pid)
            subprocess.run(["xdotool", "mousemove", str(x), str(y)], check=True, timeout=WAIT_LIMIT)
            tally.wait_for(lambda: not pointer_drawn(), "no pointer is drawn over the kiosk's buttons",
                           showing=lambda: f"pointer at {pointer_place()}, Returns centred at x:{x} y:{y}")
    finally:
        manager.terminate()
        exited(manager)


tally.run(main)
