import FoundationEssentials
import Glibc
import QueueCore
import Synchronization

/// The shared store: one PostgreSQL database that every terminal of a shop (kiosk, desks,
/// board) points at. Same contract and same stored format as `SQLiteQueueStore`; see
/// `QueueStore`.
///
/// Thread-safe through a mutex around its one connection. A lost connection is made again
/// with back-off (50 ms doubling to 1 s) for up to `StoreOptions.reconnectTimeout`, then the
/// operation fails as unavailable (exit 3). A command whose COMMIT got no answer is settled by
/// its key (`command_keys`): done once, never twice.
public final class PostgresQueueStore: QueueStore, ReachabilityReporting {
    public let url: PostgresURL
    let options: StoreOptions
    private let slot = Mutex<PostgresConnection?>(nil)
    let reachability = ReachabilityState()
    /// Test hook: the next committed command loses its connection before hearing the answer.
    let loseNextCommitReply = Mutex(false)

    /// Connects (failing at once, exit 3, when the server cannot be reached), brings the schema
    /// up to date and seeds an empty store.
    public init(url: PostgresURL, options: StoreOptions = StoreOptions()) throws(StoreError) {
        self.url = url
        self.options = options
        let connection: PostgresConnection
        do {
            connection = try PostgresConnection(url: url.connectionString, target: url.description)
            try PostgresSchema.migrate(connection)
            if let seed = options.seed { try PostgresEngine(connection: connection).seedIfEmpty(seed, at: Instant(Date())) }
        } catch {
            throw Self.storeError(error, url: url)
        }
        slot.withLock { $0 = connection }
    }

    public func perform(_ command: Command, at time: Date) throws(StoreError) -> CommandResult {
        try performSettled { engine, key in try engine.perform(command, at: Instant(time), key: key) }
    }

    public func perform(at time: Date, building build: (StoreConfiguration) throws(StoreError) -> Command)
        throws(StoreError) -> CommandResult {
        try performSettled { engine, key in try engine.perform(at: Instant(time), key: key, building: build) }
    }

    public func configuration() throws(StoreError) -> StoreConfiguration {
        try withEngine { try $0.loader.base().configuration }
    }

    public func desks() throws(StoreError) -> [Desk] {
        try withEngine { try $0.loader.base().desks.values.sorted { $0.number < $1.number } }
    }

    public func ticket(_ id: TicketID) throws(StoreError) -> Ticket? {
        try withEngine { try $0.loader.ticket(id) }
    }

    public func ticket(code: String, day: BusinessDay) throws(StoreError) -> Ticket? {
        try withEngine { engine in
            try engine.loader.decodeTickets("""
                SELECT data FROM tickets WHERE code = $1 AND state IN \(PostgresSliceLoader.openStates) ORDER BY id DESC LIMIT 1
                """, [.text(code)]).first
            ?? engine.loader.decodeTickets(
                "SELECT data FROM tickets WHERE code = $1 AND business_day = $2 ORDER BY id DESC LIMIT 1",
                [.text(code), .text(day.description)]).first
        }
    }

    public func tickets(_ filter: TicketFilter) throws(StoreError) -> [Ticket] {
        try withEngine { engine in
            try engine.loader.decodeTickets("""
                SELECT data FROM tickets WHERE ($1::text IS NULL OR business_day = $1) AND ($2::text IS NULL OR state = $2)
                AND ($3::text IS NULL OR service = $3) ORDER BY id
                """, [.text(filter.day?.description), .text(filter.state?.rawValue), .text(filter.service?.rawValue)])
        }
    }

    public func status(at time: Date) throws(StoreError) -> QueueStatus {
        try snapshot { try PostgresQueries(engine: $0).status(at: Instant(time)) }
    }

    public func standing(of ticket: TicketID, at time: Date) throws(StoreError) -> TicketStanding? {
        try snapshot { try PostgresQueries(engine: $0).standing(of: ticket, at: Instant(time)) }
    }

    public func waits(at time: Date) throws(StoreError) -> [ServiceCode: TicketStanding] {
        try snapshot { try PostgresQueries(engine: $0).waits(at: Instant(time)) }
    }

    public func events(after: EventID, limit: Int) throws(StoreError) -> [StoredEvent] {
        try withEngine { engine in
            try engine.connection.query("SELECT id, data FROM events WHERE id > $1 ORDER BY id LIMIT $2",
                                        [.integer(after.rawValue), .integer(Int64(limit))]) { ($0.int64(0), $0.text(1)) }
                .map { row throws(StoreError) in
                    StoredEvent(id: EventID(rawValue: row.0), event: try engine.codec.decode(Event.self, row.1))
                }
        }
    }

    public func latestEvents(of kind: EventKind, limit: Int) throws(StoreError) -> [StoredEvent] {
        try withEngine { engine in
            try engine.connection.query("SELECT id, data FROM events WHERE kind = $1 ORDER BY id DESC LIMIT $2",
                                        [.text(kind.rawValue), .integer(Int64(limit))]) { ($0.int64(0), $0.text(1)) }
                .map { row throws(StoreError) in
                    StoredEvent(id: EventID(rawValue: row.0), event: try engine.codec.decode(Event.self, row.1))
                }
        }
    }

    public func report(for day: BusinessDay) throws(StoreError) -> QueueReport {
        try snapshot { try PostgresQueries(engine: $0).report(for: day) }
    }

    public func lastEventID() throws(StoreError) -> EventID {
        try withEngine { try PostgresQueries(engine: $0).lastEventID() }
    }

    public func observe(after: EventID, handler: @escaping @Sendable ([StoredEvent]) -> Void)
        throws(StoreError) -> ChangeSubscription
    {
        let diagnostics = StoreDiagnostics(file: url.description)
        let codec = RowCodec(file: url.description)
        let feed = try PostgresChangeFeed(url: url, after: after.rawValue, diagnostics: diagnostics,
                                          reachability: reachability) { rows in
            var events: [StoredEvent] = []
            for row in rows {
                do {
                    events.append(StoredEvent(id: EventID(rawValue: row.id), event: try codec.decode(Event.self, row.json)))
                } catch {
                    diagnostics.report("change feed: event \(row.id) cannot be read and is skipped: \(error)")
                }
            }
            if !events.isEmpty { handler(events) }
        }
        return ChangeSubscription { feed.cancel() }
    }

    /// Runs a command under a fresh key. When the connection is lost part-way, the retry first
    /// asks whether the key was committed: a kiosk never prints a ticket twice, nor one that
    /// does not exist.
    private func performSettled(_ body: (PostgresEngine, String) throws -> CommandResult) throws(StoreError) -> CommandResult {
        var random = SystemRandomNumberGenerator()
        let key = (0..<2).map { _ in String(random.next() as UInt64, radix: 16) }.joined(separator: "-")
        var attempts = 0
        return try withEngine { engine in
            attempts += 1
            if attempts > 1, let settled = try engine.settled(key) { return settled }
            let result = try body(engine, key)
            if loseNextCommitReply.withLock({ lose in defer { lose = false }; return lose }) {
                shutdown(engine.connection.socket, Int32(SHUT_RDWR))
                throw PostgresFailure.connectionLost("test: the answer to COMMIT was lost")
            }
            return result
        }
    }

    /// `.reconnecting` from the moment any connection of this store finds the server gone,
    /// `.online` once one gets through again.
    public func observeReachability(_ handler: @escaping @Sendable (StoreReachability) -> Void) -> ChangeSubscription {
        reachability.observe(handler)
    }

    /// `body` in one REPEATABLE READ, read-only transaction: one snapshot for every query.
    private func snapshot<T>(_ body: (PostgresEngine) throws -> T) throws(StoreError) -> T {
        try withEngine { engine in
            try engine.connection.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do {
                let result = try body(engine)
                try engine.connection.execute("COMMIT")
                return result
            } catch {
                if !engine.connection.isBroken { try? engine.connection.execute("ROLLBACK") }
                throw error
            }
        }
    }

    /// `body` on the connection, made again (with back-off) while the server cannot be reached,
    /// up to `reconnectTimeout`; a deadlock or serialization failure runs it again at once.
    func withEngine<T>(_ body: (PostgresEngine) throws -> T) throws(StoreError) -> T {
        let deadline = ContinuousClock.now + options.reconnectTimeout
        var delay = Duration.milliseconds(50)
        while true {
            do {
                let result = try slot.withLock { slot in
                    let connection = try slot ?? PostgresConnection(url: url.connectionString, target: url.description)
                    slot = connection
                    do { return try body(PostgresEngine(connection: connection)) } catch {
                        if connection.isBroken { slot = nil }
                        throw error
                    }
                }
                reachability.set(.online)
                return result
            } catch PostgresFailure.connectionLost(let detail) {
                slot.withLock { $0 = nil }
                reachability.set(.reconnecting)
                guard ContinuousClock.now + delay < deadline else {
                    throw .unavailable(file: url.description, problem: .unreachable, detail: detail)
                }
                usleep(UInt32(delay.components.attoseconds / 1_000_000_000_000 + delay.components.seconds * 1_000_000))
                delay = min(delay * 2, .seconds(1))
            } catch PostgresFailure.retry {
                continue
            } catch {
                throw Self.storeError(error, url: url)
            }
        }
    }

    static func storeError(_ error: any Error, url: PostgresURL) -> StoreError {
        if let error = error as? StoreError { return error }
        if let failure = error as? PostgresFailure { return failure.storeError(url) }
        return .unavailable(file: url.description, problem: .failed, detail: "\(error)")
    }
}
