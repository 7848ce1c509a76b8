import Synchronization

/// Whether a shared store's server answers, as terminals show it: offline and reconnecting
/// (buttons off, saying why) until it is back.
public enum StoreReachability: Sendable, Equatable {
    case online
    case reconnecting
}

/// A store whose database can go away while it runs (a server): it says when it is lost and
/// when it is back. The embedded SQLite store is a local file and does not report.
public protocol ReachabilityReporting: QueueStore {
    /// Calls `handler` (on a background thread) with the current state, then at every change.
    func observeReachability(_ handler: @escaping @Sendable (StoreReachability) -> Void) -> ChangeSubscription
}

/// `store`'s reachability reports, if its kind of store makes them.
public func reachability(of store: any QueueStore) -> (any ReachabilityReporting)? {
    store as? any ReachabilityReporting
}

/// One store's state and its observers; every connection of the store (commands, change
/// feeds) reports what it sees.
final class ReachabilityState: Sendable {
    private struct Observers {
        var state = StoreReachability.online
        var handlers: [Int: @Sendable (StoreReachability) -> Void] = [:]
        var nextID = 0
    }

    private let observers = Mutex(Observers())

    func set(_ state: StoreReachability) {
        let handlers: [@Sendable (StoreReachability) -> Void] = observers.withLock { observers in
            guard observers.state != state else { return [] }
            observers.state = state
            return Array(observers.handlers.values)
        }
        for handler in handlers { handler(state) }
    }

    func observe(_ handler: @escaping @Sendable (StoreReachability) -> Void) -> ChangeSubscription {
        let (id, state) = observers.withLock { observers in
            defer { observers.nextID += 1 }
            observers.handlers[observers.nextID] = handler
            return (observers.nextID, observers.state)
        }
        handler(state)
        return ChangeSubscription { [weak self] in _ = self?.observers.withLock { $0.handlers.removeValue(forKey: id) } }
    }
}
