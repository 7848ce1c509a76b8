import Foundation
import QueueStoreTesting
import QueueCore
import QueueStore
import Synchronization
import Testing

/// The conformance suite, part 2: queries, concurrency, the change feed and durability.
@Suite(.offThePool) struct StoreBehaviourConformance {
    @Test(arguments: StoreFactory.all)
    func listFiltersByStateDayAndService(factory: StoreFactory) throws {
        let store = try factory.make().store
        let c1 = try store.issue("C", at: Clock.at(0))
        let r1 = try store.issue("R", at: Clock.at(1))
        let s1 = try store.issue("S", at: Clock.at(2))
        _ = try store.perform(.cancel(ticket: s1.id), at: Clock.at(3))
        #expect(try store.tickets(TicketFilter()).map(\.code) == ["C001", "R001", "S001"])
        #expect(try store.tickets(TicketFilter(state: .waiting)).map(\.id) == [c1.id, r1.id])
        #expect(try store.tickets(TicketFilter(state: .cancelled)).map(\.code) == ["S001"])
        #expect(try store.tickets(TicketFilter(day: Clock.day, service: "R")).map(\.id) == [r1.id])
        #expect(try store.tickets(TicketFilter(day: Clock.day.next)).isEmpty)
    }

    /// A change built from the configuration holds the write lock from the read to the write:
    /// another handle's `close` waits, then applies on top, and is not undone.
    @Test(arguments: StoreFactory.all)
    func aBuiltChangeDoesNotUndoAConcurrentOne(factory: StoreFactory) throws {
        let handle = try factory.make()
        let other = try handle.reopen()
        let closed = DispatchSemaphore(value: 0)
        let result = try handle.store.perform(at: Clock.at(0)) { (configuration) throws(StoreError) -> Command in
            Thread.detachNewThread {
                _ = try? other.perform(.closeService("C"), at: Clock.at(1))
                closed.signal()
            }
            // The other handle cannot commit while this transaction holds the lock.
            #expect(closed.wait(timeout: .now() + 0.3) == .timedOut)
            guard var service = configuration.services["C"] else { throw .refused(.serviceNotFound("C")) }
            service.dailyCap = 5
            return .setService(service)
        }
        #expect(!result.events.isEmpty)
        #expect(closed.wait(timeout: .now() + 10) == .success)
        let service = try #require(try handle.store.configuration().services["C"])
        #expect(service.dailyCap == 5 && !service.isOpen)
    }

    @Test(arguments: StoreFactory.all)
    func statusCountsWaitingAndShowsDesks(factory: StoreFactory) throws {
        let store = try factory.make().store
        _ = try store.issue("C", at: Clock.at(0))
        _ = try store.issue("C", .priority, at: Clock.at(1))
        _ = try store.issue("R", at: Clock.at(2))
        let called = try store.call(desk: 2, service: "R", at: Clock.at(3))
        let status = try store.status(at: Clock.at(4))
        #expect(status.businessDay == Clock.day)
        let c = try #require(status.services.first { $0.code == "C" })
        #expect(c.waiting == 2 && c.waitingPriority == 1 && c.isOpen && c.name == "Click & Collect")
        #expect(status.services.map(\.code) == ["C", "R", "S"])
        #expect(status.services.first { $0.code == "R" }?.waiting == 0)
        #expect(status.desks.map(\.number) == [1, 2, 3])
        #expect(status.desks[1].ticketCode == called.code && status.desks[1].ticketState == .called)
        #expect(status.desks[0].ticketCode == nil && status.desks[0].status == .open)
        #expect(status.lastEventID == (try store.lastEventID()))
    }

    @Test(arguments: StoreFactory.all)
    func reportComesFromTheDaysEvents(factory: StoreFactory) throws {
        let store = try factory.make().store
        let first = try store.issue("C", at: Clock.at(0))
        _ = try store.issue("C", at: Clock.at(10))
        _ = try store.call(desk: 1, at: Clock.at(60))
        _ = try store.perform(.start(ticket: first.id), at: Clock.at(70))
        _ = try store.perform(.complete(ticket: first.id), at: Clock.at(190))
        let report = try store.report(for: Clock.day)
        let c = try #require(report.byService["C"])
        #expect(c.issued == 2 && c.called == 1 && c.completed == 1)
        #expect(c.waitingTime.meanSeconds == 60 && c.serviceTime.meanSeconds == 120)
        #expect(try store.report(for: Clock.day.next).total.issued == 0)
    }

    /// Three handles (three connections) race to call the only waiting ticket many times over:
    /// exactly one wins each round, and every loser is told, by the queue rules, that nobody
    /// is waiting (it decided after the winner committed); no other error is acceptable.
    @Test(arguments: StoreFactory.all)
    func guardedCallNeverHandsOneTicketToTwoDesks(factory: StoreFactory) throws {
        let handle = try factory.make()
        let stores = [handle.store, try handle.reopen(), try handle.reopen()]
        let winners = Mutex<[TicketID: [DeskNumber]]>([:])
        for round in 0..<20 {
            let ticket = try stores[0].issue("C", at: Clock.at(Double(round * 10)))
            DispatchQueue.concurrentPerform(iterations: 3) { index in
                let desk = DeskNumber(rawValue: index + 1)
                do {
                    let result = try stores[index].perform(.callNext(desk: desk), at: Clock.at(Double(round * 10 + 1)))
                    guard let called = result.ticket else {
                        Issue.record("a call committed no ticket")
                        return
                    }
                    winners.withLock { $0[called.id, default: []].append(desk) }
                    // Free the desk for the next round (complete needs a started service).
                    _ = try stores[index].perform(.noShow(ticket: called.id), at: Clock.at(Double(round * 10 + 2)))
                } catch StoreError.refused(.nothingWaiting(desk)) {
                    // Lost the race.
                } catch {
                    Issue.record("round \(round), desk \(desk): \(error)")
                }
            }
            #expect(winners.withLock { $0[ticket.id]?.count } == 1, "round \(round)")
        }
        #expect(try stores[0].desks().allSatisfy { $0.currentTicket == nil })
    }

    @Test(arguments: StoreFactory.all)
    func changeFeedDeliversAnotherHandlesCommits(factory: StoreFactory) throws {
        let handle = try factory.make()
        let writer = try handle.reopen()
        let start = try handle.store.lastEventID()
        let received = Mutex<[StoredEvent]>([])
        let subscription = try handle.store.observe(after: start) { batch in received.withLock { $0 += batch } }
        let issued = try writer.perform(.issue(service: "R"), at: Clock.at(0))
        #expect(eventually { received.withLock { $0.count } >= issued.events.count })
        #expect(received.withLock { $0 } == issued.events)
        subscription.cancel()
        _ = try writer.perform(.issue(service: "R"), at: Clock.at(1))
        // After cancel nothing more arrives: give the poller several intervals to prove it.
        Thread.sleep(forTimeInterval: 0.3)
        #expect(received.withLock { $0.count } == issued.events.count)
    }

    @Test(arguments: StoreFactory.all)
    func changeFeedAsAsyncStream(factory: StoreFactory) async throws {
        let handle = try factory.make()
        let stream = try handle.store.changes(after: try handle.store.lastEventID())
        let issued = try handle.reopen().perform(.issue(service: "S"), at: Clock.at(0))
        var iterator = stream.makeAsyncIterator()
        var seen: [StoredEvent] = []
        while seen.count < issued.events.count, let batch = await iterator.next() { seen += batch }
        #expect(seen == issued.events)
    }

    @Test(arguments: StoreFactory.all)
    func reopeningLosesNothing(factory: StoreFactory) throws {
        let handle = try factory.make()
        var store: (any QueueStore)? = handle.store
        let ticket = try store!.issue("C", at: Clock.at(0))
        _ = try store!.call(desk: 1, at: Clock.at(1))
        _ = try store!.perform(.closeService("S"), at: Clock.at(2))
        let events = try store!.events(after: .none, limit: 1000)
        let tickets = try store!.tickets(TicketFilter())
        let desks = try store!.desks()
        store = nil
        let reopened = try handle.reopen()
        #expect(try reopened.events(after: .none, limit: 1000) == events)
        #expect(try reopened.tickets(TicketFilter()) == tickets)
        #expect(try reopened.desks() == desks)
        #expect(try reopened.configuration().services["S"]?.isOpen == false)
        #expect(try reopened.ticket(ticket.id)?.state == .called)
        // Replaying the log gives the same tickets the rows hold.
        let replayed = QueueState.replay(events.map(\.event))
        #expect(replayed.tickets[ticket.id] == tickets.first)
    }

    @Test(arguments: StoreFactory.all)
    func eventsPageInCommitOrder(factory: StoreFactory) throws {
        let store = try factory.make().store
        let start = try store.lastEventID()
        for second in 0..<5 { _ = try store.issue("C", at: Clock.at(Double(second))) }
        let page = try store.events(after: start, limit: 3)
        #expect(page.count == 3 && page.map(\.id) == page.map(\.id).sorted())
        let rest = try store.events(after: page.last!.id, limit: 100)
        #expect(page.count + rest.count == 6)  // the day change and five issues
    }
}
