import Foundation
import Synchronization

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
        let errors = Pipe()
        process.standardError = errors
        let collected = Mutex(Data())
        errors.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            collected.withLock { $0.append(chunk) }
        }
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            errors.fileHandleForReading.readabilityHandler = nil
            return Outcome(status: 127, errors: "\(program): \(error)", timedOut: false)
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        var timedOut = false
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            timedOut = true
            process.terminate()
            exited.wait()
        }
        errors.fileHandleForReading.readabilityHandler = nil
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        let text = collected.withLock { data in String(decoding: data + rest, as: UTF8.self) }
        return Outcome(status: process.terminationStatus, errors: text.trimmingCharacters(in: .whitespacesAndNewlines),
                       timedOut: timedOut)
    }
}
