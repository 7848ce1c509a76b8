import FoundationEssentials
import GtkKit
import TesseraFeatures

/// The screen models' clock in the app: the system clock, and timers on GLib's main loop.
struct GLibTimeSource: TimeSource {
    func now() -> Date { Date() }

    @MainActor func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        let milliseconds = delay.components.seconds * 1000 + delay.components.attoseconds / 1_000_000_000_000_000
        return GLibTimer(MainContext.timeout(milliseconds: UInt32(clamping: max(1, milliseconds))) {
            action()
            return false
        })
    }
}

/// A `g_timeout` source as a `ScheduledAction`.
@MainActor private final class GLibTimer: ScheduledAction {
    private let source: MainContextSource

    init(_ source: MainContextSource) { self.source = source }

    func cancel() { source.cancel() }
}
