import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite: removing a service while tickets wait for it (`WaitingTicketsRule`),
/// through the store, read back on another connection as another process would.
@Suite(.offThePool) struct ServiceRemovalConformance {
    /// Eight R tickets (R001 parked at desk 1, seven waiting) and a C ticket issued between them.
    private func returnsWaiting(_ store: any QueueStore) throws -> (returns: [Ticket], collect: Ticket) {
        var returns = [try store.issue("R", at: Clock.at(1))]
        #expect(try store.call(desk: 1, service: "R", at: Clock.at(2)).id == returns[0].id)
        _ = try store.perform(.park(ticket: returns[0].id), at: Clock.at(3))
        returns.append(try store.issue("R", at: Clock.at(4)))
        let collect = try store.issue("C", at: Clock.at(5))
        for second in 6..<12 { returns.append(try store.issue("R", at: Clock.at(TimeInterval(second)))) }
        return (returns, collect)
    }

    @Test(arguments: StoreFactory.all)
    func removingAServiceWithTicketsWaitingIsRefusedAndWritesNothing(factory: StoreFactory) throws {
        let handle = try factory.make()
        let store = handle.store
        _ = try returnsWaiting(store)
        let refusal = StoreError.refused(.ticketsWouldWait([StrandedService(code: "R", name: "Returns", count: 8)]))
        let before = try store.lastEventID()
        #expect(throws: refusal) { _ = try store.perform(.removeService("R"), at: Clock.at(20)) }
        #expect(try store.lastEventID() == before)
        // Taking R off every desk is the same refusal.
        for number: DeskNumber in [1, 2] {
            _ = try store.perform(.setDesk(Desk(number: number, name: "Desk \(number.rawValue)", services: ["C", "S"])),
                                  at: Clock.at(21))
        }
        let last = try store.lastEventID()
        #expect(throws: refusal) {
            _ = try store.perform(.setDesk(Desk(number: 3, name: "Desk 3", services: ["C", "S"])), at: Clock.at(22))
        }
        let other = try handle.reopen()
        #expect(try other.lastEventID() == last)
        #expect(try other.configuration().services["R"] != nil)
        #expect(try other.desks().first { $0.number == 3 }?.allowedServices.contains("R") == true)
    }

    @Test(arguments: StoreFactory.all)
    func theTransferMovesEveryTicketByArrivalAndRemovesTheService(factory: StoreFactory) throws {
        let handle = try factory.make()
        let (returns, collect) = try returnsWaiting(handle.store)
        let result = try handle.store.perform(.removeService("R", transferTo: "C"), at: Clock.at(30))
        #expect(result.events.filter { $0.event.kind == .ticketTransferred }.compactMap(\.event.ticket)
                == returns.map(\.id))

        let store = try handle.reopen()
        for ticket in returns {
            let row = try #require(try store.ticket(ticket.id))
            #expect(row.service == "C" && row.issuedService == "R" && row.code == ticket.code)
            #expect(row.transfers.map(\.position) == [.arrival])
            #expect(row.state == (ticket.id == returns[0].id ? .parked : .waiting), "\(row.code)")
        }
        #expect(try store.configuration().services["R"] == nil)
        #expect(try store.desks().allSatisfy { !$0.allowedServices.contains("R") })
        // Called by arrival: R002 (issued at 4 s), C001 (5 s), then R003 …; R001 stays parked.
        var called: [String] = []
        for second in 40..<48 {
            let ticket = try store.call(desk: 2, at: Clock.at(TimeInterval(second)))
            called.append(ticket.code)
            _ = try store.perform(.start(ticket: ticket.id), at: Clock.at(TimeInterval(second)))
            _ = try store.perform(.complete(ticket: ticket.id), at: Clock.at(TimeInterval(second)))
        }
        #expect(called == [returns[1].code, collect.code] + returns[2...7].map(\.code))
        #expect(try store.ticket(returns[0].id)?.state == .parked)
    }

    @Test(arguments: StoreFactory.all)
    func aDeskTheFileNoLongerDefinesIsDeletedOnceClosed(factory: StoreFactory) throws {
        let handle = try factory.make()  // seeded with desks 1 to 3, open
        let store = handle.store
        let configuration = try store.configuration()
        let desks = try store.desks().filter { $0.number != 3 }.map { Desk(number: $0.number, name: $0.name, services: $0.allowedServices) }
        let twoDesks = StoreSetup(configuration: configuration, desks: desks)
        _ = try store.perform(.applySetup(twoDesks), at: Clock.at(1))
        #expect(try handle.reopen().desks().map(\.number) == [1, 2, 3], "open: it stays until nobody works at it")
        _ = try store.perform(.closeDesk(3), at: Clock.at(2))
        let result = try store.perform(.applySetup(twoDesks), at: Clock.at(3))
        #expect(result.events.map(\.event.kind).contains(.deskRemoved))
        let other = try handle.reopen()
        #expect(try other.desks().map(\.number) == [1, 2])
        #expect(try other.latestEvent(of: .deskRemoved)?.event.desk == 3)
        #expect(try other.perform(.applySetup(twoDesks), at: Clock.at(4)).events.isEmpty, "once")
    }
}
