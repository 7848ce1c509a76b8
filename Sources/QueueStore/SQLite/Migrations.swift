/// Storage format versions, applied in order; `PRAGMA user_version` records how many have run
/// (from version 2 on, the `format` row of `settings` says the same).
///
/// Never edit a shipped step: append a new one. Each step runs inside the same `BEGIN IMMEDIATE`
/// transaction as the `user_version` bump, so a crash leaves the file at the old or the new version.
enum Migrations {
    /// Format 2 is one contract: the rewritten rows and the service-time table arrived together.
    static let steps: [String] = [schemaVersion1, formatVersion2 + serviceTimes, staffCredentials, printerEvents, ticketColumns]

    static var latestVersion: Int64 { Int64(steps.count) }

    /// Brings the file up to `latestVersion`. Safe when several processes open a fresh file at
    /// once: the version is re-read after the write lock is held.
    static func migrate(_ connection: SQLiteConnection) throws {
        let current = try version(connection)
        if current > latestVersion { throw tooNew(connection, current) }
        if current == latestVersion { return }
        // Format 5 rebuilds the tickets table, which the events refer to; SQLite changes this
        // setting only outside a transaction.
        try connection.execute("PRAGMA foreign_keys=OFF")
        defer { try? connection.execute("PRAGMA foreign_keys=ON") }
        try connection.writeTransaction {
            // Checked again under the lock: the file is still empty, or still a tessera file.
            try FileIdentity.check(connection)
            let locked = try version(connection)
            if locked > latestVersion { throw tooNew(connection, locked) }
            for step in steps.dropFirst(Int(locked)) { try connection.execute(step) }
            if let broken = try connection.queryOne("PRAGMA foreign_key_check", row: { $0.text(0) }) {
                throw StoreError.unavailable(file: connection.file, problem: .corrupt,
                                             detail: "a row of “\(broken)” refers to a row that does not exist")
            }
            try connection.execute("PRAGMA user_version = \(latestVersion)")
        }
    }

    static func version(_ connection: SQLiteConnection) throws -> Int64 {
        try connection.queryOne("PRAGMA user_version") { $0.int64(0) } ?? 0
    }

    private static func tooNew(_ connection: SQLiteConnection, _ version: Int64) -> StoreError {
        .unavailable(file: connection.file, problem: .tooNew,
                     detail: "schema version \(version), this tessera knows up to \(latestVersion)")
    }
}
