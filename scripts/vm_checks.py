"""make vm-check, the checks that run inside a booted terminal (scripts/vm-check runs them in order).

Each check asks the guest through the test channel (systemctl, journalctl, coredumpctl, sqlite3)
or looks at QEMU's display; none reads the check's own idea of what should have happened."""
import os
import re
import time

import vm_screen

DATABASE = "/var/lib/tessera/queue.db"
CONF = "/etc/tessera/tessera.conf"
# How long a person would wait before calling the terminal broken, under emulation.
FIRST_FRAME_LIMIT = 300
START_LIMIT = 150
LATE_CARD_HOLD_SECONDS = 20
PROMPT_AFTER_CARD = 90
SETTLE_LIMIT = 60
# A screen whose drawing has stopped (a frame clock waiting for the compositor for ever) looks
# settled in every screendump; a live one redraws when the store changes: how long that may take.
FOLLOW_LIMIT = 30
# What changes each role's screen, as staff would change it, and what undoes it (None: nothing).
# The desk's sign-in page shows nothing of the queue.
STORE_CHANGES = {
    "kiosk": ("queue services close R", "queue services open R"),
    "board": ("queue issue R", None),
}


class Tally:
    def __init__(self, screens, keep):
        self.failures, self.screens, self.keep = [], screens, keep

    def check(self, ok, what):
        print(f"vm-check: {'ok' if ok else 'FAILED'}: {what}", flush=True)
        if not ok:
            self.failures.append(what)
        return ok

    def say(self, what):
        print(f"vm-check: {what}", flush=True)


def guest(machine, command, limit=60):
    status, output = machine.agent.run(command, limit)
    return status, output.strip()


def value(machine, unit, prop):
    return guest(machine, f"systemctl show -p {prop} --value {unit}")[1]


def poll(condition, limit, every=1.0):
    """Calls condition() until it returns something true or `limit` s pass; (result, seconds)."""
    start = time.monotonic()
    while True:
        result = condition()
        if result or time.monotonic() - start >= limit:
            return result, time.monotonic() - start
        time.sleep(every)


def app_on_screen(tally, machine, name, limit):
    """Polls QEMU's display until it shows tessera's first frame, then its role's page; (seconds
    from the call to the first frame, or None if the page did not follow; description). tessera shows
    its welcome screen until the store is open, then fades the page in: the page counts, and is
    the screenshot kept, once two screendumps in a row (SETTLE_LIMIT s at most) show it the same."""
    ppm = os.path.join(tally.screens, f"{name}.ppm")
    start = time.monotonic()
    shown, seconds = poll(lambda: machine.running() and vm_screen.shows_app(machine.screendump(ppm)), limit)
    if not os.path.exists(ppm):
        return None, "no screendump"
    page = None
    if shown:
        previous = open(ppm, "rb").read()

        def settled():
            nonlocal previous
            current = open(machine.screendump(ppm), "rb").read()
            same, previous = current == previous, current
            return same and vm_screen.shows_page(ppm)
        page, _ = poll(settled, SETTLE_LIMIT, every=0.5)
    png = vm_screen.to_png(ppm, os.path.join(tally.screens, f"{name}.png"))
    if page:
        vm_screen.keep(png, tally.keep)
    what = (f"its page settled after {time.monotonic() - start:.0f} s" if page
            else "the welcome screen, no page" if shown else "no tessera frame")
    return (seconds if page else None), f"{what}: {vm_screen.describe(ppm)}"


def follows_the_store(tally, machine, role, name):
    """The screen on QEMU's display redraws when the store changes (a service closed, a ticket
    issued): it is alive, not a frame left behind by a stalled compositor or main loop. Where
    the change is undone, the screen returns to the page it settled on, or says it had not."""
    if role.split("-")[0] not in STORE_CHANGES:
        return None
    change, undo = STORE_CHANGES[role.split("-")[0]]
    ppm = os.path.join(tally.screens, f"{name}-followed.ppm")
    settled = open(os.path.join(tally.screens, f"{name}.ppm"), "rb").read()
    run = f"runuser -u tessera -- tessera {{}} --database {DATABASE}"
    status, out = guest(machine, run.format(change))
    changed, seconds = poll(lambda: open(machine.screendump(ppm), "rb").read() != settled, FOLLOW_LIMIT, every=0.5)
    tally.check(status == 0 and changed, f"the {role}'s screen follows the store: after `tessera {change}` it "
                + (f"redrew within {seconds:.1f} s" if changed else f"still showed the same frame {FOLLOW_LIMIT} s later {out}"))
    if not changed:
        return False
    if undo:
        guest(machine, run.format(undo))
        back, _ = poll(lambda: open(machine.screendump(ppm), "rb").read() == settled, 10, every=0.5)
        # Under the test's software renderer a transition has been seen to stop on its first
        # frame until the next redraw (docs/operations.md, "make vm-check"): said, not hidden.
        tally.say(f"after `tessera {undo}` the {role} shows " + ("the page it had settled on" if back else
                  "a page other than the frame it had settled on: that frame was a transition's, left until this redraw"))
    # The screenshot kept is the screen after a redraw the store caused: the page as it is.
    png = vm_screen.to_png(machine.screendump(ppm), os.path.join(tally.screens, f"{name}.png"))
    vm_screen.keep(png, tally.keep)
    return True


def console_on_screen(tally, machine, limit=20):
    """Polls until QEMU's display no longer shows a Tessera screen (a stopped screen leaves the
    virtual terminal to the console); the seconds that took, or None."""
    ppm = os.path.join(tally.screens, "after-stop.ppm")
    gone, seconds = poll(lambda: not vm_screen.shows_app(machine.screendump(ppm)), limit, every=0.5)
    return seconds if gone else None


def wait_for_agent(tally, machine, limit=240):
    ready = machine.agent.wait_ready(limit)
    tally.check(ready, f"the guest's test channel answers ({machine.since_start():.0f} s after QEMU start)")
    return ready


def unit_started(tally, machine, role, limit=START_LIMIT):
    """The checks of a screen that has started: active, its status line, its processes in its cgroup."""
    unit = f"tessera@{role}.service"
    def settled():
        state = guest(machine, f"systemctl is-active {unit}")[1]
        return state if state in ("active", "failed", "inactive") else None
    state, _ = poll(settled, limit)
    tally.check(state == "active", f"systemctl is-active {unit}: {state or 'still activating'}")
    status = value(machine, unit, "StatusText")
    tally.check(status == f"showing the {role.split('-')[0]}", f"systemctl status {unit}: Status: \"{status}\"")
    # READY=1 must be tessera's (after its first frame), not that of another process of the unit:
    # the unit turned active after tessera began.
    ready = int(value(machine, unit, "ActiveEnterTimestampMonotonic") or 0) / 1e6
    began = guest(machine, "pid=$(pgrep -xo tessera) && echo $(( $(cut -d' ' -f22 /proc/$pid/stat) "
                           "/ $(getconf CLK_TCK) ))")[1]
    tally.check(began.isdigit() and ready > int(began),
                f"{unit} became active {ready:.1f} s after boot, after tessera started ({began or '?'} s)")
    cgroup = guest(machine, "pid=$(pgrep -xo tessera) && cat /proc/$pid/cgroup")[1]
    tally.check(cgroup.endswith(f"/system.slice/system-tessera.slice/{unit}"),
                f"tessera runs in the unit's own cgroup, where systemd hears its READY=1 and WATCHDOG=1: {cgroup}")
    return state == "active"


def first_boot(tally, machine, role):
    seconds, description = app_on_screen(tally, machine, f"{role}-after-boot", FIRST_FRAME_LIMIT)
    tally.check(seconds is not None, f"the {role} is on QEMU's display after boot, without a person: "
                + (f"{seconds:.1f} s from QEMU start to its first frame" if seconds is not None
                   else f"not within {FIRST_FRAME_LIMIT} s ({description})"))
    if not wait_for_agent(tally, machine):
        return False
    unit = f"tessera@{role}.service"
    unit_started(tally, machine, role)
    if seconds is not None:
        follows_the_store(tally, machine, role, f"{role}-after-boot")
    # graphical.target is reached even when a unit it wants fails; reached after the screen became
    # active, boot waited for the screen and the screen started.
    screen_at = int(value(machine, unit, "ActiveEnterTimestampMonotonic") or 0) / 1e6
    target_at = int(value(machine, "graphical.target", "ActiveEnterTimestampMonotonic") or 0) / 1e6
    tally.check(0 < screen_at <= target_at, f"boot reached graphical.target at {target_at:.1f} s, with the {role} "
                f"started at {screen_at:.1f} s" if screen_at else f"boot reached graphical.target at {target_at:.1f} s, "
                f"but {unit} never started")
    tally.say("journal: " + guest(machine, f"journalctl -b -o short-monotonic --no-pager -u {unit} -u seatd.service")[1]
              .replace("\n", "\n    "))
    armed = value(machine, unit, "WatchdogUSec")
    first = value(machine, unit, "WatchdogTimestampMonotonic")
    pinged, seconds = poll(lambda: value(machine, unit, "WatchdogTimestampMonotonic") not in (first, "0", ""), 40)
    tally.check(armed == "30s" and first not in ("0", "") and pinged,
                f"the watchdog is armed (WatchdogUSec={armed}) and pinged (WatchdogTimestamp moved after {seconds:.0f} s)")
    # A unit whose readiness never arrives is killed after TimeoutStartSec=90 and restarted: still
    # unrestarted 100 s after boot, it is not caught in that loop.
    poll(lambda: float(guest(machine, "cut -d' ' -f1 /proc/uptime")[1] or 0) >= 100, 100)
    restarts = value(machine, unit, "NRestarts")
    timed_out = guest(machine, f"journalctl -b -u {unit} --no-pager -o cat --grep 'timed out' || true")[1]
    tally.check(restarts == "0" and not timed_out, f"no restart 100 s after boot: NRestarts={restarts} {timed_out}")
    return True


# systemd-coredump writes a core in a unit of its own, after the process is gone; under QEMU's
# software emulation a screen's core (the watchdog's SIGABRT) takes more than a minute. Until it
# is written coredumpctl lists it incompletely ("-- Notice: 1 systemd-coredump@.service unit is
# running"), so cores are read only once no such unit runs, and at most this long after.
CORE_WRITE_LIMIT = 240


def cores_written(machine, since=None):
    """The guest's core dumps (since `since`, epoch seconds), listed once none is still being written."""
    poll(lambda: not guest(machine, "systemctl list-units --no-legend --state=running 'systemd-coredump@*' 2>/dev/null")[1],
         CORE_WRITE_LIMIT, every=2)
    window = f"--since=@{since} " if since else ""
    listed = guest(machine, f"coredumpctl --no-pager --no-legend {window}list 2>/dev/null || true")[1]
    return [line for line in listed.splitlines() if line.strip() and not line.startswith("-- ")]


def watchdog_restart(tally, machine, role):
    unit = f"tessera@{role}.service"
    before, pid = value(machine, unit, "NRestarts"), value(machine, unit, "MainPID")
    guest(machine, "pkill -USR1 -x tessera")
    stalled, _ = poll(lambda: "stalled" in value(machine, unit, "StatusText"), 20)
    tally.check(stalled, f"SIGUSR1 stalled tessera's main loop (the debug hook): {value(machine, unit, 'StatusText')}")
    start = time.monotonic()
    back, _ = poll(lambda: value(machine, unit, "NRestarts") != before
                   and guest(machine, f"systemctl is-active {unit}")[1] == "active", 150, every=2)
    lines = guest(machine, f"journalctl -b -u {unit} --no-pager -o short-monotonic --grep 'Watchdog|Started|Scheduled restart' | tail -n 4")[1]
    cores = len([line for line in cores_written(machine) if "tessera" in line])
    tally.say(f"the watchdog's SIGABRT left {cores} core dump(s) of tessera in coredumpctl (where it hung)")
    tally.check(back and "Watchdog timeout" in lines,
                f"the watchdog restarted the stalled screen: NRestarts {before} -> {value(machine, unit, 'NRestarts')}, "
                f"MainPID {pid} -> {value(machine, unit, 'MainPID')}, active again {time.monotonic() - start:.0f} s "
                f"after the stall:\n    " + lines.replace("\n", "\n    "))


def clean_stop(tally, machine, role):
    unit = f"tessera@{role}.service"
    since = guest(machine, "date +%s")[1]
    start = time.monotonic()
    status, out = guest(machine, f"systemctl stop {unit}", limit=90)
    took = time.monotonic() - start
    state = value(machine, unit, "ActiveState")
    # systemd says how the main process ended only in the journal once the unit is unloaded (an
    # instance that is not enabled is, as soon as it stops): "Deactivated successfully" is exit 0.
    journal = guest(machine, f"journalctl -u {unit} --since=@{since} --no-pager -o short-monotonic")[1]
    failure = re.search(r"Failed with result.*|Main process exited, code=(killed|dumped).*", journal)
    tally.check(status == 0 and state == "inactive" and "Deactivated successfully" in journal and not failure,
                f"systemctl stop {unit} in {took:.1f} s: {state}; the journal: "
                + (failure.group(0) if failure else "Deactivated successfully" if "Deactivated successfully" in journal
                   else "no end of the main process") + f" {out}")
    cores = "\n".join(cores_written(machine, since))
    dark = console_on_screen(tally, machine)
    tally.check(dark is not None, f"the screen left the display to the console ({dark or 0:.1f} s after the stop)")
    tally.check(not re.search(r"Assertion|dumped|ABRT", journal) and not cores,
                f"no abort and no core dump (coredumpctl: {cores or 'none'}); the stop in the journal:\n    "
                + journal.replace("\n", "\n    "))


def start_role(tally, machine, role, screenshot_name):
    unit = f"tessera@{role}.service"
    start = time.monotonic()
    status, out = guest(machine, f"timeout {START_LIMIT} systemctl start {unit}", limit=START_LIMIT + 10)
    tally.check(status == 0, f"systemctl start {unit} returned {status} after {time.monotonic() - start:.0f} s {out}")
    unit_started(tally, machine, role, limit=10)  # systemctl start has waited already
    seconds, description = app_on_screen(tally, machine, screenshot_name, 60)
    tally.check(seconds is not None, f"{unit} is on QEMU's display ({description})")
    if seconds is not None:
        follows_the_store(tally, machine, role, screenshot_name)


def reboot(tally, machine, role, screenshot_name):
    """`systemctl reboot`, then the screen of `role` returns by itself; True if the guest came back."""
    boot_id = guest(machine, "cat /proc/sys/kernel/random/boot_id")[1]
    start = time.monotonic()
    machine.agent.start("systemctl reboot")
    down = machine.wait_exit(180)
    tally.check(down, f"systemctl reboot: the terminal shut down and reset ({time.monotonic() - start:.0f} s)")
    if not down:
        return False
    machine.start()
    back = machine.agent.wait_ready(240) and guest(machine, "cat /proc/sys/kernel/random/boot_id")[1] != boot_id
    tally.check(back, f"the terminal came back from the reboot ({time.monotonic() - start:.0f} s after it)")
    if not back:
        return False
    seconds, description = app_on_screen(tally, machine, screenshot_name, FIRST_FRAME_LIMIT)
    tally.check(seconds is not None, f"after the reboot the {role} returns: on screen {time.monotonic() - start:.0f} s "
                f"after `systemctl reboot` ({description})")
    unit_started(tally, machine, role)
    if seconds is not None:
        follows_the_store(tally, machine, role, screenshot_name)
    return True


def late_card(tally, machine, role):
    """A boot whose graphics driver loads late (modprobe.blacklist on the kernel's command line; the
    check loads it by hand): the screen waits for it and shows promptly once it is there."""
    unit = f"tessera@{role}.service"
    tally.check(not guest(machine, "ls /dev/dri 2>/dev/null")[1], "no graphics card at boot (virtio_gpu held back)")
    time.sleep(LATE_CARD_HOLD_SECONDS)  # the terminal without a card for a while, as a slow driver leaves it
    before = guest(machine, f"systemctl is-active {unit}; journalctl -b -u {unit} -o cat --no-pager | tail -n 3")[1]
    tally.say(f"{LATE_CARD_HOLD_SECONDS} s without a card: {before}")
    guest(machine, "modprobe virtio_gpu")
    seconds, description = app_on_screen(tally, machine, f"{role}-late-card", PROMPT_AFTER_CARD)
    tally.check(seconds is not None, f"the {role} is on screen "
                + (f"{seconds:.0f} s after the card appeared" if seconds is not None
                   else f"not within {PROMPT_AFTER_CARD} s of the card appearing ({description})"))
    unit_started(tally, machine, role)
    if seconds is not None:
        follows_the_store(tally, machine, role, f"{role}-late-card")
