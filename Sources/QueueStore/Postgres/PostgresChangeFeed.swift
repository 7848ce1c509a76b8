import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The change feed on PostgreSQL: a thread with its own connection that LISTENs on the
/// writers' channel and, at each notification, reads the events after the last one it
/// delivered. Event ids follow commit order (see `PostgresSliceWriter`), so that read misses
/// nothing and repeats nothing.
///
/// A lost connection is reconnected with back-off (50 ms doubling to 2 s); after it the feed
/// LISTENs again and reads everything after its last event, since notifications sent while it
/// was away are gone.
final class PostgresChangeFeed: Sendable {
    private let cancelled = Mutex(false)
    private let feedThread = Mutex<pthread_t?>(nil)
    /// Written to by `cancel()` to wake the thread out of `poll`.
    private let wakePipe: (read: Int32, write: Int32)
    private let finished = DispatchSemaphore(value: 0)

    init(url: PostgresURL, after: Int64, diagnostics: StoreDiagnostics, reachability: ReachabilityState,
         handler: @escaping @Sendable ([EventRow]) -> Void) throws(StoreError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else {
            throw .unavailable(file: url.description, problem: .failed, detail: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        wakePipe = (fds[0], fds[1])
        // The first connection is made here, so a server that is down is reported to the caller.
        let first: PostgresConnection
        do { first = try Self.listen(url) } catch {
            close(fds[0]); close(fds[1])
            throw error.storeError(url)
        }
        startDetachedThread(named: "tessera-feed") { [self] in
            self.loop(url: url, first: first, after: after, diagnostics: diagnostics, reachability: reachability,
                      handler: handler)
        }
    }

    deinit {
        close(wakePipe.read)
        close(wakePipe.write)
    }

    func cancel() {
        let first = cancelled.withLock { wasCancelled in
            defer { wasCancelled = true }
            return !wasCancelled
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = write(wakePipe.write, &byte, 1)
        let onFeedThread = feedThread.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        if !onFeedThread { finished.wait() }
    }

    private var isCancelled: Bool { cancelled.withLock { $0 } }

    private static func listen(_ url: PostgresURL) throws(PostgresFailure) -> PostgresConnection {
        let connection = try PostgresConnection(url: url.connectionString, target: url.description)
        try connection.execute("LISTEN \(PostgresSliceWriter.channel)")
        return connection
    }

    private func loop(url: PostgresURL, first: PostgresConnection, after: Int64, diagnostics: StoreDiagnostics,
                      reachability: ReachabilityState, handler: @Sendable ([EventRow]) -> Void) {
        defer { finished.signal() }
        feedThread.withLock { $0 = pthread_self() }
        var connection: PostgresConnection? = first
        var lastSeen = after
        var delay = 50
        var mustRead = true
        while !isCancelled {
            do {
                let current: PostgresConnection
                if let connection { current = connection } else {
                    current = try Self.listen(url)
                    connection = current
                    mustRead = true
                    diagnostics.recovered()
                    reachability.set(.online)
                }
                if mustRead {
                    let rows = try current.query("SELECT id, data FROM events WHERE id > $1 ORDER BY id", [.integer(lastSeen)]) {
                        EventRow(id: $0.int64(0), json: $0.text(1))
                    }
                    if let last = rows.last {
                        lastSeen = last.id
                        handler(rows)
                    }
                    mustRead = false
                    delay = 50
                }
                mustRead = try waitForNotification(on: current)
            } catch {
                connection = nil
                reachability.set(.reconnecting)
                diagnostics.report("change feed: \((error as? PostgresFailure)?.storeError(url).description ?? "\(error)"); reconnecting")
                var pause = pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)
                _ = poll(&pause, 1, Int32(delay))
                delay = min(delay * 2, 2_000)
            }
        }
    }

    /// Waits until a notification or the wake pipe; true when the events should be read.
    /// Notifications libpq already took in while the last query ran are in its queue, not on
    /// the socket: they are looked at first, or `poll` would wait past them (the notify bench
    /// hung that way). No read on a timeout: a writer that forgot its NOTIFY must fail the
    /// change-feed tests, not be hidden by a periodic read.
    private func waitForNotification(on connection: PostgresConnection) throws(PostgresFailure) -> Bool {
        if try !connection.notifications().isEmpty { return true }
        var fds = [pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakePipe.read, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, 1_000)
        if ready <= 0 || fds[0].revents == 0 { return false }
        return try !connection.notifications().isEmpty
    }
}

extension PostgresFailure {
    func storeError(_ url: PostgresURL) -> StoreError {
        switch self {
        case .connectionLost(let detail): .unavailable(file: url.description, problem: .unreachable, detail: detail)
        case .retry(let detail): .unavailable(file: url.description, problem: .busy, detail: detail)
        case .store(let error): error
        }
    }
}
