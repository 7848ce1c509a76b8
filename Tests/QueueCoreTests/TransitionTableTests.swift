import Foundation
import QueueCore
import Testing

/// The ticket state machine as one table: every command from every state.
struct TransitionTableTests {
    enum Action: String, CaseIterable, CustomStringConvertible {
        case call, recall, start, complete, noShow, reactivate, transfer, park, resumeToQueue
        case resumeToDesk, cancel
        var description: String { rawValue }

        /// The command for ticket `id`; calls and resumes go to desk 2, which is free.
        func command(_ id: TicketID) -> Command {
            switch self {
            case .call: .callNext(desk: 2)
            case .recall: .recall(ticket: id)
            case .start: .start(ticket: id)
            case .complete: .complete(ticket: id, outcome: .served)
            case .noShow: .noShow(ticket: id)
            case .reactivate: .reactivate(ticket: id)
            case .transfer: .transfer(ticket: id, to: "R", position: .back)
            case .park: .park(ticket: id)
            case .resumeToQueue: .resume(ticket: id, to: .queue(.front))
            case .resumeToDesk: .resume(ticket: id, to: .desk(2))
            case .cancel: .cancel(ticket: id)
            }
        }
    }

    enum Expected: Equatable, CustomStringConvertible {
        case state(TicketState)
        /// Refused because the ticket's state does not allow it.
        case notAllowed(TicketAction)
        case error(QueueError)
        var description: String {
            switch self {
            case .state(let state): "→ \(state.rawValue)"
            case .notAllowed(let action): "refused (\(action.rawValue))"
            case .error(let error): "refused: \(error)"
            }
        }
    }

    struct Row: CustomStringConvertible, Sendable {
        let from: TicketState
        let action: Action
        let expected: Expected
        var description: String { "\(from.rawValue) + \(action) \(expected)" }
        init(_ from: TicketState, _ action: Action, _ expected: Expected) {
            self.from = from
            self.action = action
            self.expected = expected
        }
    }

    static let nothing = Expected.error(.nothingWaiting(2))

    /// Every (state, action) pair: 8 states × 11 actions.
    static let table: [Row] = [
        Row(.waiting, .call, .state(.called)),
        Row(.waiting, .recall, .notAllowed(.recall)),
        Row(.waiting, .start, .notAllowed(.start)),
        Row(.waiting, .complete, .notAllowed(.complete)),
        Row(.waiting, .noShow, .notAllowed(.noShow)),
        Row(.waiting, .reactivate, .notAllowed(.reactivate)),
        Row(.waiting, .transfer, .state(.waiting)),
        Row(.waiting, .park, .notAllowed(.park)),
        Row(.waiting, .resumeToQueue, .notAllowed(.resume)),
        Row(.waiting, .resumeToDesk, .notAllowed(.resume)),
        Row(.waiting, .cancel, .state(.cancelled)),

        Row(.called, .call, nothing),  // never called twice while called
        Row(.called, .recall, .state(.called)),
        Row(.called, .start, .state(.serving)),
        Row(.called, .complete, .notAllowed(.complete)),
        Row(.called, .noShow, .state(.noShow)),
        Row(.called, .reactivate, .notAllowed(.reactivate)),
        Row(.called, .transfer, .state(.waiting)),
        Row(.called, .park, .state(.parked)),
        Row(.called, .resumeToQueue, .notAllowed(.resume)),
        Row(.called, .resumeToDesk, .notAllowed(.resume)),
        Row(.called, .cancel, .state(.cancelled)),

        Row(.serving, .call, nothing),
        Row(.serving, .recall, .notAllowed(.recall)),
        Row(.serving, .start, .notAllowed(.start)),
        Row(.serving, .complete, .state(.completed)),
        Row(.serving, .noShow, .notAllowed(.noShow)),
        Row(.serving, .reactivate, .notAllowed(.reactivate)),
        Row(.serving, .transfer, .state(.waiting)),
        Row(.serving, .park, .state(.parked)),
        Row(.serving, .resumeToQueue, .notAllowed(.resume)),
        Row(.serving, .resumeToDesk, .notAllowed(.resume)),
        Row(.serving, .cancel, .state(.cancelled)),

        Row(.parked, .call, nothing),
        Row(.parked, .recall, .notAllowed(.recall)),
        Row(.parked, .start, .notAllowed(.start)),
        Row(.parked, .complete, .notAllowed(.complete)),
        Row(.parked, .noShow, .notAllowed(.noShow)),
        Row(.parked, .reactivate, .notAllowed(.reactivate)),
        Row(.parked, .transfer, .notAllowed(.transfer)),
        Row(.parked, .park, .notAllowed(.park)),
        Row(.parked, .resumeToQueue, .state(.waiting)),
        Row(.parked, .resumeToDesk, .state(.serving)),
        Row(.parked, .cancel, .state(.cancelled)),
    ] + closedRows

    /// Final states refuse everything except a no-show's reactivation.
    static let closedRows: [Row] = [TicketState.completed, .noShow, .cancelled, .closedAtDayEnd]
        .flatMap { state in
            Action.allCases.map { action -> Row in
                switch action {
                case .call: Row(state, action, nothing)
                case .reactivate where state == .noShow: Row(state, action, .state(.waiting))
                default: Row(state, action, .notAllowed(ticketAction(action)))
                }
            }
        }

    static func ticketAction(_ action: Action) -> TicketAction {
        switch action {
        case .call: .call
        case .recall: .recall
        case .start: .start
        case .complete: .complete
        case .noShow: .noShow
        case .reactivate: .reactivate
        case .transfer: .transfer
        case .park: .park
        case .resumeToQueue, .resumeToDesk: .resume
        case .cancel: .cancel
        }
    }

    /// A store holding one C ticket in `state`, its id, and the time to act at.
    static func ticket(in state: TicketState) -> (Harness, TicketID) {
        var harness = Harness()
        let id = try! harness.issue("C").id
        switch state {
        case .waiting: break
        case .called: harness.mustRun(.callNext(desk: 1))
        case .serving:
            harness.mustRun(.callNext(desk: 1))
            harness.mustRun(.start(ticket: id))
        case .parked:
            harness.mustRun(.callNext(desk: 1))
            harness.mustRun(.park(ticket: id))
        case .completed:
            harness.mustRun(.callNext(desk: 1))
            harness.mustRun(.start(ticket: id))
            harness.mustRun(.complete(ticket: id))
        case .noShow:
            harness.mustRun(.callNext(desk: 1))
            harness.mustRun(.noShow(ticket: id))
        case .cancelled: harness.mustRun(.cancel(ticket: id))
        case .closedAtDayEnd:
            harness.mustRun(.changeDay, at: utc(2027, 6, 2, 8))
        }
        precondition(harness.state.tickets[id]?.state == state, "fixture did not reach \(state)")
        return (harness, id)
    }

    @Test func tableCoversEveryStateAndAction() {
        let pairs = Set(Self.table.map { "\($0.from.rawValue)/\($0.action.rawValue)" })
        #expect(pairs.count == TicketState.allCases.count * Action.allCases.count)
        #expect(Self.table.count == pairs.count)
    }

    @Test(arguments: table)
    func transition(_ row: Row) throws {
        var (harness, id) = Self.ticket(in: row.from)
        let before = harness.state
        let result: Result<[Event], QueueError>
        do {
            result = .success(try harness.run(row.action.command(id)))
        } catch {
            result = .failure(error)
        }
        switch (row.expected, result) {
        case (.state(let expected), .success(let events)):
            #expect(!events.isEmpty)
            #expect(events.allSatisfy { $0.ticket == id })
            let ticket = try #require(harness.state.tickets[id])
            #expect(ticket.state == expected)
            #expect(ticket.code == before.tickets[id]!.code, "a ticket keeps its code")
            checkDesks(harness.state)
            #expect(QueueState.replay(harness.events) == harness.state)
        case (.notAllowed(let action), .failure(let error)):
            #expect(error == .notAllowed(ticket: "C001", state: row.from, action: action))
            #expect(error.description.contains("C001"))
            #expect(error.description.contains(row.from.description))
            #expect(harness.state == before, "a refused command changes nothing")
        case (.error(let expected), .failure(let error)):
            #expect(error == expected)
            #expect(harness.state == before)
        default:
            Issue.record("\(row): got \(result)")
        }
    }

    /// Desk ↔ ticket links agree: a desk holds exactly the called/serving ticket that names it.
    func checkDesks(_ state: QueueState) {
        for desk in state.desks.values {
            let holding = state.tickets.values.filter { $0.state.isAtDesk && $0.desk == desk.number }
            #expect(holding.count <= 1)
            #expect(desk.currentTicket == holding.first?.id)
        }
    }

    @Test func transferredCalledTicketFreesDeskAndWaitsInTarget() throws {
        var (harness, id) = Self.ticket(in: .serving)
        try harness.run(.transfer(ticket: id, to: "R", position: .front))
        let ticket = try #require(harness.state.tickets[id])
        #expect(ticket.service == "R" && ticket.issuedService == "C" && ticket.code == "C001")
        #expect(ticket.desk == nil)
        #expect(harness.state.desks[1]?.currentTicket == nil)
        #expect(ticket.transfers == [TransferRecord(
            from: "C", to: "R", position: .front, at: harness.events.last!.time, fromDesk: 1)])
        #expect(try harness.call(1).id == id)
    }

    @Test func recallCountsAndKeepsTheFirstCallTime() throws {
        var (harness, id) = Self.ticket(in: .called)
        let firstCall = harness.state.tickets[id]!.calledAt
        try harness.run(.recall(ticket: id))
        try harness.run(.recall(ticket: id))
        #expect(harness.state.tickets[id]?.recallCount == 2)
        #expect(harness.state.tickets[id]?.calledAt == firstCall)
    }

    @Test func resumeToDeskServesThereAndKeepsFirstStart() throws {
        var (harness, id) = Self.ticket(in: .serving)
        let started = harness.state.tickets[id]!.startedAt
        try harness.run(.park(ticket: id))
        #expect(harness.state.desks[1]?.currentTicket == nil)
        try harness.run(.resume(ticket: id, to: .desk(3)))
        let ticket = try #require(harness.state.tickets[id])
        #expect(ticket.state == .serving && ticket.desk == 3 && ticket.startedAt == started)
        #expect(harness.state.desks[3]?.currentTicket == id)
    }
}
