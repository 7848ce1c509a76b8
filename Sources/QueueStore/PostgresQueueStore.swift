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
public final class PostgresQueueStore: SQLStore, StaffCredentials, PhoneTokens, ReachabilityReporting {
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

    public func observe(after: EventID, handler: @escaping @Sendable ([StoredEvent]) -> Void)
        throws(StoreError) -> ChangeSubscription
    {
        let diagnostics = StoreDiagnostics(file: url.description)
        let codec = RowCodec(file: url.description)
        let feed = try PostgresChangeFeed(url: url, after: after.rawValue, diagnostics: diagnostics,
                                          reachability: reachability) { rows in
            let events = EventRow.events(rows, codec: codec, diagnostics: diagnostics)
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
    func snapshot<T>(_ body: (PostgresEngine) throws -> T) throws(StoreError) -> T {
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

    /// One statement in autocommit: its own transaction.
    @discardableResult
    func write(_ sql: String, _ values: [PostgresValue]) throws(StoreError) -> Int {
        try withEngine { engine in try engine.connection.run(sql, values) }
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
