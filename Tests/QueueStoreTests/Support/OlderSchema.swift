import QueueStoreTesting
@testable import QueueStore

/// A fresh database as an older tessera left it, all in one transaction: the first `version`
/// steps of PostgreSQL's migrations, that version recorded as tessera recorded it before the
/// schema version became the storage format (it counted steps; `PostgresSchema.stepCounts`),
/// and `rows` (SQL) written by that version.
enum OlderSchema {
    static func database(version: Int, rows: String) throws -> String {
        let url = try PostgresTestServer.freshDatabase()
        let old = try PostgresConnection(url: url, target: "old")
        let steps = PostgresSchema.migrations.flatMap(\.steps).prefix(version)
        try old.execute("BEGIN; " + steps.joined(separator: "\n"))
        try old.execute("""
            CREATE TABLE schema_version (version BIGINT NOT NULL); INSERT INTO schema_version VALUES (\(version));
            \(rows);
            COMMIT
            """)
        return url
    }
}
