import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite, part 3: people ahead and estimated waits, checked against QueueCore's
/// own answers over the same tickets and events (`Estimates`, `WaitForecast`, `CallCost`).
@Suite(.offThePool) struct StandingConformance {
    @Test(arguments: StoreFactory.all)
    func peopleAheadFollowsTheCallOrderOfBothLanes(factory: StoreFactory) throws {
        let store = try factory.make().store
        let first = try store.issue("C", at: Clock.at(0))
        let second = try store.issue("C", at: Clock.at(1))
        // A priority ticket counts as issued ten minutes earlier: it goes ahead of both.
        let priority = try store.issue("C", .priority, at: Clock.at(2))
        // Same instant, same key: the smaller id is ahead.
        let tiedA = try store.issue("C", at: Clock.at(3))
        let tiedB = try store.issue("C", at: Clock.at(3))
        let other = try store.issue("R", at: Clock.at(4))
        let expected = [priority.id: 0, first.id: 1, second.id: 2, tiedA.id: 3, tiedB.id: 4, other.id: 0]
        let waiting = try store.tickets(TicketFilter(state: .waiting))
        for ticket in waiting {
            let standing = try #require(try store.standing(of: ticket.id, at: Clock.at(5)), "\(ticket.code)")
            #expect(standing.peopleAhead == expected[ticket.id], "\(ticket.code)")
            #expect(standing.peopleAhead == Estimates.peopleAhead(of: ticket, among: waiting), "\(ticket.code)")
        }
        #expect(try store.call(desk: 1, at: Clock.at(6)).id == priority.id)
        #expect(try store.standing(of: priority.id, at: Clock.at(7)) == nil, "a called ticket has nobody ahead")
        #expect(try store.standing(of: second.id, at: Clock.at(7))?.peopleAhead == 1)
        #expect(try store.standing(of: TicketID(rawValue: 9_999), at: Clock.at(7)) == nil)
    }

    /// The estimate is QueueCore's forecast (`WaitForecast`) over what the store holds: the
    /// desks someone is signed in at, the waiting tickets, and each service's time per call
    /// learned from its last `sampleSize` calls (`CallCost`), the two-press path and no-shows
    /// included.
    @Test(arguments: StoreFactory.all)
    func theWaitIsTheForecastOfTheDesksThatServe(factory: StoreFactory) throws {
        let store = try factory.make().store
        var configuration = try store.configuration()
        configuration.estimates = EstimateRule(sampleSize: 2, defaultServiceTime: 240)
        _ = try store.perform(.configure(configuration), at: Clock.at(0))
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: Clock.at(0))
        let waiting = try (0..<3).map { try store.issue("C", at: Clock.at(Double($0))) }
        // The new store's desks are open, but nobody is signed in at any: nobody serves.
        #expect(try store.standing(of: waiting[2].id, at: Clock.at(10)) == TicketStanding(peopleAhead: 2, estimatedWait: nil))
        #expect(try store.waits(at: Clock.at(10))["C"] == TicketStanding(peopleAhead: 3, estimatedWait: nil))
        // Ada takes desk 1: one desk, 240 s a call until there is history.
        _ = try store.perform(.openDesk(1, staff: 1), at: Clock.at(10))
        #expect(try waiting.map { try store.standing(of: $0.id, at: Clock.at(10))?.estimatedWait }
            == [.zero, .seconds(240), .seconds(480)])
        #expect(try store.waits(at: Clock.at(10))["C"]?.estimatedWait == .seconds(720))

        // Calls of S costing 300 s (Call next then Complete, the desk's two-press path), 60 s,
        // and a no-show after 30 s; and a C call of 100 s, moved from S.
        var now = 100.0
        for (seconds, how) in [(300.0, "complete"), (60, "complete"), (30, "no-show")] {
            _ = try store.issue("S", at: Clock.at(now))
            let called = try store.call(desk: 1, service: "S", at: Clock.at(now + 1))
            if how == "complete" {
                _ = try store.perform(.start(ticket: called.id), at: Clock.at(now + 1 + seconds))
                _ = try store.perform(.complete(ticket: called.id), at: Clock.at(now + 1 + seconds))
            } else {
                _ = try store.perform(.noShow(ticket: called.id), at: Clock.at(now + 1 + seconds))
            }
            now += 1_000
        }
        _ = try store.perform(.openDesk(2, staff: 1), at: Clock.at(now))
        let time = Clock.at(now + 10)
        let events = try store.events(after: .none, limit: 10_000).map(\.event)
        let state = QueueState.replay(events)
        var recent: [ServiceCode: [Int64]] = [:]
        for call in CallCost.calls(in: events, serviceOf: { state.tickets[$0]?.service }).reversed()
        where recent[call.service, default: []].count < 2 {
            recent[call.service, default: []].append(call.milliseconds)
        }
        #expect(recent == ["S": [30_000, 60_000]])
        let forecast = WaitForecast(timePerCall: recent.mapValues { CallCost.learned(from: $0, expected: 240_000) },
                                    expected: 240_000)
        let expected = forecast.waits(in: state, day: Clock.day, at: Instant(time))
        let standings = try waiting.map { try #require(try store.standing(of: $0.id, at: time)) }
        #expect(standings.map(\.peopleAhead) == [0, 1, 2])
        #expect(standings.map(\.estimatedWait) == waiting.map { expected[$0.id].map { .milliseconds($0) } })
        // Two desks serve C now, 240 s a call: the third waits for one of them.
        #expect(standings.map(\.estimatedWait) == [.zero, .zero, .seconds(240)])
        // Nobody waits for S, but both desks take the C tickets first (they have waited longer):
        // a new S ticket is the second desk's next call.
        #expect(try store.waits(at: time)["S"]?.estimatedWait == .seconds(240))
        // A paused desk serves nobody; with none, no estimate.
        _ = try store.perform(.pauseDesk(2), at: time)
        #expect(try store.standing(of: waiting[2].id, at: time)?.estimatedWait == .seconds(480))
        _ = try store.perform(.closeDesk(1), at: time)
        let unestimated = try #require(try store.standing(of: waiting[2].id, at: time))
        #expect(unestimated.peopleAhead == 2 && unestimated.estimatedWait == nil)
        #expect(try store.waits(at: time)["C"] == TicketStanding(peopleAhead: 3, estimatedWait: nil))
    }

    /// `[service:X] expected-minutes`: what a call is taken to cost until the service has calls.
    @Test(arguments: StoreFactory.all)
    func aServicesExpectedMinutesStandUntilItsCallsAreMeasured(factory: StoreFactory) throws {
        let store = try factory.make().store
        var configuration = try store.configuration()
        configuration.services["C"]?.expectedMinutes = 6
        _ = try store.perform(.configure(configuration), at: Clock.at(0))
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: Clock.at(0))
        _ = try store.perform(.openDesk(1, staff: 1), at: Clock.at(0))
        let waiting = try (0..<3).map { try store.issue("C", at: Clock.at(Double($0))) }
        #expect(try store.standing(of: waiting[2].id, at: Clock.at(10))?.estimatedWait == .seconds(720))
        #expect(try store.waits(at: Clock.at(10))["R"]?.estimatedWait == .seconds(18 * 60), "R waits behind the C calls")
        // One call measured at 2 minutes: from then on it counts, not the 6.
        _ = try store.call(desk: 1, at: Clock.at(20))
        _ = try store.perform(.start(ticket: waiting[0].id), at: Clock.at(140))
        _ = try store.perform(.complete(ticket: waiting[0].id), at: Clock.at(140))
        #expect(try store.standing(of: waiting[2].id, at: Clock.at(140))?.estimatedWait == .seconds(120))
    }

    @Test(arguments: StoreFactory.all)
    func waitsCountEveryWaitingTicketOfEachService(factory: StoreFactory) throws {
        let store = try factory.make().store
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: Clock.at(0))
        for desk in [1, 2, 3] as [DeskNumber] { _ = try store.perform(.openDesk(desk, staff: 1), at: Clock.at(0)) }
        for second in 0..<4 { _ = try store.issue("C", second == 2 ? .priority : .normal, at: Clock.at(Double(second))) }
        _ = try store.issue("R", at: Clock.at(5))
        _ = try store.call(desk: 1, service: "C", at: Clock.at(6))
        let waits = try store.waits(at: Clock.at(7))
        #expect(Set(waits.keys) == ["C", "R", "S"])
        #expect(waits.mapValues(\.peopleAhead) == ["C": 3, "R": 1, "S": 0])
        // Default 240 s a call, three desks serving every service, desk 1 busy since 6 s: desks 2
        // and 3 take two C tickets at once, R's at 240 s... the forecast says when.
        let events = try store.events(after: .none, limit: 10_000).map(\.event)
        let state = QueueState.replay(events)
        let forecast = WaitForecast(timePerCall: [:], expected: 240_000)
        for service in ["C", "R", "S"] as [ServiceCode] {
            #expect(waits[service]?.estimatedWait
                == forecast.waitForNewTicket(of: service, in: state, day: Clock.day, at: Instant(Clock.at(7))).map { .milliseconds($0) },
                "\(service)")
        }
        #expect(waits["S"]?.estimatedWait != nil)
        // The next ticket issued has exactly that many ahead.
        let next = try store.issue("C", at: Clock.at(8))
        #expect(try store.standing(of: next.id, at: Clock.at(8))?.peopleAhead == waits["C"]?.peopleAhead)
    }

    /// The wait promised at issue is kept in the ticket's row (format 6) and read back from it
    /// on another connection: the store's own wait for a new ticket at that moment, or none
    /// when no desk serves.
    @Test(arguments: StoreFactory.all)
    func theWaitPromisedAtIssueIsKeptWithTheTicket(factory: StoreFactory) throws {
        let handle = try factory.make()
        let store = handle.store
        var configuration = try store.configuration()
        configuration.estimates = EstimateRule(sampleSize: 10, defaultServiceTime: 240)
        _ = try store.perform(.configure(configuration), at: Clock.at(0))
        _ = try store.perform(.registerStaff(StaffMember(id: 1, name: "Ada")), at: Clock.at(0))
        let unknown = try store.issue("C", at: Clock.at(1))
        _ = try store.perform(.openDesk(1, staff: 1), at: Clock.at(2))
        let promised = try #require(try store.waits(at: Clock.at(3))["C"]?.estimatedWait)
        let quoted = try store.issue("C", at: Clock.at(3))
        let reread = try handle.reopen().tickets(TicketFilter(state: .waiting))
        #expect(reread.map(\.id) == [unknown.id, quoted.id])
        #expect(reread.map(\.quotedWait) == [nil, 240_000])
        #expect(promised == .milliseconds(240_000))
    }
}
