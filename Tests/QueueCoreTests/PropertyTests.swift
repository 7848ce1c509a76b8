import Foundation
import QueueCore
import Testing

/// ≥ 10 000 random commands with a fixed seed (override: `QUEUECORE_SEED=<n>`, and
/// `QUEUECORE_OPERATIONS=<n>` for longer runs), checking the queue's invariants as it goes.
struct PropertyTests {
    @Test func randomOperationsKeepInvariants() throws {
        let seed = propertySeed(default: 20_271_031)
        let operations = ProcessInfo.processInfo.environment["QUEUECORE_OPERATIONS"].flatMap(Int.init) ?? 10_000
        var configuration = testConfiguration()
        configuration.businessDayStart = TimeOfDay(hour: 1, minute: 30)  // repeated on 2027-10-31
        var simulation = Simulation(seed: seed, start: utc(2027, 10, 29, 20), configuration: configuration)
        var checker = InvariantChecker()
        checker.absorb(simulation.harness.events, before: QueueState())
        var accepted = 0
        var refusals: [String: Int] = [:]

        for step in 0..<operations {
            simulation.advanceClock()
            let command = simulation.nextCommand()
            let state = simulation.harness.state
            let now = simulation.now
            let full = Result { () throws(QueueError) in try decide(command, state: state, at: now) }
            // Slice rule: the store's slice gives the same answer as the whole state.
            let slice = state.slice(for: command, at: now)
            let sliced = Result { () throws(QueueError) in try decide(command, state: slice, at: now) }
            let context = "seed \(seed) step \(step) \(command) (rerun with QUEUECORE_SEED=\(seed))"
            guard sliced == full else {
                Issue.record("slice decided \(sliced), full state \(full): \(context)")
                return
            }
            switch full {
            case .failure(let error):
                refusals[Mirror(reflecting: error).children.first?.label ?? "\(error)", default: 0] += 1
                #expect(!error.description.isEmpty)
            case .success(let events):
                accepted += 1
                var next = state
                for event in events { evolve(&next, with: event) }
                if case .issue = command { simulation.issued.append(events[0].ticket!) }
                simulation.harness.state = next
                simulation.harness.events += events
                checker.absorb(events, before: state)
                checker.checkTouched(events, in: next)
            }
            if !checker.failures.isEmpty || (step + 1) % 2000 == 0 {
                checker.checkEverything(simulation.harness)
            }
            guard checker.failures.isEmpty else {
                for failure in checker.failures { Issue.record("\(failure): \(context)") }
                return
            }
        }
        checker.checkEverything(simulation.harness)
        for failure in checker.failures { Issue.record("\(failure): seed \(seed) at the end") }
        let days = Set(simulation.harness.state.tickets.values.map(\.businessDay)).count
        // The run must exercise the queue, not just be refused: enough of each kind happened.
        let kinds = Dictionary(grouping: simulation.harness.events, by: \.kind).mapValues(\.count)
        #expect(accepted > operations / 3, "accepted \(accepted), refused \(refusals)")
        #expect(days >= 5, "the run should cross several business days")
        // The run keeps its desks and services (`deskRemoved`: StoreSetupTests, WaitingTicketsRuleTests).
        for kind in EventKind.allCases where kind != .deskConfigured && kind != .serviceConfigured
            && kind != .staffRegistered && kind != .deskRemoved
        {
            #expect(kinds[kind, default: 0] > 0, "no \(kind) event in the run (seed \(seed))")
        }
        // The state round-trips through JSON (what a store may persist).
        print("QueueCore property run: seed \(seed), \(operations) commands, \(accepted) accepted, "
            + "\(simulation.harness.state.tickets.count) tickets over \(days) business days; events \(kinds.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: " ")); refusals \(refusals.sorted { $0.key < $1.key })")
        let data = try JSONEncoder().encode(simulation.harness.state)
        #expect(try storedFormDecoder().decode(QueueState.self, from: data) == simulation.harness.state)
    }
}

/// Invariants of the queue, checked incrementally after each command and fully from time to time.
struct InvariantChecker {
    var failures: [String] = []
    /// (day, issuing service, sequence) of every ticket ever issued.
    var keys: Set<String> = []
    /// Open display codes and the ticket showing each.
    var openCodes: [String: TicketID] = [:]

    mutating func fail(_ message: String) { failures.append(message) }

    /// Checks each event against the state before it.
    mutating func absorb(_ events: [Event], before: QueueState) {
        var state = before
        for event in events {
            switch event.details {
            case .ticketIssued(let issued):
                let key = "\(issued.businessDay)/\(issued.service)/\(issued.sequence)"
                if !keys.insert(key).inserted { fail("duplicate (day, service, sequence) \(key)") }
                if state.tickets[event.ticket!] != nil { fail("ticket id \(event.ticket!) reused") }
            case .ticketCalled:
                let prior = state.tickets[event.ticket!]?.state
                if prior != .waiting { fail("called a ticket that was \(String(describing: prior))") }
            default: break
            }
            evolve(&state, with: event)
        }
    }

    /// Invariants about the tickets and desks the events touched.
    mutating func checkTouched(_ events: [Event], in state: QueueState) {
        for id in Set(events.compactMap(\.ticket)) {
            guard let ticket = state.tickets[id] else { continue }
            if ticket.isOpen {
                if let other = openCodes[ticket.code], other != id {
                    fail("open code \(ticket.code) shown by \(other) and \(id)")
                }
                openCodes[ticket.code] = id
            } else if openCodes[ticket.code] == id {
                openCodes[ticket.code] = nil
            }
        }
        checkDesks(state)
    }

    /// A desk holds at most one ticket, and desks and tickets agree about it.
    mutating func checkDesks(_ state: QueueState) {
        for desk in state.desks.values {
            guard let id = desk.currentTicket else { continue }
            guard let ticket = state.tickets[id], ticket.state.isAtDesk, ticket.desk == desk.number else {
                fail("\(desk.number) holds \(id), which is not called or served there")
                continue
            }
        }
        let holders = state.desks.values.compactMap(\.currentTicket)
        if Set(holders).count != holders.count { fail("one ticket held by two desks") }
    }

    /// Everything, over the whole state: O(tickets), so only every few thousand steps.
    mutating func checkEverything(_ harness: Harness) {
        let state = harness.state
        let tickets = state.tickets.values.sorted { $0.id < $1.id }
        // Unique keys and open codes.
        let keyList = tickets.map { "\($0.businessDay)/\($0.issuedService)/\($0.sequence)" }
        if Set(keyList).count != keyList.count { fail("duplicate (day, service, sequence)") }
        let open = tickets.filter(\.isOpen)
        if Set(open.map(\.code)).count != open.count { fail("duplicate open display code") }
        // Held numbers are exactly the open tickets' numbers.
        let held = Dictionary(grouping: open, by: \.issuedService).mapValues { Set($0.map(\.number)) }
        if held != state.heldNumbers.filter({ !$0.value.isEmpty }) { fail("heldNumbers out of step") }
        // Each waiting ticket in exactly one lane; called/serving at exactly one desk.
        var inLanes: [TicketID] = []
        for service in state.configuration.services.keys {
            for lane in Lane.lanes(of: service) { inLanes += state.waiting(in: lane).map(\.id) }
        }
        let waitingIDs = tickets.filter { $0.state == .waiting }.map(\.id)
        if inLanes.sorted() != waitingIDs { fail("lane index disagrees with waiting tickets") }
        for ticket in tickets where ticket.state.isAtDesk {
            let holders = state.desks.values.filter { $0.currentTicket == ticket.id }
            if holders.count != 1 || holders.first?.number != ticket.desk {
                fail("\(ticket.code) is \(ticket.state) but held by \(holders.map(\.number))")
            }
        }
        checkDesks(state)
        // Replay rebuilds the exact state.
        if QueueState.replay(harness.events) != state { fail("replay(events) != state") }
        // Statistics from events equal the same figures recomputed from the tickets, and every
        // breakdown sums to the total.
        guard let first = tickets.map(\.businessDay).min(), let last = tickets.map(\.businessDay).max() else { return }
        let report = QueueReport(events: harness.events, calendar: state.configuration.calendar,
                                 range: ReportRange(first: first, last: last)!, targetWaitMilliseconds: Self.target)
        let expected = Self.figures(from: tickets, calendar: state.configuration.calendar)
        if report.total != expected.total { fail("report total \(report.total) != \(expected.total)") }
        if report.byDay != expected.byDay { fail("report by day differs") }
        if report.byService != expected.byService { fail("report by service differs") }
        if report.byHour != expected.byHour { fail("report by hour differs") }
        for (name, rows) in [("desk", Array(report.byDesk.values)), ("staff", Array(report.byStaff.values))] {
            var sum = ReportFigures()
            for row in rows { sum.merge(row) }
            sum.quotes.sort { ($0.quoted, $0.waited) < ($1.quoted, $1.waited) }
            var total = report.total
            total.quotes.sort { ($0.quoted, $0.waited) < ($1.quoted, $1.waited) }
            if sum != total { fail("report by \(name) does not sum to the total") }
        }
        if report.byDesk[nil].map(\.called) ?? 0 != 0 { fail("a called ticket in the never-called desk row") }
    }

    /// The target wait the property run's report uses.
    static let target: Int64 = 10 * 60_000

    /// The report's figures recomputed from the final tickets, independently of the events.
    struct Expected {
        var total = ReportFigures()
        var byDay: [BusinessDay: ReportFigures] = [:]
        var byService: [ServiceCode: ReportFigures] = [:]
        var byHour: [Int: ReportFigures] = [:]
    }

    static func figures(from tickets: [Ticket], calendar: BusinessCalendar) -> Expected {
        func ms(_ from: Instant, _ to: Instant) -> Int64 {
            to.milliseconds(since: from)
        }
        var expected = Expected()
        for ticket in tickets {
            var f = ReportFigures()
            f.issued = 1
            if let called = ticket.calledAt {
                let waited = ms(ticket.issuedAt, called)
                f.called = 1
                f.waitingTime.add(milliseconds: waited)
                f.withinTarget = waited <= target ? 1 : 0
                f.longestWait = LongestWait(ticket: ticket.id, code: ticket.code, day: ticket.businessDay, milliseconds: waited)
            }
            f.completed = ticket.state == .completed ? 1 : 0
            f.noShows = ticket.state == .noShow ? 1 : 0
            f.cancelled = ticket.state == .cancelled ? 1 : 0
            f.closedAtDayEnd = ticket.state == .closedAtDayEnd ? 1 : 0
            f.open = ticket.isOpen ? 1 : 0
            if ticket.state == .completed, let start = ticket.startedAt, let end = ticket.finishedAt {
                f.serviceTime.add(milliseconds: ms(start, end))
            }
            expected.total.merge(f)
            expected.byDay[ticket.businessDay, default: ReportFigures()].merge(f)
            expected.byService[ticket.issuedService, default: ReportFigures()].merge(f)
            expected.byHour[calendar.localSecondsSinceMidnight(of: ticket.issuedAt) / 3600, default: ReportFigures()].merge(f)
        }
        return expected
    }
}
