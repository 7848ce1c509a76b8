import Foundation
import QueueStoreTesting
import TesseraFeatures

/// A clock the test moves by hand: timers fire only in `advance(by:)`, in due order.
@MainActor final class ManualTimeSource: TimeSource {
    private final class Timer: ScheduledAction {
        let due: Duration
        var action: (@MainActor () -> Void)?
        init(due: Duration, action: @escaping @MainActor () -> Void) {
            self.due = due
            self.action = action
        }
        func cancel() { action = nil }
    }

    private var elapsed: Duration = .zero
    private var timers: [Timer] = []
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    nonisolated func now() -> Date {
        MainActor.assumeIsolated {
            let (seconds, attoseconds) = elapsed.components
            return start.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        let timer = Timer(due: elapsed + delay, action: action)
        timers.append(timer)
        return timer
    }

    /// Moves the clock on, running every timer that falls due, earliest first.
    func advance(by delay: Duration) {
        let target = elapsed + delay
        while let next = timers.filter({ $0.action != nil && $0.due <= target }).min(by: { $0.due < $1.due }) {
            elapsed = next.due
            let action = next.action
            next.action = nil
            action?()
        }
        elapsed = target
        timers.removeAll { $0.action == nil }
    }

    /// Timers still waiting to fire.
    var pendingTimers: Int { timers.filter { $0.action != nil }.count }
}

/// Waits (yielding to the tasks the model started) until `condition` holds; false after
/// `limit`, at most 10 s: nothing a model does takes that long unless the main thread is held,
/// which `.sharesTheMainThread` prevents.
@MainActor func eventually(within limit: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    precondition(limit <= eventuallyLimit, "eventually(within: \(limit)): a wait over \(eventuallyLimit) is a hang")
    let deadline = ContinuousClock.now + limit
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}
