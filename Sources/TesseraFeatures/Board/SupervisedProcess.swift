import Foundation

/// A helper program run to completion with a deadline: what the board's announcer uses for
/// espeak-ng and sox, so a synthesiser or sound device that hangs is killed instead of
/// stopping every call after it.
struct SupervisedProcess {
    struct Outcome: Sendable {
        /// The exit status; 127 when the program is not installed (from `env`).
        var status: Int32
        /// What it wrote on standard error, trimmed.
        var errors: String
        var timedOut: Bool
        var succeeded: Bool { status == 0 && !timedOut }
    }

    var program: String
    var arguments: [String]
    var timeout: Duration = .seconds(30)

    /// Runs the program (found on `PATH`) and waits for it; blocks the calling thread, so call
    /// it from a thread of its own, never from Swift's cooperative pool or the GTK thread.
    func run() -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        // Standard error goes to a file, not a pipe: a pipe's readability handler is a dispatch
        // source that crashed libdispatch's event loop here when its descriptor was closed
        // while the source was still being cancelled.
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("tessera-\(program)-\(UUID().uuidString).err").path
        guard FileManager.default.createFile(atPath: errorPath, contents: nil),
              let errors = FileHandle(forWritingAtPath: errorPath) else {
            return Outcome(status: 127, errors: "\(program): cannot create \(errorPath)", timedOut: false)
        }
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardError = errors
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            try? errors.close()
            return Outcome(status: 127, errors: "\(program): \(error)", timedOut: false)
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        var timedOut = false
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            timedOut = true
            process.terminate()
            exited.wait()
        }
        try? errors.close()
        let text = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, errors: text.trimmingCharacters(in: .whitespacesAndNewlines),
                       timedOut: timedOut)
    }
}
