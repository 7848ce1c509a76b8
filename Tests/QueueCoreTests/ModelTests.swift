import Foundation
import QueueCore
import Testing

/// Validation, replay and encoding.
struct ModelTests {
    @Test(arguments: ["C", "CS", "ABC"])
    func validPrefixes(_ text: String) throws {
        #expect(try ServiceCode(validating: text).rawValue == text)
    }

    @Test(arguments: ["", "c", "ABCD", "C1", "É", "C ", "ÄB"])
    func invalidPrefixes(_ text: String) {
        #expect(throws: ConfigurationError.invalidPrefix(text)) { try ServiceCode(validating: text) }
    }

    @Test func serviceAndConfigurationRules() {
        func check(_ service: Service) -> ConfigurationError? {
            do { try ConfigurationValidator.check(service); return nil } catch { return error }
        }
        let base = Service(code: "C", name: "Click & Collect", colour: "#2E7D32")
        #expect(check(base) == nil)
        var s = base; s.name = "  "
        #expect(check(s) == .emptyName("C"))
        s = base; s.colour = "green"
        #expect(check(s) == .invalidColour("C", "green"))
        s = base; s.dailyCap = 0
        #expect(check(s) == .invalidDailyCap("C", 0))
        s = base; s.priorityWeight = 101
        #expect(check(s) == .invalidPriorityWeight("C", 101))
        s = base; s.numbering = NumberingRule(start: 1, width: 2, wrapBound: 100)
        #expect(check(s) == .invalidNumbering(start: 1, width: 2, wrapBound: 100))
        s = base; s.numbering = NumberingRule(start: 5, width: 3, wrapBound: 5)
        #expect(check(s) == .invalidNumbering(start: 5, width: 3, wrapBound: 5))
        s = base; s.openingHours = OpeningHours(opens: TimeOfDay(hour: 24), closes: TimeOfDay(hour: 2))
        #expect(check(s) == .invalidTime(hour: 24, minute: 0))

        var configuration = testConfiguration()
        configuration.fairness.maxOvertakes = -1
        #expect(throws: ConfigurationError.invalidFairness(headStart: 600, maxOvertakes: -1)) {
            try ConfigurationValidator.check(configuration)
        }
        configuration = testConfiguration()
        configuration.businessDayStart = TimeOfDay(hour: 4, minute: 60)
        #expect(throws: ConfigurationError.invalidTime(hour: 4, minute: 60)) {
            try ConfigurationValidator.check(configuration)
        }
        #expect(throws: Never.self) { try ConfigurationValidator.check(StoreConfiguration.demo(timeZone: london)) }
    }

    @Test func openingHoursMayRunPastMidnight() {
        let late = OpeningHours(opens: TimeOfDay(hour: 20), closes: TimeOfDay(hour: 2))
        #expect(late.contains(secondsSinceMidnight: 23 * 3600))
        #expect(late.contains(secondsSinceMidnight: 3600))
        #expect(!late.contains(secondsSinceMidnight: 2 * 3600))
        #expect(!late.contains(secondsSinceMidnight: 12 * 3600))
    }

    @Test func replayRebuildsTheStateAndEventsRoundTripThroughJSON() throws {
        var h = Harness()
        let a = try h.issue("C")
        _ = try h.issue("R", .priority)
        try h.run(.callNext(desk: 1))
        try h.run(.transfer(ticket: a.id, to: "S", position: .arrival))
        try h.run(.callNext(desk: 2))
        try h.run(.park(ticket: a.id))
        _ = try h.issue("R", .priority)
        #expect(QueueState.replay(h.events) == h.state)
        // Replaying part of the log and then the rest gives the same state.
        let middle = QueueState.replay(h.events.prefix(10))
        #expect(QueueState.replay(h.events.dropFirst(10), from: middle) == h.state)

        let data = try JSONEncoder().encode(h.events)
        let decoded = try storedFormDecoder().decode([Event].self, from: data)
        #expect(decoded == h.events)
        #expect(QueueState.replay(decoded) == h.state)
        let stateData = try JSONEncoder().encode(h.state)
        let decodedState = try storedFormDecoder().decode(QueueState.self, from: stateData)
        #expect(decodedState == h.state)
        // The lane index is rebuilt on decoding: the decoded state calls the same ticket.
        #expect(decodedState.head(of: Lane(service: "R", priority: .priority)) != nil)
        #expect(try decide(.callNext(desk: 3), state: decodedState, at: h.clock)
            == decide(.callNext(desk: 3), state: h.state, at: h.clock))
    }

    @Test func identifiersEncodeAsPlainValues() throws {
        let encoded = try JSONEncoder().encode([ServiceCode("C")])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["C"]"#)
        let day = try JSONEncoder().encode([BusinessDay(year: 2027, month: 3, day: 28)])
        #expect(String(decoding: day, as: UTF8.self) == #"["2027-03-28"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([BusinessDay].self, from: Data(#"["2027-02-30"]"#.utf8)) }
        #expect(EventKind.allCases.count == 27)
    }

    @Test func sliceOfIssueHoldsNoTickets() throws {
        var h = Harness()
        for _ in 0..<50 { _ = try h.issue("C") }
        let command = Command.issue(service: "C")
        let slice = h.state.slice(for: command, at: h.clock)
        #expect(slice.tickets.isEmpty)
        #expect(try decide(command, state: slice, at: h.clock) == decide(command, state: h.state, at: h.clock))
        let call = Command.callNext(desk: 1)
        #expect(h.state.lanesNeeded(for: call) == Set(Lane.lanes(of: "C") + Lane.lanes(of: "R")))
        #expect(h.state.slice(for: call, at: h.clock).tickets.count == 1)
    }

    /// Desks calling from normal lanes lock no counter row in a store (they would wait for each
    /// other on it); a priority head brings its service's counter, which fairness reads and the
    /// priority call writes.
    @Test func callNextReadsACounterOnlyWhereAPriorityTicketWaits() throws {
        var h = Harness()
        let day = h.state.configuration.calendar.businessDay(containing: h.clock)
        _ = try h.issue("C")
        _ = try h.issue("R")
        let call = Command.callNext(desk: 1)
        #expect(h.state.slice(for: call, at: h.clock).counters.isEmpty)
        let priority = try h.issue("R", .priority)
        let slice = h.state.slice(for: call, at: h.clock)
        #expect(Set(slice.counters.keys) == [CounterKey(day: day, service: "R")])
        #expect(try decide(call, state: slice, at: h.clock) == decide(call, state: h.state, at: h.clock))
        #expect(try h.run(call).contains { $0.kind == .ticketCalled && $0.ticket == priority.id })
        #expect(h.state.counter(day: day, service: "R").recentPriorityArrivals == [priority.arrivalKey])
    }
}
