import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

@Suite(.offThePool) struct SQLiteConnectionTests {
    let scratch = ScratchDirectory()

    private func openMigrated(_ name: String = "queue.db") throws -> SQLiteConnection {
        let connection = try SQLiteConnection(location: scratch.location(name))
        try Migrations.migrate(connection)
        return connection
    }

    @Test func opensWithDurabilityPragmas() throws {
        let connection = try openMigrated()
        #expect(try connection.queryOne("PRAGMA journal_mode") { $0.text(0) } == "wal")
        #expect(try connection.queryOne("PRAGMA synchronous") { $0.int64(0) } == 2)  // FULL
        #expect(try connection.queryOne("PRAGMA foreign_keys") { $0.int64(0) } == 1)
        #expect(try Migrations.format(connection) == Migrations.latestFormat)
    }

    @Test func migratingTwiceChangesNothing() throws {
        _ = try openMigrated()
        let again = try openMigrated()
        let tables = try again.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { $0.text(0) }
        #expect(tables.contains("tickets") && tables.contains("events"))
        #expect(try Migrations.format(again) == Migrations.latestFormat)
    }

    @Test func refusesAFileFromANewerVersion() throws {
        let connection = try openMigrated()
        try connection.execute("PRAGMA user_version = \(Migrations.latestFormat + 1)")
        #expect {
            try Migrations.migrate(try SQLiteConnection(location: scratch.location()))
        } throws: { ($0 as? StoreError).map(Self.problem) == .tooNew }
    }

    @Test func emptyTextBindsAsTextNotNull() throws {
        let connection = try openMigrated()
        #expect(try connection.queryOne("SELECT typeof(?1), length(?1)", [.text("")]) { $0.text(0) + "/" + $0.text(1) } == "text/0")
        #expect(try connection.queryOne("SELECT ?1", [.text("é ✓")]) { $0.text(0) } == "é ✓")
    }

    /// The statement cache hashes only the SQL's length, middle and end: statements alike
    /// there (same length, same middle and ending) must still be told apart.
    @Test func statementsSharingTheirEndingStayDistinct() throws {
        let connection = try openMigrated()
        let ending = String(repeating: " ", count: 60) + "AS value"
        for _ in 0..<2 {
            #expect(try connection.queryOne("SELECT 1" + ending) { $0.int64(0) } == 1)
            #expect(try connection.queryOne("SELECT 2" + ending) { $0.int64(0) } == 2)
        }
    }

    @Test func eventsAreAppendOnly() throws {
        let connection = try openMigrated()
        try connection.run("INSERT INTO events (kind, at, data) VALUES ('test', 0, '{}')")
        #expect { try connection.run("UPDATE events SET kind = 'changed'") } throws: {
            ($0 as? StoreError)?.exitCode == 1 && "\($0)".contains("append-only")
        }
        #expect { try connection.run("DELETE FROM events") } throws: { "\($0)".contains("append-only") }
        #expect(try connection.queryOne("SELECT kind FROM events") { $0.text(0) } == "test")
    }

    @Test func ticketSequenceIsUniquePerDayAndService() throws {
        let connection = try openMigrated()
        let insert = """
            INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state,
                                 issued_at, recall_count, ordering_key, arrival_key, carry_overs)
            VALUES (?1, '2026-01-05', 'C', 1, 'R', 1, 'C001', 'normal', 'waiting', 0, 0, 0, 0, 0)
            """
        try connection.run(insert, 1)
        #expect { try connection.run(insert, 2) } throws: { "\($0)".contains("UNIQUE") }
    }

    @Test func noTwoOpenTicketsShowTheSameCode() throws {
        let connection = try openMigrated()
        // Same issued service and number on different days (one carried over), different sequences.
        let insert = """
            INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state,
                                 issued_at, recall_count, ordering_key, arrival_key, carry_overs)
            VALUES (?1, ?2, 'C', ?1, 'C', 7, 'C007', 'normal', ?3, 0, 0, 0, 0, 0)
            """
        try connection.run(insert, .integer(1), .text("2026-01-05"), .text("waiting"))
        #expect { try connection.run(insert, .integer(2), .text("2026-01-06"), .text("waiting")) } throws: {
            "\($0)".contains("UNIQUE")
        }
        // A closed ticket does not hold its number.
        try connection.run(insert, .integer(3), .text("2026-01-06"), .text("completed"))
    }

    @Test func oneOpenTicketPerDesk() throws {
        let connection = try openMigrated()
        let insert = """
            INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state,
                                 issued_at, recall_count, ordering_key, arrival_key, carry_overs, desk)
            VALUES (?1, '2026-01-05', 'C', ?1, 'C', ?1, 'C00' || ?1, 'normal', 'called', 0, 0, 0, 0, 0, 3)
            """
        try connection.run(insert, 1)
        #expect { try connection.run(insert, 2) } throws: { ($0 as? StoreError)?.exitCode == 1 }
    }

    @Test func garbageFileIsReportedCorrupt() throws {
        let path = scratch.path("garbage.db")
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        #expect { try openMigrated("garbage.db") } throws: { error in
            guard let error = error as? StoreError else { return false }
            return Self.problem(error) == .corrupt && error.exitCode == 3 && "\(error)".contains(path)
        }
    }

    @Test func readOnlyURIIsRefused() throws {
        _ = try openMigrated()
        let location = DatabaseLocation(path: scratch.path("queue.db"), parameters: "mode=ro")
        #expect { try SQLiteConnection(location: location) } throws: {
            ($0 as? StoreError).map(Self.problem) == .readOnly
        }
    }

    @Test func immutableFileIsRefused() throws {
        try openMigrated().execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let path = scratch.path("queue.db")
        // Root ignores permission bits, so the test makes the file immutable instead.
        guard immutable(path, true) else {
            Issue.record("chattr +i is not available here; the mode=ro test covers the read-only path")
            return
        }
        defer { _ = immutable(path, false) }
        #expect { try SQLiteConnection(location: scratch.location()) } throws: { error in
            guard let error = error as? StoreError else { return false }
            return error.exitCode == 3 && [.readOnly, .unreadable].contains(Self.problem(error))
        }
    }

    @Test func fullDiskRollsBackTheWholeTransaction() throws {
        let connection = try openMigrated()
        try connection.run("INSERT INTO settings (key, value) VALUES ('before', 'x')")
        let pages = try connection.queryOne("PRAGMA page_count") { $0.int64(0) } ?? 0
        try connection.execute("PRAGMA max_page_count = \(pages + 1)")
        let big = String(repeating: "x", count: 4096)
        #expect {
            try connection.writeTransaction {
                try connection.run("INSERT INTO settings (key, value) VALUES ('first', 'small')")
                for index in 0..<64 { try connection.run("INSERT INTO settings (key, value) VALUES (?1, ?2)", .text("k\(index)"), .text(big)) }
            }
        } throws: { ($0 as? StoreError).map(Self.problem) == .diskFull }
        let keys = try connection.query("SELECT key FROM settings ORDER BY key") { $0.text(0) }
        #expect(keys == ["before", "format"])
        #expect(try connection.queryOne("PRAGMA integrity_check") { $0.text(0) } == "ok")
    }

    private static func problem(_ error: StoreError) -> StoreError.Problem? {
        if case .unavailable(_, let problem, _) = error { return problem }
        return nil
    }
}
