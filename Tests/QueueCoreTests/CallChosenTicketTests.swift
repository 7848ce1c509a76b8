import Foundation
import QueueCore
import Testing

/// `call(ticket:desk:)`: staff pick a waiting ticket from the list, out of call order.
struct CallChosenTicketTests {
    @Test(arguments: TicketState.allCases)
    func onlyAWaitingTicketCanBeChosen(_ state: TicketState) throws {
        var (harness, id) = TransitionTableTests.ticket(in: state)
        let result = Result { () throws(QueueError) in try harness.run(.call(ticket: id, desk: 2)) }
        if state == .waiting {
            #expect(harness.state.tickets[id]?.state == .called)
            #expect(harness.state.tickets[id]?.desk == 2)
            #expect(harness.state.desks[2]?.currentTicket == id)
        } else {
            let code = harness.state.tickets[id]!.code
            #expect(throws: QueueError.notAllowed(ticket: code, state: state, action: .call)) { try result.get() }
        }
    }

    @Test func callsTheChosenTicketOutOfOrderAndRecordsTheStaffMember() throws {
        var harness = Harness()
        let first = try harness.issue("C").id
        let second = try harness.issue("C").id
        let events = harness.mustRun(.call(ticket: second, desk: 1, staff: 2))
        #expect(events.map(\.staff) == [2])
        #expect(harness.state.tickets[second]?.state == .called)
        #expect(harness.state.tickets[first]?.state == .waiting, "the head of the lane keeps waiting")
    }

    @Test func theDeskRulesOfCallNextApply() throws {
        var harness = Harness()
        let ticket = try harness.issue("S").id
        #expect(throws: QueueError.deskDoesNotServe(1, "S")) { try harness.run(.call(ticket: ticket, desk: 1)) }
        let other = try harness.issue("C").id
        harness.mustRun(.callNext(desk: 2))
        #expect(throws: QueueError.deskBusy(2, ticket: "S001")) { try harness.run(.call(ticket: other, desk: 2)) }
        harness.mustRun(.pauseDesk(3))
        #expect(throws: QueueError.deskNotOpen(3, .paused)) { try harness.run(.call(ticket: other, desk: 3)) }
    }

    @Test func aTicketTakenByAnotherDeskCannotBeCalledAgain() throws {
        var harness = Harness()
        let ticket = try harness.issue("C").id
        harness.mustRun(.call(ticket: ticket, desk: 1))
        #expect(throws: QueueError.notAllowed(ticket: "C001", state: .called, action: .call)) {
            try harness.run(.call(ticket: ticket, desk: 2))
        }
    }
}
