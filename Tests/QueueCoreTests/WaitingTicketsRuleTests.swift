import Foundation
import Testing
@testable import QueueCore

/// `WaitingTicketsRule`: a change to services or desks never leaves tickets no desk can call.
@Suite struct WaitingTicketsRuleTests {
    private func returns(_ count: Int) -> QueueError {
        .ticketsWouldWait([StrandedService(code: "R", name: "Returns", count: count)])
    }

    /// Desks 1 and 3 call from R; with two R tickets waiting.
    private func withReturnsWaiting(_ count: Int = 2) throws -> Harness {
        var harness = Harness()
        for _ in 0..<count { _ = try harness.issue("R") }
        return harness
    }

    @Test func takingAServiceOffTheLastDeskThatCallsItIsRefused() throws {
        var harness = try withReturnsWaiting()
        try harness.run(.setDesk(Desk(number: 1, name: "Desk 1", services: ["C"])))  // desk 3 still calls R
        let before = harness.state
        #expect(throws: returns(2)) {
            try harness.run(.setDesk(Desk(number: 3, name: "Desk 3", services: ["C", "S"])))
        }
        #expect(harness.state == before)
    }

    @Test func aParkedTicketCountsAndOneAtADeskDoesNot() throws {
        var harness = try withReturnsWaiting(1)
        let parked = try harness.call(1, service: "R")
        try harness.run(.park(ticket: parked.id))
        _ = try harness.issue("R")
        let held = try harness.call(3, service: "R")
        #expect(harness.state.tickets[held.id]?.state == .called)
        // Parked: resumed into R's lane, so it needs a desk calling R. Called: desk 3 finishes it.
        #expect(throws: returns(1)) {
            try harness.run(.configure({ var c = harness.state.configuration; c.services["R"] = nil; return c }()))
        }
    }

    @Test func aConfigurationWithoutTheServiceIsRefused() throws {
        var harness = try withReturnsWaiting(3)
        var configuration = harness.state.configuration
        configuration.services["R"] = nil
        #expect(throws: returns(3)) { try harness.run(.configure(configuration)) }
    }

    @Test func aServiceNobodyWaitsForCanGo() throws {
        var harness = Harness()
        try harness.run(.setDesk(Desk(number: 1, name: "Desk 1", services: ["C"])))
        try harness.run(.setDesk(Desk(number: 3, name: "Desk 3", services: ["C", "S"])))
        #expect(harness.state.desks.values.allSatisfy { !$0.allowedServices.contains("R") })
    }

    @Test func closingAServiceLeavesItsTicketsCallable() throws {
        var harness = try withReturnsWaiting(2)
        try harness.run(.closeService("R"))
        #expect(try harness.call(1).service == "R")
        #expect(try harness.serveNext(3) == "R002")
    }

    @Test func aStaffChoiceDoesNotHideWhatADeskAllows() throws {
        var harness = try withReturnsWaiting(1)
        try harness.run(.chooseServices(desk: 3, services: ["C"]))
        try harness.run(.setDesk(Desk(number: 1, name: "Desk 1", services: ["C"])))  // desk 3 still allows R
        #expect(harness.state.desks[3]?.allowedServices.contains("R") == true)
    }

    // MARK: Removing a service

    @Test func removingAServiceWhileTicketsWaitIsRefusedWithTheCount() throws {
        var harness = try withReturnsWaiting(8)
        let before = harness.state
        #expect(throws: returns(8)) { try harness.run(.removeService("R")) }
        #expect(harness.state == before)
        #expect(returns(8).description.hasPrefix("8 tickets wait for R (Returns)"))
    }

    @Test func theOfferedTransferMovesEveryTicketByArrival() throws {
        var harness = Harness()
        _ = try harness.issue("R")
        let parked = try harness.call(1, service: "R")
        try harness.run(.park(ticket: parked.id))
        let first = try harness.issue("R")
        let collect = try harness.issue("C")
        let last = try harness.issue("R")
        let events = try harness.run(.removeService("R", transferTo: "C", staff: 2))

        #expect(events.filter { $0.kind == .ticketTransferred }.count == 3)
        #expect(events.allSatisfy { $0.staff == 2 })
        let state = harness.state
        #expect(state.configuration.services["R"] == nil)
        #expect(state.desks.values.allSatisfy { !$0.allowedServices.contains("R") })
        #expect(state.desks[1]?.allowedServices == ["C"])
        for id in [first.id, parked.id, last.id] { #expect(state.tickets[id]?.service == "C") }
        #expect(state.tickets[parked.id]?.state == .parked, "set aside, still")
        // Everyone keeps the place their arrival gives them: R first, the C ticket, R last.
        let lane = state.waiting(in: Lane(service: "C", priority: .normal)).sorted(by: QueueState.laneOrder)
        #expect(lane.map(\.id) == [first.id, collect.id, last.id])
        #expect(lane.map(\.code) == ["R002", "C001", "R003"], "the customers keep their codes")
        #expect(QueueState.replay(harness.events) == state)
    }

    @Test func removingAServiceWaitsForTheDeskThatHoldsItsTicket() throws {
        var harness = try withReturnsWaiting(1)
        let held = try harness.call(1)
        #expect(throws: QueueError.deskBusy(1, ticket: held.code)) {
            try harness.run(.removeService("R", transferTo: "C"))
        }
    }

    @Test func theTargetMustBeCalledByADesk() throws {
        var harness = try withReturnsWaiting(2)
        try harness.run(.setService(Service(code: "X", name: "Express")))
        #expect(throws: QueueError.ticketsWouldWait([StrandedService(code: "X", name: "Express", count: 2)])) {
            try harness.run(.removeService("R", transferTo: "X"))
        }
        #expect(throws: QueueError.serviceNotFound("Q")) { try harness.run(.removeService("R", transferTo: "Q")) }
        #expect(throws: QueueError.serviceNotFound("Q")) { try harness.run(.removeService("Q")) }
    }

    @Test func aDeskLeftWithNoServiceIsRefused() throws {
        var harness = Harness()
        try harness.run(.setDesk(Desk(number: 4, name: "Returns counter", services: ["R"])))
        #expect(throws: QueueError.invalidConfiguration(.deskWithoutServices(4))) {
            try harness.run(.removeService("R"))
        }
    }

    @Test func ticketsAlreadyStrandedDoNotBlockOtherChangesAndCanBeMoved() throws {
        var harness = try withReturnsWaiting(2)
        // As an older build left it: R gone from the configuration and the desks.
        var configuration = harness.state.configuration
        configuration.services["R"] = nil
        for (number, services) in [(1, ["C"]), (3, ["C", "S"])] as [(DeskNumber, [ServiceCode])] {
            evolve(&harness.state, with: Event(desk: number, time: harness.clock,
                details: .deskConfigured(Desk(number: number, name: "Desk \(number.rawValue)", services: services))))
        }
        evolve(&harness.state, with: Event(time: harness.clock, details: .storeConfigured(configuration)))
        try harness.run(.setDesk(Desk(number: 2, name: "Front", services: ["C", "S"])))
        #expect(throws: returns(2).renamed("R")) { try harness.run(.removeService("R")) }
        try harness.run(.removeService("R", transferTo: "S"))
        #expect(try harness.serveNext(2, service: "S") == "R001")
    }

    @Test func theDecisionsOnASliceAreTheFullStates() throws {
        var harness = try withReturnsWaiting(3)
        let commands: [Command] = [
            .removeService("R"), .removeService("R", transferTo: "C"),
            .setDesk(Desk(number: 1, name: "Desk 1", services: ["C"])),
            .applySetup(StoreSetup(configuration: testConfiguration(), deskCount: 1)),
        ]
        for command in commands {
            let full = Result { () throws(QueueError) in try decide(command, state: harness.state, at: harness.clock) }
            let slice = harness.state.slice(for: command, at: harness.clock)
            let sliced = Result { () throws(QueueError) in try decide(command, state: slice, at: harness.clock) }
            #expect(sliced == full, "\(command)")
        }
        _ = try harness.run(.removeService("R", transferTo: "C"))
    }
}

extension QueueError {
    /// The same refusal with the stranded services named by their code (the store forgot them).
    fileprivate func renamed(_ name: String) -> QueueError {
        guard case .ticketsWouldWait(let services) = self else { return self }
        return .ticketsWouldWait(services.map { StrandedService(code: $0.code, name: name, count: $0.count) })
    }
}
