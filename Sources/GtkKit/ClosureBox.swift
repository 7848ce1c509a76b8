import CGtk
import Synchronization

/// A Swift closure handed to GLib as `user_data`.
///
/// GLib owns one retain (`Unmanaged.passRetained`) and gives it back through a destroy
/// notify (`GClosureNotify` for signals, `GDestroyNotify` for sources), so the closure lives
/// exactly as long as the handler or source. A process-wide counter of live boxes lets
/// tests prove that nothing leaks. Main-actor isolated: boxes are created, called and
/// swapped only on the GTK thread; only `deinit` (via the notify) may run elsewhere, and it
/// touches nothing but the atomic counter.
@MainActor class ClosureBox {
    nonisolated private static let liveBoxes = Atomic<Int>(0)

    /// How many boxes exist right now (a debug counter for leak tests).
    nonisolated static var liveCount: Int { liveBoxes.load(ordering: .relaxed) }

    init() { ClosureBox.liveBoxes.add(1, ordering: .relaxed) }
    deinit { ClosureBox.liveBoxes.subtract(1, ordering: .relaxed) }

    /// Gives GLib its retain; balance it with `releaseSignalBox` or `releaseSourceBox`.
    final func retainedForGLib() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

/// A box whose closure has the shape `Call`; `call` may be swapped at any time.
final class CallbackBox<Call>: ClosureBox {
    var call: Call
    init(_ call: Call) { self.call = call }

    /// The box behind GLib's `user_data`, without touching its retain count.
    nonisolated static func from(_ data: UnsafeMutableRawPointer) -> CallbackBox<Call> {
        Unmanaged<CallbackBox<Call>>.fromOpaque(data).takeUnretainedValue()
    }
}

/// `GClosureNotify` for `g_signal_connect_data`: GLib drops the handler, we drop the box.
let releaseSignalBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<ClosureBox>.fromOpaque(data).release()
}

/// `GDestroyNotify` for `g_idle_add_full` / `g_timeout_add_full`.
let releaseSourceBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<ClosureBox>.fromOpaque(data).release()
}
