"""make deb-check, the screen part (scripts/deb-check-root): the installed unit started and stopped
in the debootstrap root the way systemd would, without systemd (none runs as PID 1 there).

Start: the unit's ExecStart (dbus-run-session, then cage headless with `-r -r` added for grim) as
its User=, with NOTIFY_SOCKET and WATCHDOG_USEC. ExecStartPre (wait-display: seatd and a graphics
card) is left out: headless cage needs neither; make vm-check runs the whole unit on a real boot.
Stop: the unit's ExecStop= with $MAINPID (dbus-run-session; as root for a `+` command), then the unit's
KillSignal= to whatever is left, as systemd does for KillMode=control-group; a unit without
ExecStop= gets only the KillSignal, to every process at once.
Checked: READY=1 and watchdog pings from cage's child, a grim screenshot of the kiosk filling its
output with buttons (kiosk_filling), then a clean stop: cage exits 0 without its SIGTERM abort,
tessera says it stopped on SIGTERM. Twice, as
`systemctl restart` does: with Depends alone GTK warns that there is no accessibility bus; with
the package's Recommends installed the bus is activated and the warning is gone."""
import os
import re
import shutil
import signal
import socket
import subprocess

from e2e import WAIT_LIMIT, Failure, poll
from vm_screen import read_ppm

A11Y_WARNING = "Unable to acquire the address of the accessibility bus"
CAGE_ABORT = re.compile(r"Assertion .* failed|Aborted|core dumped")


class Unit:
    """tessera@ROLE.service as installed in the root: its commands and settings."""

    def __init__(self, root, role):
        text = open(os.path.join(root, "lib/systemd/system/tessera@.service")).read()
        self.fields = dict(re.findall(r"^(\w+)=(.*)$", text, re.M))
        settings = dict(re.findall(r"^(\w+)=(.*)$", open(os.path.join(root, "etc/default/tessera")).read(), re.M))
        self.role, self.settings = role, settings

    def expand(self, command, **variables):
        command = command.replace("%i", self.role)
        for name, value in {**self.settings, **variables}.items():
            command = command.replace("${%s}" % name, value).replace("$" + name, value)
        return command.split()

    def start_command(self):
        """ExecStart, with -r -r for grim (cage 0.1.4 scans a full-screen window out directly)."""
        words = self.expand(self.fields["ExecStart"])
        assert words[0] == "/usr/bin/dbus-run-session" and words[2:5] == ["--", "/usr/bin/cage", "-d"], words
        return words[:5] + ["-r", "-r"] + words[5:]

    def stop_command(self, main_pid):
        """(ExecStop words, whether it runs as root), or None for a unit without ExecStop=."""
        command = self.fields.get("ExecStop")
        if not command:
            return None
        prefix = re.match(r"^[-+!@:]*", command).group(0)
        return self.expand(command[len(prefix):], MAINPID=str(main_pid)), "+" in prefix or "!" in prefix

    def kill_signal(self):
        name = self.fields.get("KillSignal", "SIGTERM")
        return getattr(signal, name if name.startswith("SIG") else "SIG" + name)


def processes():
    """(pid, (comm, state, parent, process group)) of every process now."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            rest = stat[stat.rindex(")") + 2:].split()
            found.append((int(entry), (stat[stat.index("(") + 1:stat.rindex(")")], rest[0], int(rest[1]), int(rest[2]))))
    return found


def descendant(pid, name):
    """The first process called `name` below `pid` (by parent links in /proc), or None."""
    children = {}
    for child, (comm, _, parent, _) in processes():
        children.setdefault(parent, []).append((child, comm))
    queue = [pid]
    while queue:
        for child, comm in children.get(queue.pop(0), []):
            if comm == name[:15]:  # the kernel keeps 15 characters of a name
                return child
            queue.append(child)
    return None


# The kiosk fills its output with service buttons (one fill each, a service's colour or the
# theme's): a screen counts as the kiosk when its four corners are one colour that is not black
# (grim without `-r -r` captures black), at least this share of it differs from that background,
# and one colour other than the background covers at least BUTTON_MIN_SHARE (a button's fill,
# not only text).
FILLED_MIN_SHARE = 0.3
BUTTON_MIN_SHARE = 0.1


def kiosk_filling(path):
    """(whether the screenshot is the kiosk filling its output, what was measured)."""
    ppm = path + ".ppm"
    subprocess.run(["convert", path, "-depth", "8", f"ppm:{ppm}"], check=True, capture_output=True)
    width, height, pixels = read_ppm(ppm)

    def at(x, y):
        i = (y * width + x) * 3
        return pixels[i:i + 3]

    corners = {at(x, y) for x in (2, width - 3) for y in (2, height - 3)}
    background = at(2, 2)
    fills, samples = {}, 0
    for y in range(0, height, 4):
        for x in range(0, width, 4):
            colour = at(x, y)
            samples += 1
            if colour != background:
                fills[colour] = fills.get(colour, 0) + 1
    filled = sum(fills.values()) / samples
    button = max(fills.values(), default=0) / samples
    measured = (f"{width}x{height}, corners {len(corners)} colour(s), background {tuple(background)}, "
                f"{filled:.0%} not background, the commonest other colour {button:.0%}")
    shown = (len(corners) == 1 and max(background) >= 24
             and filled >= FILLED_MIN_SHARE and button >= BUTTON_MIN_SHARE)
    return shown, measured


class ScreenRun:
    """One start of the unit's ExecStart, in its own session (the unit's control group)."""

    def __init__(self, root, work, unit, name):
        self.root, self.work, self.unit, self.name = root, work, unit, name
        self.measured = "no screenshot taken"
        uid, gid = (int(subprocess.run(["chroot", root, "id", flag, "tessera"], capture_output=True,
                                       text=True, check=True).stdout) for flag in ("-u", "-g"))
        self.runtime = f"/run/tessera-check-{name}"
        shutil.rmtree(root + self.runtime, ignore_errors=True)
        os.makedirs(root + self.runtime, mode=0o700)
        os.chown(root + self.runtime, uid, gid)
        self.notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.notify.bind(root + self.runtime + "/notify")
        os.chown(root + self.runtime + "/notify", uid, gid)
        self.notify.setblocking(False)
        self.messages = []
        environment = {"HOME": "/var/lib/tessera", "XDG_RUNTIME_DIR": self.runtime, "WLR_BACKENDS": "headless",
                       "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_HEADLESS_OUTPUTS": "1", "WLR_RENDERER": "pixman",
                       "NOTIFY_SOCKET": self.runtime + "/notify", "WATCHDOG_USEC": "2000000"}
        self.prefix = ["chroot", root, "runuser", "-u", "tessera", "--", "env", "-i", "PATH=/usr/bin:/bin",
                       *[f"{k}={v}" for k, v in environment.items()]]
        command = unit.start_command()
        print(f"deb-check-root: {name}: as tessera: {' '.join(command)}", flush=True)
        self.log_path = os.path.join(work, f"cage-{name}.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen([*self.prefix, *command], stdout=self.log,
                                        stderr=self.log, start_new_session=True)

    def received(self, prefix, count=1):
        while True:
            try:
                self.messages.append(self.notify.recv(4096).decode())
            except BlockingIOError:
                return sum(message.startswith(prefix) for message in self.messages) >= count

    def output(self):
        return open(self.log_path).read()

    def kiosk_on_screen(self, shot):
        subprocess.run([*self.prefix, "WAYLAND_DISPLAY=wayland-0", "grim", f"{self.runtime}/shot.png"],
                       capture_output=True, check=True)
        shutil.copy(self.root + self.runtime + "/shot.png", shot)
        shown, self.measured = kiosk_filling(shot)
        return shown

    def stop(self):
        """Stops the run as systemd stops the unit; returns how (for the report)."""
        main = descendant(self.process.pid, "dbus-run-session")
        stop = self.unit.stop_command(main) if main else None
        how = "no ExecStop=" if main else "no screen to stop"
        if stop:
            words, as_root = stop
            user = [] if as_root else ["runuser", "-u", "tessera", "--"]
            result = subprocess.run(["chroot", self.root, *user, *words], capture_output=True, text=True)
            how = f"ExecStop {' '.join(words)} ({'root' if as_root else 'tessera'}): exit {result.returncode}"
            how += f" {result.stdout}{result.stderr}".rstrip()
            # ExecStop returns once the main process (dbus-run-session) has exited; runuser, which
            # stands in for nothing of the unit's, follows. Then systemd's KillSignal goes to what is left.
            poll(lambda: self.process.poll() is not None, interval=0.1, what="the session to end")
        left = [pid for pid, (_, state, _, group) in processes()
                if group == self.process.pid and state != "Z" and pid != self.process.pid]
        if left or not stop:
            os.killpg(self.process.pid, self.unit.kill_signal())
            how += f"; KillSignal {self.unit.kill_signal().name} to {len(left)} process(es) left"
        else:
            how += "; nothing left for KillSignal"
        self.process.wait(timeout=WAIT_LIMIT)
        self.log.close()
        self.notify.close()
        return how

    def kill(self):
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=WAIT_LIMIT)


def waited(predicate, what, interval=0.1):
    """Whether `predicate` came true within WAIT_LIMIT (the check that asks says what failed)."""
    try:
        return bool(poll(predicate, interval=interval, what=what))
    except Failure:
        return False


def check_screen(root, work, deb, check, chroot):
    """The screen started, shown, stopped; then installed Recommends; then a restart, checked again."""
    chroot("apt-get", "install", "-y", "-qq", "--no-install-recommends", "grim")  # the test's camera only
    unit = Unit(root, "kiosk")
    for name in ("start", "restart"):
        if name == "restart":
            recommends = [word.strip() for word in subprocess.run(
                ["dpkg-deb", "-f", deb, "Recommends"], capture_output=True, text=True).stdout.split(",") if word.strip()]
            chroot("apt-get", "install", "-y", "-qq", "--no-install-recommends", *recommends)
            check(bool(recommends), f"installed the package's Recommends: {', '.join(recommends)}")
        run = ScreenRun(root, work, unit, name)
        try:
            check(waited(lambda: run.received("READY=1"), "READY=1 from tessera under cage"),
                  f"{name}: READY=1 from tessera (cage's child) on NOTIFY_SOCKET")
            check(waited(lambda: run.received("WATCHDOG=1", 3), "watchdog pings"),
                  f"{name}: WATCHDOG=1 pings from tessera under cage")
            shot = os.path.join(work, "kiosk-under-cage.png")
            check(waited(lambda: run.kiosk_on_screen(shot), "the kiosk in a grim screenshot", interval=0.5),
                  f"{name}: grim shows the kiosk filling cage's output with its buttons ({shot}: {run.measured})")
            check(run.process.poll() is None, f"{name}: cage is still running the kiosk")
            if name == "start":
                check(A11Y_WARNING in run.output(), f"{name}: with Depends alone GTK warns: {A11Y_WARNING}")
            else:
                check(waited(lambda: "Successfully activated service 'org.a11y.Bus'" in run.output(),
                             "the accessibility bus"),
                      f"{name}: the session bus activated the accessibility bus (org.a11y.Bus)")
                check(A11Y_WARNING not in run.output(), f"{name}: no accessibility-bus warning from GTK")
            how = run.stop()
            output = run.output()
            aborted = CAGE_ABORT.search(output)
            check(run.process.returncode == 0 and not aborted,
                  f"{name}: stopped as the unit stops ({how}): cage exit status {run.process.returncode} "
                  f"(via dbus-run-session), {('abort: ' + aborted.group(0)) if aborted else 'no abort'}")
            check("stopping on SIGTERM" in output, f"{name}: tessera logged 'stopping on SIGTERM' ({run.log_path})")
        finally:
            run.kill()
