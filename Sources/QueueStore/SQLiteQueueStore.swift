import FoundationEssentials
import QueueCore
import Synchronization

/// The embedded store: one SQLite file in WAL mode with `synchronous=FULL`, shared safely by
/// every tessera process on the terminal. See `QueueStore` for the contract.
///
/// Thread-safe through a mutex around its one connection; SQLite's own locking (one writer at
/// a time, `BEGIN IMMEDIATE`, a busy timeout) serialises writers across processes.
public final class SQLiteQueueStore: QueueStore {
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
        try locked { try $0.perform(command, at: Instant(time)) }
    }

    public func perform(at time: Date, building build: (StoreConfiguration) throws(StoreError) -> Command)
        throws(StoreError) -> CommandResult {
        try locked { engine in try engine.perform(at: Instant(time), building: build) }
    }

    public func configuration() throws(StoreError) -> StoreConfiguration {
        try locked { try $0.loader.base().configuration }
    }

    public func desks() throws(StoreError) -> [Desk] {
        try locked { try $0.loader.base().desks.values.sorted { $0.number < $1.number } }
    }

    public func ticket(_ id: TicketID) throws(StoreError) -> Ticket? {
        try locked { try $0.loader.ticket(id) }
    }

    public func ticket(code: String, day: BusinessDay) throws(StoreError) -> Ticket? {
        try locked { engine in
            let open = try engine.loader.decodeTickets("""
                SELECT data FROM tickets WHERE code = ?1 AND state IN \(SliceLoader.openStates) ORDER BY id DESC LIMIT 1
                """, [.text(code)])
            if let ticket = open.first { return ticket }
            return try engine.loader.decodeTickets(
                "SELECT data FROM tickets WHERE code = ?1 AND business_day = ?2 ORDER BY id DESC LIMIT 1",
                [.text(code), .text(day.description)]).first
        }
    }

    public func tickets(_ filter: TicketFilter) throws(StoreError) -> [Ticket] {
        try locked { engine in
            try engine.loader.decodeTickets("""
                SELECT data FROM tickets WHERE (?1 IS NULL OR business_day = ?1) AND (?2 IS NULL OR state = ?2)
                AND (?3 IS NULL OR service = ?3) ORDER BY id
                """, [.text(filter.day?.description), .text(filter.state?.rawValue), .text(filter.service?.rawValue)])
        }
    }

    public func status(at time: Date) throws(StoreError) -> QueueStatus {
        try locked { engine in try StatusQuery(engine: engine).status(at: Instant(time)) }
    }

    public func standing(of ticket: TicketID, at time: Date) throws(StoreError) -> TicketStanding? {
        try locked { engine in try StandingQuery(engine: engine).standing(of: ticket, at: Instant(time)) }
    }

    public func waits(at time: Date) throws(StoreError) -> [ServiceCode: TicketStanding] {
        try locked { engine in try StandingQuery(engine: engine).waits(at: Instant(time)) }
    }

    public func events(after: EventID, limit: Int) throws(StoreError) -> [StoredEvent] {
        try locked { engine in
            try engine.connection.query(
                "SELECT id, data FROM events WHERE id > ?1 ORDER BY id LIMIT ?2",
                [.integer(after.rawValue), .integer(Int64(limit))]
            ) { ($0.int64(0), $0.text(1)) }.map { row throws(StoreError) in
                StoredEvent(id: EventID(rawValue: row.0), event: try engine.codec.decode(Event.self, row.1))
            }
        }
    }

    public func report(for day: BusinessDay) throws(StoreError) -> QueueReport {
        try locked { engine in try StatusQuery(engine: engine).report(for: day) }
    }

    public func latestEvents(of kind: EventKind, limit: Int) throws(StoreError) -> [StoredEvent] {
        try locked { engine in
            try engine.connection.query(
                "SELECT id, data FROM events WHERE kind = ?1 ORDER BY id DESC LIMIT ?2",
                [.text(kind.rawValue), .integer(Int64(limit))]
            ) { ($0.int64(0), $0.text(1)) }.map { row throws(StoreError) in
                StoredEvent(id: EventID(rawValue: row.0), event: try engine.codec.decode(Event.self, row.1))
            }
        }
    }

    public func lastEventID() throws(StoreError) -> EventID {
        try locked { engine in
            EventID(rawValue: try engine.connection.queryOne("SELECT max(id) FROM events") { $0.int64(0) } ?? 0)
        }
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
                var events: [StoredEvent] = []
                for row in rows {
                    do {
                        events.append(StoredEvent(id: EventID(rawValue: row.id), event: try codec.decode(Event.self, row.json)))
                    } catch {
                        // An event this version cannot read (written by a newer tessera, or damaged)
                        // is left out of the feed, loudly; the rows after it still arrive.
                        diagnostics.report("change feed: event \(row.id) cannot be read and is skipped: \(error)")
                    }
                }
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
        try locked { try $0.issueMany(service, priority: priority, count: count, from: Instant(start), spacing: spacing) }
    }

    /// The held display numbers this handle keeps between commands (tests compare them with
    /// the file).
    func knownHeldNumbers() -> [ServiceCode: Set<Int>] {
        engine.withLock { $0.committedHeldNumbers }
    }

    func locked<T: Sendable>(_ body: (SQLiteEngine) throws -> T) throws(StoreError) -> T {
        do {
            return try engine.withLock { engine in try body(engine) }
        } catch {
            throw Self.storeError(error, file: location.path)
        }
    }

    private static func storeError(_ error: any Error, file: String) -> StoreError {
        error as? StoreError ?? .unavailable(file: file, problem: .failed, detail: "\(error)")
    }
}
