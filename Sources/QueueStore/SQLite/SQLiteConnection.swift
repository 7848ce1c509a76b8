import CSQLite
import FoundationEssentials
import Glibc

/// One SQLite connection (`sqlite3*`) with Tessera's durability settings and a statement cache.
///
/// Not thread-safe by itself (opened with `SQLITE_OPEN_NOMUTEX`): every owner keeps it inside a
/// `Mutex`, so exactly one thread touches it at a time.
final class SQLiteConnection {
    /// The file named in error messages.
    let file: String
    private let db: OpaquePointer
    /// Prepared statements by their SQL text: each statement is prepared once per connection.
    private var cache: [StatementKey: SQLiteStatement] = [:]

    /// How long a writer waits for another process's transaction before giving up (SQLITE_BUSY).
    static let busyTimeoutMilliseconds: Int32 = 5_000

    /// Opens (creating if allowed) the database with `sqlite3_open_v2`, then applies
    /// `journal_mode=WAL`, `synchronous=FULL`, `foreign_keys=ON` and the busy timeout.
    /// A read-only file is refused here: every store operation needs to write.
    init(location: DatabaseLocation, create: Bool = true) throws(StoreError) {
        file = location.path
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
        if create { flags |= SQLITE_OPEN_CREATE }
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(location.sqliteFilename, &handle, flags, nil)
        guard let handle else {
            throw .unavailable(file: location.path, problem: .unreadable, detail: "out of memory")
        }
        db = handle
        if code != SQLITE_OK {
            let error = Self.error(code: code, message: String(cString: sqlite3_errmsg(handle)), file: file,
                                   systemError: sqlite3_system_errno(handle))
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        if sqlite3_db_readonly(db, "main") == 1 {
            sqlite3_close_v2(db)
            throw .unavailable(file: file, problem: .readOnly, detail: "opened read-only")
        }
        // Not sqlite3_busy_timeout: its back-off grows to 100 ms sleeps, so a process that keeps
        // writing can starve the others for seconds. Retrying every millisecond keeps waiting
        // writers close to first-come, first-served; the limit stays about 5 s.
        sqlite3_busy_handler(db, { _, attempts in
            guard attempts < SQLiteConnection.busyTimeoutMilliseconds else { return 0 }
            usleep(attempts < 10 ? 100 : 1_000)
            return 1
        }, nil)
        do {
            try FileIdentity.check(self)
            try enableWAL()
            try execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")
            let mode = try queryOne("PRAGMA journal_mode") { $0.text(0) }
            if mode?.lowercased() != "wal" {
                throw StoreError.unavailable(file: file, problem: .failed, detail: "journal mode is \(mode ?? "?"), not WAL")
            }
        } catch {
            cache.removeAll()
            sqlite3_close_v2(db)
            throw error as? StoreError ?? .unavailable(file: file, problem: .failed, detail: "\(error)")
        }
    }

    /// `journal_mode=WAL`, retried while another process is switching the same fresh file:
    /// SQLite answers SQLITE_BUSY at once there, without the busy handler (waiting could
    /// deadlock two openers that both hold a shared lock), and the switch is done a moment later.
    private func enableWAL() throws(StoreError) {
        var attempts: Int32 = 0
        while true {
            let code = sqlite3_exec(db, "PRAGMA journal_mode=WAL", nil, nil, nil)
            guard code & 0xff == SQLITE_BUSY, attempts < Self.busyTimeoutMilliseconds else {
                try check(code)
                return
            }
            attempts += 1
            usleep(1_000)
        }
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(db)
    }

    /// Runs one or more statements without results (`sqlite3_exec`).
    func execute(_ sql: String) throws(StoreError) {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        if code != SQLITE_OK { throw lastError(code) }
    }

    /// The cached prepared statement for `sql` (`sqlite3_prepare_v3` with SQLITE_PREPARE_PERSISTENT).
    func statement(_ sql: String) throws(StoreError) -> SQLiteStatement {
        let key = StatementKey(sql: sql)
        if let cached = cache[key] { return cached }
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else { throw lastError(code) }
        let statement = SQLiteStatement(handle: handle)
        cache[key] = statement
        return statement
    }

    /// Runs a statement that returns no rows; returns `sqlite3_changes`.
    @discardableResult
    func run(_ sql: String, _ values: SQLiteValue...) throws(StoreError) -> Int {
        try run(statement(sql), values)
    }

    @discardableResult
    func run(_ sql: String, _ values: [SQLiteValue]) throws(StoreError) -> Int {
        try run(statement(sql), values)
    }

    /// Runs a query and maps every row.
    func query<Row>(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        try query(statement(sql), values, row: row)
    }

    /// Runs a query and maps its first row, if any.
    func queryOne<Row>(_ sql: String, _ values: [SQLiteValue] = [], row: (SQLiteStatement) throws -> Row) throws -> Row? {
        try queryOne(statement(sql), values, row: row)
    }

    private func run(_ statement: SQLiteStatement, _ values: [SQLiteValue]) throws(StoreError) -> Int {
        defer { statement.reset() }
        try check(statement.bind(values))
        var code = statement.step()
        while code == SQLITE_ROW { code = statement.step() }
        if code != SQLITE_DONE { throw lastError(code) }
        return Int(sqlite3_changes(db))
    }

    private func query<Row>(_ statement: SQLiteStatement, _ values: [SQLiteValue],
                            row: (SQLiteStatement) throws -> Row) throws -> [Row] {
        defer { statement.reset() }
        try check(statement.bind(values))
        var rows: [Row] = []
        while true {
            let code = statement.step()
            if code == SQLITE_DONE { return rows }
            if code != SQLITE_ROW { throw lastError(code) }
            rows.append(try row(statement))
        }
    }

    private func queryOne<Row>(_ statement: SQLiteStatement, _ values: [SQLiteValue],
                               row: (SQLiteStatement) throws -> Row) throws -> Row? {
        defer { statement.reset() }
        try check(statement.bind(values))
        let code = statement.step()
        if code == SQLITE_DONE { return nil }
        if code != SQLITE_ROW { throw lastError(code) }
        return try row(statement)
    }

    /// Runs `body` in one write transaction (`BEGIN IMMEDIATE`, so the write lock is taken before
    /// anything is read and the slice cannot go stale) and commits; any error rolls everything back.
    /// BEGIN and COMMIT are cached statements like the others: `sqlite3_exec` would parse and
    /// prepare both again for every transaction.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try run(Self.beginImmediate)
        do {
            let result = try body()
            try run(Self.commit)
            return result
        } catch {
            // After SQLITE_FULL or an I/O error SQLite may already have rolled back; a second
            // ROLLBACK then fails harmlessly ("no transaction is active").
            if sqlite3_get_autocommit(db) == 0 { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    /// Runs `body` in one read transaction (`BEGIN`, deferred): every query in it sees the same
    /// committed snapshot, so a summary never shows a ticket both waiting and at a desk.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        defer { if sqlite3_get_autocommit(db) == 0 { sqlite3_exec(db, "COMMIT", nil, nil, nil) } }
        return try body()
    }

    private static let beginImmediate = "BEGIN IMMEDIATE"
    private static let commit = "COMMIT"

    /// `sqlite3_last_insert_rowid`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(db) }

    private func check(_ code: Int32) throws(StoreError) {
        if code != SQLITE_OK { throw lastError(code) }
    }

    /// The StoreError for `code`, with `sqlite3_errmsg` as detail.
    func lastError(_ code: Int32) -> StoreError {
        Self.error(code: code, message: String(cString: sqlite3_errmsg(db)), file: file,
                   systemError: sqlite3_system_errno(db))
    }

    static func error(code: Int32, message: String, file: String, systemError: Int32 = 0) -> StoreError {
        // A full disk met while writing the WAL or its index (not a page of the file itself)
        // comes back as an I/O error; the system's errno says which.
        if code & 0xff == SQLITE_IOERR, systemError == ENOSPC || systemError == EDQUOT {
            return .unavailable(file: file, problem: .diskFull, detail: message)
        }
        return switch code & 0xff {
        case SQLITE_CORRUPT, SQLITE_NOTADB: .unavailable(file: file, problem: .corrupt, detail: message)
        case SQLITE_READONLY: .unavailable(file: file, problem: .readOnly, detail: message)
        case SQLITE_FULL: .unavailable(file: file, problem: .diskFull, detail: message)
        case SQLITE_BUSY, SQLITE_LOCKED: .unavailable(file: file, problem: .busy, detail: message)
        case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH, SQLITE_IOERR:
            .unavailable(file: file, problem: .unreadable, detail: message)
        case SQLITE_CONSTRAINT: .conflict("the database refused an inconsistent change (\(message))")
        default: .unavailable(file: file, problem: .failed, detail: message)
        }
    }
}
