import CGtk

/// Callbacks on GLib's default main context, on the main thread.
///
/// Each closure lives in a box GLib owns; the source's destroy notify releases it, so a
/// finished or cancelled source leaves nothing behind.
@MainActor public enum MainContext {
    /// Runs `body` once when the loop is idle (`g_idle_add_full`).
    @discardableResult
    public static func idle(priority: Int32 = G_PRIORITY_DEFAULT_IDLE,
                            _ body: @escaping @MainActor () -> Void) -> MainContextSource {
        let box = CallbackBox<@MainActor () -> Bool> { body(); return false }
        let id = g_idle_add_full(priority, runSource, box.retainedForGLib(), releaseSourceBox)
        return MainContextSource(sourceID: id, box: box)
    }

    /// Runs `body` every `milliseconds` until it returns false or the source is cancelled
    /// (`g_timeout_add_full`).
    @discardableResult
    public static func timeout(milliseconds: UInt32, priority: Int32 = G_PRIORITY_DEFAULT,
                               _ body: @escaping @MainActor () -> Bool) -> MainContextSource {
        let box = CallbackBox<@MainActor () -> Bool>(body)
        let id = g_timeout_add_full(priority, milliseconds, runSource, box.retainedForGLib(), releaseSourceBox)
        return MainContextSource(sourceID: id, box: box)
    }

    /// Iterates the default main context (`g_main_context_iteration`) until `condition`
    /// holds or `timeout` passes; returns whether the condition held. For tests and tools:
    /// an application runs the loop with `Application.run`.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Duration = .seconds(5)) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        // A heartbeat bounds each blocking iteration, so the deadline is honoured even when
        // no event ever arrives, without spinning the CPU. At low priority: GLib dispatches
        // only the most urgent ready sources per iteration, so a default-priority heartbeat
        // that is always due (a condition slower than 10 ms) would starve GTK's layout and
        // paint (`GDK_PRIORITY_REDRAW`). A low one still wakes the poll, but yields to them.
        let heartbeat = g_timeout_add_full(G_PRIORITY_LOW, 10, { _ in 1 }, nil, nil)
        defer { g_source_remove(heartbeat) }
        while !condition() {
            if clock.now >= deadline { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Dispatches everything that is ready now without blocking
    /// (`g_main_context_iteration(NULL, FALSE)` until it reports nothing done).
    public static func drainPending(maximumIterations: Int = 1000) {
        var done = 0
        while done < maximumIterations, Bool(gboolean: g_main_context_iteration(nil, 0)) { done += 1 }
    }
}

/// `GSourceFunc` for every `MainContext` source: the box's closure says whether to keep it.
private let runSource: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = CallbackBox<@MainActor () -> Bool>.from(data)
    return MainActor.assumeIsolated {
        let call = box.call
        return call().gboolean
    }
}

/// A pending idle or timeout callback.
@MainActor public final class MainContextSource {
    /// The GLib source id.
    public let sourceID: UInt32
    /// Weak: GLib owns the box until the source is destroyed.
    weak var box: ClosureBox?

    init(sourceID: guint, box: ClosureBox) {
        self.sourceID = sourceID
        self.box = box
    }

    /// Whether the callback may still run (its box has not been released).
    public var isActive: Bool { box != nil }

    /// Removes the source (`g_source_remove`) unless it already finished.
    public func cancel() {
        guard isActive else { return }
        g_source_remove(sourceID)
    }
}
