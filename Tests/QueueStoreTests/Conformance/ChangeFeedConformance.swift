import Foundation
import QueueStoreTesting
import QueueCore
import QueueStore
import Synchronization
import Testing

/// The conformance suite, part 5: the change feed delivers every committed event exactly once,
/// in commit order, including those already committed when observing starts.
@Suite(.offThePool) struct ChangeFeedConformance {
    /// Events committed before `observe(after: X)`, with ids above X, arrive without waiting for
    /// another commit (a screen starting up must not stay stale until the queue moves).
    @Test(arguments: StoreFactory.all)
    func theBacklogArrivesWithoutAnotherCommit(factory: StoreFactory) throws {
        let handle = try factory.make()
        var committed: [StoredEvent] = []
        for second in 0..<4 { committed += try handle.store.perform(.issue(service: "C"), at: Clock.at(Double(second))).events }
        let watcher = try handle.reopen()
        let received = Mutex<[StoredEvent]>([])
        let subscription = try watcher.observe(after: committed[1].id) { batch in received.withLock { $0 += batch } }
        defer { subscription.cancel() }
        let backlog = Array(committed.dropFirst(2))
        // Nobody commits while this waits.
        #expect(eventually { received.withLock { $0.count } >= backlog.count })
        #expect(received.withLock { $0 } == backlog)
    }

    /// Commits from several handles, while the feed runs: each event once, in id order. A last
    /// commit is awaited before comparing, so a repeat of anything earlier has had its chance
    /// to arrive (the feed delivers in order).
    @Test(arguments: StoreFactory.all)
    func everyEventArrivesExactlyOnceInOrder(factory: StoreFactory) throws {
        let handle = try factory.make()
        let writers = [handle.store, try handle.reopen()]
        let start = try handle.store.lastEventID()
        let received = Mutex<[StoredEvent]>([])
        let subscription = try handle.reopen().observe(after: start) { batch in received.withLock { $0 += batch } }
        defer { subscription.cancel() }
        var committed: [StoredEvent] = []
        for round in 0..<6 {
            let writer = writers[round % 2]
            committed += try writer.perform(.issue(service: round % 3 == 0 ? "R" : "C"), at: Clock.at(Double(round))).events
            // Let some commits arrive one by one and others pile up into one batch.
            if round % 2 == 1 { #expect(eventually { received.withLock { $0.count } >= committed.count }) }
        }
        let marker = try writers[0].perform(.issue(service: "S"), at: Clock.at(10)).events
        committed += marker
        #expect(eventually { received.withLock { $0.contains(marker.last!) } })
        let events = received.withLock { $0 }
        #expect(events.map(\.id) == committed.map(\.id))
        #expect(events == committed)
    }
}
