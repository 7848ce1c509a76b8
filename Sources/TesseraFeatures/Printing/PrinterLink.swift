import Glibc

/// Why bytes did not reach the printer, in words for the log and for staff.
public struct PrinterError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// An open, non-blocking file descriptor to a printer (a device file or a TCP socket): every
/// write and read waits at most its deadline, so a printer that stops answering (paper out,
/// unplugged mid-ticket) never hangs the kiosk.
final class PrinterLink {
    private let fd: Int32
    private let name: String
    private let isSocket: Bool

    private init(fd: Int32, name: String, isSocket: Bool) {
        self.fd = fd
        self.name = name
        self.isSocket = isSocket
    }

    deinit { close(fd) }

    /// A device file: USB (usblp) or serial. A terminal is put in raw mode, so no byte of the
    /// raster is taken for a line ending or a control character.
    static func device(_ path: String) throws(PrinterError) -> PrinterLink {
        let fd = open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw PrinterError("\(path): \(String(cString: strerror(errno)))") }
        let link = PrinterLink(fd: fd, name: path, isSocket: false)
        if isatty(fd) == 1 {
            var settings = termios()
            guard tcgetattr(fd, &settings) == 0 else { throw PrinterError("\(path): cannot read the serial settings") }
            cfmakeraw(&settings)
            guard tcsetattr(fd, TCSANOW, &settings) == 0 else { throw PrinterError("\(path): cannot set raw mode") }
            tcflush(fd, TCIOFLUSH)
        }
        return link
    }

    /// Raw TCP, connected within `timeout`.
    static func socket(host: String, port: Int, timeout: Duration) throws(PrinterError) -> PrinterLink {
        let name = "\(host):\(port)"
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let lookup = getaddrinfo(host, String(port), &hints, &found)
        guard lookup == 0, let first = found else {
            throw PrinterError("\(name): \(String(cString: gai_strerror(lookup)))")
        }
        defer { freeaddrinfo(found) }
        var lastError = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = Glibc.socket(address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                                  address.pointee.ai_protocol)
            guard fd >= 0 else { lastError = errno; continue }
            let link = PrinterLink(fd: fd, name: name, isSocket: true)
            if connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return link }
            guard errno == EINPROGRESS else { lastError = errno; continue }
            guard link.wait(for: Int16(POLLOUT), timeout: timeout) else { lastError = ETIMEDOUT; continue }
            var failure: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &failure, &length)
            if failure == 0 { return link }
            lastError = failure
        }
        throw PrinterError("\(name): \(String(cString: strerror(lastError)))")
    }

    /// Writes every byte, or throws once the printer takes none for `timeout`.
    func write(_ bytes: [UInt8], timeout: Duration) throws(PrinterError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                isSocket
                    ? send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                    : Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 { offset += written; continue }
            if written < 0 && errno == EINTR { continue }
            if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                guard wait(for: Int16(POLLOUT), timeout: timeout) else {
                    throw PrinterError("\(name): the printer stopped taking data after \(offset) of \(bytes.count) bytes")
                }
                continue
            }
            throw PrinterError("\(name): the connection broke after \(offset) of \(bytes.count) bytes (\(String(cString: strerror(errno))))")
        }
    }

    /// One byte, or nil when none came within `timeout` (or the other end closed).
    func readByte(timeout: Duration) -> UInt8? {
        var byte: UInt8 = 0
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let count = Glibc.read(fd, &byte, 1)
            if count == 1 { return byte }
            if count == 0 && isSocket { return nil }
            if count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR { return nil }
            _ = wait(for: Int16(POLLIN), timeout: deadline - ContinuousClock.now)
        }
        return nil
    }

    /// Drops bytes already waiting to be read (a late answer to an earlier request).
    func discardInput() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while Glibc.read(fd, &buffer, buffer.count) > 0 {}
    }

    private func wait(for events: Int16, timeout: Duration) -> Bool {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let milliseconds = max(0, Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }
}
