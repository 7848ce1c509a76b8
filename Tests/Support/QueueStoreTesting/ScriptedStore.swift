import Foundation
import QueueCore
import QueueStore
import Synchronization

/// A real store (opened through `openStore`, in a scratch directory) with hooks a test can set:
/// hold `perform` after its commit until `release()` (a store that is slow to answer), fail
/// `perform` before anything is written (a store that is down), or fail the reads; and report
/// its server lost or back (`setReachability`), as a PostgreSQL store does.
public final class ScriptedStore: QueueStore, ReachabilityReporting {
    private let inner: any QueueStore
    public let directory: URL
    private struct Script {
        var holdAfterCommit = false
        var failPerform = false
        var failReads = false
        var performs = 0
    }
    private let script = Mutex(Script())
    private struct Reachability {
        var state = StoreReachability.online
        var observers: [Int: @Sendable (StoreReachability) -> Void] = [:]
        var nextID = 0
    }
    private let reachability = Mutex(Reachability())
    /// The change feed, held back on request: what arrives meanwhile waits, per observer.
    private struct Feed {
        var held = false
        var waiting: [Int: [StoredEvent]] = [:]
        var handlers: [Int: @Sendable ([StoredEvent]) -> Void] = [:]
        var nextID = 0
    }
    private let feed = Mutex(Feed())

    /// A fresh store with the built-in services, desks 1–3 open.
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-scripted-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        inner = try openStore(url: directory.appendingPathComponent("queue.db").path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Each `perform` commits, then waits for `release()` before it returns (at most 30 s, so
    /// a test that breaks its rule fails instead of hanging).
    public func holdAfterCommit() { script.withLock { $0.holdAfterCommit = true } }
    /// Lets every held `perform` return, and the ones after it.
    public func release() { script.withLock { $0.holdAfterCommit = false } }
    /// `perform` throws (store unavailable) without writing anything, from now on.
    public func failPerform() { script.withLock { $0.failPerform = true } }
    /// `perform` works again (the store is back).
    public func performWorks() { script.withLock { $0.failPerform = false } }
    /// Reads (`configuration`, `tickets`, `ticket`) throw from now on.
    public func failReads() { script.withLock { $0.failReads = true } }
    /// Tells every reachability observer that the server is lost (`.reconnecting`) or back;
    /// reads and commands go on working, so only what the screens show changes.
    public func setReachability(_ state: StoreReachability) {
        let observers = reachability.withLock { reachability in
            reachability.state = state
            return Array(reachability.observers.values)
        }
        for observer in observers { observer(state) }
    }

    public func observeReachability(_ handler: @escaping @Sendable (StoreReachability) -> Void) -> ChangeSubscription {
        let (id, state) = reachability.withLock { reachability in
            defer { reachability.nextID += 1 }
            reachability.observers[reachability.nextID] = handler
            return (reachability.nextID, reachability.state)
        }
        handler(state)
        return ChangeSubscription { [weak self] in _ = self?.reachability.withLock { $0.observers.removeValue(forKey: id) } }
    }

    /// `perform` calls that reached the store.
    public var performCount: Int { script.withLock { $0.performs } }

    private func readsFail() throws(StoreError) {
        if script.withLock({ $0.failReads }) {
            throw .unavailable(file: "scripted", problem: .busy, detail: "reads fail in this test")
        }
    }

    public func perform(_ command: Command, at time: Date) throws(StoreError) -> CommandResult {
        let fail = script.withLock { script in
            script.performs += 1
            return script.failPerform
        }
        if fail { throw .unavailable(file: "scripted", problem: .failed, detail: "the store is down in this test") }
        let result = try inner.perform(command, at: time)
        let deadline = ContinuousClock.now + .seconds(30)
        while script.withLock({ $0.holdAfterCommit }), ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.002)
        }
        return result
    }

    public func perform(at time: Date, building build: (StoreConfiguration) throws(StoreError) -> Command)
        throws(StoreError) -> CommandResult {
        try inner.perform(at: time, building: build)
    }

    public func configuration() throws(StoreError) -> StoreConfiguration { try readsFail(); return try inner.configuration() }
    public func desks() throws(StoreError) -> [Desk] { try inner.desks() }
    public func ticket(_ id: TicketID) throws(StoreError) -> Ticket? { try readsFail(); return try inner.ticket(id) }
    public func ticket(code: String, day: BusinessDay) throws(StoreError) -> Ticket? { try inner.ticket(code: code, day: day) }
    public func tickets(_ filter: TicketFilter) throws(StoreError) -> [Ticket] { try readsFail(); return try inner.tickets(filter) }
    public func standing(of ticket: TicketID, at time: Date) throws(StoreError) -> TicketStanding? {
        try readsFail(); return try inner.standing(of: ticket, at: time)
    }
    public func waits(at time: Date) throws(StoreError) -> [ServiceCode: TicketStanding] { try readsFail(); return try inner.waits(at: time) }
    public func callOrder(of desk: DeskNumber, at time: Date) throws(StoreError) -> [Ticket] {
        try readsFail()
        return try inner.callOrder(of: desk, at: time)
    }
    public func status(at time: Date) throws(StoreError) -> QueueStatus { try inner.status(at: time) }
    public func events(after: EventID, limit: Int) throws(StoreError) -> [StoredEvent] { try inner.events(after: after, limit: limit) }
    public func report(_ range: ReportRange, targetWaitMilliseconds: Int64) throws(StoreError) -> QueueReport {
        try inner.report(range, targetWaitMilliseconds: targetWaitMilliseconds)
    }
    public func lastEventID() throws(StoreError) -> EventID { try inner.lastEventID() }
    public func latestEvents(of kind: EventKind, limit: Int) throws(StoreError) -> [StoredEvent] {
        try inner.latestEvents(of: kind, limit: limit)
    }
    public func observe(after: EventID, handler: @escaping @Sendable ([StoredEvent]) -> Void)
        throws(StoreError) -> ChangeSubscription {
        let id = feed.withLock { feed in
            defer { feed.nextID += 1 }
            feed.handlers[feed.nextID] = handler
            return feed.nextID
        }
        let subscription = try inner.observe(after: after) { [weak self] batch in
            let now = self?.feed.withLock { feed in
                guard feed.held else { return true }
                feed.waiting[id, default: []] += batch
                return false
            } ?? true
            if now { handler(batch) }
        }
        return ChangeSubscription { [weak self] in
            subscription.cancel()
            _ = self?.feed.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// The change feed's batches wait from now on, until `releaseFeed()`.
    public func holdFeed() { feed.withLock { $0.held = true } }

    /// How many events wait in the held feed (the most any one observer has).
    public var heldFeedEvents: Int { feed.withLock { $0.waiting.values.map(\.count).max() ?? 0 } }

    /// Delivers what waited to each observer as one batch, and the feed flows again.
    public func releaseFeed() {
        let batches = feed.withLock { feed in
            defer { feed.held = false; feed.waiting = [:] }
            return feed.waiting.compactMap { id, events in feed.handlers[id].map { ($0, events) } }
        }
        for (handler, events) in batches { handler(events) }
    }
}
