import Foundation
import Testing
@testable import QueueStore

/// Reads the log `tessera queue stress --log FILE` writes: one line per acknowledged
/// (committed) operation, `issued <ticket id> <code> <day>`, `called <ticket id> <desk>` or
/// `completed <ticket id> <desk>` or `cancelled <ticket id>`.
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
        // Per (day, issued service): no sequence twice, and the counter row agrees with the
        // ticket rows (both are written in one transaction, so a kill leaves both or neither).
        // Sequences may have gaps: QueueCore burns a sequence whose wrapped number is still held.
        let groups = try connection.query("""
            SELECT t.business_day, t.issued_service, count(*), count(DISTINCT t.sequence), max(t.sequence),
                   c.issued, c.next_sequence
            FROM tickets t LEFT JOIN counters c ON c.business_day = t.business_day AND c.service = t.issued_service
            GROUP BY t.business_day, t.issued_service
            """) { row in (row.text(1), row.int64(2), row.int64(3), row.int64(4), row.optionalInt64(5), row.optionalInt64(6)) }
        for (service, count, distinct, highest, issued, next) in groups {
            #expect(count == distinct, "\(service): a sequence was given twice", sourceLocation: sourceLocation)
            #expect(issued == count && next == highest + 1,
                    "\(service): counter (issued \(issued ?? -1), next \(next ?? -1)) disagrees with \(count) tickets up to \(highest)",
                    sourceLocation: sourceLocation)
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
            case "cancelled":
                let state = try connection.queryOne("SELECT state FROM tickets WHERE id = ?1", [.integer(entry.ticket)]) { $0.text(0) }
                #expect(state == "cancelled", "cancelled ticket \(entry.ticket) is \(state ?? "missing")", sourceLocation: sourceLocation)
            default:
                Issue.record("unknown log line \(entry.operation)", sourceLocation: sourceLocation)
            }
        }
    }
}
