import FoundationEssentials

/// The clock a screen model reads and the timers it sets: GLib's main loop in the app, a
/// hand-moved clock in tests (so a 45 s timeout takes no time and no sleep).
public protocol TimeSource: Sendable {
    /// The current instant: what the store records.
    func now() -> Date
    /// Runs `action` on the main actor once `delay` has passed, unless cancelled first.
    @MainActor func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction
}

/// A timer set through a `TimeSource`.
@MainActor public protocol ScheduledAction: AnyObject {
    /// Stops the timer; nothing happens if it already ran.
    func cancel()
}
