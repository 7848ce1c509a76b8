import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Schema step 2 (`service_times`) upgrades a file written before it, and
/// from then on every completion leaves its service time there.
@Suite(.offThePool) struct ServiceTimesMigrationTests {
    let scratch = ScratchDirectory()

    @Test func aVersionOneFileUpgradesAndRecordsServiceTimes() throws {
        let location = scratch.location()
        let old = try SQLiteConnection(location: location)
        try old.writeTransaction {
            try old.execute(Migrations.firstTables)
            try old.execute("PRAGMA user_version = 1")
        }
        let store = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        #expect(try Migrations.format(old) == Migrations.latestFormat)
        let ticket = try store.issue("R", at: Clock.at(0))
        _ = try store.call(desk: 1, at: Clock.at(10))
        _ = try store.perform(.start(ticket: ticket.id), at: Clock.at(20))
        _ = try store.perform(.complete(ticket: ticket.id), at: Clock.at(95.5))
        let rows = try old.query("SELECT ticket_id, service, completed_at, milliseconds FROM service_times") {
            "\($0.int64(0)) \($0.text(1)) \($0.int64(2)) \($0.int64(3))"
        }
        #expect(rows == ["\(ticket.id.rawValue) R \(OrderingKey(Instant(Clock.at(95.5))).rawValue) 75500"])
    }
}
