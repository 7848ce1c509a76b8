/// A flow's named timers, as a model runs them: `.startTimer(name, after:)` replaces a running
/// timer of that name, `.cancelTimer(name)` stops it, and when one falls due the model hands the
/// flow `.timerFired(name)`. One of each name at a time, so a flow never hears from a timer it
/// has replaced.
@MainActor final class FlowTimers<Name: Hashable & Sendable> {
    private let time: any TimeSource
    private var running: [Name: any ScheduledAction] = [:]

    init(_ time: any TimeSource) { self.time = time }

    /// Starts `name` after `delay`, replacing one of that name; `fired` runs when it falls due.
    func start(_ name: Name, after delay: Duration, fired: @escaping @MainActor (Name) -> Void) {
        running[name]?.cancel()
        running[name] = time.schedule(after: delay) { [weak self] in
            self?.running[name] = nil
            fired(name)
        }
    }

    func cancel(_ name: Name) { running.removeValue(forKey: name)?.cancel() }

    func cancelAll() {
        running.values.forEach { $0.cancel() }
        running.removeAll()
    }
}
