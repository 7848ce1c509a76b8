import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// PostgreSQL's schema version is the storage format it holds. A store recorded before that, at
/// schema version 3 (format 5), is renumbered and keeps every row; the rows are read with psql.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresSchemaVersionTests {
    /// Every table's rows as text, in a fixed order, but for what format 6 changes: the format
    /// setting, and the tickets' new `quoted_wait` column.
    private static func rows(_ url: String) throws -> String {
        try ["settings", "staff", "desks", "counters", "tickets", "events", "event_log_head",
             "staff_credentials", "keypad_locks", "command_keys"].map { table in
            try PostgresTestServer.psql("""
                SELECT (row_to_json(t)::jsonb - 'quoted_wait')::text FROM \(table) t
                WHERE \(table == "settings" ? "key <> 'format'" : "true") ORDER BY 1
                """, url: url)
        }.joined(separator: "\n")
    }

    @Test func aSchemaVersionThreeStoreIsRenumberedAndReadsTheSameTickets() throws {
        // The tickets of PostgresTicketColumnsTests, as schema version 3 wrote them.
        let url = try OlderSchema.database(version: 3, rows: """
            INSERT INTO tickets (id, business_day, issued_service, sequence, service, number, code, priority, state,
                                 ordering_key, desk, issued_at, called_at, started_at, finished_at, staff, recall_count,
                                 transfers, outcome, arrival_key, carry_overs, language) VALUES
            (5, '2026-11-27', 'C', 3, 'S', 3, 'C003', 'normal', 'completed', 1795770240000, 1,
             1795770240000, 1795771380000, 1795771440000, 1795771500000, 2, 1,
             '[{"from":"C","to":"S","position":"front","at":1795771320000,"fromDesk":3}]', 'served', 1795770240000, 0, 'cy'),
            (6, '2026-11-27', 'C', 4, 'C', 4, 'C004', 'priority', 'waiting', 1795770300000, NULL,
             1795770300000, NULL, NULL, NULL, NULL, 0, NULL, NULL, 1795770300000, 2, NULL);
            INSERT INTO command_keys (key, first_event, last_event, tickets, at) VALUES ('v3', 1, 1, '5,6', 0);
            UPDATE settings SET value = '7' WHERE key = 'next_ticket_id'
            """)
        let before = try Self.rows(url)
        var unseeded = StoreOptions()
        unseeded.seed = nil
        let store = try openStore(url: url, options: unseeded)
        #expect(try PostgresTestServer.psql("SELECT version FROM schema_version", url: url) == "\(PostgresSchema.latestFormat)")
        #expect(try Self.rows(url) == before, "the renumbering changes no row")
        // Format 6: no quotes for the tickets issued before it, and no service_times table.
        #expect(try PostgresTestServer.psql("SELECT count(*) FROM tickets WHERE quoted_wait IS NULL", url: url) == "2")
        #expect(try PostgresTestServer.psql("SELECT to_regclass('service_times') IS NULL", url: url) == "t")

        try DocumentedTicket.expectTheOlderSchemasTickets(in: store)

        // Opened again (and seeded now): nothing to migrate, and the store takes commands.
        let again = try openStore(url: url, options: StoreOptions())
        #expect(try again.perform(.issue(service: "C"), at: Date()).ticket?.id == TicketID(rawValue: 7))
        #expect(try PostgresTestServer.psql("SELECT version FROM schema_version", url: url) == "\(PostgresSchema.latestFormat)")
    }

    @Test func aNewerFormatIsRefusedAndLeftAsItWas() throws {
        let url = try PostgresTestServer.freshDatabase()
        _ = try openStore(url: url, options: StoreOptions())
        _ = try PostgresTestServer.psql("UPDATE schema_version SET version = \(PostgresSchema.latestFormat + 1)", url: url)
        #expect {
            _ = try openStore(url: url, options: StoreOptions())
        } throws: { error in
            guard case .unavailable(_, .tooNew, let detail) = error as? StoreError else { return false }
            return detail.contains("format version \(PostgresSchema.latestFormat + 1)")
        }
        #expect(try PostgresTestServer.psql("SELECT version FROM schema_version", url: url) == "\(PostgresSchema.latestFormat + 1)")
    }
}
