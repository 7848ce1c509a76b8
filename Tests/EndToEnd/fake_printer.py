#!/usr/bin/env python3
"""A fake ESC/POS receipt printer for the test suite: raw TCP (like port 9100) or a pseudo-terminal
(like /dev/ttyUSB0). It records what it is sent, decodes it with its own reader of the command set
(independent of tessera's encoder), and answers real-time status requests (DLE EOT n) as the state
file says.

    fake_printer.py --dir DIR --tcp     # writes DIR/address: socket://127.0.0.1:PORT
    fake_printer.py --dir DIR --pty     # writes DIR/address: the terminal's path
    fake_printer.py --decode FILE [--png OUT]   # decode a byte file, print the commands as JSON

DIR/state (re-read at every request) holds one word: ready, near-end, paper-out, cover-open,
silent (no status answers), hang (reads nothing at all: writes to it stall), stall (answers status
requests, but stops reading once a job has begun: a jam mid-ticket), or
disconnect-after=N (takes N bytes of the next job, then drops the connection).

Each finished job (ended by a cut) is a line of DIR/jobs.jsonl: its commands, byte count and the
wall-clock and CLOCK_MONOTONIC times of its last byte (ns); its raster is DIR/job-N.png. DIR/status-requests counts the
status requests answered. The tty is left in its default (cooked) mode: a client that does not set
raw mode gets its bytes translated and its raster garbled.
"""
import argparse, json, os, queue, select, socket, struct, sys, termios, threading, time, zlib

STATUS = {  # answers to DLE EOT 1, 2, 3, 4
    "ready": {1: 0x16, 2: 0x12, 3: 0x12, 4: 0x12},
    "near-end": {1: 0x16, 2: 0x12, 3: 0x12, 4: 0x1E},
    "paper-out": {1: 0x1E, 2: 0x32, 3: 0x12, 4: 0x72},
    "cover-open": {1: 0x1E, 2: 0x16, 3: 0x12, 4: 0x12},
}


class Decoder:
    """Turns a byte stream into commands; knows ESC @, ESC d, GS v 0, GS V and DLE EOT."""

    def __init__(self):
        self.buffer = bytearray()
        self.commands = []
        self.rasters = []  # (width_bytes, rows, data) in order

    def feed(self, data):
        """Adds bytes; returns the status requests (n) found, in order."""
        self.buffer += data
        requests = []
        while self.buffer:
            b = self.buffer
            if b[0] == 0x10:
                if len(b) < 3: break
                if b[1] != 0x04: return self.unknown(requests)
                requests.append(b[2]); del b[:3]
            elif b[0] == 0x1B:
                if len(b) < 2: break
                if b[1] == 0x40: self.commands.append({"command": "ESC @"}); del b[:2]
                elif b[1] == 0x64:
                    if len(b) < 3: break
                    self.commands.append({"command": "ESC d", "lines": b[2]}); del b[:3]
                else: return self.unknown(requests)
            elif b[0] == 0x1D:
                if len(b) < 2: break
                if b[1] == 0x76:
                    if len(b) < 8: break
                    if b[2] != 0x30: return self.unknown(requests)
                    m, width, rows = b[3], b[4] + 256 * b[5], b[6] + 256 * b[7]
                    if len(b) < 8 + width * rows: break
                    self.rasters.append((width, rows, bytes(b[8:8 + width * rows])))
                    self.commands.append({"command": "GS v 0", "mode": m, "width_bytes": width, "rows": rows})
                    del b[:8 + width * rows]
                elif b[1] == 0x56:
                    if len(b) < 3: break
                    m = b[2]
                    size = 4 if m in (0x41, 0x42, 65, 66) else 3
                    if len(b) < size: break
                    self.commands.append({"command": "GS V", "mode": m}); del b[:size]
                else: return self.unknown(requests)
            else:
                return self.unknown(requests)
        return requests

    def unknown(self, requests):
        self.commands.append({"command": "unknown", "bytes": self.buffer[:16].hex()})
        self.buffer.clear()
        return requests

    def raster_rows(self):
        """All bands stacked: (width_bytes, [row bytes])."""
        widths = {w for w, _, _ in self.rasters}
        if len(widths) != 1: return None, []
        width = widths.pop()
        rows = []
        for w, n, data in self.rasters:
            rows += [data[i * w:(i + 1) * w] for i in range(n)]
        return width, rows


# Each byte's 8 dots as grey pixels: 0 black, 255 white (a table: a job is written in well under
# the client's status-answer deadline even at 2048 dots).
DOTS = [bytes(0 if byte & (0x80 >> bit) else 255 for bit in range(8)) for byte in range(256)]


def write_png(path, width_bytes, rows):
    """1 bits black, MSB the leftmost dot: an 8-bit grey PNG, white paper, black dots."""
    width = width_bytes * 8
    raw = b"".join(b"\0" + b"".join(DOTS[byte] for byte in row) for row in rows)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, len(rows), 8, 0, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b""))


class Printer:
    def __init__(self, directory):
        self.dir = directory
        self.jobs = 0
        self.answered = 0
        self.decoder = Decoder()
        self.job_bytes = 0
        # Records are written by one thread of their own, in order: a real printer answers
        # status requests while it prints, so this one must not go silent while it draws a PNG.
        self.records = queue.Queue()
        threading.Thread(target=self.write_records, daemon=True).start()

    def write_records(self):
        while True:
            record, width, rows = self.records.get()
            if rows:
                record["png"] = os.path.join(self.dir, f"job-{record['job']}.png")
                write_png(record["png"], width, rows)
            with open(os.path.join(self.dir, "jobs.jsonl"), "a") as f:
                f.write(json.dumps(record) + "\n")

    def state(self):
        try:
            with open(os.path.join(self.dir, "state")) as f:
                return f.read().strip() or "ready"
        except FileNotFoundError:
            return "ready"

    def take(self, data):
        """Bytes in; returns the answer bytes to send back."""
        self.job_bytes += len(data)
        requests = self.decoder.feed(data)
        answer = bytearray()
        state = self.state()
        # A jam or a drop to come does not show in the status beforehand.
        answers = STATUS.get("ready" if state == "stall" or state.startswith("disconnect-after=") else state)
        for n in requests:
            if answers:
                answer.append(answers.get(n, 0x12))
                self.answered += 1
                with open(os.path.join(self.dir, "status-requests"), "w") as f:
                    f.write(str(self.answered))
        if any(c["command"] == "GS V" for c in self.decoder.commands):
            self.finish_job()
        return bytes(answer)

    def finish_job(self, complete=True):
        commands = self.decoder.commands
        if not commands and not self.decoder.rasters:
            return
        self.jobs += 1
        record = {"job": self.jobs, "complete": complete, "commands": commands, "bytes": self.job_bytes,
                  "last_byte_ns": time.time_ns(), "last_byte_monotonic_ns": time.clock_gettime_ns(time.CLOCK_MONOTONIC)}
        width, rows = self.decoder.raster_rows()
        self.records.put((record, width, rows))
        self.decoder = Decoder()
        self.job_bytes = 0

    def disconnect_limit(self):
        state = self.state()
        return int(state.split("=", 1)[1]) if state.startswith("disconnect-after=") else None


def publish(directory, address):
    path = os.path.join(directory, "address")
    with open(path + ".tmp", "w") as f:
        f.write(address)
    os.rename(path + ".tmp", path)


def serve_tcp(printer, directory):
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    publish(directory, f"socket://127.0.0.1:{server.getsockname()[1]}")
    while True:
        connection, _ = server.accept()
        with connection:
            while True:
                state = printer.state()
                if state == "hang" or (state == "stall" and printer.decoder.commands):
                    time.sleep(0.02)  # a printer that takes nothing: the client's writes stall
                    continue
                limit = printer.disconnect_limit()
                try:
                    data = connection.recv(4096 if limit is None else max(1, min(4096, limit - printer.job_bytes)))
                except ConnectionError:
                    break
                if not data:
                    break
                answer = printer.take(data)
                if answer:
                    connection.sendall(answer)
                if limit is not None and printer.job_bytes >= limit:
                    with open(os.path.join(directory, "state"), "w") as f:
                        f.write("ready")
                    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    break  # drops the connection mid-ticket (a reset)
        printer.finish_job(complete=False)
        printer.decoder = Decoder()
        printer.job_bytes = 0


def serve_pty(printer, directory):
    master, slave = os.openpty()
    publish(directory, os.ttyname(slave))
    # The slave end stays open here too, so the terminal lives between the client's opens.
    hung = False
    while True:
        state = printer.state()
        if state == "hang" or (state == "stall" and printer.decoder.commands):
            hung = True
            time.sleep(0.02)
            continue
        if hung:
            # What was sent while hung never reached paper: a printer switched off and on.
            termios.tcflush(master, termios.TCIFLUSH)
            printer.decoder = Decoder()
            printer.job_bytes = 0
            hung = False
        ready, _, _ = select.select([master], [], [], 0.05)
        if not ready:
            continue
        data = os.read(master, 4096)
        answer = printer.take(data)
        if answer:
            os.write(master, answer)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dir")
    parser.add_argument("--tcp", action="store_true")
    parser.add_argument("--pty", action="store_true")
    parser.add_argument("--decode")
    parser.add_argument("--png")
    args = parser.parse_args()
    if args.decode:
        decoder = Decoder()
        with open(args.decode, "rb") as f:
            decoder.feed(f.read())
        if args.png:
            width, rows = decoder.raster_rows()
            write_png(args.png, width, rows)
        print(json.dumps(decoder.commands))
        return
    printer = Printer(args.dir)
    (serve_pty if args.pty else serve_tcp)(printer, args.dir)


if __name__ == "__main__":
    main()
