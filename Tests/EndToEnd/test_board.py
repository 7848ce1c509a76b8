"""The now-serving board, driven as the waiting area meets it (AT-SPI) while desks call from other
processes (`tessera queue`): a board that starts shows the current calls without announcing them; a
call appears highlighted at once; six calls made within a second are all highlighted and announced,
one after the other, in commit order; the announcer's WAVs (espeak-ng) are not silent (sox); with no
sound device that is said once and the board goes on."""
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from atspi_driver import banner, running  # noqa: E402
from e2e import WAIT_LIMIT, Tally, announced, poll, run_queue, scratch_dir  # noqa: E402

tally = Tally()
work = scratch_dir("tessera-e2e-board-")
database = os.path.join(work, "queue.db")
announcements = os.path.join(work, "announced")
os.makedirs(announcements)
config = os.path.join(work, "board.conf")
with open(config, "w") as file:
    file.write("[board]\nhighlight-seconds = 2\n")


def queue(*args):
    return run_queue(database, *args)


def wav_stats(path):
    out = subprocess.run(["sox", path, "-n", "stat"], capture_output=True, text=True, timeout=WAIT_LIMIT).stderr
    values = {}
    for line in out.splitlines():
        key, _, value = line.partition(":")
        try:
            values[key.strip()] = float(value.strip())
        except ValueError:
            pass
    return values


def main():
    for _ in range(5):
        queue("issue", "C")
    queue("call", "--desk", "1")
    errors_path = os.path.join(work, "board.err")
    with (open(errors_path, "w") as errors,
          running("board", "--windowed", "--database", database, "--config", config,
                  env={"TESSERA_ANNOUNCEMENT_LOG": announcements, "TESSERA_RESOURCES": os.path.abspath("Resources")},
                  stderr=errors) as (process, app)):
        node = poll(lambda: banner(app), what="the board's banner")
        tally.expect(node.name == "C001" and node.description == "Last call",
                     "a board that starts shows the call made before it, not highlighted")

        started = time.monotonic()
        queue("call", "--desk", "2")
        committed = time.monotonic()
        tally.wait_for(lambda: node.name == "C002" and node.description == "Now calling",
                       "a ticket called at a desk appears highlighted on the board", interval=0.005,
                       showing=lambda: (node.name, node.description))
        seen = time.monotonic()
        print(f"info: call to highlighted on the board: {(seen - committed) * 1000:.0f} ms after the "
              f"command exited ({(seen - started) * 1000:.0f} ms after it started)")

        poll(lambda: node.description == "Last call", what="the highlight to end")
        burst = [("call", "--desk", "3"), ("recall", "--desk", "1"), ("recall", "--desk", "2"),
                 ("park", "--desk", "1"), ("resume", "C001", "--desk", "1"), ("recall", "--desk", "3")]
        shown = []
        begin = time.monotonic()
        for command in burst:
            queue(*command)
        print(f"info: the burst took {(time.monotonic() - begin) * 1000:.0f} ms")
        expected = ["C003", "C001", "C002", "C001", "C003"]

        # Each call stays highlighted for highlight-seconds (2, the least the board allows), one after the
        # other: the five take 10 s in all. Waited for one at a time, each within WAIT_LIMIT.
        def next_call():
            """The ticket highlighted now, once it is another than the one highlighted before."""
            name = node.name
            if node.description == "Now calling" and (not shown or shown[-1] != name):
                return name
            return None

        def ended():
            """Whether the highlight has ended; a call highlighted meanwhile is one more in `shown`."""
            extra = next_call()
            if extra:
                shown.append(extra)
            return node.description == "Last call"
        for _ in expected:
            shown.append(poll(next_call, interval=0.005, what=f"the next of {expected} highlighted (so far {shown})"))
        poll(ended, interval=0.005, what=f"the last highlight to end (so far {shown})")
        tally.expect(shown == expected, f"five calls within a second are each highlighted, in order: {shown}")

        log = poll(lambda: announced(announcements) if len(announced(announcements)) >= 6 else None,
                   what="six announcements")
        tally.expect([(line[1], line[2], line[3]) for line in log] ==
                     [("C002", "2", "call"), ("C003", "3", "call"), ("C001", "1", "recall"),
                      ("C002", "2", "recall"), ("C001", "1", "toDesk"), ("C003", "3", "recall")],
                     f"every call is announced once, in commit order: {[line[1:4] for line in log]}")
        tally.expect(log[0][4] == "Ticket C 2, please go to desk 2", f"the sentence as a person says it: {log[0][4]!r}")
        wavs = sorted(name for name in os.listdir(announcements) if name.endswith(".wav"))
        tally.expect(len(wavs) == 6, f"a WAV rendered per announcement: {wavs}")
        stats = wav_stats(os.path.join(announcements, wavs[0]))
        tally.expect(stats.get("Length (seconds)", 0) > 1 and stats.get("Maximum amplitude", 0) > 0.1
                     and stats.get("RMS     amplitude", 0) > 0.01, f"the spoken call is not silent: {stats}")
        tally.expect(process.poll() is None, "the board goes on")
    with open(errors_path) as errors:
        complaints = errors.read().count("calls cannot be played")
    tally.expect(complaints <= 1, f"a missing sound device is logged at most once ({complaints} times)")


tally.run(main)
