import Foundation
import QueueCore
import Testing

struct NumberingTests {
    func harness(start: Int = 1, width: Int = 3, wrapBound: Int = 3) -> Harness {
        var harness = Harness()
        var service = harness.state.configuration.services["R"]!
        service.numbering = NumberingRule(start: start, width: width, wrapBound: wrapBound)
        harness.mustRun(.setService(service))
        return harness
    }

    @Test func defaultsArePaddedToThreeDigitsAndCountFromOne() throws {
        var harness = Harness()
        let codes = try (1...12).map { _ in try harness.issue("S").code }
        #expect(codes.first == "S001" && codes.last == "S012")
        #expect(NumberingRule().code(prefix: "CS", number: 7) == "CS007")
        #expect(NumberingRule(width: 4).code(prefix: "C", number: 12345) == "C12345")
    }

    @Test func wrapsAroundAndKeepsTheSequenceGrowing() throws {
        var harness = harness(start: 1, width: 2, wrapBound: 3)
        var seen: [(String, Int64)] = []
        for _ in 0..<7 {
            let ticket = try harness.issue("R")
            seen.append((ticket.code, ticket.sequence))
            try harness.run(.cancel(ticket: ticket.id))  // frees the number at once
        }
        #expect(seen.map(\.0) == ["R01", "R02", "R03", "R01", "R02", "R03", "R01"])
        #expect(seen.map(\.1) == Array(1...7))
    }

    @Test func skipsNumbersStillHeldByOpenTickets() throws {
        var harness = harness(wrapBound: 4)
        let first = try harness.issue("R")  // R001, stays open
        let second = try harness.issue("R")  // R002
        _ = try harness.issue("R")  // R003, stays open
        _ = try harness.issue("R")  // R004
        try harness.run(.cancel(ticket: second.id))
        try harness.run(.cancel(ticket: TicketID(rawValue: 4)))
        // Sequence 5 would show 001 (held by the first ticket): skipped, 6 shows 002.
        let next = try harness.issue("R")
        #expect(next.code == "R002" && next.sequence == 6)
        #expect(harness.state.counter(day: next.businessDay, service: "R").nextSequence == 7)
        // Sequence 7 shows 003 (held), 8 shows 004.
        #expect(try harness.issue("R").code == "R004")
        #expect(first.code == "R001")
    }

    @Test func refusesWhenEveryNumberIsHeld() throws {
        var harness = harness(wrapBound: 3)
        for _ in 0..<3 { _ = try harness.issue("R") }
        let before = harness.state
        #expect(throws: QueueError.noFreeNumber("R")) { try harness.run(.issue(service: "R")) }
        #expect(harness.state == before)
        try harness.run(.callNext(desk: 1, service: "R"))
        try harness.run(.start(ticket: 1))
        try harness.run(.complete(ticket: 1))
        #expect(try harness.issue("R").code == "R001")
    }

    @Test func customStartAndWidth() throws {
        var harness = harness(start: 0, width: 1, wrapBound: 2)
        let codes = try (0..<3).map { _ in
            let ticket = try harness.issue("R")
            try harness.run(.cancel(ticket: ticket.id))
            return ticket.code
        }
        #expect(codes == ["R0", "R1", "R2"])
    }

    @Test func transferredTicketKeepsItsNumberHeldUnderItsPrefix() throws {
        var harness = harness(wrapBound: 2)
        let first = try harness.issue("R")
        try harness.run(.transfer(ticket: first.id, to: "S"))
        _ = try harness.issue("R")  // R002
        #expect(throws: QueueError.noFreeNumber("R")) { try harness.run(.issue(service: "R")) }
        #expect(harness.state.heldNumbers["R"] == [1, 2])
        #expect(harness.state.heldNumbers["S", default: []].isEmpty)
    }

    @Test func dailyCapCountsIssuedTicketsNotSkippedNumbers() throws {
        var harness = harness(wrapBound: 3)
        var service = harness.state.configuration.services["R"]!
        service.dailyCap = 3
        try harness.run(.setService(service))
        let held = try harness.issue("R")
        let second = try harness.issue("R")
        try harness.run(.cancel(ticket: second.id))
        _ = try harness.issue("R")
        #expect(throws: QueueError.dailyCapReached("R", cap: 3)) { try harness.run(.issue(service: "R")) }
        // The next day the cap starts again (and held R001 is skipped).
        var tomorrow = harness
        tomorrow.mustRun(.changeDay, at: utc(2027, 6, 2, 8))
        #expect(held.state == .waiting)
        #expect(try tomorrow.issue("R").code == "R001")
    }
}
