import FoundationEssentials
import QueueCore

/// How a store is opened, whatever kind of database holds it.
public struct StoreOptions: Sendable {
    /// Written on first open of an empty database (nil: leave it empty). Default: the built-in
    /// Click & Collect / Returns / Customer Service store in the machine's time zone, desks 1–3.
    /// A new store's desks are opened, so tickets can be called on a fresh machine.
    public var seed: StoreSetup? = .demo(timeZone: StoreTimeZone.current)
    /// How often the change feed looks for commits by other processes.
    public var pollInterval: Duration = .milliseconds(50)
    /// SQLite only: caps the file size in pages (`PRAGMA max_page_count`), so tests can
    /// simulate a full disk.
    public var maxPageCount: Int?
    /// PostgreSQL only: how long an operation keeps reconnecting to a server that went away
    /// before it fails as unavailable (exit 3).
    public var reconnectTimeout: Duration = .seconds(10)

    public init() {}
}

/// Opens the queue store a database URL names: `sqlite:///path.db` or a plain path (the
/// embedded store), nil for the per-user default file, whose directory is created if
/// missing, or `postgresql://…` / `postgres://…` (the shared store; libpq syntax, `PG*`
/// environment variables honoured). The one place that knows which kinds of store exist: the app, the CLI and the
/// tests go through here and hold only `any QueueStore`.
public func openStore(url: String?, options: StoreOptions = StoreOptions()) throws(StoreError) -> any QueueStore {
    if let url, let server = PostgresURL(url) { return try PostgresQueueStore(url: server, options: options) }
    let location = try DatabaseLocation.parse(url)
    if url == nil { try location.createDirectory() }
    return try SQLiteQueueStore(location: location, options: options)
}

/// Checks a database URL without opening anything: bad usage (exit 2) is reported before a
/// screen starts. A PostgreSQL URL is left to libpq, which reads it when connecting.
public func checkDatabaseURL(_ url: String) throws(StoreError) {
    if PostgresURL(url) != nil { return }
    _ = try DatabaseLocation.parse(url)
}
