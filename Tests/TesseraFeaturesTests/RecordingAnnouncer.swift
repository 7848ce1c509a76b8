import Synchronization
import TesseraFeatures

/// An announcer that records what it was asked to announce, and can be held (a long sentence
/// still playing) until `release()`.
final class RecordingAnnouncer: CallAnnouncer {
    private struct State {
        var log: [BoardCall] = []
        var held = false
        var finished = 0
    }
    private let state = Mutex(State())

    /// Every call announced so far, in the order the announcements started.
    var log: [BoardCall] { state.withLock { $0.log } }
    var codes: [String] { log.map(\.ticketCode) }
    /// Announcements that have returned.
    var finished: Int { state.withLock { $0.finished } }

    func hold() { state.withLock { $0.held = true } }
    func release() { state.withLock { $0.held = false } }

    func announce(_ call: BoardCall) async {
        state.withLock { $0.log.append(call) }
        while state.withLock({ $0.held }) { try? await Task.sleep(for: .milliseconds(2)) }
        state.withLock { $0.finished += 1 }
    }
}
