"""make vm-check, the machine: QEMU booting the image, its monitor and the test channel.

QEMU emulates the CPU (TCG): KVM on this kind of host runs only guests built for it. The guest
has a virtio-gpu display (read through the monitor's screendump), no network, and a
virtio-serial port on which vm-check-agent.service runs a shell (scripts/vm_image.py). Each
command is sent base64-encoded and its output framed by numbered markers, so that output left
over from an earlier connection or a command cut short is never taken for an answer."""
import base64
import itertools
import os
import signal
import socket
import subprocess
import threading
import time

# Tuning for this machine's two cores under emulation (real-terminal-vm.md's measured times).
CPUS = 2
MEMORY_MB = 2048
SCREEN = (1280, 800)
AGENT_PING_SECONDS = 1.0
SCREEN_POLL_SECONDS = 1.0


class Agent:
    """The shell on the guest's virtio-serial port."""

    def __init__(self, path):
        self.path = path
        self.buffer = b""
        self.lock = threading.Condition()
        self.ids = itertools.count(1)
        self.sock = None

    def connect(self, deadline):
        while time.monotonic() < deadline:
            try:
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                sock.connect(self.path)
                self.sock = sock
                threading.Thread(target=self._read, daemon=True).start()
                return True
            except OSError:
                time.sleep(0.2)
        return False

    def _read(self):
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            with self.lock:
                if not data:
                    self.sock = None
                    self.lock.notify_all()
                    return
                self.buffer += data
                self.lock.notify_all()

    def _send(self, text):
        self.sock.sendall(text.encode())

    def _wait_for(self, marker, deadline):
        """Waits for `marker` in the buffer; returns (text before it, True) or (buffer, False)."""
        with self.lock:
            while marker not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or self.sock is None:
                    return self.buffer, False
                self.lock.wait(min(left, 0.5))
            before, _, after = self.buffer.partition(marker)
            self.buffer = after
            return before, True

    def wait_ready(self, limit):
        """Pings until the shell answers; True once it does."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline and self.sock is not None:
            n = next(self.ids)
            self._send(f"echo @@P{n}@@\n")
            _, ok = self._wait_for(f"@@P{n}@@".encode(), min(deadline, time.monotonic() + AGENT_PING_SECONDS))
            if ok:
                with self.lock:
                    self.buffer = b""
                return True
        return False

    def start(self, command):
        """Starts `command` (bash) in the guest; returns its id for finish() or lines()."""
        n = next(self.ids)
        encoded = base64.b64encode(command.encode()).decode()
        self._send(f"echo '@@B{n}@@'; (eval \"$(echo {encoded} | base64 -d)\") </dev/null 2>&1; "
                   f"s=$?; echo; echo \"@@E{n} $s@@\"\n")
        return n

    def finish(self, n, limit):
        """(exit status, output) of command `n`, or (None, what came) if it did not end in `limit` s."""
        deadline = time.monotonic() + limit
        _, began = self._wait_for(f"@@B{n}@@\n".encode(), deadline)
        if not began:
            return None, ""
        body, ended = self._wait_for(f"@@E{n} ".encode(), deadline)
        if not ended:
            return None, body.decode(errors="replace")
        status, ok = self._wait_for(b"@@\n", deadline)
        text = body.decode(errors="replace")
        return (int(status) if ok else None), (text[:-1] if text.endswith("\n") else text)

    def run(self, command, limit=60):
        return self.finish(self.start(command), limit)

    def lines(self, n, limit, tick=0.1):
        """Yields command `n`'s output lines as they arrive, for at most `limit` s; None after each
        `tick` s without one, so that the caller can act on time as well as on output."""
        deadline = time.monotonic() + limit
        _, began = self._wait_for(f"@@B{n}@@\n".encode(), deadline)
        if not began:
            return
        while time.monotonic() < deadline:
            line, ok = self._wait_for(b"\n", min(deadline, time.monotonic() + tick))
            if not ok:
                if self.sock is None:
                    return
                yield None
                continue
            text = line.decode(errors="replace")
            if text.startswith(f"@@E{n} "):
                return
            yield text

    def received_lines(self, limit=2.0):
        """After the guest has gone: waits (up to `limit` s) for the connection to close, then returns
        every whole line that had reached this side and was not read yet."""
        with self.lock:
            deadline = time.monotonic() + limit
            while self.sock is not None and time.monotonic() < deadline:
                self.lock.wait(0.1)
            *lines, rest = self.buffer.split(b"\n")
            self.buffer = rest
        return [line.decode(errors="replace") for line in lines]


class Machine:
    """One QEMU process: started, watched, and ended by power-off or a power cut."""

    def __init__(self, image, work, name, extra_kernel_arguments=""):
        self.image, self.name = image, name
        self.dir = os.path.join(work, name)
        os.makedirs(self.dir, exist_ok=True)
        self.monitor_path = os.path.join(self.dir, "monitor.sock")
        self.agent_path = os.path.join(self.dir, "agent.sock")
        self.agent = None
        self.arguments = f"root=/dev/vda rw console=ttyS0 {extra_kernel_arguments}".strip()
        self.process = None
        self.started = None
        self.starts = 0

    def start(self):
        """Starts QEMU (again, after a reboot: -no-reboot makes the guest's reset end QEMU, and a new
        QEMU is a cold boot; a warm reset under emulation booted Debian's kernel 2-3 times slower)."""
        for path in (self.monitor_path, self.agent_path):
            if os.path.exists(path):
                os.remove(path)
        self.starts += 1
        self.agent = Agent(self.agent_path)
        serial_log = os.path.join(self.dir, f"serial-{self.starts}.log")
        command = [
            "qemu-system-x86_64", "-accel", "tcg,thread=multi", "-cpu", "max", "-smp", str(CPUS),
            "-m", str(MEMORY_MB), "-machine", "q35", "-no-reboot",
            "-kernel", self.image.kernel, "-initrd", self.image.initrd, "-append", self.arguments,
            "-drive", f"file={self.image.disk},if=virtio,format=raw,cache=writethrough",
            "-device", f"virtio-vga,xres={SCREEN[0]},yres={SCREEN[1]}", "-display", "none", "-nic", "none",
            "-monitor", f"unix:{self.monitor_path},server=on,wait=off",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=agent,path={self.agent_path},server=on,wait=off",
            "-device", "virtserialport,chardev=agent,name=vmcheck",
            "-serial", f"file:{serial_log}",
        ]
        self.started = time.monotonic()
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=open(os.path.join(self.dir, f"qemu-{self.starts}.log"), "w"))
        if not self.agent.connect(time.monotonic() + 30):
            raise RuntimeError(f"QEMU did not open {self.agent_path}: {self.dir}/qemu-{self.starts}.log")

    def since_start(self):
        return time.monotonic() - self.started

    def monitor(self, command, limit=30):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(limit)
            sock.connect(self.monitor_path)
            reply = b""
            while not reply.endswith(b"(qemu) "):
                reply += sock.recv(4096)
            sock.sendall(command.encode() + b"\n")
            reply = b""
            while not reply.endswith(b"(qemu) "):
                chunk = sock.recv(4096)
                if not chunk:
                    break
                reply += chunk
            return reply.decode(errors="replace")

    def screendump(self, path):
        """The display now, as a PPM file at `path` (absolute: QEMU's working directory is not ours)."""
        path = os.path.abspath(path)
        if os.path.exists(path):
            os.remove(path)
        self.monitor(f"screendump {path}")
        return path

    def running(self):
        return self.process is not None and self.process.poll() is None

    def power_cut(self):
        """SIGKILL to QEMU: the guest's memory is gone, the disk keeps what was written to it."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def wait_exit(self, limit):
        """Whether QEMU exits (the guest powered off or reset) within `limit` s."""
        try:
            self.process.wait(limit)
            return True
        except subprocess.TimeoutExpired:
            return False

    def power_off(self, limit=120):
        """`systemctl poweroff` in the guest; a power cut if QEMU has not exited within `limit` s."""
        if self.running():
            self.agent.start("systemctl poweroff")
            try:
                self.process.wait(limit)
                return True
            except subprocess.TimeoutExpired:
                self.power_cut()
        return False
