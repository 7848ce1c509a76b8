import Foundation
import QueueCore
import Testing

/// `WaitForecast`: the call rule run forward over the desks that serve. Desks of the harness:
/// 1 (C, R), 2 (C, S), 3 (C, R, S).
struct WaitForecastTests {
    let t0 = utc(2027, 6, 1, 9)
    func at(_ minutes: Double) -> Instant { t0.addingSeconds(minutes * 60) }
    static let minute: Int64 = 60_000
    var day: BusinessDay { BusinessDay(year: 2027, month: 6, day: 1) }

    /// Five minutes a call for every service.
    let fiveMinutes = WaitForecast(timePerCall: [:], expected: 5 * minute)

    private func minutes(_ waits: [TicketID: Int64], _ tickets: [Ticket]) -> [Double?] {
        tickets.map { waits[$0.id].map { Double($0) / Double(Self.minute) } }
    }

    @Test func oneDeskCallsInOrderAndEachCallCostsItsServicesTime() throws {
        var h = Harness(openDesks: [1])
        let tickets = try (0..<3).map { i in try h.issue("R", at: at(Double(i))) }
        let forecast = WaitForecast(timePerCall: ["R": 4 * Self.minute], expected: 9 * Self.minute)
        #expect(minutes(forecast.waits(in: h.state, day: day, at: at(3)), tickets) == [0, 4, 8])
    }

    @Test func aDeskNobodyIsSignedInAtAddsNothing() throws {
        var h = Harness(openDesks: [1])
        h.mustRun(.openDesk(3))  // open, nobody at it
        let tickets = try (0..<3).map { i in try h.issue("R", at: at(Double(i))) }
        #expect(minutes(fiveMinutes.waits(in: h.state, day: day, at: at(3)), tickets) == [0, 5, 10])
        h.mustRun(.pauseDesk(3))
        h.mustRun(.closeDesk(3))
        h.mustRun(.openDesk(3, staff: 2))
        #expect(minutes(fiveMinutes.waits(in: h.state, day: day, at: at(3)), tickets) == [0, 0, 5])
    }

    @Test func noDeskThatServesMeansTheWaitIsUnknown() throws {
        var h = Harness(openDesks: [1])
        h.mustRun(.openDesk(2))  // serves S, but nobody is signed in
        let waiting = try h.issue("S", at: at(0))
        #expect(fiveMinutes.waits(in: h.state, day: day, at: at(1))[waiting.id] == nil)
        #expect(fiveMinutes.waitForNewTicket(of: "S", in: h.state, day: day, at: at(1)) == nil)
        #expect(fiveMinutes.waitForNewTicket(of: "R", in: h.state, day: day, at: at(1)) == 0)
    }

    @Test func aDeskSharedByTwoServicesSplitsItsTimeInTheOrderItWouldCall() throws {
        var h = Harness(openDesks: [1])  // desk 1 calls from C (weight 2) and R
        let r1 = try h.issue("R", at: at(0))
        let c1 = try h.issue("C", at: at(4))
        let r2 = try h.issue("R", at: at(5))
        let forecast = WaitForecast(timePerCall: ["C": 2 * Self.minute, "R": 6 * Self.minute], expected: 0)
        // At 10: R1 has waited 10 (weighted 10), C1 6 (weighted 12): C1 first, then R1, then R2.
        #expect(minutes(forecast.waits(in: h.state, day: day, at: at(10)), [c1, r1, r2]) == [0, 2, 8])
        #expect(forecast.waitForNewTicket(of: "R", in: h.state, day: day, at: at(10)) == 14 * Self.minute)
    }

    /// Busy desks are free at their turns: the even spread (the k-th of b, by when it called,
    /// at k × the mean call ÷ b), a quarter of the way towards the rest of its call (at least
    /// half a call once it runs long).
    @Test func busyDesksAreFreeAtTheirTurnsNudgedByTheRestOfTheirCalls() throws {
        var h = Harness(openDesks: [1, 3])
        _ = try h.issue("R", at: at(0))
        _ = try h.issue("R", at: at(0))
        let next = try h.issue("R", at: at(0.5))
        let after = try h.issue("R", at: at(0.5))
        _ = try h.call(1, at: at(0))
        _ = try h.call(3, at: at(1))
        // At 2: desk 1's turn is 2.5 (5 + 5 over 2 desks, first), the rest of its call 3: 2.625.
        // Desk 3's turn is 5, the rest of its call 4: 4.75.
        #expect(minutes(fiveMinutes.waits(in: h.state, day: day, at: at(2)), [next, after]) == [2.625, 4.75])
        // At 12 both calls have run long: half a call is left of each; 5 − 2.5/4 for desk 3.
        #expect(minutes(fiveMinutes.waits(in: h.state, day: day, at: at(12)), [next, after]) == [2.5, 4.375])
        // A paused desk serves nobody: desk 1 alone, its own turn (5), the rest of its call 2.5.
        h.mustRun(.pauseDesk(3))
        #expect(minutes(fiveMinutes.waits(in: h.state, day: day, at: at(12)), [next, after]) == [4.375, 9.375])
    }

    /// The forecast is the call rule itself: served for real (`decide`'s Call next at each
    /// desk's free time, each call taking what the forecast says), every ticket is called
    /// exactly when and where the forecast said, priority tickets and their overtake bound too.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func theForecastIsTheCallRuleRunForward(seed: UInt64) throws {
        var h = Harness(openDesks: [1, 3])
        var rng = SplitMix64(seed: propertySeed(default: 24) &+ seed)
        for i in 0..<40 {
            // Half of them priority: the overtake bound (two) is reached again and again.
            let service: ServiceCode = ["C", "R", "S"][Int(rng.next() % 3)]
            _ = try h.issue(service, rng.next() % 2 == 0 ? .priority : .normal, at: at(Double(i) / 4))
        }
        let forecast = WaitForecast(timePerCall: ["C": 3 * Self.minute, "R": 7 * Self.minute, "S": 2 * Self.minute],
                                    expected: 0)
        let start = at(10)
        let predicted = forecast.waits(in: h.state, day: day, at: start)
        let initial = h.state
        #expect(predicted.count == 40)
        var free: [(at: Int64, desk: DeskNumber)] = [(start.unixMilliseconds, 1), (start.unixMilliseconds, 3)]
        var served: [TicketID: Int64] = [:]
        while let soonest = free.indices.min(by: { (free[$0].at, free[$0].desk) < (free[$1].at, free[$1].desk) }) {
            let (time, desk) = free[soonest]
            guard let ticket = try? h.call(desk, at: Instant(unixMilliseconds: time)) else {
                free.remove(at: soonest)
                continue
            }
            served[ticket.id] = time - start.unixMilliseconds
            let end = time + forecast.cost(of: ticket.service)
            try h.run(.start(ticket: ticket.id), at: Instant(unixMilliseconds: end))
            try h.run(.complete(ticket: ticket.id), at: Instant(unixMilliseconds: end))
            free[soonest].at = end
        }
        #expect(served == predicted)
        // One ticket's wait, its run stopped once it is called, is the same.
        #expect(predicted.allSatisfy { id, wait in forecast.wait(of: id, in: initial, day: day, at: start) == wait })
    }
}

/// `CallCost`: what a call costs the desk, from the call until the desk is free.
struct CallCostTests {
    let t0 = utc(2027, 6, 1, 9)
    func at(_ minutes: Double) -> Instant { t0.addingSeconds(minutes * 60) }

    private func costs(_ h: Harness) -> [String] {
        CallCost.calls(in: h.events, serviceOf: { h.state.tickets[$0]?.service })
            .map { "\($0.service) \(Double($0.milliseconds) / 60_000)" }
    }

    @Test func theTwoPressPathCostsTheWholeTimeTheCustomerWasThere() throws {
        var h = Harness(openDesks: [1])
        let ticket = try h.issue("R", at: at(0))
        _ = try h.call(1, at: at(1))
        // The desk's two-press path: Complete on a called ticket records Start and Complete at once.
        try h.run(.start(ticket: ticket.id), at: at(8))
        try h.run(.complete(ticket: ticket.id), at: at(8))
        #expect(costs(h) == ["R 7.0"])
    }

    @Test func aNoShowParkAndTransferEachFreeTheDeskAndARecallDoesNot() throws {
        var h = Harness(openDesks: [1])
        let missed = try h.issue("R", at: at(0))
        let parked = try h.issue("R", at: at(0.5))
        let moved = try h.issue("R", at: at(0.7))
        _ = try h.call(1, at: at(1))
        try h.run(.recall(ticket: missed.id), at: at(1.5))
        try h.run(.noShow(ticket: missed.id), at: at(2))
        _ = try h.call(1, at: at(3))
        try h.run(.park(ticket: parked.id), at: at(6))
        _ = try h.call(1, at: at(7))
        try h.run(.transfer(ticket: moved.id, to: "C"), at: at(9))
        #expect(costs(h) == ["R 1.0", "R 3.0", "R 2.0"])
    }

    @Test func oneLongCustomerMovesTheFigureByLittle() {
        let minute: Int64 = 60_000
        #expect(CallCost.learned(from: [], expected: 4 * minute) == 4 * minute)
        #expect(CallCost.learned(from: [5, 5, 5, 5].map { $0 * minute }, expected: 0) == 5 * minute)
        // A 60-minute call among 5-minute ones counts as 20 (four medians): the mean is 8, not 16.
        #expect(CallCost.learned(from: [5, 5, 60, 5, 5].map { $0 * minute }, expected: 0) == 8 * minute)
    }
}
