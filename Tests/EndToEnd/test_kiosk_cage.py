"""`tessera kiosk` under cage, the compositor it ships with, in cage's headless backend: the kiosk
fills the output with no title bar or black band, and a `grim` screenshot shows its service
buttons. cage refuses root, so it runs as an unprivileged user (`nobody` unless TESSERA_CAGE_USER)
with its own runtime directory; `-r -r` makes cage compose every frame (without it cage 0.1.4 hands
a full-screen buffer straight to the output and grim captures a stale black frame). The screenshot
is kept in .build/kiosk-screenshots/cage.png for a person to look at. The kiosk's own Wayland
requests (WAYLAND_DEBUG) show it asks cage for an idle inhibitor: the screen stays awake. (The
hidden pointer is checked under X, test_kiosk_pointer_and_idle.py: cage's headless backend has no
pointer to enter the surface.) At the end the screen is stopped the way tessera@.service stops it
(packaging/stop-screen), and cage exits 0 instead of aborting."""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e import TESSERA_BIN, WAIT_LIMIT, Tally, exited, poll, scratch_dir  # noqa: E402

tally = Tally()
USER = os.environ.get("TESSERA_CAGE_USER", "nobody")
BACKGROUND = (255, 255, 255)  # the default theme's surface, the kiosk's page
BUTTON = (0x15, 0x65, 0xC0)  # Returns' own colour (#1565C0, which white text reads on at 4.5:1)
shots = os.environ.get("KIOSK_SHOTS", ".build/kiosk-screenshots")
STOP_SCREEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "packaging", "stop-screen")


def decoded(path):
    """The PNG at `path` decoded once (ImageMagick to binary PPM): (width, height, the colour at (x, y))."""
    data = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], capture_output=True, check=True,
                          timeout=WAIT_LIMIT).stdout
    header = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
    width = int(header[1])

    def colour(x, y):
        at = header.end() + 3 * (y * width + x)
        return tuple(data[at:at + 3])
    return width, int(header[2]), colour


def comm(pid):
    try:
        return open(f"/proc/{pid}/comm").read().strip()
    except OSError:
        return None


def session_pids(session):
    """The processes of session `session` (cage's chain was started in a session of its own)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getsid(int(entry)) == session:
                    pids.append(int(entry))
            except OSError:
                pass
    return pids


def main():
    missing = [tool for tool in ("cage", "grim", "Xwayland", "runuser") if shutil.which(tool) is None]
    if missing:
        tally.expect(False, f"cage test needs {', '.join(missing)} (scripts/bootstrap test)")
        return
    work = scratch_dir("tessera-cage-")
    binary = os.path.abspath(TESSERA_BIN)
    database = os.path.join(work, "queue.db")
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": work, "XDG_RUNTIME_DIR": work,
                   "XDG_DATA_HOME": work, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
                   "WLR_HEADLESS_OUTPUTS": "1", "WLR_RENDERER": "pixman"}
    if os.geteuid() == 0:
        shutil.chown(work, user=USER)
        os.chmod(work, 0o700)
        prefix = ["runuser", "-u", USER, "--", "env", "-i", *[f"{k}={v}" for k, v in environment.items()]]
    else:
        prefix = ["env", "-i", *[f"{k}={v}" for k, v in environment.items()]]
    subprocess.run([*prefix, binary, "queue", "status", "--database", database], check=True,
                   capture_output=True, timeout=WAIT_LIMIT)
    # The kiosk's side of the Wayland conversation (WAYLAND_DEBUG), to see what it asks cage for.
    protocol = open(os.path.join(work, "kiosk-wayland.log"), "w")
    cage = subprocess.Popen([*prefix, "dbus-run-session", "--", "cage", "-d", "-r", "-r", "--",
                             "env", "WAYLAND_DEBUG=1", binary, "kiosk", "--database", database],
                            stdout=subprocess.DEVNULL, stderr=protocol, start_new_session=True)
    shot = os.path.join(work, "shot.png")
    try:
        poll(lambda: os.path.exists(os.path.join(work, "wayland-0")), what="cage's Wayland socket")

        def kiosk_on_screen():
            subprocess.run([*prefix, "env", "WAYLAND_DISPLAY=wayland-0", "grim", shot], capture_output=True,
                           timeout=WAIT_LIMIT, check=True)
            width, height, pixel = decoded(shot)
            # The middle button ("Returns" of three) sits at the centre, a little below the middle.
            return (pixel(2, 2) == BACKGROUND and pixel(width - 3, height - 3) == BACKGROUND
                    and any(pixel(width // 2, y) == BUTTON for y in range(height // 2, height * 2 // 3, 4)))
        tally.check("the kiosk under cage fills the output (background in both corners) and shows its buttons",
                    lambda: poll(kiosk_on_screen, interval=0.5, what="the kiosk in a grim screenshot"))
        tally.expect(cage.poll() is None, "cage is still running the kiosk")

        def asked(request):
            with open(protocol.name) as log:
                return any(" -> " in line and request in line for line in log)
        tally.check("the kiosk asks cage to keep the screen awake (idle-inhibit protocol: create_inhibitor)",
                    lambda: poll(lambda: asked("zwp_idle_inhibit_manager_v1@") and asked(".create_inhibitor("),
                                 what="an idle inhibitor in the kiosk's Wayland requests"))

        # Stopped as tessera@.service stops a screen (packaging/stop-screen: end cage's client, let
        # cage exit by itself); cage 0.1.4 aborts when it is signalled instead.
        compositor = poll(lambda: next(pid for pid in session_pids(cage.pid) if comm(pid) == "cage"),
                          what="cage's pid")
        subprocess.run([STOP_SCREEN, str(compositor)], check=True, timeout=WAIT_LIMIT)
        tally.expect(exited(cage) == 0, f"stopped the unit's way, cage exits 0 (exit {cage.returncode})")
    finally:
        os.makedirs(shots, exist_ok=True)
        if os.path.exists(shot):
            shutil.copy(shot, os.path.join(shots, "cage.png"))
        if cage.poll() is None:
            os.killpg(cage.pid, 15)
        exited(cage)
        protocol.close()


tally.run(main)
