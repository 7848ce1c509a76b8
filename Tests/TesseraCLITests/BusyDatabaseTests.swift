import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A database another connection keeps locked is unavailable (exit 3) once the busy timeout
/// has passed: the queue rules did not refuse anything, so it is not exit 1.
@Suite(.offThePool) struct BusyDatabaseTests {
    let scratch = ScratchDirectory()

    @Test func aHeldWriteLockIsUnavailableNotRefused() throws {
        let path = scratch.path("busy.db")
        #expect(try runTessera(["queue", "issue", "C", "--database", path]).status == 0)
        let holder = try SQLiteConnection(location: DatabaseLocation(path: path), create: false)
        try holder.execute("BEGIN IMMEDIATE")
        let result = try runTessera(["queue", "issue", "C", "--database", path])
        try holder.execute("ROLLBACK")
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains(path) && result.stderr.contains("is locked by another process"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try holder.queryOne("SELECT count(*) FROM tickets") { $0.int64(0) } == 1)
        // Once the lock is released the same command works.
        #expect(try runTessera(["queue", "issue", "C", "--database", path]).status == 0)
    }
}
