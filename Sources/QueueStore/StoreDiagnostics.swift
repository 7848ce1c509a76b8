import Foundation
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
        FileHandle.standardError.write(Data("tessera: queue database \(file): \(message)\n".utf8))
    }

    /// A poll succeeded: the next occurrence of a problem is news again.
    func recovered() {
        reported.withLock { if !$0.isEmpty { $0.removeAll() } }
    }
}
