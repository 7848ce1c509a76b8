import FoundationEssentials
import QueueStore

/// How a desk keypad slows down guessing: five wrong PINs in a row lock it for 30 s, and each
/// wrong PIN after that doubles the lock, up to 15 minutes. A right PIN clears it. The lock is
/// stored, so restarting the app does not reset it.
public enum KeypadLockPolicy {
    public static let freeTries = 5
    public static let firstLock: Duration = .seconds(30)
    public static let longestLock: Duration = .seconds(15 * 60)

    /// The lock after one more wrong PIN at `now`.
    public static func afterWrongPin(_ lock: KeypadLock, at now: Date) -> KeypadLock {
        let failures = lock.failures + 1
        guard failures >= freeTries else { return KeypadLock(failures: failures) }
        let doublings = min(failures - freeTries, 10)
        let seconds = Double(min(firstLock.components.seconds << doublings, longestLock.components.seconds))
        return KeypadLock(failures: failures, lockedUntil: now.addingTimeInterval(seconds))
    }

    /// The lock after a right PIN: cleared.
    public static func afterRightPin(_ lock: KeypadLock) -> KeypadLock { KeypadLock() }

    /// Whether `lock` still holds the keypad at `now`.
    public static func isLocked(_ lock: KeypadLock, at now: Date) -> Bool {
        lock.lockedUntil.map { $0 > now } ?? false
    }

    /// Wrong PINs left before the keypad locks.
    public static func triesLeft(_ lock: KeypadLock) -> Int { max(0, freeTries - lock.failures) }
}
