import Foundation

/// `Tests/EndToEnd/fake_printer.py` run for one test: an ESC/POS printer on raw TCP or a
/// pseudo-terminal that records every job (decoded by its own reader, not tessera's encoder)
/// and answers status requests as `state` says. Stopped when released.
public final class FakePrinter: @unchecked Sendable {
    public enum Link: String, Sendable { case tcp, pty }

    public struct Job {
        public var complete: Bool
        /// The command names in order ("ESC @", "GS v 0", "ESC d", "GS V", "unknown").
        public var commands: [String]
        public var rasterRows: Int
        public var widthBytes: Int?
        public var png: String?
        public var lastByteNanoseconds: Int64
    }

    public let directory = ScratchDirectory()
    /// The value for `[kiosk] printer=`.
    public private(set) var address = ""
    private var pid: pid_t = 0

    public init(_ link: Link) throws {
        // posix_spawn, not Process: Process's waitUntilExit spins a run loop that never ends
        // under Swift Testing on Linux.
        let arguments: [String] = ["/usr/bin/python3", Self.script, "--dir", directory.url.path, "--" + link.rawValue]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawn(&pid, "/usr/bin/python3", nil, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        let file = directory.path("address")
        guard eventually(timeout: .seconds(10), { FileManager.default.fileExists(atPath: file) }) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: file])
        }
        address = try String(contentsOfFile: file, encoding: .utf8)
    }

    /// One for a main-actor test: the wait for the script to listen (Python starting, seconds on
    /// a loaded machine) happens on a thread of its own, never on the main thread that every
    /// model test's answers come back on.
    public static func started(_ link: Link) async throws -> FakePrinter {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try FakePrinter(link) }) }
        }
    }

    deinit {
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Stops the fake at once, as if the printer were unplugged.
    public func kill() {
        Glibc.kill(pid, SIGKILL)
    }

    /// ready, near-end, paper-out, cover-open, silent, hang or disconnect-after=N.
    public func set(_ state: String) {
        try? state.write(toFile: directory.path("state"), atomically: true, encoding: .utf8)
    }

    public var statusRequestsAnswered: Int {
        Int((try? String(contentsOfFile: directory.path("status-requests"), encoding: .utf8)) ?? "") ?? 0
    }

    public func jobs() -> [Job] {
        guard let text = try? String(contentsOfFile: directory.path("jobs.jsonl"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            let commands = object["commands"] as? [[String: Any]] ?? []
            return Job(complete: object["complete"] as? Bool ?? false,
                       commands: commands.compactMap { $0["command"] as? String },
                       rasterRows: commands.compactMap { $0["rows"] as? Int }.reduce(0, +),
                       widthBytes: commands.compactMap { $0["width_bytes"] as? Int }.first,
                       png: object["png"] as? String,
                       lastByteNanoseconds: (object["last_byte_ns"] as? NSNumber)?.int64Value ?? 0)
        }
    }

    /// Decodes bytes with the fake's reader: the command names, and the raster as a PNG at `png`.
    public static func decode(_ bytes: [UInt8], png: String) throws -> [String] {
        let input = png + ".bin", output = png + ".json"
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments: [String] = ["/usr/bin/python3", script, "--decode", input, "--png", png]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/python3", &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .ENOENT) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        let commands = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return commands.compactMap { $0["command"] as? String }
    }

    static var script: String {
        // Tests/Support/QueueStoreTesting/FakePrinter.swift → Tests/EndToEnd/fake_printer.py
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("EndToEnd/fake_printer.py").path
    }
}
