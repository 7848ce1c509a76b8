/// Storage format versions, applied in order; `PRAGMA user_version` records how many have run
/// (from version 2 on, the `format` row of `settings` says the same).
///
/// Never edit a shipped step: append a new one. Each step runs inside the same `BEGIN IMMEDIATE`
/// transaction as the `user_version` bump, so a crash leaves the file at the old or the new version.
enum Migrations {
    /// Format 2 is one contract: the rewritten rows and the service-time table arrived together.
    static let steps: [String] = [schemaVersion1, formatVersion2 + serviceTimes, staffCredentials, printerEvents]

    static var latestVersion: Int64 { Int64(steps.count) }

    /// Brings the file up to `latestVersion`. Safe when several processes open a fresh file at
    /// once: the version is re-read after the write lock is held.
    static func migrate(_ connection: SQLiteConnection) throws {
        let current = try version(connection)
        if current > latestVersion { throw tooNew(connection, current) }
        if current == latestVersion { return }
        try connection.writeTransaction {
            // Checked again under the lock: the file is still empty, or still a tessera file.
            try FileIdentity.check(connection)
            let locked = try version(connection)
            if locked > latestVersion { throw tooNew(connection, locked) }
            for step in steps.dropFirst(Int(locked)) { try connection.execute(step) }
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
