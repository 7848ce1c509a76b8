/// The PostgreSQL store's migrations, keyed by the storage format each produces, as SQLite's
/// are (`Migrations`): `schema_version` holds the format of the last one that ran. The tables
/// and the JSON in them are the rows the SQLite store keeps, plus what several terminals
/// writing at once need: the event log's head and command keys (the store's lock is an
/// advisory lock, `PostgresEngine.shareStore`). PostgreSQL's first format was 4.
enum PostgresSchema {
    static let migrations: [Migration] = [
        Migration(format: 4, "format 4's tables, and command keys pruned by the server's clock",
                  steps: [tables, commandKeysStoredAt]),
        Migration(format: 5, "tickets as columns, and the store's lock an advisory lock", steps: [ticketColumns]),
        Migration(format: 6, "the wait promised at issue, and no more service times", steps: [quotedWait]),
        Migration(format: 7, "keypad locks per staff member", steps: [staffLocks]),
        Migration(format: 8, "the deskRemoved event", steps: [deskRemoved]),
        Migration(format: 9, "phone tokens, by their hash", steps: [phoneTokens]),
    ]

    static var latestFormat: Int64 { migrations.latestFormat }

    /// Brings the database's current schema (the first in `search_path`) up to `latestFormat`,
    /// every migration in one transaction: PostgreSQL changes tables in place and never needs
    /// foreign keys off, so unlike SQLite the whole upgrade commits or none of it. A
    /// transaction-scoped advisory lock, named after the schema, lets one opener migrate while
    /// any other that opens at the same moment waits and then finds it done.
    static func migrate(_ connection: PostgresConnection) throws {
        try connection.execute("BEGIN")
        do {
            try connection.execute("SELECT pg_advisory_xact_lock(hashtext('tessera migrate ' || current_schema()))")
            try connection.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            let recorded = try connection.queryOne("SELECT max(version) FROM schema_version") { $0.optionalInt64(0) } ?? nil
            var format = try checked(recorded, connection)
            if stepCounts.contains(format) { format = try renumber(stepsRun: format, connection) }
            let pending = migrations.after(format)
            for migration in pending {
                precondition(migration.foreignKeys == .enforced,
                             "PostgreSQL cannot turn foreign keys off: change the table in place (ALTER TABLE)")
                for step in migration.steps { try connection.execute(step) }
            }
            if !pending.isEmpty {
                try connection.execute("DELETE FROM schema_version; INSERT INTO schema_version VALUES (\(latestFormat))")
            }
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// The recorded version, or 0 for a schema without one; refuses another application's
    /// tables and a version this build cannot read.
    private static func checked(_ recorded: Int64?, _ connection: PostgresConnection) throws -> Int64 {
        guard let recorded else {
            if try connection.queryOne(
                "SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_version' LIMIT 1",
                row: { _ in true }) != nil {
                throw PostgresFailure.store(.unavailable(
                    file: connection.target, problem: .foreign,
                    detail: "its schema holds tables but no tessera schema version"))
            }
            return 0
        }
        if recorded > latestFormat {
            throw PostgresFailure.store(.unavailable(
                file: connection.target, problem: .tooNew,
                detail: "format version \(recorded), this tessera knows up to \(latestFormat)"))
        }
        if recorded < 1 {
            throw PostgresFailure.store(.unavailable(
                file: connection.target, problem: .corrupt,
                detail: "schema version \(recorded) is not one tessera writes"))
        }
        return recorded
    }
}

extension PostgresSchema {
    /// Schema versions 1–3, recorded before the schema version became the storage format,
    /// counted the steps run so far, in the order `migrations` still lists them: 1 is format 4
    /// before its second step, 2 is format 4, 3 is format 5. PostgreSQL never held a format
    /// below 4, so none of them can be mistaken for a format.
    static let stepCounts: ClosedRange<Int64> = 1...3

    /// The renumbering, in the upgrade's transaction: runs the rest of the migration that a
    /// database stopped inside (only version 1 did), then records the format the database
    /// holds, which it returns. A version 2 or 3 database keeps every row but `schema_version`'s.
    static func renumber(stepsRun: Int64, _ connection: PostgresConnection) throws -> Int64 {
        var left = Int(stepsRun)
        var format: Int64 = 0
        for migration in migrations where left > 0 {
            for step in migration.steps.dropFirst(left) { try connection.execute(step) }
            left -= min(left, migration.steps.count)
            format = migration.format
        }
        try connection.execute("UPDATE schema_version SET version = \(format)")
        return format
    }
}
