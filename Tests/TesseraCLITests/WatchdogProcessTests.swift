import Foundation
import QueueStoreTesting
import Testing

/// The app as systemd's watchdog sees it (tessera@.service: `WatchdogSec=`, `NotifyAccess=all`):
/// the test binds the notification socket, starts `tessera kiosk` with `NOTIFY_SOCKET` and
/// `WATCHDOG_USEC` set, and reads the datagrams that arrive. `WATCHDOG_PID` names another
/// process, as under cage, where it is cage's PID.
@Suite(.offThePool) struct WatchdogProcessTests {
    let scratch = ScratchDirectory()

    @Test func pingsWhileTheMainLoopRunsAndStopsWhenItIsBlocked() throws {
        if let problem = DisplayForProcesses.problem() {
            Issue.record("\(problem)")
            return
        }
        let socket = try NotificationSocket(path: scratch.path("notify"))
        let interval = 200_000  // µs: a ping every 100 ms
        let kiosk = Process()
        kiosk.executableURL = TesseraBinary.url
        kiosk.arguments = ["kiosk", "--windowed", "--database", scratch.path("queue.db")]
        kiosk.environment = ProcessInfo.processInfo.environment.merging([
            "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "\(interval)", "WATCHDOG_PID": "1",
            "TESSERA_DEBUG_STALL_ON_SIGUSR1": "1",
        ]) { $1 }
        kiosk.standardOutput = FileHandle.nullDevice
        kiosk.standardError = FileHandle.nullDevice
        try kiosk.run()
        defer { if kiosk.isRunning { kill(kiosk.processIdentifier, SIGKILL); kiosk.waitUntilExit() } }

        // Running: READY=1 once the window has painted, and pings after it.
        var received: [String] = []
        let running = eventually(timeout: .seconds(10)) {
            received += socket.drain()
            guard let ready = received.firstIndex(where: { $0.hasPrefix("READY=1") }) else { return false }
            return received[ready...].filter { $0 == "WATCHDOG=1" }.count >= 3
        }
        #expect(running, "messages while running: \(received)")
        #expect(kiosk.isRunning)

        // Blocked: from the hook's STATUS message on, nothing more (datagrams from one socket
        // arrive in the order they were sent, so a ping after it was sent after the block).
        kill(kiosk.processIdentifier, SIGUSR1)
        var afterBlock: [String] = []
        let blocked = eventually(timeout: .seconds(10)) {
            received += socket.drain()
            guard let status = received.firstIndex(where: { $0.hasPrefix("STATUS=main loop stalled") }) else { return false }
            afterBlock = Array(received[(status + 1)...])
            return true
        }
        #expect(blocked, "no stall message: \(received)")
        // Ten intervals of silence: the pinger would have sent about ten by now.
        _ = eventually(timeout: .seconds(1)) {
            afterBlock += socket.drain()
            return !afterBlock.isEmpty
        }
        #expect(afterBlock.isEmpty, "messages after the main loop was blocked: \(afterBlock)")
        #expect(kiosk.isRunning, "the process should still be alive, only its main loop blocked")
    }
}

/// Whether child processes can open a window here.
enum DisplayForProcesses {
    static func problem() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if (environment["DISPLAY"] ?? "").isEmpty && (environment["WAYLAND_DISPLAY"] ?? "").isEmpty {
            return "no DISPLAY or WAYLAND_DISPLAY: run the tests under scripts/headless"
        }
        return nil
    }
}

/// A bound `AF_UNIX` datagram socket, as systemd's notification socket is.
final class NotificationSocket {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        precondition(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "socket path too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { close(descriptor) }

    /// Every datagram waiting now, oldest first.
    func drain() -> [String] {
        var messages: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return messages }
            messages.append(String(decoding: buffer[..<count], as: UTF8.self))
        }
    }
}
