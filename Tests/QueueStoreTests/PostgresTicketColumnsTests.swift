import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Format 5 turns each ticket's JSON document into its row's columns when a newer tessera opens
/// a store of schema version 2 (format 4, numbered before the renumbering); the rows are read
/// with psql.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresTicketColumnsTests {
    @Test func aVersionTwoStoreKeepsItsTicketsAsColumns() throws {
        // Two tickets as version 2 wrote them: one transferred and completed, one waiting.
        let url = try OlderSchema.database(version: 2, rows: """
            INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state,
                                 ordering_key, desk, data) VALUES
            (5, '2026-11-27', 'C', 3, 'S', 3, 'C003', 'normal', 'completed', 1795770240000, 1,
             '{"id":5,"businessDay":"2026-11-27","service":"S","issuedService":"C","sequence":3,"number":3,"code":"C003","priority":"normal","state":"completed","issuedAt":1795770240000,"calledAt":1795771380000,"startedAt":1795771440000,"finishedAt":1795771500000,"desk":1,"staff":2,"recallCount":1,"transfers":[{"from":"C","to":"S","position":"front","at":1795771320000,"fromDesk":3}],"outcome":"served","orderingKey":1795770240000,"arrivalKey":1795770240000,"carryOvers":0,"language":"cy"}'),
            (6, '2026-11-27', 'C', 4, 'C', 4, 'C004', 'priority', 'waiting', 1795770300000, NULL,
             '{"id":6,"businessDay":"2026-11-27","service":"C","issuedService":"C","sequence":4,"number":4,"code":"C004","priority":"priority","state":"waiting","issuedAt":1795770300000,"recallCount":0,"transfers":[],"orderingKey":1795770300000,"arrivalKey":1795770300000,"carryOvers":2}');
            UPDATE settings SET value = '6' WHERE key = 'next_ticket_id'
            """)
        let store = try openStore(url: url, options: StoreOptions())
        #expect(try PostgresTestServer.psql("SELECT max(version) FROM schema_version", url: url) == "\(PostgresSchema.latestFormat)")
        #expect(try PostgresTestServer.psql("SELECT value FROM settings WHERE key = 'format'", url: url) == "\(PostgresSchema.latestFormat)")
        #expect(try PostgresTestServer.psql(
            "SELECT count(*) FROM information_schema.columns WHERE table_name = 'tickets' AND column_name = 'data'",
            url: url) == "0")
        #expect(try PostgresTestServer.psql("""
            SELECT concat_ws('|', issued_at, called_at, started_at, finished_at, staff, recall_count, transfers IS NULL,
                             outcome, arrival_key, carry_overs, language) FROM tickets ORDER BY id
            """, url: url) == """
            1795770240000|1795771380000|1795771440000|1795771500000|2|1|f|served|1795770240000|0|cy
            1795770300000|0|t|1795770300000|2
            """)

        try DocumentedTicket.expectTheOlderSchemasTickets(in: store)
    }
}
