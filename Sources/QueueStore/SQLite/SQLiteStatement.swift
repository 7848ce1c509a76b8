import CSQLite
import FoundationEssentials

/// A value bound to a statement parameter.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    /// Text given as its UTF-8 bytes (what `JSONEncoder` returns), bound without making a
    /// `String` of them first.
    case utf8(Data)
}

extension SQLiteValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(stringLiteral value: String) { self = .text(value) }

    /// `nil` binds SQL NULL.
    static func integer(_ value: Int64?) -> SQLiteValue { value.map { .integer($0) } ?? .null }
    static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }
}

/// A prepared statement (`sqlite3_stmt`), owned by one `SQLiteConnection` and used only while
/// that connection's lock is held. Reading a row goes through the `column…` accessors.
final class SQLiteStatement {
    let handle: OpaquePointer

    init(handle: OpaquePointer) { self.handle = handle }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to `?1…?n` (`sqlite3_bind_*`); parameters past them are cleared to NULL
    /// (`sqlite3_clear_bindings`, skipped when every parameter gets a value). The statement must
    /// be reset: `SQLiteConnection` resets every statement as each use ends.
    func bind(_ values: [SQLiteValue]) -> Int32 {
        if values.count < sqlite3_bind_parameter_count(handle) { sqlite3_clear_bindings(handle) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(var string):
                // The UTF-8 bytes in place, with their length: no NUL-terminated copy of
                // the string first (SQLite copies them itself: SQLITE_TRANSIENT).
                // An empty buffer may have no address, and a NULL pointer would bind NULL, not "".
                code = string.withUTF8 { bytes in
                    guard let start = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, tessera_sqlite_transient())
                    }
                    return start.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                        sqlite3_bind_text(handle, index, $0, Int32(bytes.count), tessera_sqlite_transient())
                    }
                }
            case .utf8(let data):
                code = data.withUnsafeBytes { bytes in
                    guard let start = bytes.baseAddress, !bytes.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, tessera_sqlite_transient())
                    }
                    return sqlite3_bind_text(handle, index, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                                             tessera_sqlite_transient())
                }
            }
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }

    /// `sqlite3_step`: SQLITE_ROW, SQLITE_DONE or an error code.
    func step() -> Int32 { sqlite3_step(handle) }

    /// `sqlite3_reset`, so the statement releases its read snapshot between uses.
    func reset() { sqlite3_reset(handle) }

    /// `sqlite3_column_type(…) == SQLITE_NULL`.
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// `sqlite3_column_int64`.
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// `sqlite3_column_int64` where `sqlite3_column_type` says the value is an integer. An
    /// INTEGER column keeps text that does not read as one as text: that is `malformed`.
    func storedInteger(_ column: Int32) -> StoredInteger {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL: .null
        case SQLITE_INTEGER: .value(sqlite3_column_int64(handle, column))
        default: .malformed
        }
    }

    /// `sqlite3_column_int64`, or nil for NULL.
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    /// `sqlite3_column_double`.
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// `sqlite3_column_text` as a Swift string ("" for NULL).
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: bytes)
    }

    /// `sqlite3_column_text`, or nil for NULL.
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}
