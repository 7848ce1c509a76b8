import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Format 7 keys keypad locks by staff member: a store written at format 6 upgrades, its desks'
/// lock rows are gone (they said nobody's PINs; a lock lasts at most 15 minutes), and a lock
/// kept for one member is that member's alone. The rows are read with the database's own SQL.
@Suite(.offThePool) struct StaffLocksMigrationTests {
    let scratch = ScratchDirectory()
    static let until = Date(timeIntervalSince1970: 1_772_445_600.250)

    @Test func aFormatSixFileUpgradesToLocksPerStaffMember() throws {
        let location = scratch.location()
        let old = try SQLiteConnection(location: location)
        try Migrations.migrate(old, upTo: 6)
        try old.execute("""
            INSERT INTO staff (id, data) VALUES (1, '{"id":1,"name":"Ada","role":"clerk"}'),
                                                (2, '{"id":2,"name":"Bob","role":"clerk"}');
            INSERT INTO staff_credentials (staff, pin_hash, active) VALUES (1, NULL, 1), (2, NULL, 1);
            INSERT INTO keypad_locks (desk, failures, locked_until) VALUES (1, 5, 1772445600250);
            """)
        let store = try SQLiteQueueStore(location: location, options: StoreFactory.sqliteOptions)
        #expect(try Migrations.format(old) == Migrations.latestFormat)
        #expect(try old.query("SELECT value FROM settings WHERE key = 'format'") { $0.text(0) } == ["\(Migrations.latestFormat)"])
        #expect(try old.query("SELECT name FROM pragma_table_info('keypad_locks') ORDER BY cid") { $0.text(0) }
            == ["staff", "failures", "locked_until"])
        #expect(try old.query("SELECT count(*) FROM keypad_locks") { $0.int64(0) } == [0], "the desk's lock is dropped")

        try store.setKeypadLock(KeypadLock(failures: 5, lockedUntil: Self.until), of: 1)
        #expect(try old.query("SELECT staff || ' ' || failures || ' ' || locked_until FROM keypad_locks") { $0.text(0) }
            == ["1 5 1772445600250"])
        #expect(try store.keypadLock(of: 2) == KeypadLock(), "Bob is not locked by Ada's PINs")
        #expect(throws: StoreError.self, "a lock names a staff member who exists") {
            try store.setKeypadLock(KeypadLock(failures: 1), of: 99)
        }
    }

    @Test(.enabled(if: PostgresTestServer.isEnabled)) func aFormatSixPostgreSQLStoreUpgradesToLocksPerStaffMember() throws {
        let url = try PostgresTestServer.freshDatabase()
        let old = try PostgresConnection(url: url, target: "old")
        let formatSix = PostgresSchema.migrations.filter { $0.format <= 6 }.flatMap(\.steps)
        try old.execute("BEGIN; " + formatSix.joined(separator: "\n"))
        try old.execute("""
            CREATE TABLE schema_version (version BIGINT NOT NULL); INSERT INTO schema_version VALUES (6);
            INSERT INTO staff (id, data) VALUES (1, '{"id":1,"name":"Ada","role":"clerk"}');
            INSERT INTO staff_credentials (staff, pin_hash, active) VALUES (1, NULL, true);
            INSERT INTO keypad_locks (desk, failures, locked_until) VALUES (1, 5, 1772445600250);
            COMMIT
            """)
        let store = try #require(staffCredentials(of: try openStore(url: url, options: StoreOptions())))
        #expect(try PostgresTestServer.psql("SELECT version FROM schema_version", url: url) == "\(PostgresSchema.latestFormat)")
        #expect(try PostgresTestServer.psql("SELECT value FROM settings WHERE key = 'format'", url: url) == "\(PostgresSchema.latestFormat)")
        #expect(try PostgresTestServer.psql("""
            SELECT string_agg(column_name, ',' ORDER BY ordinal_position) FROM information_schema.columns
            WHERE table_name = 'keypad_locks' AND table_schema = current_schema()
            """, url: url) == "staff,failures,locked_until")
        #expect(try PostgresTestServer.psql("SELECT count(*) FROM keypad_locks", url: url) == "0")
        try store.setKeypadLock(KeypadLock(failures: 5, lockedUntil: Self.until), of: 1)
        #expect(try PostgresTestServer.psql("SELECT concat_ws(' ', staff, failures, locked_until) FROM keypad_locks", url: url)
            == "1 5 1772445600250")
    }
}
