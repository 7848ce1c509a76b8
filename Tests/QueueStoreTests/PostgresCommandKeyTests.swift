import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// `command_keys` keeps each key for two days by the server's clock, pruned at the day change
/// in bounded batches; the rows are read with psql.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresCommandKeyTests {
    @Test func theDayChangePrunesKeysOlderThanTwoDaysAndKeepsTheRest() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try #require(try openStore(url: url, options: Workload.options(desks: 1)) as? PostgresQueueStore)
        _ = try store.perform(.issue(service: "C"), at: Clock.at(0))
        let recent = try PostgresTestServer.psql("SELECT key FROM command_keys", url: url)
        #expect(try PostgresTestServer.psql("SELECT tickets FROM command_keys", url: url) == "1",
                "a key keeps its tickets' ids, not copies of them")
        try Self.addKeys(url: url, [("expired", "2 days 1 minute"), ("young", "1 day 23 hours")])

        // The next business day's first command changes the day, and its answer is lost: the
        // retry still finds the key its own (pruning) transaction stored.
        store.loseNextCommitReply.withLock { $0 = true }
        let ticket = try #require(try store.perform(.issue(service: "C"), at: Clock.at(86_400)).ticket)
        #expect(!store.loseNextCommitReply.withLock { $0 }, "the hook did not fire")
        #expect(try PostgresTestServer.psql(
            "SELECT count(*) FROM tickets WHERE business_day = '\(ticket.businessDay)'", url: url) == "1")

        let kept = try PostgresTestServer.psql("SELECT key FROM command_keys ORDER BY stored_at", url: url)
            .split(separator: "\n").map(String.init)
        #expect(kept.count == 3 && kept.prefix(2) == ["young", recent], "\(kept)")
        // A key inside the window settles a retry as before.
        #expect(try store.withEngine { try $0.settled("young") } != nil)
        #expect(try store.withEngine { try $0.settled("expired") } == nil)
    }

    /// One day change deletes at most `pruneBatch` keys; the rest go at the next.
    @Test func oneDayChangePrunesABoundedBatch() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 1))
        _ = try store.perform(.issue(service: "C"), at: Clock.at(0))
        let backlog = PostgresEngine.pruneBatch + 5
        _ = try PostgresTestServer.psql("""
            INSERT INTO command_keys (key, first_event, last_event, tickets, at, stored_at)
            SELECT 'old' || n, 1, 1, '', 0, now() - interval '3 days' FROM generate_series(1, \(backlog)) n
            """, url: url)
        _ = try store.perform(.issue(service: "C"), at: Clock.at(86_400))
        #expect(try Self.expiredKeys(url: url) == "5")
        _ = try store.perform(.issue(service: "C"), at: Clock.at(2 * 86_400))
        #expect(try Self.expiredKeys(url: url) == "0")
    }

    /// A store made by schema version 1 (numbered before the schema version became the format)
    /// gains `stored_at` when a newer tessera opens it; its keys count as stored at the upgrade,
    /// and their ticket copies become ids (the rest of format 4), then comma-separated (format 5).
    @Test func aVersionOneSchemaIsUpgraded() throws {
        let url = try OlderSchema.database(version: 1, rows: """
            INSERT INTO command_keys VALUES ('v1', 1, 1, '[]', 0);
            INSERT INTO command_keys VALUES ('v1-two', 1, 1, '[{"id":9,"code":"C009"},{"code":"R007","id":7}]', 0)
            """)
        _ = try openStore(url: url, options: Workload.options(desks: 1))
        #expect(try PostgresTestServer.psql("SELECT max(version) FROM schema_version", url: url) == "\(PostgresSchema.latestFormat)")
        #expect(try PostgresTestServer.psql(
            "SELECT key FROM command_keys WHERE stored_at > now() - interval '1 hour' ORDER BY key", url: url) == "v1\nv1-two")
        #expect(try PostgresTestServer.psql("SELECT key || '=' || tickets FROM command_keys ORDER BY key", url: url)
                == "v1=\nv1-two=9,7")
    }

    private static func addKeys(url: String, _ keys: [(name: String, age: String)]) throws {
        for key in keys {
            _ = try PostgresTestServer.psql("""
                INSERT INTO command_keys (key, first_event, last_event, tickets, at, stored_at)
                VALUES ('\(key.name)', 1, 1, '', 0, now() - interval '\(key.age)')
                """, url: url)
        }
    }

    private static func expiredKeys(url: String) throws -> String {
        try PostgresTestServer.psql("SELECT count(*) FROM command_keys WHERE key LIKE 'old%'", url: url)
    }
}
