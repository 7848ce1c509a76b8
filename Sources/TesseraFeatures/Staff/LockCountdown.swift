import FoundationEssentials
import Localization

/// What is left of a member's keypad lock as the sign-in page counts it down: whole seconds,
/// rounded up, so "0:01" shows until the lock ends and "0:00" never does.
struct LockCountdown: Equatable {
    /// Milliseconds left, to the nearest: the lock is stored to the millisecond, and a clock
    /// read as a `Date` is a fraction of one off.
    let milliseconds: Int

    /// Nil once the lock has ended.
    init?(until: Date, now: Date) {
        let left = Int((until.timeIntervalSince(now) * 1000).rounded())
        guard left > 0 else { return nil }
        milliseconds = left
    }

    var seconds: Int { (milliseconds + 999) / 1000 }

    /// Until the seconds shown go down by one, or the lock ends.
    var untilNextChange: Duration { .milliseconds(milliseconds - (seconds - 1) * 1000) }

    /// Minutes and seconds, "0:27", "14:05".
    var clock: String {
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    func message(failures: Int) -> String {
        localizedPlural("Locked for %1$s after %2$d wrong PIN. Anyone else can still sign in here.",
                        "Locked for %1$s after %2$d wrong PINs. Anyone else can still sign in here.",
                        count: failures, clock, failures)
    }
}
