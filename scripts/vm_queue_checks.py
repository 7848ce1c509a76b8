"""make vm-check, the queue's checks on the booted terminal: tickets through power cuts, and the queue
and configuration through an upgrade (scripts/vm-check runs them; vm_checks.py has the screen's)."""
import os
import random
import re
import time

from vm_checks import CONF, DATABASE, START_LIMIT, guest

# How many tickets the loop has acknowledged when the power is cut (a random number in this range).
TICKETS_BEFORE_CUT = (4, 12)


def ticket_loop_then_cut(tally, machine):
    """Issues tickets in a loop in the guest and cuts the power at a random moment; (start ms, acknowledged)."""
    since = guest(machine, "date +%s%3N")[1]
    n = machine.agent.start(f"for i in $(seq 1 200); do runuser -u tessera -- tessera queue issue C "
                            f"--database {DATABASE} || break; done")
    acknowledged, cut_after = [], random.randint(*TICKETS_BEFORE_CUT)
    delay = random.uniform(0, 1.5)

    def note(line):
        found = re.match(r"^(C\d+)\s", line or "")
        if found:
            acknowledged.append(found.group(1))
    cut_at = None
    # The loop goes on issuing while the moment of the cut comes: whatever it prints until then is
    # acknowledged, and so is what had reached this side when the power went.
    for line in machine.agent.lines(n, limit=400):
        note(line)
        if cut_at is None and len(acknowledged) >= cut_after:
            cut_at = time.monotonic() + delay
        if cut_at is not None and time.monotonic() >= cut_at:
            break
    machine.power_cut()
    for line in machine.agent.received_lines():
        note(line)
    tally.say(f"power cut {delay:.1f} s after ticket {cut_after} was acknowledged; {len(acknowledged)} acknowledged "
              f"in all: {' '.join(acknowledged)}")
    return int(since), acknowledged


def after_cut(tally, machine, since, acknowledged):
    integrity = guest(machine, f"runuser -u tessera -- sqlite3 {DATABASE} 'PRAGMA integrity_check'")[1]
    rows = guest(machine, f"runuser -u tessera -- sqlite3 {DATABASE} "
                          f"\"SELECT code FROM tickets WHERE issued_at >= {since} ORDER BY id\"")[1].split()
    listed = guest(machine, f"runuser -u tessera -- tessera queue list --day all --database {DATABASE}")[1]
    missing = [code for code in acknowledged if code not in rows or not re.search(rf"\b{code}\b", listed)]
    tally.check(integrity == "ok", f"PRAGMA integrity_check: {integrity}")
    tally.check(not missing and len(rows) == len(set(rows)) and len(rows) - len(acknowledged) in (0, 1),
                f"every acknowledged ticket is stored and listed, nothing twice: {len(acknowledged)} acknowledged, "
                f"{len(rows)} stored since the loop began ({' '.join(rows)}), missing {missing or 'none'}")


def upgrade(tally, machine, role, newer):
    """A newer build installed over the running screen, the screens restarted; the facts to check after reboot."""
    unit = f"tessera@{role}.service"
    guest(machine, f"printf '\\n# Edited on this terminal by vm-check.\\n[kiosk]\\nticket-seconds = 9\\n' >> {CONF}")
    conf = guest(machine, f"sha256sum {CONF}")[1]
    issued = guest(machine, f"runuser -u tessera -- tessera queue issue R --database {DATABASE}")[1]
    code = re.search(r"R\d+", issued).group(0) if re.search(r"R\d+", issued) else None
    status, out = guest(machine, f"apt-get install -y -q /var/tmp/{os.path.basename(newer)} 2>&1 | tail -n 3", limit=400)
    version = guest(machine, "dpkg-query -W -f='${Version}' tessera")[1]
    tally.check(status == 0 and version in os.path.basename(newer),
                f"apt installed the newer build over the running screen: tessera {version}")
    start = time.monotonic()
    status, out = guest(machine, f"timeout {START_LIMIT} systemctl restart 'tessera@*.service'", limit=START_LIMIT + 10)
    tally.check(status == 0, f"systemctl restart 'tessera@*.service' in {time.monotonic() - start:.0f} s {out}")
    exe = guest(machine, "readlink /proc/$(pgrep -xo tessera)/exe")[1]
    tally.check(exe == "/usr/bin/tessera" and guest(machine, f"systemctl is-active {unit}")[1] == "active",
                f"the restarted screen runs the new binary ({exe})")
    return conf, code, version


def survived(tally, machine, what, conf, code, version):
    tally.check(guest(machine, f"sha256sum {CONF}")[1] == conf, f"{what}: the edited {CONF} is as it was")
    listed = guest(machine, f"runuser -u tessera -- tessera queue list --day all --database {DATABASE}")[1]
    tally.check(bool(code) and re.search(rf"\b{code}\b", listed) is not None, f"{what}: ticket {code} is still listed")
    tally.check(guest(machine, "dpkg-query -W -f='${Version}' tessera")[1] == version, f"{what}: tessera {version}")
