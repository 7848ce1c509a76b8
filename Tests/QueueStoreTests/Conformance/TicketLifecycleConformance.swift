import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite, part 1: each ticket command through the store. Written once against
/// `QueueStore`; every implementation runs it by adding its factory to `arguments`.
@Suite(.offThePool) struct TicketLifecycleConformance {
    @Test(arguments: StoreFactory.all)
    func issueNumbersEachServiceFromOne(factory: StoreFactory) throws {
        let store = try factory.make().store
        let first = try store.perform(.issue(service: "C"), at: Clock.at(0))
        #expect(first.events.map(\.event.kind) == [.businessDayChanged, .ticketIssued])
        let c1 = try #require(first.ticket)
        let c2 = try store.issue("C", at: Clock.at(1))
        let r1 = try store.issue("R", at: Clock.at(2))
        #expect([c1.code, c2.code, r1.code] == ["C001", "C002", "R001"])
        #expect([c1.sequence, c2.sequence, r1.sequence] == [1, 2, 1])
        #expect(c1.state == .waiting && c1.businessDay == Clock.day)
        #expect(try store.ticket(c2.id) == c2)
        #expect(first.events.map(\.id) == first.events.map(\.id).sorted())
    }

    @Test(arguments: StoreFactory.all)
    func callNextTakesTheLongestWeightedWait(factory: StoreFactory) throws {
        let store = try factory.make().store
        let r1 = try store.issue("R", at: Clock.at(0))
        let c1 = try store.issue("C", at: Clock.at(30))
        // At +60 s: R waited 60 s × weight 1, C waited 30 s × weight 2: equal, the earlier key wins.
        let called = try store.call(desk: 1, at: Clock.at(60))
        #expect(called.id == r1.id && called.state == .called && called.desk == 1)
        #expect(try store.desk(1)?.currentTicket == r1.id)
        #expect(try store.call(desk: 2, at: Clock.at(61)).id == c1.id)
        #expect(refusal { try store.perform(.callNext(desk: 3), at: Clock.at(62)) } == .nothingWaiting(3))
    }

    @Test(arguments: StoreFactory.all)
    func callNextRefusesABusyDeskAndWritesNothing(factory: StoreFactory) throws {
        let store = try factory.make().store
        let c1 = try store.issue("C", at: Clock.at(0))
        _ = try store.issue("C", at: Clock.at(1))
        _ = try store.call(desk: 1, at: Clock.at(2))
        let before = try store.lastEventID()
        #expect(refusal { try store.perform(.callNext(desk: 1), at: Clock.at(3)) } == .deskBusy(1, ticket: c1.code))
        #expect(try store.lastEventID() == before)
        #expect(try store.tickets(TicketFilter(state: .waiting)).count == 1)
    }

    @Test(arguments: StoreFactory.all)
    func recallStartComplete(factory: StoreFactory) throws {
        let store = try factory.make().store
        let ticket = try store.issue("S", at: Clock.at(0))
        _ = try store.call(desk: 2, at: Clock.at(10))
        let recalled = try #require(try store.perform(.recall(ticket: ticket.id), at: Clock.at(20)).ticket)
        #expect(recalled.recallCount == 1 && recalled.state == .called)
        let started = try #require(try store.perform(.start(ticket: ticket.id), at: Clock.at(30)).ticket)
        #expect(started.state == .serving && started.startedAt == Instant(Clock.at(30)))
        let done = try store.perform(.complete(ticket: ticket.id), at: Clock.at(90))
        #expect(done.events.map(\.event.kind) == [.ticketCompleted])
        #expect(done.ticket?.state == .completed && done.ticket?.outcome == .served)
        #expect(try store.desk(2)?.currentTicket == nil)
        #expect(refusal { try store.perform(.complete(ticket: ticket.id), at: Clock.at(91)) } != nil)
    }

    @Test(arguments: StoreFactory.all)
    func noShowFreesTheDesk(factory: StoreFactory) throws {
        let store = try factory.make().store
        let ticket = try store.issueAndCall(desk: 1)
        #expect(try store.perform(.noShow(ticket: ticket.id), at: Clock.at(65)).ticket?.state == .noShow)
        #expect(try store.desk(1)?.currentTicket == nil)
        #expect(try store.ticket(ticket.id)?.state == .noShow)
    }

    @Test(arguments: StoreFactory.all)
    func transferMovesToAnotherLane(factory: StoreFactory) throws {
        let store = try factory.make().store
        _ = try store.issue("R", at: Clock.at(0))
        let c1 = try store.issue("C", at: Clock.at(1))
        _ = try store.call(desk: 1, service: "C", at: Clock.at(2))
        let moved = try #require(try store.perform(.transfer(ticket: c1.id, to: "R", position: .front), at: Clock.at(3)).ticket)
        #expect(moved.service == "R" && moved.state == .waiting && moved.code == "C001")
        #expect(try store.desk(1)?.currentTicket == nil)
        // At the front of R, it is called before R001.
        #expect(try store.call(desk: 2, service: "R", at: Clock.at(4)).id == c1.id)
    }

    @Test(arguments: StoreFactory.all)
    func parkAndResume(factory: StoreFactory) throws {
        let store = try factory.make().store
        let ticket = try store.issueAndCall(desk: 3)
        #expect(try store.perform(.park(ticket: ticket.id), at: Clock.at(2)).ticket?.state == .parked)
        #expect(try store.desk(3)?.currentTicket == nil)
        let back = try store.perform(.resume(ticket: ticket.id, to: .desk(3)), at: Clock.at(3))
        #expect(back.ticket?.state == .serving && back.ticket?.desk == 3)
        #expect(try store.desk(3)?.currentTicket == ticket.id)
    }

    @Test(arguments: StoreFactory.all)
    func cancelClosesTheTicketAndFreesItsNumber(factory: StoreFactory) throws {
        let store = try factory.make().store
        let ticket = try store.issue("C", at: Clock.at(0))
        #expect(try store.perform(.cancel(ticket: ticket.id), at: Clock.at(1)).ticket?.state == .cancelled)
        #expect(refusal { try store.perform(.callNext(desk: 1), at: Clock.at(2)) } == .nothingWaiting(1))
        #expect(try store.issue("C", at: Clock.at(3)).code == "C002")
    }

    @Test(arguments: StoreFactory.all)
    func ticketsAreFoundByCode(factory: StoreFactory) throws {
        let store = try factory.make().store
        let c1 = try store.issue("C", at: Clock.at(0))
        #expect(try store.ticket(code: "C001", day: Clock.day)?.id == c1.id)
        #expect(try store.ticket(code: "C999", day: Clock.day) == nil)
    }

    @Test(arguments: StoreFactory.all)
    func aNewBusinessDayClosesWaitingTicketsAndRestartsNumbers(factory: StoreFactory) throws {
        let store = try factory.make().store
        let old = try store.issue("C", at: Clock.at(0))
        let nextDay = Clock.at(24 * 3600)
        let result = try store.perform(.issue(service: "C"), at: nextDay)
        #expect(result.events.map(\.event.kind) == [.businessDayChanged, .ticketClosedAtDayEnd, .ticketIssued])
        #expect(result.ticket?.code == "C001" && result.ticket?.businessDay == Clock.day.next)
        #expect(try store.ticket(old.id)?.state == .closedAtDayEnd)
        // Idempotent: the next command on the same day changes nothing more.
        #expect(try store.perform(.issue(service: "C"), at: nextDay.addingTimeInterval(1)).events.count == 1)
    }
}
