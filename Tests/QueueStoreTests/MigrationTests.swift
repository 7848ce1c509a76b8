import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Both stores' migrations: keyed by the format each produces, foreign keys off only where a
/// table is rebuilt, and a failed migration leaves the file at the format before it.
@Suite(.offThePool) struct MigrationTests {
    let scratch = ScratchDirectory()

    @Test func eachStoreListsItsMigrationsByTheFormatTheyProduce() {
        #expect(Migrations.all.map(\.format) == [1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(PostgresSchema.migrations.map(\.format) == [4, 5, 6, 7, 8, 9])
        #expect(PostgresSchema.latestFormat == Migrations.latestFormat, "both stores hold the same format")
        for migrations in [Migrations.all, PostgresSchema.migrations] {
            #expect(Set(migrations.map(\.name)).count == migrations.count, "one name for each migration")
        }
        // Only the rebuild of `tickets` turns foreign keys off; PostgreSQL alters tables in place.
        #expect(Migrations.all.filter { $0.foreignKeys == .offUntilChecked }.map(\.name) == ["tickets as columns"])
        #expect(PostgresSchema.migrations.allSatisfy { $0.foreignKeys == .enforced })
    }

    /// An event that refers to a ticket that is not there (written by a program with foreign
    /// keys off): the rebuild of `tickets` runs with them off, so only its
    /// `PRAGMA foreign_key_check` can find it. The file stays format 4, its rows as they were.
    @Test func aBrokenReferenceFailsTheRebuildAndLeavesFormatFour() throws {
        let location = scratch.location()
        let old = try SQLiteConnection(location: location)
        try Migrations.migrate(old, upTo: 4)
        try old.execute("""
            PRAGMA foreign_keys=OFF;
            INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state,
                                 ordering_key, data)
                VALUES (1, '2026-11-27', 'C', 1, 'C', 1, 'C001', 'normal', 'waiting', 1795770240000,
                        '{"id":1,"issuedAt":1795770240000,"recallCount":0,"transfers":[],"arrivalKey":1795770240000,"carryOvers":0}');
            INSERT INTO events (kind, ticket_id, at, data) VALUES ('ticketIssued', 99, 0, '{}');
            PRAGMA foreign_keys=ON;
            """)
        func rows() throws -> [String] {
            try old.query("SELECT id || ' ' || data FROM tickets") { $0.text(0) }
                + old.query("SELECT name FROM pragma_table_info('tickets') ORDER BY cid") { $0.text(0) }
        }
        let before = try rows()
        #expect {
            _ = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        } throws: { error in
            guard case .unavailable(_, .corrupt, let detail) = error as? StoreError else { return false }
            return detail.contains("format 5 (tickets as columns)") && detail.contains("“events”")
                && detail.contains("left whole at format 4")
        }
        #expect(try Migrations.format(old) == 4)
        #expect(try rows() == before)
    }

    /// The same broken reference in a format-1 file meets foreign keys while the events are
    /// copied in format 2's migration, which runs with them on: corrupt, and format 1 stays.
    @Test func aBrokenReferenceFailsAMigrationWithForeignKeysOn() throws {
        let location = scratch.location()
        let old = try SQLiteConnection(location: location)
        try Migrations.migrate(old, upTo: 1)
        try old.execute("""
            PRAGMA foreign_keys=OFF;
            INSERT INTO events (kind, ticket_id, at, data) VALUES ('ticketCalled', 99, 0.5, '{"time":0,"details":{"ticketCalled":{}}}');
            PRAGMA foreign_keys=ON;
            """)
        #expect {
            _ = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        } throws: { error in
            guard case .unavailable(_, .corrupt, let detail) = error as? StoreError else { return false }
            return detail.contains("format 2 (") && detail.contains("FOREIGN KEY")
        }
        #expect(try Migrations.format(old) == 1)
        #expect(try old.query("SELECT typeof(at) FROM events") { $0.text(0) } == ["real"])
    }
}
