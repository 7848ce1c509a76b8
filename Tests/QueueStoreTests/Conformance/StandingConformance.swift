import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The conformance suite, part 3: people ahead and estimated waits, checked against QueueCore's
/// own answers over the same tickets and events (`Estimates`, `WaitEstimator`).
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

    /// The estimate uses the last `sampleSize` service times of the service the tickets were
    /// completed in (after a transfer), and the open desks serving it.
    @Test(arguments: StoreFactory.all)
    func estimatedWaitComesFromRecentServiceTimesAndOpenDesks(factory: StoreFactory) throws {
        let store = try factory.make().store
        var configuration = try store.configuration()
        configuration.estimates = EstimateRule(sampleSize: 2, defaultServiceTime: 240)
        _ = try store.perform(.configure(configuration), at: Clock.at(0))
        let estimator = WaitEstimator(rule: configuration.estimates)
        let waiting = try (0..<3).map { try store.issue("C", at: Clock.at(Double($0))) }
        // No history: the default service time, three open desks.
        #expect(try store.standing(of: waiting[2].id, at: Clock.at(10))?.estimatedWait == .seconds(160))

        // Service times 300 s, 60 s, 120 s in C, and one of 30 s for a ticket moved from R to C.
        var now = 100.0
        for seconds in [300.0, 60, 120] {
            let ticket = try store.issue("S", at: Clock.at(now))
            _ = try store.call(desk: 1, service: "S", at: Clock.at(now + 1))
            _ = try store.perform(.transfer(ticket: ticket.id, to: "C", position: .front), at: Clock.at(now + 2))
            _ = try store.call(desk: 1, service: "C", at: Clock.at(now + 3))
            _ = try store.perform(.start(ticket: try #require(try store.desk(1)?.currentTicket)), at: Clock.at(now + 4))
            _ = try store.perform(.complete(ticket: try #require(try store.desk(1)?.currentTicket)), at: Clock.at(now + 4 + seconds))
            now += 1_000
        }
        let events = try store.events(after: .none, limit: 10_000).map(\.event)
        let durations = WaitEstimator.serviceDurations(of: "C", in: events)
        #expect(durations.count == 3)
        let time = Clock.at(now)
        let standings = try waiting.map { try #require(try store.standing(of: $0.id, at: time)) }
        #expect(standings.map(\.peopleAhead) == [0, 1, 2])
        for standing in standings {
            let seconds = try #require(estimator.estimatedWait(
                peopleAhead: standing.peopleAhead, openDesks: 3, recentDurations: durations))
            #expect(standing.estimatedWait == .seconds(seconds))
        }
        // Mean of the last two (60 s, 120 s) = 90 s; two ahead, three desks: 60 s.
        #expect(standings[2].estimatedWait == .seconds(60))
        // Fewer open desks, longer wait; none open, no estimate.
        _ = try store.perform(.pauseDesk(2), at: time)
        #expect(try store.standing(of: waiting[2].id, at: time)?.estimatedWait == .seconds(90))
        _ = try store.perform(.closeDesk(1), at: time)
        _ = try store.perform(.closeDesk(3), at: time)
        let unestimated = try #require(try store.standing(of: waiting[2].id, at: time))
        #expect(unestimated.peopleAhead == 2 && unestimated.estimatedWait == nil)
        #expect(try store.waits(at: time)["C"] == TicketStanding(peopleAhead: 3, estimatedWait: nil))
    }

    @Test(arguments: StoreFactory.all)
    func waitsCountEveryWaitingTicketOfEachService(factory: StoreFactory) throws {
        let store = try factory.make().store
        for second in 0..<4 { _ = try store.issue("C", second == 2 ? .priority : .normal, at: Clock.at(Double(second))) }
        _ = try store.issue("R", at: Clock.at(5))
        _ = try store.call(desk: 1, service: "C", at: Clock.at(6))
        let waits = try store.waits(at: Clock.at(7))
        #expect(Set(waits.keys) == ["C", "R", "S"])
        // Default service time 240 s, three open desks.
        #expect(waits["C"] == TicketStanding(peopleAhead: 3, estimatedWait: .seconds(240)))
        #expect(waits["R"] == TicketStanding(peopleAhead: 1, estimatedWait: .seconds(80)))
        #expect(waits["S"] == TicketStanding(peopleAhead: 0, estimatedWait: .zero))
        // The next ticket issued has exactly that many ahead.
        let next = try store.issue("C", at: Clock.at(8))
        #expect(try store.standing(of: next.id, at: Clock.at(8))?.peopleAhead == waits["C"]?.peopleAhead)
    }
}
