import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The writer's compare-and-set (`UPDATE … WHERE id = ? AND state = ?`) on its own: under
/// `BEGIN IMMEDIATE` a slice cannot go stale, so only a writer handed a stale slice reaches
/// it. Given one, it must change nothing.
@Suite struct GuardedUpdateTests {
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
}
