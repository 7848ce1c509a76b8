import Foundation
import QueueCore
import Synchronization
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The SQLite change feed keeps going past an event it cannot read.
@Suite(.offThePool) struct ChangeFeedTests {
    let scratch = ScratchDirectory()

    @Test func anUnreadableEventIsSkippedAndLaterOnesStillArrive() throws {
        let location = scratch.location()
        let store = try SQLiteQueueStore(location: location)
        let received = Mutex<[StoredEvent]>([])
        let subscription = try store.observe(after: try store.lastEventID()) { batch in
            received.withLock { $0 += batch }
        }
        defer { subscription.cancel() }
        // What a newer tessera (or damage) could leave: a row this version cannot decode.
        let raw = try SQLiteConnection(location: location, create: false)
        _ = try raw.run("INSERT INTO events (kind, at, data) VALUES ('fromTheFuture', 0, '{\"unknown\":1}')")
        let issued = try SQLiteQueueStore(location: location).perform(.issue(service: "C"), at: Date())
        let deadline = Date().addingTimeInterval(5)
        while received.withLock({ $0.count }) < issued.events.count, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        #expect(received.withLock { $0 } == issued.events)
    }

    /// The feed's connection reads a few pages of the newest events: SQLite's default 2 MB cache
    /// there grew the kiosk's memory with the database (Benchmarks/README.md, kiosk_soak).
    @Test func theFeedConnectionKeepsASmallPageCache() throws {
        let location = scratch.location()
        _ = try SQLiteQueueStore(location: location)
        let poller = try EventPoller(location: location, after: 0, interval: .milliseconds(50),
                                     handler: { _ in }, onError: { _ in })
        defer { poller.cancel() }
        let cacheSize = try poller.connection.withLock { try $0.queryOne("PRAGMA cache_size") { $0.int64(0) } }
        #expect(cacheSize == -Int64(EventPoller.cacheKibibytes))
        #expect(EventPoller.cacheKibibytes <= 128)
    }
}
