import Foundation
import QueueCore
import Testing

/// Desk, service and staff rules: each row sets up a store, runs a command, and expects the
/// typed refusal (or success).
struct RuleTests {
    struct Row: CustomStringConvertible, Sendable {
        let name: String
        let setup: @Sendable (inout Harness) -> Void
        let command: Command
        let expected: QueueError?
        var description: String { name }
    }

    static let rows: [Row] = [
        Row(name: "call at a closed desk", setup: { $0.mustRun(.closeDesk(2)) },
            command: .callNext(desk: 2), expected: .deskNotOpen(2, .closed)),
        Row(name: "call at a paused desk", setup: { $0.mustRun(.pauseDesk(2)) },
            command: .callNext(desk: 2), expected: .deskNotOpen(2, .paused)),
        Row(name: "call while holding a ticket",
            setup: { h in _ = try! h.issue("C"); _ = try! h.issue("C"); h.mustRun(.callNext(desk: 2)) },
            command: .callNext(desk: 2), expected: .deskBusy(2, ticket: "C001")),
        Row(name: "call for a service the desk does not serve", setup: { _ = try! $0.issue("R") },
            command: .callNext(desk: 2, service: "R"), expected: .deskDoesNotServe(2, "R")),
        Row(name: "call at an unknown desk", setup: { _ in },
            command: .callNext(desk: 9), expected: .deskNotFound(9)),
        Row(name: "call with nobody waiting", setup: { _ in },
            command: .callNext(desk: 1), expected: .nothingWaiting(1)),
        Row(name: "call by unknown staff", setup: { _ = try! $0.issue("C") },
            command: .callNext(desk: 1, staff: 7), expected: .staffNotFound(7)),
        Row(name: "issue for a closed service", setup: { $0.mustRun(.closeService("R")) },
            command: .issue(service: "R"), expected: .serviceClosed("R")),
        Row(name: "issue for an unknown service", setup: { _ in },
            command: .issue(service: "X"), expected: .serviceNotFound("X")),
        Row(name: "issue over the daily cap",
            setup: { h in
                var s = h.state.configuration.services["S"]!
                s.dailyCap = 2
                h.mustRun(.setService(s))
                _ = try! h.issue("S")
                _ = try! h.issue("S")
            },
            command: .issue(service: "S"), expected: .dailyCapReached("S", cap: 2)),
        Row(name: "issue outside opening hours (08:00 UTC is 09:00 BST)",
            setup: { h in
                var s = h.state.configuration.services["S"]!
                s.openingHours = OpeningHours(opens: TimeOfDay(hour: 10), closes: TimeOfDay(hour: 18))
                h.mustRun(.setService(s))
            },
            command: .issue(service: "S"),
            expected: .outsideOpeningHours("S", OpeningHours(opens: TimeOfDay(hour: 10), closes: TimeOfDay(hour: 18)))),
        Row(name: "issue inside opening hours",
            setup: { h in
                var s = h.state.configuration.services["S"]!
                s.openingHours = OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 18))
                h.mustRun(.setService(s))
            },
            command: .issue(service: "S"), expected: nil),
        Row(name: "close a desk holding a ticket",
            setup: { h in _ = try! h.issue("C"); h.mustRun(.callNext(desk: 1)) },
            command: .closeDesk(1), expected: .deskBusy(1, ticket: "C001")),
        Row(name: "pause a desk holding a ticket (allowed: it finishes it)",
            setup: { h in _ = try! h.issue("C"); h.mustRun(.callNext(desk: 1)) },
            command: .pauseDesk(1), expected: nil),
        Row(name: "open an open desk", setup: { _ in },
            command: .openDesk(1), expected: .deskAlready(1, .open)),
        Row(name: "pause a closed desk", setup: { $0.mustRun(.closeDesk(1)) },
            command: .pauseDesk(1), expected: .deskNotOpen(1, .closed)),
        Row(name: "close a closed desk", setup: { $0.mustRun(.closeDesk(1)) },
            command: .closeDesk(1), expected: .deskAlready(1, .closed)),
        Row(name: "open a paused desk", setup: { $0.mustRun(.pauseDesk(1)) },
            command: .openDesk(1, staff: 2), expected: nil),
        Row(name: "open an open service", setup: { _ in },
            command: .openService("C"), expected: .serviceAlready("C", open: true)),
        Row(name: "transfer to the same service", setup: { _ = try! $0.issue("C") },
            command: .transfer(ticket: 1, to: "C"), expected: .transferToSameService(ticket: "C001", "C")),
        Row(name: "transfer to an unknown service", setup: { _ = try! $0.issue("C") },
            command: .transfer(ticket: 1, to: "Q"), expected: .serviceNotFound("Q")),
        Row(name: "act on an unknown ticket", setup: { _ in },
            command: .start(ticket: 42), expected: .ticketNotFound(42)),
        Row(name: "resume to a busy desk",
            setup: { h in
                _ = try! h.issue("C"); _ = try! h.issue("C")
                h.mustRun(.callNext(desk: 1)); h.mustRun(.park(ticket: 1)); h.mustRun(.callNext(desk: 2))
            },
            command: .resume(ticket: 1, to: .desk(2)), expected: .deskBusy(2, ticket: "C002")),
        Row(name: "desk with an unknown service", setup: { _ in },
            command: .setDesk(Desk(number: 4, name: "Desk 4", services: ["Q"])),
            expected: .invalidConfiguration(.unknownService("Q"))),
        Row(name: "service with a bad prefix", setup: { _ in },
            command: .setService(Service(code: "c1", name: "Bad")),
            expected: .invalidConfiguration(.invalidPrefix("c1"))),
        Row(name: "configuration dropping a service a desk serves", setup: { _ in },
            command: .configure(StoreConfiguration(timeZone: london, services: [Service(code: "C", name: "C")])),
            expected: .invalidConfiguration(.unknownService("R"))),
        Row(name: "reactivate a no-show whose number is in use again",
            setup: { h in
                let numbering = NumberingRule(start: 1, width: 3, wrapBound: 2)
                var s = h.state.configuration.services["S"]!
                s.numbering = numbering
                h.mustRun(.setService(s))
                _ = try! h.issue("S")  // S001
                h.mustRun(.callNext(desk: 2))
                h.mustRun(.noShow(ticket: 1))
                _ = try! h.issue("S")  // S002
                _ = try! h.issue("S")  // S001 again: the no-show released it
            },
            command: .reactivate(ticket: 1), expected: .numberInUse(ticket: "S001")),
        Row(name: "reactivate yesterday's no-show",
            setup: { h in
                _ = try! h.issue("C")
                h.mustRun(.callNext(desk: 1))
                h.mustRun(.noShow(ticket: 1))
                h.mustRun(.changeDay, at: utc(2027, 6, 2, 8))
            },
            command: .reactivate(ticket: 1),
            expected: .ticketFromEarlierDay(ticket: "C001", day: BusinessDay(year: 2027, month: 6, day: 1))),
    ]

    @Test(arguments: rows)
    func rule(_ row: Row) {
        var harness = Harness()
        row.setup(&harness)
        let before = harness.state
        do {
            try harness.run(row.command)
            #expect(row.expected == nil, "accepted, expected \(String(describing: row.expected))")
        } catch {
            #expect(error == row.expected)
            #expect(harness.state == before)
            #expect(!error.description.isEmpty && error.description.hasSuffix("."))
        }
    }

    @Test func everyErrorDescriptionIsASentence() {
        let samples: [QueueError] = [
            .ticketNotFound(1), .deskNotFound(1), .serviceNotFound("C"), .staffNotFound(1),
            .notAllowed(ticket: "C001", state: .completed, action: .start), .deskNotOpen(1, .closed),
            .deskBusy(1, ticket: "C001"), .deskAlready(1, .open), .deskDoesNotServe(1, "S"),
            .nothingWaiting(1), .serviceClosed("C"), .serviceAlready("C", open: false),
            .outsideOpeningHours("C", OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17))),
            .dailyCapReached("C", cap: 5), .noFreeNumber("C"), .numberInUse(ticket: "C001"),
            .ticketFromEarlierDay(ticket: "C001", day: BusinessDay(year: 2027, month: 1, day: 1)),
            .transferToSameService(ticket: "C001", "C"), .invalidConfiguration(.emptyStoreName),
        ]
        for error in samples {
            #expect(error.description.first?.isUppercase == true, "\(error)")
            #expect(error.description.hasSuffix("."), "\(error)")
        }
        #expect(QueueError.notAllowed(ticket: "C001", state: .waiting, action: .start).description
            == "Ticket C001 is waiting, so it cannot be started: service starts only for a called ticket.")
    }

    @Test func staffDefaultsToWhoOpenedTheDesk() throws {
        var harness = Harness(openDesks: [])
        harness.mustRun(.openDesk(1, staff: 2))
        _ = try harness.issue("C")
        let called = try harness.run(.callNext(desk: 1))
        #expect(called.first?.staff == 2)
        #expect(harness.state.tickets[1]?.staff == 2)
        let started = try harness.run(.start(ticket: 1, staff: 1))
        #expect(started.first?.staff == 1)
    }
}
