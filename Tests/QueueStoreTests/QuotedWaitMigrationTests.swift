import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Format 6 upgrades a file written before it: `service_times` (which the two-press path
/// filled with zeros) goes, and every ticket issued from then on keeps the wait it was
/// promised in `tickets.quoted_wait`.
@Suite(.offThePool) struct QuotedWaitMigrationTests {
    let scratch = ScratchDirectory()

    @Test func anOldFileUpgradesAndKeepsEachTicketsQuote() throws {
        let location = scratch.location()
        let old = try SQLiteConnection(location: location)
        try old.writeTransaction {
            try old.execute(Migrations.firstTables)
            try old.execute("PRAGMA user_version = 1")
        }
        let store = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        #expect(try Migrations.format(old) == Migrations.latestFormat)
        let tables = try old.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'service_times'") {
            $0.text(0)
        }
        #expect(tables.isEmpty)

        var configuration = try store.configuration()
        configuration.estimates = EstimateRule(sampleSize: 10, defaultServiceTime: 240)
        _ = try store.perform(.configure(configuration), at: Clock.at(0))
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: Clock.at(0))
        let unknown = try store.issue("R", at: Clock.at(1))
        _ = try store.perform(.openDesk(1, staff: 1), at: Clock.at(2))
        let first = try store.issue("R", at: Clock.at(3))
        let quotes = try old.query("SELECT id, quoted_wait FROM tickets ORDER BY id") {
            "\($0.int64(0)) \($0.isNull(1) ? "unknown" : "\($0.int64(1))")"
        }
        // Nobody signed in: unknown. Then Ada's desk takes the first ticket now and this one
        // after one call of the 240 s default.
        #expect(quotes == ["\(unknown.id.rawValue) unknown", "\(first.id.rawValue) 240000"])
    }
}
