import Glibc
import Synchronization

/// Problems the store meets where no caller is waiting for an answer (the change feed's thread).
/// Written to standard error, which the packaged service sends to the journal; each distinct
/// message once, until things recover, so a poll every 50 ms does not flood the log.
final class StoreDiagnostics: Sendable {
    private let file: String
    private let reported = Mutex<Set<String>>([])

    init(file: String) { self.file = file }

    func report(_ message: String) {
        let isNew = reported.withLock { $0.insert(message).inserted }
        guard isNew else { return }
        // write(2), not FileHandle: a closed or full standard error loses the line instead of trapping.
        let line = Array("tessera: queue database \(file): \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// A poll succeeded: the next occurrence of a problem is news again.
    func recovered() {
        reported.withLock { if !$0.isEmpty { $0.removeAll() } }
    }
}
