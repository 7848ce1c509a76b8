import Foundation
import Testing

/// The test clock's `now()` moves with its timers, to the millisecond: a model that reads the
/// time inside a timer sees the instant the timer was due.
@MainActor @Suite(.sharesTheMainThread) struct ManualTimeSourceTests {
    @Test func nowMovesWithTheTimersToTheMillisecond() {
        let time = ManualTimeSource()
        let start = time.now()
        var seenAtTimer: TimeInterval?
        _ = time.schedule(after: .milliseconds(250)) { seenAtTimer = time.now().timeIntervalSince(start) }
        time.advance(by: .milliseconds(599))
        #expect(seenAtTimer.map { abs($0 - 0.250) < 0.000_001 } == true, "\(seenAtTimer ?? -1)")
        #expect(abs(time.now().timeIntervalSince(start) - 0.599) < 0.000_001, "\(time.now().timeIntervalSince(start))")
        #expect(time.pendingTimers == 0)
    }
}
