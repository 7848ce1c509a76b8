/// Whether a file is a Tessera queue database, decided before anything is written to it (not
/// even the switch to WAL): tessera creates its tables only in an empty file, and leaves every
/// other SQLite file exactly as it found it.
enum FileIdentity {
    /// The tables every format since 1 has, and the columns of `settings` (where another
    /// application is most likely to have a table of the same name).
    private static let tables = ["settings", "staff", "desks", "counters", "tickets", "events"]

    /// Throws `foreign` for another application's database, `corrupt` for a version no tessera
    /// writes. A version above this build's is left to `Migrations` (`tooNew`).
    static func check(_ connection: SQLiteConnection) throws {
        // One statement, so the version and the schema come from one snapshot: another process
        // creating the tables of a fresh file between two reads would look like a foreign file.
        let facts = try connection.queryOne("""
            SELECT (SELECT user_version FROM pragma_user_version),
                   (SELECT count(*) FROM sqlite_schema),
                   (SELECT group_concat(name, ',') FROM (SELECT name FROM pragma_table_info('settings') ORDER BY cid)),
                   (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN \(sqlList(tables)))
            """) { row in (row.int64(0), row.int64(1), row.optionalText(2), row.int64(3)) }
        guard let (version, objects, settingsColumns, knownTables) = facts else { return }
        if version < 0 {
            throw StoreError.unavailable(file: connection.file, problem: .corrupt,
                               detail: "format version \(version) is not one tessera writes")
        }
        if version == 0 {
            if objects > 0 { throw foreign(connection, "it has tables of its own and no tessera format version") }
            return
        }
        guard version <= Migrations.latestFormat else { return }
        guard settingsColumns == "key,value", knownTables == tables.count else {
            throw foreign(connection, "format version \(version), but not tessera's tables")
        }
    }

    private static func foreign(_ connection: SQLiteConnection, _ detail: String) -> StoreError {
        .unavailable(file: connection.file, problem: .foreign, detail: detail)
    }

    private static func sqlList(_ names: [String]) -> String {
        "(" + names.map { "'\($0)'" }.joined(separator: ", ") + ")"
    }
}
