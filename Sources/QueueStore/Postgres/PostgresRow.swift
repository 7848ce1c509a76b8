import CPostgres
import Glibc

/// A value sent as a statement parameter, in libpq's text format with an explicit type (so a
/// parameter used only in `$1 IS NULL` still has one).
enum PostgresValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    /// Text the server converts to the column's type (copying rows between stores).
    case untyped(String)

    static func integer(_ value: Int64?) -> PostgresValue { value.map { .integer($0) } ?? .null }
    static func text(_ value: String?) -> PostgresValue { value.map { .text($0) } ?? .null }
}

/// One row of a result, read in libpq's text format.
struct PostgresRow {
    let pq: TesseraLibpq
    let result: OpaquePointer
    let row: Int32

    func isNull(_ column: Int32) -> Bool { pq.PQgetisnull(result, row, column) == 1 }
    func text(_ column: Int32) -> String { String(cString: pq.PQgetvalue(result, row, column)!) }
    /// The column's integer (0 when it is NULL or `malformed`): for columns the server types.
    func int64(_ column: Int32) -> Int64 {
        if case .value(let value) = storedInteger(column) { value } else { 0 }
    }
    /// Read from libpq's text without making a `String` of it (a ticket row has a dozen).
    func storedInteger(_ column: Int32) -> StoredInteger {
        guard !isNull(column), var byte = pq.PQgetvalue(result, row, column) else { return .null }
        let negative = byte.pointee == CChar(UInt8(ascii: "-"))
        if negative { byte += 1 }
        guard byte.pointee != 0 else { return .malformed }
        var value: Int64 = 0
        while byte.pointee != 0 {
            let digit = Int64(byte.pointee) - Int64(UInt8(ascii: "0"))
            guard (0...9).contains(digit) else { return .malformed }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            guard !overflow, shifted <= Int64.max - digit else { return .malformed }
            value = shifted + digit
            byte += 1
        }
        return .value(negative ? -value : value)
    }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
    /// Whether the column holds exactly `known`, compared byte for byte without making a
    /// `String` of it (the configuration, read in every transaction, is kilobytes long).
    func holds(_ column: Int32, _ known: String) -> Bool {
        guard let value = pq.PQgetvalue(result, row, column) else { return false }
        let length = Int(pq.PQgetlength(result, row, column))
        var known = known
        return known.withUTF8 { bytes in
            bytes.count == length && (length == 0 || memcmp(bytes.baseAddress!, value, length) == 0)
        }
    }
    func bool(_ column: Int32) -> Bool { text(column) == "t" }
}
