import FoundationEssentials
import QueueCore
import Synchronization

/// The embedded store: one SQLite file in WAL mode with `synchronous=FULL`, shared safely by
/// every tessera process on the terminal. See `QueueStore` for the contract.
///
/// Thread-safe through a mutex around its one connection; SQLite's own locking (one writer at
/// a time, `BEGIN IMMEDIATE`, a busy timeout) serialises writers across processes.
public final class SQLiteQueueStore: SQLStore, StaffCredentials, PhoneTokens {
    public let location: DatabaseLocation
    private let options: StoreOptions
    private let engine: Mutex<SQLiteEngine>

    /// Opens (creating and seeding if needed) the database at `location`.
    public init(location: DatabaseLocation, options: StoreOptions = StoreOptions()) throws(StoreError) {
        self.location = location
        self.options = options
        let connection = try SQLiteConnection(location: location)
        let engine = SQLiteEngine(connection: connection)
        do {
            if let pages = options.maxPageCount { try connection.execute("PRAGMA max_page_count = \(pages)") }
            try Migrations.migrate(connection)
            if let seed = options.seed { try engine.seedIfEmpty(seed, at: Instant(Date())) }
        } catch {
            throw Self.storeError(error, file: location.path)
        }
        self.engine = Mutex(engine)
    }

    public func perform(_ command: Command, at time: Date) throws(StoreError) -> CommandResult {
        try withEngine { try $0.perform(command, at: Instant(time)) }
    }

    public func perform(at time: Date, building build: (StoreConfiguration) throws(StoreError) -> Command)
        throws(StoreError) -> CommandResult {
        try withEngine { engine in try engine.perform(at: Instant(time), building: build) }
    }

    public func observe(after: EventID, handler: @escaping @Sendable ([StoredEvent]) -> Void)
        throws(StoreError) -> ChangeSubscription
    {
        let file = location.path
        let diagnostics = StoreDiagnostics(file: file)
        let codec = RowCodec(file: file)
        let poller = try EventPoller(
            location: location, after: after.rawValue, interval: options.pollInterval,
            handler: { rows in
                let events = EventRow.events(rows, codec: codec, diagnostics: diagnostics)
                if !events.isEmpty { handler(events) }
                diagnostics.recovered()
            },
            // A failed poll (the file vanished, a transient I/O error) is retried on the next tick;
            // it is reported once until a poll succeeds again.
            onError: { error in diagnostics.report("change feed: \(error); retrying") })
        return ChangeSubscription { poller.cancel() }
    }

    /// Issues `count` tickets of one service in one transaction, `spacing` seconds apart from
    /// `start`, through QueueCore's `decide` — to build large queues for benchmarks and tests.
    @discardableResult
    public func issueMany(_ service: ServiceCode, priority: PriorityClass = .normal, count: Int,
                          from start: Date, spacing: TimeInterval = 0.001) throws(StoreError) -> Int {
        try withEngine { try $0.issueMany(service, priority: priority, count: count, from: Instant(start), spacing: spacing) }
    }

    /// The held display numbers this handle keeps between commands (tests compare them with
    /// the file).
    func knownHeldNumbers() -> [ServiceCode: Set<Int>] {
        engine.withLock { $0.committedHeldNumbers }
    }

    func withEngine<T: Sendable>(_ body: (SQLiteEngine) throws -> T) throws(StoreError) -> T {
        do {
            return try engine.withLock { engine in try body(engine) }
        } catch {
            throw Self.storeError(error, file: location.path)
        }
    }

    func snapshot<T: Sendable>(_ body: (SQLiteEngine) throws -> T) throws(StoreError) -> T {
        try withEngine { engine in try engine.connection.readTransaction { try body(engine) } }
    }

    @discardableResult
    func write(_ sql: String, _ values: [SQLiteValue]) throws(StoreError) -> Int {
        try withEngine { engine in try engine.connection.writeTransaction { try engine.connection.run(sql, values) } }
    }

    private static func storeError(_ error: any Error, file: String) -> StoreError {
        error as? StoreError ?? .unavailable(file: file, problem: .failed, detail: "\(error)")
    }
}
