import Dispatch
import Glibc
import Synchronization

/// One row of the `events` table as the change feed reads it: the feed position and the JSON.
struct EventRow: Sendable {
    let id: Int64
    let json: String
}

/// Watches one database file for new events from any process, on its own thread and its own
/// connection, so a watcher never waits behind the writers of its own process.
///
/// Every `interval` it asks `PRAGMA data_version` (a counter in the WAL index, no table access,
/// which changes only when *another* connection commits); only then does it read the events after
/// the last one it delivered, through the `events` primary key. A new event therefore reaches the
/// handler within one interval plus the time to read it; nothing scans whole tables.
final class EventPoller: Sendable {
    let connection: Mutex<SQLiteConnection>
    private let cancelled = Mutex(false)
    /// The polling thread, so `cancel()` called from a handler does not wait for itself.
    private let pollingThread = Mutex<pthread_t?>(nil)
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// The feed connection's page cache: a few pages of the events index and its newest leaves.
    static let cacheKibibytes = 64

    /// Opens a dedicated connection and starts the polling thread.
    /// - Parameters:
    ///   - after: deliver only events with a larger id (pass the last id the caller has seen).
    ///   - handler: called on the polling thread with each batch, in id order.
    init(location: DatabaseLocation, after: Int64, interval: Duration,
         handler: @escaping @Sendable ([EventRow]) -> Void,
         onError: @escaping @Sendable (StoreError) -> Void) throws(StoreError) {
        let connection = try SQLiteConnection(location: location, create: false)
        // The feed reads only `data_version` and the newest events, and SQLite drops a connection's
        // cache whenever another one commits, so SQLite's default 2 MB cache only kept pages no poll
        // would read again, in the feed thread's own malloc arena (kiosk_soak, Benchmarks/README.md).
        try connection.execute("PRAGMA cache_size = -\(Self.cacheKibibytes)")
        self.connection = Mutex(connection)
        startDetachedThread(named: "tessera-feed") { [self] in
            self.loop(after: after, interval: interval, handler: handler, onError: onError)
        }
    }

    /// Stops the thread and waits for it to close its connection; idempotent.
    func cancel() {
        let first = cancelled.withLock { wasCancelled in
            defer { wasCancelled = true }
            return !wasCancelled
        }
        guard first else { return }
        wake.signal()
        let onPollingThread = pollingThread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onPollingThread { finished.wait() }
    }

    private var isCancelled: Bool { cancelled.withLock { $0 } }

    private func loop(after: Int64, interval: Duration, handler: @Sendable ([EventRow]) -> Void,
                      onError: @Sendable (StoreError) -> Void) {
        defer { finished.signal() }
        pollingThread.withLock { $0 = pthread_self() }
        var lastSeen = after
        var lastVersion: Int64 = -1
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000
            + Int(interval.components.attoseconds / 1_000_000_000)
        while !isCancelled {
            do {
                let batch: [EventRow] = try connection.withLock { connection in
                    let version = try connection.queryOne("PRAGMA data_version") { $0.int64(0) } ?? 0
                    guard version != lastVersion else { return [] }
                    let rows = try connection.query(
                        "SELECT id, data FROM events WHERE id > ?1 ORDER BY id", [.integer(lastSeen)]
                    ) { EventRow(id: $0.int64(0), json: $0.text(1)) }
                    // Only now: a read that failed must be retried on the next tick, even though
                    // nobody commits again to move data_version.
                    lastVersion = version
                    return rows
                }
                if let last = batch.last {
                    lastSeen = last.id
                    handler(batch)
                }
            } catch {
                onError(error as? StoreError ?? .unavailable(file: "?", problem: .failed, detail: "\(error)"))
            }
            _ = wake.wait(timeout: .now() + .nanoseconds(nanoseconds))
        }
    }
}
