import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The writers' compare-and-set (`UPDATE … WHERE id = ? AND state = ?`, `SharedWrites`) on
/// its own, in both stores: under SQLite's `BEGIN IMMEDIATE` or PostgreSQL's row locks a slice
/// cannot go stale, so only a writer handed a stale slice reaches it. Given one, it must
/// change nothing.
@Suite(.offThePool) struct GuardedUpdateTests {
    let scratch = ScratchDirectory()

    @Test func aStaleSliceCannotCallATicketAgain() throws {
        let location = scratch.location()
        let store = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        let ticket = try store.issue("C", at: Clock.at(0))
        // Desk 1's slice, read while the ticket waits …
        let engine = SQLiteEngine(connection: try SQLiteConnection(location: location, create: false))
        var held: [ServiceCode: Set<Int>] = [:]
        let stale = try engine.loader.slice(for: .callNext(desk: 1), at: Instant(Clock.at(1)), base: try engine.loader.base(), known: &held)
        #expect(stale.tickets[ticket.id]?.state == .waiting)
        // … then desk 2 calls it, and desk 1 writes what it decided from the stale slice.
        #expect(try store.call(desk: 2, at: Clock.at(1)).id == ticket.id)
        let events = try stale.decide(.callNext(desk: 1), at: Instant(Clock.at(2)))
        var after = stale
        for event in events { evolve(&after, with: event) }
        let eventsBefore = try store.lastEventID()
        do {
            _ = try engine.connection.writeTransaction {
                try engine.writer.write(before: SliceWriter.Before(stale), after: after, events: events)
            }
            Issue.record("a stale slice moved a ticket that was no longer waiting")
        } catch StoreError.conflict(let message) {
            #expect(message.contains("\(ticket.code) was changed by someone else"), "\(message)")
        }
        let now = try #require(try store.ticket(ticket.id))
        #expect(now.state == .called && now.desk == 2)
        #expect(try store.desk(1)?.currentTicket == nil)
        #expect(try store.lastEventID() == eventsBefore)
    }

    @Test(.enabled(if: PostgresTestServer.isEnabled))
    func aStaleSliceCannotCallATicketAgainOnPostgreSQL() async throws {
        let seen = try await onOwnThread { try Self.writeAStaleCallOnPostgreSQL() }
        #expect(seen.refusal?.contains("\(seen.code) was changed by someone else") == true, "\(seen.refusal ?? "no refusal")")
        #expect(seen.staleSliceSawWaiting)
        #expect(seen.row == "called|2", "the ticket as desk 2 called it")
        #expect(seen.desk1 == nil)
        #expect(seen.eventsAfter == seen.eventsBefore)
    }

    private struct Seen: Sendable {
        var code = "", staleSliceSawWaiting = false, refusal: String? = nil, row = ""
        var desk1: TicketID? = nil, eventsBefore = EventID.none, eventsAfter = EventID.none
    }

    private static func writeAStaleCallOnPostgreSQL() throws -> Seen {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 2))
        let ticket = try store.issue("C", at: Clock.at(0))
        var seen = Seen(code: ticket.code)
        // Desk 1's slice, read while the ticket waits …
        let engine = PostgresEngine(connection: try PostgresConnection(url: url, target: "desk 1"))
        let stale = try engine.loader.slice(for: .callNext(desk: 1), at: Instant(Clock.at(1)), base: try engine.loader.base())
        seen.staleSliceSawWaiting = stale.tickets[ticket.id]?.state == .waiting
        // … then desk 2 calls it, and desk 1 writes what it decided from the stale slice.
        _ = try store.call(desk: 2, at: Clock.at(1))
        let events = try stale.decide(.callNext(desk: 1), at: Instant(Clock.at(2)))
        var after = stale
        for event in events { evolve(&after, with: event) }
        seen.eventsBefore = try store.lastEventID()
        try engine.connection.execute("BEGIN")
        do {
            _ = try engine.writer.write(before: SliceWriter.Before(stale), after: after, events: events)
            try engine.connection.execute("COMMIT")
        } catch StoreError.conflict(let message) {
            seen.refusal = message
            try engine.connection.execute("ROLLBACK")
        }
        seen.row = try PostgresTestServer.psql("SELECT state, desk FROM tickets WHERE id = \(ticket.id.rawValue)", url: url)
        seen.desk1 = try store.desk(1)?.currentTicket
        seen.eventsAfter = try store.lastEventID()
        return seen
    }
}
