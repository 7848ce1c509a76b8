import CSQLite
import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Files tessera did not write, or that were changed behind its back: "corrupt" or "not a
/// Tessera queue database" (exit 3), never a trap, and another application's file is left
/// byte for byte as it was.
@Suite(.offThePool) struct TamperedFileTests {
    let scratch = ScratchDirectory()

    /// A store file with one ticket issued, then `sql` run on it by another program.
    private func tampered(_ name: String, _ sql: String) throws -> DatabaseLocation {
        let location = scratch.location(name)
        let store = try SQLiteQueueStore(location: location)
        _ = try store.perform(.issue(service: "C", priority: .normal), at: Date())
        try sqlite(location.path, sql)
        return location
    }

    private func expectProblem(_ problem: StoreError.Problem, _ location: DatabaseLocation,
                               sourceLocation: SourceLocation = #_sourceLocation,
                               _ body: (SQLiteQueueStore) throws -> Void = { store in
                                   _ = try store.perform(.issue(service: "C", priority: .normal), at: Date())
                               }) {
        do {
            try body(try SQLiteQueueStore(location: location))
            Issue.record("expected \(problem), got no error", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            guard case .unavailable(let file, let found, _) = error else {
                Issue.record("expected \(problem), got \(error)", sourceLocation: sourceLocation)
                return
            }
            #expect(found == problem && file == location.path, "\(error)", sourceLocation: sourceLocation)
            #expect(error.exitCode == 3, sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected \(problem), got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test func aNegativeFormatVersionIsCorrupt() throws {
        expectProblem(.corrupt, try tampered("negative.db", "PRAGMA user_version = -5"))
    }

    @Test func countersAndIdsAtTheEndOfInt64AreCorrupt() throws {
        expectProblem(.corrupt, try tampered("sequence.db", "UPDATE counters SET next_sequence = 9223372036854775807"))
        expectProblem(.corrupt, try tampered("issued.db", "UPDATE counters SET issued = 9223372036854775807"))
        expectProblem(.corrupt, try tampered("id.db",
            "UPDATE settings SET value = '9223372036854775807' WHERE key = 'next_ticket_id'"))
        expectProblem(.corrupt, try tampered("id-text.db", "UPDATE settings SET value = 'many' WHERE key = 'next_ticket_id'"))
        // A ticket's own counts: the next recall adds one to the recall count.
        expectProblem(.corrupt, try tampered("recalls.db",
            "UPDATE tickets SET recall_count = 9223372036854775807")) { store in
            _ = try store.ticket(TicketID(rawValue: 1))
        }
    }

    @Test func aConfigurationThatBreaksTheRulesIsCorrupt() throws {
        expectProblem(.corrupt, try tampered("weight.db", """
            UPDATE settings SET value = json_set(value, '$.services[0].priorityWeight', 9223372036854775807)
            WHERE key = 'configuration'
            """)) { store in _ = try store.configuration() }
    }

    @Test func aMissingConfigurationRowIsCorruptNotAFreshFile() throws {
        let location = try tampered("no-configuration.db", "DELETE FROM settings WHERE key = 'configuration'")
        // Opening with the seed must not try to seed it again ("Desk 1 is already open").
        expectProblem(.corrupt, location)
        expectProblem(.corrupt, location) { _ = try $0.status(at: Date()) }
    }

    @Test(arguments: [
        "CREATE TABLE settings (name TEXT, colour TEXT, size INTEGER); INSERT INTO settings VALUES ('a', 'red', 1)",
        "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('milk')",
        // Tessera's table names, but no tessera format version.
        "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID; CREATE TABLE tickets (id INTEGER)",
        // A format version, but another application's tables.
        "CREATE TABLE settings (name TEXT, colour TEXT); PRAGMA user_version = 2",
    ])
    func anotherApplicationsDatabaseIsRefusedAndLeftAsItWas(sql: String) throws {
        let location = scratch.location("foreign.db")
        try sqlite(location.path, sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: location.path))
        expectProblem(.foreign, location)
        #expect(try Data(contentsOf: URL(fileURLWithPath: location.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: location.path + "-wal"))
        #expect(StoreError.unavailable(file: location.path, problem: .foreign, detail: "")
            .description.contains("is not a Tessera queue database"))
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let location = scratch.location("empty.db")
        #expect(FileManager.default.createFile(atPath: location.path, contents: Data()))
        let store = try SQLiteQueueStore(location: location)
        #expect(try store.perform(.issue(service: "C", priority: .normal), at: Date()).ticket?.code == "C001")
    }

    @Test func noSpaceForTheWriteAheadLogIsAFullDisk() {
        // What SQLite reports when creating or growing the WAL meets ENOSPC.
        let error = SQLiteConnection.error(code: SQLITE_IOERR | (3 << 8), message: "disk I/O error", file: "/q.db",
                                           systemError: ENOSPC)
        #expect(error == .unavailable(file: "/q.db", problem: .diskFull, detail: "disk I/O error"))
        #expect(error.description.contains("the disk is full"))
    }

    /// Runs `sql` on `path` through a plain connection, as another program would.
    private func sqlite(_ path: String, _ sql: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK else { throw StoreError.badInput("cannot open \(path)") }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw StoreError.badInput(String(cString: sqlite3_errmsg(db)))
        }
    }
}
