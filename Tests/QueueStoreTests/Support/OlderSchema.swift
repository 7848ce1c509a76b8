import QueueStoreTesting
@testable import QueueStore

/// A fresh database as an older tessera left it: PostgreSQL schema `version`'s steps, that
/// version recorded, and `rows` (SQL) written by that version, all in one transaction.
enum OlderSchema {
    static func database(version: Int, rows: String) throws -> String {
        let url = try PostgresTestServer.freshDatabase()
        let old = try PostgresConnection(url: url, target: "old")
        try old.execute("BEGIN; " + PostgresSchema.steps.prefix(version).joined(separator: "\n"))
        try old.execute("""
            CREATE TABLE schema_version (version BIGINT NOT NULL); INSERT INTO schema_version VALUES (\(version));
            \(rows);
            COMMIT
            """)
        return url
    }
}
