import CPostgres
import FoundationEssentials
import Glibc
import QueueCore

/// Why a statement failed, as the engine needs to know it: lost connections and lost races
/// are retried, the rest become `StoreError`s.
enum PostgresFailure: Error {
    /// The server went away (restart, network): the outcome of an open transaction is unknown.
    case connectionLost(String)
    /// A deadlock or serialization failure: nothing was written, run the transaction again.
    case retry(String)
    case store(StoreError)
}

/// One libpq connection (`PGconn*`) with a prepared-statement cache. Not thread-safe: the
/// store uses it only under its mutex, the change feed only on its own thread. (Unchecked
/// Sendable so that it can live in a `Mutex` slot that is emptied and refilled on reconnect.)
final class PostgresConnection: @unchecked Sendable {
    /// The URL without its password, for messages.
    let target: String
    private let pq: TesseraLibpq
    private let conn: OpaquePointer
    private var prepared: [StatementKey: String] = [:]
    /// Rows this connection decoded (or wrote), by their stored text: every transaction reads
    /// the small tables and lane heads again (another terminal may have changed them), but
    /// decodes only texts it has not seen. See Benchmarks/README.md, pg_call_next.
    var decoded = DecodedRows()

    /// Connects to `url` (libpq syntax: URI or key=value; `PG*` environment variables fill in
    /// what it leaves out). Keepalives notice a server that vanished without closing the socket.
    init(url: String, target: String, connectTimeoutSeconds: Int = 5) throws(PostgresFailure) {
        self.target = target
        let pq: TesseraLibpq
        do throws(StoreError) { pq = try Libpq.functions(target: target) } catch { throw .store(error) }
        self.pq = pq
        // Defaults first: libpq lets a later keyword override, so the URL (dbname, expanded) wins.
        let keywords = ["application_name", "connect_timeout", "keepalives", "keepalives_idle",
                        "keepalives_interval", "keepalives_count", "dbname"]
        let values = ["tessera", String(connectTimeoutSeconds), "1", "5", "2", "3", url]
        let handle = withCStrings(keywords) { keys in
            withCStrings(values) { vals in pq.PQconnectdbParams(keys, vals, 1) }
        }
        guard let handle else { throw .connectionLost("out of memory") }
        guard pq.PQstatus(handle) == CONNECTION_OK else {
            let message = Self.message(pq.PQerrorMessage(handle))
            pq.PQfinish(handle)
            throw .connectionLost(message)
        }
        conn = handle
        // libpq prints server notices ("relation … already exists, skipping") to stderr by
        // default; they are not for the terminal's user.
        _ = pq.PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { pq.PQfinish(conn) }

    /// The socket, for `poll` while waiting for notifications.
    var socket: Int32 { pq.PQsocket(conn) }
    var isBroken: Bool { pq.PQstatus(conn) != CONNECTION_OK }

    /// Runs SQL text without parameters (one or more statements).
    func execute(_ sql: String) throws(PostgresFailure) {
        let result = pq.PQexec(conn, sql)
        defer { pq.PQclear(result) }
        try check(result)
    }

    /// Runs one statement (prepared once per connection) and maps every row.
    func query<Row>(_ sql: String, _ values: [PostgresValue] = [],
                    row: (PostgresRow) throws -> Row) throws -> [Row] {
        let result = try result(sql, values)
        defer { pq.PQclear(result) }
        let count = pq.PQntuples(result)
        var rows: [Row] = []
        rows.reserveCapacity(Int(count))
        for index in 0..<count { rows.append(try row(PostgresRow(pq: pq, result: result, row: index))) }
        return rows
    }

    func queryOne<Row>(_ sql: String, _ values: [PostgresValue] = [], row: (PostgresRow) throws -> Row) throws -> Row? {
        try query(sql, values, row: row).first
    }

    /// Runs a statement without rows; returns how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: PostgresValue...) throws(PostgresFailure) -> Int {
        try run(sql, values)
    }

    @discardableResult
    func run(_ sql: String, _ values: [PostgresValue]) throws(PostgresFailure) -> Int {
        let result = try result(sql, values)
        defer { pq.PQclear(result) }
        return Int(String(cString: pq.PQcmdTuples(result)!)) ?? 0
    }

    private func result(_ sql: String, _ values: [PostgresValue]) throws(PostgresFailure) -> OpaquePointer {
        let name = try statementName(sql, values)
        let result = withParameters(values) { pointers in
            pq.PQexecPrepared(conn, name, Int32(values.count), pointers, nil, nil, 0)
        }
        do throws(PostgresFailure) { try check(result) } catch {
            pq.PQclear(result)
            throw error
        }
        guard let result else { throw .connectionLost(Self.message(pq.PQerrorMessage(conn))) }
        return result
    }

    private func statementName(_ sql: String, _ values: [PostgresValue]) throws(PostgresFailure) -> String {
        if let name = prepared[StatementKey(sql: sql)] { return name }
        let name = "t\(prepared.count + 1)"
        // int8 for integers, text for the rest; NULL takes its type from the statement.
        let types: [Oid] = values.map {
            switch $0 {
            case .integer: 20
            case .text: 25
            case .null, .untyped: 0
            }
        }
        let result = pq.PQprepare(conn, name, sql, Int32(types.count), types)
        defer { pq.PQclear(result) }
        try check(result)
        prepared[StatementKey(sql: sql)] = name
        return name
    }

    /// Waits for nothing: reads what the socket has and returns the notifications received.
    func notifications() throws(PostgresFailure) -> [String] {
        if pq.PQconsumeInput(conn) == 0 || isBroken { throw .connectionLost(Self.message(pq.PQerrorMessage(conn))) }
        var channels: [String] = []
        while let notify = pq.PQnotifies(conn) {
            channels.append(String(cString: notify.pointee.relname))
            pq.PQfreemem(notify)
        }
        return channels
    }

    private func check(_ result: OpaquePointer?) throws(PostgresFailure) {
        let status = result.map(pq.PQresultStatus) ?? PGRES_FATAL_ERROR
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return }
        let message = Self.message(result.map { pq.PQresultErrorMessage($0) } ?? pq.PQerrorMessage(conn))
        let state = result.flatMap { pq.PQresultErrorField($0, Int32(UInt8(ascii: "C"))) }.map { String(cString: $0) } ?? ""
        if isBroken || state.hasPrefix("08") || state.hasPrefix("57P") || (state.isEmpty && result == nil) {
            throw .connectionLost(message.isEmpty ? Self.message(pq.PQerrorMessage(conn)) : message)
        }
        switch state {
        case "40001", "40P01": throw .retry(message)
        case "23505", "23514", "23503", "P0001":
            throw .store(.conflict("the database refused an inconsistent change (\(message))"))
        case "53100": throw .store(.unavailable(file: target, problem: .diskFull, detail: message))
        case "42501": throw .store(.unavailable(file: target, problem: .readOnly, detail: message))
        case "25006": throw .store(.unavailable(file: target, problem: .readOnly, detail: message))
        default:
            if state.isEmpty, isBroken { throw .connectionLost(message) }
            throw .store(.unavailable(file: target, problem: .failed, detail: message))
        }
    }

    private static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "" }
        return String(cString: text).split(separator: "\n").map { $0.drop(while: \.isWhitespace) }
            .joined(separator: "; ")
    }
}

/// `number` in decimal, as libpq's text format takes it, without making a `String` of it.
private func appendDecimal(_ number: Int64, to bytes: inout [UInt8]) {
    // Digits from the end of a stack buffer, then appended at once (Int64.min: 19 digits and a sign).
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var magnitude = number.magnitude
        var start = digits.count
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if number < 0 {
            start -= 1
            digits[start] = UInt8(ascii: "-")
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
}

private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    withOptionalCStrings(strings.map { Optional($0) }) { pointers in
        body(pointers + [nil])
    }
}

/// `strdup`'d copies for the call, freed afterwards; nil stays NULL (SQL NULL for libpq).
private func withOptionalCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
}

/// `values` as libpq takes them: NUL-terminated texts, a null pointer for SQL NULL, all in one
/// buffer for the call. (A `strdup` per parameter and two arrays per statement cost about as
/// much as libpq's own work for it.)
private func withParameters<R>(_ values: [PostgresValue], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(values.reduce(0) { size, value in
        switch value {
        case .null: size
        case .integer: size + 21
        case .text(let string), .untyped(let string): size + string.utf8.count + 1
        }
    })
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: values.count) { offsets in
        for (index, value) in values.enumerated() {
            offsets[index] = bytes.count
            switch value {
            case .null: offsets[index] = -1; continue
            case .integer(let number): appendDecimal(number, to: &bytes)
            case .text(let string), .untyped(let string): bytes.append(contentsOf: string.utf8)
            }
            bytes.append(0)
        }
        return bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: UnsafePointer<CChar>?.self, capacity: values.count) { pointers in
                let base = buffer.baseAddress.map(UnsafeRawPointer.init)
                for index in 0..<values.count {
                    pointers[index] = offsets[index] < 0 ? nil : base.map { ($0 + offsets[index]).assumingMemoryBound(to: CChar.self) }
                }
                return body(UnsafePointer(pointers.baseAddress))
            }
        }
    }
}
