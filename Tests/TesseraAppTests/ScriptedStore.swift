import Foundation
import QueueCore
import QueueStore
import Synchronization

/// A real SQLite store with hooks a test can set: hold `perform` after its commit (a store
/// that is slow to answer), or make the reads after an issue fail.
final class ScriptedStore: QueueStore {
    private let inner: SQLiteQueueStore
    private struct Script {
        var holdAfterCommit = false
        var failReads = false
        var performs = 0
    }
    private let script = Mutex(Script())
    private let released = DispatchSemaphore(value: 0)

    init(directory: URL) throws {
        inner = try SQLiteQueueStore(url: directory.appendingPathComponent("queue.db").path)
    }

    /// Each `perform` commits, then waits for `release()` before it returns.
    func holdAfterCommit() { script.withLock { $0.holdAfterCommit = true } }
    func release() { released.signal() }
    /// `tickets` and `configuration` throw from now on.
    func failReads() { script.withLock { $0.failReads = true } }
    var performCount: Int { script.withLock { $0.performs } }

    private func readsFail() throws(StoreError) {
        if script.withLock({ $0.failReads }) {
            throw .unavailable(file: "scripted", problem: .busy, detail: "reads fail in this test")
        }
    }

    func perform(_ command: Command, at time: Date) throws(StoreError) -> CommandResult {
        let result = try inner.perform(command, at: time)
        let hold = script.withLock { script -> Bool in
            script.performs += 1
            return script.holdAfterCommit
        }
        if hold { released.wait() }
        return result
    }

    func perform(at time: Date, building build: (StoreConfiguration) throws(StoreError) -> Command)
        throws(StoreError) -> CommandResult {
        try inner.perform(at: time, building: build)
    }

    func configuration() throws(StoreError) -> StoreConfiguration { try readsFail(); return try inner.configuration() }
    func desks() throws(StoreError) -> [Desk] { try inner.desks() }
    func ticket(_ id: TicketID) throws(StoreError) -> Ticket? { try inner.ticket(id) }
    func ticket(code: String, day: BusinessDay) throws(StoreError) -> Ticket? { try inner.ticket(code: code, day: day) }
    func tickets(_ filter: TicketFilter) throws(StoreError) -> [Ticket] { try readsFail(); return try inner.tickets(filter) }
    func status(at time: Date) throws(StoreError) -> QueueStatus { try inner.status(at: time) }
    func standing(of ticket: TicketID, at time: Date) throws(StoreError) -> TicketStanding? {
        try readsFail(); return try inner.standing(of: ticket, at: time)
    }
    func waits(at time: Date) throws(StoreError) -> [ServiceCode: TicketStanding] { try readsFail(); return try inner.waits(at: time) }
    func events(after: EventID, limit: Int) throws(StoreError) -> [StoredEvent] { try inner.events(after: after, limit: limit) }
    func report(for day: BusinessDay) throws(StoreError) -> QueueReport { try inner.report(for: day) }
    func lastEventID() throws(StoreError) -> EventID { try inner.lastEventID() }
    func observe(after: EventID, handler: @escaping @Sendable ([StoredEvent]) -> Void)
        throws(StoreError) -> ChangeSubscription {
        try inner.observe(after: after, handler: handler)
    }
}
