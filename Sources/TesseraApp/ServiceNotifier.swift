import Glibc

/// systemd's service notification protocol (sd_notify(3)): each message is one datagram of
/// `KEY=VALUE` lines sent to the `AF_UNIX` socket named by `$NOTIFY_SOCKET` (a leading `@`
/// names the abstract namespace).
///
/// Spoken directly rather than through libsystemd: the protocol is one `sendto`, documented as
/// stable, and libsystemd's `sd_watchdog_enabled()` would answer "no" here anyway, because under
/// cage `$WATCHDOG_PID` is cage's PID, not ours. A package dependency for one call is not worth it.
final class ServiceNotifier: Sendable {
    private let socket: Int32
    private let address: sockaddr_un
    private let addressLength: socklen_t

    /// Nil when `NOTIFY_SOCKET` is unset, empty, too long or not a socket path.
    init?(socketPath: String?) {
        guard let socketPath, let first = socketPath.utf8.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "@")
        else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(socketPath.utf8)
        if first == UInt8(ascii: "@") { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        // A path needs room for its NUL; an abstract name is exactly its bytes.
        guard bytes.count < capacity || (first == UInt8(ascii: "@") && bytes.count <= capacity) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        self.socket = descriptor
        self.address = address
        self.addressLength = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (first == UInt8(ascii: "@") ? 0 : 1))
    }

    deinit { close(socket) }

    /// Sends one message (`"READY=1"`, `"WATCHDOG=1"`, `"STATUS=…"`); false if it could not be sent.
    @discardableResult
    func send(_ message: String) -> Bool {
        var address = self.address
        var text = message
        return text.withUTF8 { bytes in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL), $0, addressLength) == bytes.count
                }
            }
        }
    }
}
