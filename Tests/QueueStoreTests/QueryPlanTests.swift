import Foundation
import QueueStoreTesting
import QueueCore
import Testing
@testable import QueueStore

/// The hot queries use their indexes rather than scan tables.
@Suite(.offThePool) struct QueryPlanTests {
    @Test func callNextReadsLaneHeadsThroughTheIndex() throws {
        let scratch = ScratchDirectory()
        let connection = try SQLiteConnection(location: scratch.location())
        try Migrations.migrate(connection)
        let plan = try connection.query("""
            EXPLAIN QUERY PLAN SELECT \(TicketRow.selected) FROM tickets WHERE service = ?1 AND priority = ?2 AND state = 'waiting'
            ORDER BY ordering_key, id LIMIT 1
            """, [.text("C"), .text("normal")]) { $0.text(3) }.joined(separator: " | ")
        #expect(plan.contains("USING INDEX tickets_waiting_lane"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        let held = try connection.query("""
            EXPLAIN QUERY PLAN SELECT number FROM tickets WHERE issued_service = ?1
            AND state IN ('waiting', 'called', 'serving', 'parked')
            """, [.text("C")]) { $0.text(3) }.joined(separator: " | ")
        #expect(held.contains("USING COVERING INDEX tickets_open_numbers"), "\(held)")
        let feed = try connection.query("EXPLAIN QUERY PLAN SELECT id, data FROM events WHERE id > ?1 ORDER BY id",
                                        [.integer(0)]) { $0.text(3) }.joined(separator: " | ")
        #expect(feed.contains("USING INTEGER PRIMARY KEY"), "\(feed)")
    }
}
