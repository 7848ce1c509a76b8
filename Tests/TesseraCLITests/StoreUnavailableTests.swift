import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A database that cannot be used: exit 3, a message naming the file and what to do, and
/// nothing half-written.
@Suite(.offThePool) struct StoreUnavailableTests {
    let scratch = ScratchDirectory()

    private func expectUnavailable(_ result: ProcessResult, _ path: String, _ words: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 3, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(path), "message does not name the file: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("Nothing was changed"), sourceLocation: sourceLocation)
    }

    @Test func corruptFile() throws {
        let good = scratch.path("good.db")
        #expect(try runTessera(["queue", "issue", "C", "--database", good]).status == 0)
        // A copy with garbage over everything after the header: the file claims to be SQLite.
        try runCheckpoint(good)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: good))
        #expect(bytes.count > 4096)
        for index in 100..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 131 &+ 17) }
        let broken = scratch.path("broken.db")
        try bytes.write(to: URL(fileURLWithPath: broken))
        expectUnavailable(try runTessera(["queue", "list", "--day", "all", "--database", broken]), broken, "is corrupt")
        // Not a database at all.
        let text = scratch.path("notes.db")
        try Data(String(repeating: "shopping list\n", count: 400).utf8).write(to: URL(fileURLWithPath: text))
        expectUnavailable(try runTessera(["queue", "status", "--database", text]), text, "is corrupt")
    }

    @Test func readOnlyFile() throws {
        let path = scratch.path("ro.db")
        #expect(try runTessera(["queue", "issue", "C", "--database", path]).status == 0)
        try runCheckpoint(path)
        expectUnavailable(try runTessera(["queue", "issue", "C", "--database", "sqlite://\(path)?mode=ro"]), path, "read-only")
        // Root ignores permission bits: make the file immutable, as a read-only mount would.
        guard immutable(path, true) else { return }
        defer { _ = immutable(path, false) }
        let result = try runTessera(["queue", "issue", "C", "--database", path])
        #expect(result.status == 3 && result.stderr.contains(path), "\(result.stderr)")
        _ = immutable(path, false)
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path))
        #expect(try connection.queryOne("SELECT count(*) FROM tickets") { $0.int64(0) } == 1)
    }

    @Test func unreadablePlace() throws {
        let path = scratch.path("missing-directory/queue.db")
        expectUnavailable(try runTessera(["queue", "status", "--database", path]), path, "cannot be opened")
    }

    @Test func fullDiskOnAFreshFileLeavesNoSchema() throws {
        let path = scratch.path("full.db")
        let result = try runTessera(["queue", "issue", "C", "--database", path],
                                    environment: ["TESSERA_SQLITE_MAX_PAGE_COUNT": "2"])
        expectUnavailable(result, path, "disk is full")
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path))
        #expect(try Migrations.format(connection) == 0)
        #expect(try connection.queryOne("SELECT count(*) FROM sqlite_master") { $0.int64(0) } == 0)
    }

    @Test func fullDiskDuringACommandWritesNothing() throws {
        let path = scratch.path("full2.db")
        #expect(try runTessera(["queue", "issue", "C", "--database", path]).status == 0)
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path))
        let pages = try #require(try connection.queryOne("PRAGMA page_count") { $0.int64(0) })
        // Tickets fill the free space of the pages there are; the first that needs a new page
        // meets the cap.
        var result = ProcessResult(status: 0, stdout: "", stderr: "")
        var events: Int64? = nil
        for _ in 0..<200 where result.status == 0 {
            events = try connection.queryOne("SELECT count(*) FROM events") { $0.int64(0) }
            result = try runTessera(["queue", "issue", "C", "--database", path],
                                    environment: ["TESSERA_SQLITE_MAX_PAGE_COUNT": "\(pages)"])
        }
        expectUnavailable(result, path, "disk is full")
        #expect(try connection.queryOne("SELECT count(*) FROM events") { $0.int64(0) } == events)
        #expect(try connection.queryOne("PRAGMA integrity_check") { $0.text(0) } == "ok")
    }

    /// Folds the WAL into the main file so a copy of the file alone holds everything.
    private func runCheckpoint(_ path: String) throws {
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path))
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
