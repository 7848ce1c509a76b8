"""kiosk_soak: memory growth of the release `tessera kiosk` on the durable store over CYCLES ticket
cycles through the UI (default 250; the figure for issue 9 is taken with CYCLES=2000): a real tap
(xdotool) on a service → the ticket page painted → a real tap on Done → the services back and
taking taps. Taps go round the three services, so 2,000 cycles stay under a service's 999 numbers.

Memory is read from /proc/PID/smaps_rollup every CHECKPOINT cycles (default 100): PSS and the
private dirty memory (Private_Dirty: pages this process wrote and no other maps, i.e. its heap,
stacks and buffers). Prints, against the goal (< 2 MB):
  kiosk_soak_pss_growth          PSS from cycle WARMUP (default 100: caches, fonts, the
                                 accessibility tree filled) to the last cycle
  kiosk_soak_private_growth      private dirty memory over the same cycles
  kiosk_soak_pss_second_half     PSS over the second half of the cycles (the plateau: a leak
  kiosk_soak_private_second_half grows as much there as in the first half; warm-up does not)
PSS moves with other processes too: a page of a shared library (libgtk-4, Mesa's libLLVM) counts a
share for each process that maps it, so another GTK program starting or ending on the machine
moves this one's PSS by megabytes (a 9 MB step from libLLVM alone has been seen) without this one
allocating anything. Private dirty memory is the figure a leak shows in.
The series goes to .build/bench/kiosk_soak.csv. SOAK_WRAPPER (e.g. "heaptrack -o FILE") runs the
kiosk under a tool; the kiosk's own process is then found among the tool's children. SOAK_SMAPS_DIR
keeps a copy of /proc/PID/smaps at each checkpoint, to see which mapping grew."""
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from atspi_driver import find_application, find_one, has  # noqa: E402
from e2e import TESSERA_BIN, poll  # noqa: E402
from kiosk_input import centre  # noqa: E402

import pyatspi  # noqa: E402

CYCLES = int(os.environ.get("CYCLES", "250"))
WARMUP = min(int(os.environ.get("WARMUP", "100")), CYCLES)
CHECKPOINT = int(os.environ.get("CHECKPOINT", "100"))
GOAL_MB = 2.0
SERVICES = ["Click & Collect", "Returns", "Customer Service"]
SERIES = os.path.join(".build", "bench", "kiosk_soak.csv")
SMAPS_DIR = os.environ.get("SOAK_SMAPS_DIR")


def memory_kb(pid):
    """(PSS, private dirty) in kB from smaps_rollup."""
    fields = {}
    with open(f"/proc/{pid}/smaps_rollup") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                fields[parts[0][:-1]] = int(parts[1])
    return fields["Pss"], fields["Private_Dirty"]


def kiosk_pid(launched):
    """The tessera process: the one launched, or under SOAK_WRAPPER the descendant running TESSERA_BIN."""
    target = os.path.realpath(TESSERA_BIN)

    def search():
        pending = [launched]
        while pending:
            pid = pending.pop()
            try:
                if os.path.realpath(f"/proc/{pid}/exe") == target:
                    return pid
                with open(f"/proc/{pid}/task/{pid}/children") as children:
                    pending += [int(child) for child in children.read().split()]
            except OSError:
                continue
        return None
    return poll(search, timeout=10, what="the kiosk process")


def tap(x, y):
    subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True, timeout=10)


def main():
    database = os.path.join(tempfile.mkdtemp(prefix="tessera-bench-soak-"), "queue.db")
    wrapper = shlex.split(os.environ.get("SOAK_WRAPPER", ""))
    process = subprocess.Popen([*wrapper, TESSERA_BIN, "kiosk", "--database", database],
                               env={**os.environ, "TESSERA_TRACE": "1"}, stderr=subprocess.PIPE, text=True)
    painted = [0]
    arrived = threading.Condition()

    def read_marks():
        for line in process.stderr:
            if line.startswith("ticket-painted "):
                with arrived:
                    painted[0] += 1
                    arrived.notify_all()
    threading.Thread(target=read_marks, daemon=True).start()
    series = []
    pid = None
    try:
        pid = kiosk_pid(process.pid)
        app = find_application(pid)
        buttons = [find_one(app, role="push button", name=name, timeout=10) for name in SERVICES]
        places = [centre(button, pid) for button in buttons]
        done = None
        done_place = None
        for index in range(CYCLES + 1):
            button = buttons[index % len(buttons)]
            poll(lambda: has(button, pyatspi.STATE_SENSITIVE), timeout=10, what="the services ready")
            if index % CHECKPOINT == 0 or index in (WARMUP, CYCLES // 2, CYCLES):
                series.append((index, *memory_kb(pid)))
                if SMAPS_DIR:
                    shutil.copyfile(f"/proc/{pid}/smaps", os.path.join(SMAPS_DIR, f"smaps.{index:05d}"))
                print(f"kiosk_soak: cycle {index}: PSS {series[-1][1]} kB, private dirty {series[-1][2]} kB",
                      file=sys.stderr, flush=True)
            if index == CYCLES:
                break
            seen = painted[0]
            tap(*places[index % len(places)])
            with arrived:
                if not arrived.wait_for(lambda: painted[0] > seen, timeout=10):
                    raise AssertionError(f"no ticket page painted in cycle {index + 1}")
            if done is None:
                done = find_one(app, role="push button", name="Done")
                done_place = centre(done, pid)
            # Done counts once the tap guard has passed; a tap inside it is refused, so tap until it
            # counts: until Done loses the focus the ticket page gave it (GTK 4.8 reports no SHOWING).
            poll(lambda: not has(done, pyatspi.STATE_FOCUSED) or tap(*done_place),
                 timeout=10, interval=0.1, what="back to the services")
    finally:
        # The kiosk itself, not a wrapper (which then finishes its report).
        os.kill(pid, signal.SIGTERM) if pid else process.terminate()
        process.wait(timeout=120)
        shutil.rmtree(os.path.dirname(database), ignore_errors=True)
    os.makedirs(os.path.dirname(SERIES), exist_ok=True)
    with open(SERIES, "w") as out:
        out.write("cycle,pss_kb,private_dirty_kb\n")
        out.writelines(f"{cycle},{pss},{private}\n" for cycle, pss, private in series)
    at = {cycle: (pss, private) for cycle, pss, private in series}
    warm, half, end = at[WARMUP], at[CYCLES // 2], at[CYCLES]
    figures = [("kiosk_soak_pss_growth", (end[0] - warm[0]) / 1024),
               ("kiosk_soak_private_growth", (end[1] - warm[1]) / 1024),
               ("kiosk_soak_pss_second_half", (end[0] - half[0]) / 1024),
               ("kiosk_soak_private_second_half", (end[1] - half[1]) / 1024)]
    for name, growth in figures:
        print(f"{name} {growth:.2f} MB {GOAL_MB:.0f} {growth / GOAL_MB:.3f}")


main()
