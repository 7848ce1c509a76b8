import QueueCore

/// A statement parameter, as both stores bind them (`SQLiteValue`, `PostgresValue`); nil is NULL.
protocol StatementValue {
    static func integer(_ value: Int64?) -> Self
    static func text(_ value: String?) -> Self
}

/// An integer column as a row holds it: NULL, a whole number, or what tessera never writes there
/// (text, a fraction, a number beyond Int64).
enum StoredInteger: Equatable {
    case null
    case value(Int64)
    case malformed
}

/// One row of a result, read by column index from 0.
protocol ResultRow {
    func isNull(_ column: Int32) -> Bool
    func storedInteger(_ column: Int32) -> StoredInteger
    func text(_ column: Int32) -> String
    func int64(_ column: Int32) -> Int64
    func optionalInt64(_ column: Int32) -> Int64?
    func optionalText(_ column: Int32) -> String?
}

/// What the logic both stores share needs of a connection: run one statement and read its rows.
/// Each store gives its own SQL text (`StoreSQL`): placeholders and types differ, the code
/// around them does not.
protocol RowReading {
    associatedtype Row: ResultRow
    associatedtype Value: StatementValue
    func query<T>(_ sql: String, _ values: [Value], row: (Row) throws -> T) throws -> [T]
    func queryOne<T>(_ sql: String, _ values: [Value], row: (Row) throws -> T) throws -> T?
}

/// The slice loader's reads the shared code uses (`SliceLoader`, `PostgresSliceLoader`).
protocol TicketLoading {
    associatedtype Value: StatementValue
    /// Configuration, desks, staff and the settings rows.
    func base() throws -> QueueState
    func ticket(_ id: TicketID) throws -> Ticket?
    /// The tickets `sql` selects (`SELECT \(TicketRow.selected) FROM tickets …`).
    func decodeTickets(_ sql: String, _ values: [Value]) throws -> [Ticket]
}

/// A store's connection with what the shared reads need of it (inside the store's lock).
protocol StoreEngine {
    associatedtype Connection: RowReading
    associatedtype Loader: TicketLoading where Loader.Value == Connection.Value
    /// This kind of store's text for the shared statements.
    static var sql: StoreSQL { get }
    var connection: Connection { get }
    var codec: RowCodec { get }
    var loader: Loader { get }
}

/// A store both kinds implement the same way above their connection: the reads of
/// `QueueStore` (`StoreReads.swift`) and `StaffCredentials` (`StoredStaffCredentials.swift`).
protocol SQLStore: QueueStore {
    associatedtype Engine: StoreEngine
    /// `body` on the store's connection, under its lock; failures become `StoreError`s.
    func withEngine<T: Sendable>(_ body: (Engine) throws -> T) throws(StoreError) -> T
    /// `body` in one read transaction: every query sees the same committed snapshot.
    func snapshot<T: Sendable>(_ body: (Engine) throws -> T) throws(StoreError) -> T
    /// One statement in a write transaction of its own; returns how many rows it changed.
    @discardableResult
    func write(_ sql: String, _ values: [Engine.Connection.Value]) throws(StoreError) -> Int
}
