import Foundation
import Testing
@testable import QueueStore

/// Reads the log `tessera queue stress --log FILE` writes: one line per acknowledged
/// (committed) operation, `issued <ticket id> <code> <day>`, `called <ticket id> <desk>` or
/// `completed <ticket id> <desk>`.
enum StressLog {
    struct Entry: Equatable {
        let operation: String
        let ticket: Int64
        let detail: [String]

        init?(_ line: Substring) {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count >= 2, let ticket = Int64(fields[1]) else { return nil }
            operation = fields[0]
            self.ticket = ticket
            detail = Array(fields.dropFirst(2))
        }
    }

    /// Complete lines only: a line cut by SIGKILL mid-write has no newline and is ignored.
    static func lines(_ path: String) -> [Substring] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        if !text.hasSuffix("\n"), !lines.isEmpty { lines.removeLast() }
        return lines
    }
}

/// The data rules every test re-checks straight from the SQLite file.
enum StoreInvariants {
    static func check(_ connection: SQLiteConnection, acknowledged: [StressLog.Entry],
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Sequences per (day, issued service) are 1…n with no gap and no repeat: a number is
        // assigned in the same transaction that stores the ticket, so a rollback takes both back.
        let gaps = try connection.query("""
            SELECT business_day, issued_service, count(*), count(DISTINCT sequence), min(sequence), max(sequence)
            FROM tickets GROUP BY business_day, issued_service
            """) { row in (row.int64(2), row.int64(3), row.int64(4), row.int64(5)) }
        for (count, distinct, low, high) in gaps {
            #expect(count == distinct && low == 1 && high == count, "sequence gap or repeat", sourceLocation: sourceLocation)
        }
        // No display code is held by two open tickets at once.
        let doubled = try connection.queryOne("""
            SELECT count(*) FROM (SELECT business_day, code FROM tickets
            WHERE state IN ('waiting', 'called', 'serving', 'parked') GROUP BY business_day, code HAVING count(*) > 1)
            """) { $0.int64(0) }
        #expect(doubled == 0, "an open code is held twice", sourceLocation: sourceLocation)
        // No ticket was called twice (the stress loop never recalls).
        let calledTwice = try connection.queryOne("""
            SELECT count(*) FROM (SELECT ticket_id FROM events WHERE kind = 'ticketCalled'
            GROUP BY ticket_id HAVING count(*) > 1)
            """) { $0.int64(0) }
        #expect(calledTwice == 0, "a ticket was called twice", sourceLocation: sourceLocation)
        // Every acknowledged operation is in the file.
        for entry in acknowledged {
            switch entry.operation {
            case "issued":
                let code = try connection.queryOne("SELECT code FROM tickets WHERE id = ?1", [.integer(entry.ticket)]) { $0.text(0) }
                #expect(code == entry.detail.first, "issued ticket \(entry.ticket) missing", sourceLocation: sourceLocation)
            case "called", "completed":
                let kind = entry.operation == "called" ? "ticketCalled" : "ticketCompleted"
                let desk = Int64(entry.detail.first ?? "") ?? -1
                let found = try connection.queryOne(
                    "SELECT count(*) FROM events WHERE ticket_id = ?1 AND kind = ?2 AND desk = ?3",
                    [.integer(entry.ticket), .text(kind), .integer(desk)]) { $0.int64(0) }
                #expect(found == 1, "\(entry.operation) \(entry.ticket) at desk \(desk) missing", sourceLocation: sourceLocation)
            default:
                Issue.record("unknown log line \(entry.operation)", sourceLocation: sourceLocation)
            }
        }
    }
}
