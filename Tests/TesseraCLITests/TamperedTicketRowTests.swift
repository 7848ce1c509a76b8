import Foundation
import QueueStoreTesting
import Testing

/// A ticket row changed behind tessera's back, with a letter or a fraction where a whole number
/// belongs: the store is corrupt (exit 3, the column named), on either kind of store, never a 0
/// handed to the queue's rules (a recall count of 0, a ticket called at the epoch).
@Suite(.offThePool) struct TamperedTicketRowTests {
    let scratch = ScratchDirectory()

    private func expectCorrupt(_ result: ProcessResult, column: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 3, "\(result.status): \(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("corrupt") && result.stderr.contains(column), "\(result.stderr)",
                sourceLocation: sourceLocation)
    }

    @Test(arguments: [("recall_count", "'x'"), ("called_at", "'soon'"), ("number", "1.5")])
    func aMalformedIntegerInASQLiteTicketRowIsCorrupt(column: String, value: String) throws {
        let file = scratch.path("queue.db")
        #expect(try runTessera(["queue", "issue", "C", "--database", file]).status == 0)
        _ = try sqlite3("UPDATE tickets SET \(column) = \(value)", file: file, readOnly: false)
        #expect(try sqlite3("SELECT typeof(\(column)) FROM tickets", file: file) != "integer")
        expectCorrupt(try runTessera(["queue", "list", "--day", "all", "--database", file]), column: column)
        expectCorrupt(try runTessera(["queue", "call", "--desk", "1", "--database", file]), column: column)
    }

    @Test(.enabled(if: PostgresTestServer.isEnabled))
    func aLetterInAPostgreSQLTicketRowIsCorrupt() throws {
        let server = try PostgresTestServer.freshDatabase()
        #expect(try runTessera(["queue", "issue", "C", "--database", server]).status == 0)
        // The server types its columns: a letter gets in only with the column's type changed too.
        _ = try PostgresTestServer.psql("""
            ALTER TABLE tickets ALTER COLUMN called_at TYPE TEXT; UPDATE tickets SET called_at = 'soon'
            """, url: server)
        expectCorrupt(try runTessera(["queue", "list", "--day", "all", "--database", server]), column: "called_at")
        expectCorrupt(try runTessera(["queue", "call", "--desk", "1", "--database", server]), column: "called_at")
    }
}
