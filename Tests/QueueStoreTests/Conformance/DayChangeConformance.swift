import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite, part 4: the business-day change through the store, and what the
/// queries say after the boundary but before any command has run the change (it runs lazily,
/// with the next ticket command): what the queue would actually call.
@Suite(.offThePool) struct DayChangeConformance {
    static let nextMorning = Clock.at(86_400)

    /// A store with the given carry-over policy and, on the first day, a priority ticket
    /// called to desk 2, a normal and a priority ticket waiting, and an R ticket parked.
    private func yesterday(_ policy: CarryOverPolicy, _ factory: StoreFactory)
        throws -> (handle: StoreFactory.Handle, called: Ticket, waiting: [Ticket], parked: Ticket) {
        let handle = try factory.make()
        let store = handle.store
        var configuration = try store.configuration()
        configuration.carryOver = policy
        _ = try store.perform(.configure(configuration), at: Clock.at(0))
        let called = try store.issue("C", .priority, at: Clock.at(1))
        #expect(try store.call(desk: 2, at: Clock.at(2)).id == called.id)
        // The priority ticket is ahead of the normal one issued before it.
        let waiting = [try store.issue("C", at: Clock.at(3)), try store.issue("C", .priority, at: Clock.at(4))]
        let parked = try store.issue("R", at: Clock.at(5))
        #expect(try store.call(desk: 3, service: "R", at: Clock.at(6)).id == parked.id)
        _ = try store.perform(.park(ticket: parked.id), at: Clock.at(7))
        return (handle, called, waiting, parked)
    }

    @Test(arguments: StoreFactory.all)
    func closeWaitingShowsNothingWaitingPastTheBoundary(factory: StoreFactory) throws {
        let (handle, called, waiting, parked) = try yesterday(.closeWaiting, factory)
        let store = try handle.reopen()
        // Still the first day: both wait.
        #expect(try store.status(at: Clock.at(10)).services.first { $0.code == "C" }?.waiting == 2)
        #expect(try store.standing(of: waiting[0].id, at: Clock.at(10))?.peopleAhead == 1)
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: Clock.at(11))
        _ = try store.perform(.openDesk(1, staff: 1), at: Clock.at(11))
        // Next morning, before any command: the next command will close them, so nothing waits.
        let status = try store.status(at: Self.nextMorning)
        #expect(status.businessDay == Clock.day.next)
        #expect(status.services.allSatisfy { $0.waiting == 0 && $0.waitingPriority == 0 }, "\(status.services)")
        #expect(try store.standing(of: waiting[0].id, at: Self.nextMorning) == nil)
        #expect(try store.waits(at: Self.nextMorning).values.allSatisfy { $0.peopleAhead == 0 })
        // Nor are they in the forecast: a ticket taken now is next, at Ada's free desk.
        #expect(try store.waits(at: Self.nextMorning)["C"]?.estimatedWait == .zero)
        // And that is what the queue does: the first command closes both, and the parked one.
        let issued = try store.perform(.issue(service: "C"), at: Self.nextMorning)
        #expect(issued.events.filter { $0.event.kind == .ticketClosedAtDayEnd }.compactMap(\.event.ticket)
                == [waiting[0].id, waiting[1].id, parked.id])
        for ticket in waiting + [parked] { #expect(try store.ticket(ticket.id)?.state == .closedAtDayEnd) }
        #expect(try store.ticket(called.id)?.state == .called, "staff finish what they hold")
        let today = try #require(issued.ticket)
        // A new day's numbering; number 1 is still shown at desk 2.
        #expect(today.code == "C002" && today.businessDay == Clock.day.next, "\(today.code)")
        #expect(try store.standing(of: today.id, at: Self.nextMorning)?.peopleAhead == 0)
        #expect(try store.status(at: Self.nextMorning).services.first { $0.code == "C" }?.waiting == 1)
    }

    @Test(arguments: StoreFactory.all)
    func carryOverKeepsYesterdaysTicketsInLine(factory: StoreFactory) throws {
        let (handle, called, waiting, parked) = try yesterday(.carryOver, factory)
        let store = try handle.reopen()
        // Next morning, before any command: yesterday's tickets still count, in their order.
        let c = try #require(try store.status(at: Self.nextMorning).services.first { $0.code == "C" })
        #expect(c.waiting == 2 && c.waitingPriority == 1)
        #expect(try store.standing(of: waiting[1].id, at: Self.nextMorning)?.peopleAhead == 0)
        #expect(try store.standing(of: waiting[0].id, at: Self.nextMorning)?.peopleAhead == 1)
        #expect(try store.waits(at: Self.nextMorning)["C"]?.peopleAhead == 2)
        // The day change carries them and the parked one over, with their codes and places.
        let issued = try store.perform(.issue(service: "C"), at: Self.nextMorning)
        #expect(issued.events.filter { $0.event.kind == .ticketCarriedOver }.compactMap(\.event.ticket)
                == [waiting[0].id, waiting[1].id, parked.id])
        for ticket in waiting + [parked] {
            let now = try #require(try store.ticket(ticket.id))
            #expect(now.businessDay == Clock.day && now.code == ticket.code && now.carryOvers == 1)
        }
        #expect(try store.ticket(parked.id)?.state == .parked)
        let today = try #require(issued.ticket)
        // Numbers held by open tickets are skipped: C001, C002 and C003 are all still open.
        #expect(today.businessDay == Clock.day.next && today.code == "C004", "\(today.code)")
        #expect(try store.standing(of: today.id, at: Self.nextMorning)?.peopleAhead == 2)
        // What status showed is what the desks call.
        _ = try store.perform(.noShow(ticket: called.id), at: Self.nextMorning)
        let order = try (0..<3).map { _ in
            let ticket = try store.call(desk: 2, at: Self.nextMorning)
            _ = try store.perform(.noShow(ticket: ticket.id), at: Self.nextMorning)
            return ticket.id
        }
        #expect(order == [waiting[1].id, waiting[0].id, today.id])
    }
}
