import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Format 9 adds `phone_tokens`: a store written at format 8 with an open ticket upgrades to an
/// empty table with its index on the hash, and the ticket then gets a working link. The format-8
/// store is this build's, with the table dropped and the format put back: format 8 is format 9
/// without it. The rows are read with the database's own SQL.
@Suite(.offThePool) struct PhoneTokensMigrationTests {
    let scratch = ScratchDirectory()

    @Test func aFormatEightFileUpgradesToPhoneTokens() throws {
        let location = scratch.location()
        let ticket = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions).issue("C", at: Clock.at(0))
        let old = try SQLiteConnection(location: location)
        try old.execute("DROP TABLE phone_tokens; UPDATE settings SET value = '8' WHERE key = 'format'; PRAGMA user_version = 8")
        let store = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        #expect(try Migrations.format(old) == Migrations.latestFormat)
        #expect(try old.query("SELECT value FROM settings WHERE key = 'format'") { $0.text(0) } == ["9"])
        #expect(try old.query("SELECT name FROM pragma_table_info('phone_tokens') ORDER BY cid") { $0.text(0) }
            == ["ticket", "token_hash", "created_at"])
        #expect(try old.query("SELECT \"unique\" || ' ' || name FROM pragma_index_list('phone_tokens') WHERE origin = 'c'") { $0.text(0) }
            == ["1 phone_tokens_by_hash"])
        #expect(try old.query("SELECT count(*) FROM phone_tokens") { $0.int64(0) } == [0])
        let token = try store.issuePhoneToken(for: ticket.id, at: Clock.at(1))
        #expect(try store.ticket(ofPhoneToken: token.text) == ticket.id)
        #expect(throws: StoreError.self, "the column keeps anything but a hash out") {
            try old.execute("INSERT INTO phone_tokens (ticket, token_hash, created_at) VALUES (\(ticket.id.rawValue), '\(token.text)', 0)")
        }
    }

    @Test(.enabled(if: PostgresTestServer.isEnabled)) func aFormatEightPostgreSQLStoreUpgradesToPhoneTokens() throws {
        let url = try PostgresTestServer.freshDatabase()
        let ticket = try openStore(url: url, options: StoreFactory.sqliteOptions).issue("C", at: Clock.at(0))
        _ = try PostgresTestServer.psql("""
            DROP TABLE phone_tokens; UPDATE settings SET value = '8' WHERE key = 'format'; UPDATE schema_version SET version = 8
            """, url: url)
        let store = try #require(phoneTokens(of: try openStore(url: url, options: StoreOptions())))
        #expect(try PostgresTestServer.psql("SELECT version FROM schema_version", url: url) == "9")
        #expect(try PostgresTestServer.psql("SELECT value FROM settings WHERE key = 'format'", url: url) == "9")
        #expect(try PostgresTestServer.psql("""
            SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns
            WHERE table_name = 'phone_tokens' AND table_schema = current_schema()
            """, url: url) == "ticket,token_hash,created_at")
        #expect(try PostgresTestServer.psql("""
            SELECT indexdef LIKE 'CREATE UNIQUE INDEX%(token_hash)' FROM pg_indexes
            WHERE indexname = 'phone_tokens_by_hash' AND schemaname = current_schema()
            """, url: url) == "t")
        #expect(try PostgresTestServer.psql("SELECT count(*) FROM phone_tokens", url: url) == "0")
        let token = try store.issuePhoneToken(for: ticket.id, at: Clock.at(1))
        #expect(try store.ticket(ofPhoneToken: token.text) == ticket.id)
    }
}
