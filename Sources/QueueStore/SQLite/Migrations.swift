/// The SQLite store's migrations, keyed by the storage format each produces. `PRAGMA
/// user_version` is the format of the last one that ran (from format 2 on, the `format` row of
/// `settings` says the same); 0 is a file with no tables yet.
///
/// Each migration runs in its own `BEGIN IMMEDIATE` transaction with its `user_version` change,
/// so a crash or a failure leaves the file at the format before the migration that failed.
/// They cannot share one: SQLite switches foreign keys only between transactions, and only
/// the migration that rebuilds a table turns them off.
enum Migrations {
    static let all: [Migration] = [
        Migration(format: 1, "the first tables", steps: [firstTables]),
        // One contract: the rewritten rows and the service-time table arrived together.
        Migration(format: 2, "JSON for other programs, instants in Unix milliseconds, service times",
                  steps: [portableJSON, serviceTimes]),
        Migration(format: 3, "staff credentials and keypad locks", steps: [staffCredentials]),
        Migration(format: 4, "printer events and the index of events by kind", steps: [printerEvents]),
        Migration(format: 5, "tickets as columns", foreignKeys: .offUntilChecked, steps: [ticketColumns]),
        Migration(format: 6, "the wait promised at issue, and no more service times", steps: [quotedWait]),
        Migration(format: 7, "keypad locks per staff member", steps: [staffLocks]),
        Migration(format: 8, "the deskRemoved event", steps: [deskRemoved]),
        Migration(format: 9, "phone tokens, by their hash", steps: [phoneTokens]),
    ]

    static var latestFormat: Int64 { all.latestFormat }

    /// Brings the file up to `target` (the latest format unless a test stops earlier). Safe
    /// when several processes open a fresh file at once: each migration re-reads the format
    /// once it holds the write lock, and skips what another process has just done.
    static func migrate(_ connection: SQLiteConnection, upTo target: Int64 = latestFormat) throws {
        let current = try format(connection)
        if current > latestFormat { throw tooNew(connection, current) }
        for migration in all.after(current) where migration.format <= target {
            try run(migration, connection)
        }
    }

    static func format(_ connection: SQLiteConnection) throws -> Int64 {
        try connection.queryOne("PRAGMA user_version") { $0.int64(0) } ?? 0
    }

    private static func run(_ migration: Migration, _ connection: SQLiteConnection) throws {
        let checkedAtCommit = migration.foreignKeys == .offUntilChecked
        if checkedAtCommit { try connection.execute("PRAGMA foreign_keys=OFF") }
        defer { if checkedAtCommit { try? connection.execute("PRAGMA foreign_keys=ON") } }
        try connection.writeTransaction {
            // Checked again under the lock: the file is still empty, or still a tessera file.
            try FileIdentity.check(connection)
            let locked = try format(connection)
            if locked > latestFormat { throw tooNew(connection, locked) }
            if locked >= migration.format { return }
            do {
                for step in migration.steps { try connection.execute(step) }
            } catch StoreError.conflict(let message) {
                // A migration decides nothing: a constraint that refuses its rows means the file
                // holds rows that its format already forbade.
                throw corrupt(connection, migration, message)
            }
            if checkedAtCommit, let broken = try connection.queryOne("PRAGMA foreign_key_check", row: { $0.text(0) }) {
                throw corrupt(connection, migration, "a row of “\(broken)” refers to a row that does not exist")
            }
            try connection.execute("PRAGMA user_version = \(migration.format)")
        }
    }

    private static func corrupt(_ connection: SQLiteConnection, _ migration: Migration, _ detail: String) -> StoreError {
        .unavailable(file: connection.file, problem: .corrupt,
                     detail: "upgrading to format \(migration.format) (\(migration.name)): \(detail); "
                         + "the file is left whole at format \(migration.format - 1)")
    }

    private static func tooNew(_ connection: SQLiteConnection, _ format: Int64) -> StoreError {
        .unavailable(file: connection.file, problem: .tooNew,
                     detail: "format version \(format), this tessera knows up to \(latestFormat)")
    }
}
