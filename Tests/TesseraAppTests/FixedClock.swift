import Foundation
import TesseraFeatures
@testable import TesseraApp

/// A model clock that stands at one instant, far from the system clock's, so a screen that
/// read the system clock instead would show something else. Timers still run on GLib's loop.
struct FixedClock: TimeSource {
    let instant: Date

    func now() -> Date { instant }

    @MainActor func schedule(after delay: Duration, _ action: @escaping @MainActor () -> Void) -> any ScheduledAction {
        GLibTimeSource().schedule(after: delay, action)
    }
}
