import Foundation
import QueueStore

/// Scratch files for one test, on the real disk (the system temporary directory, which on this
/// machine is the root ext4 volume, not tmpfs), removed when the value is released.
public final class ScratchDirectory: @unchecked Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("tessera-store-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        // An immutable file (chattr +i) cannot be removed; tests that set it clear it themselves.
        try? FileManager.default.removeItem(at: url)
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    public func location(_ name: String = "queue.db") -> DatabaseLocation { DatabaseLocation(path: path(name)) }
}

/// The longest any test waits for a condition: longer is a hang, not a slow machine (the suites
/// that block run `.offThePool`, so nothing they wait for is starved of a thread).
public let eventuallyLimit: Duration = .seconds(10)

/// Polls `condition` until it holds or `timeout` (at most `eventuallyLimit`) passes; returns
/// whether it held. Tests use this instead of sleeping for a fixed time. It blocks its thread:
/// call it from a suite that runs `.offThePool`.
public func eventually(timeout: Duration = .seconds(5), _ condition: () throws -> Bool) rethrows -> Bool {
    precondition(timeout <= eventuallyLimit, "eventually(timeout: \(timeout)): a wait over \(eventuallyLimit) is a hang")
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while clock.now < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.005)
    }
    return try condition()
}

/// `chattr +i` / `chattr -i`; false when the file system or capabilities do not allow it.
public func immutable(_ path: String, _ on: Bool) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
    process.arguments = [on ? "+i" : "-i", path]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}
