import Foundation
import QueueCore
import Testing

/// The ordering rule of `CallOrdering`: head start, overtake bound K, weighted multi-service
/// choice — and that it only needs lane heads.
struct FairnessTests {
    let t0 = utc(2027, 6, 1, 9)

    func at(_ seconds: Int) -> Instant { t0.addingSeconds(Double(seconds)) }

    func harness(headStart: Double = 600, maxOvertakes: Int = 2) -> Harness {
        var configuration = testConfiguration()
        configuration.fairness = FairnessRule(priorityHeadStart: headStart, maxOvertakes: maxOvertakes)
        return Harness(configuration: configuration, start: utc(2027, 6, 1, 8))
    }

    /// Issues `plan` (service, class, seconds after t0) then calls desk 1 for R until empty.
    func callOrder(_ h: inout Harness, _ plan: [(PriorityClass, Int)]) throws -> [String] {
        for (priority, second) in plan { _ = try h.issue("R", priority, at: at(second)) }
        return try plan.indices.map { i in try h.serveNext(1, service: "R", at: at(1000 + i * 10)) }
    }

    @Test func priorityHeadStartCountsAsIssuedEarlier() throws {
        var h = harness()
        // Priority 5 minutes after the normal ticket: within the 10-minute head start, first.
        #expect(try callOrder(&h, [(.normal, 0), (.priority, 300)]) == ["R002", "R001"])
        // Priority 11 minutes after: outside the head start, second.
        var late = harness()
        #expect(try callOrder(&late, [(.normal, 0), (.priority, 660)]) == ["R001", "R002"])
    }

    @Test func firstComeFirstServedWithinALane() throws {
        var h = harness()
        let order = try callOrder(&h, [(.normal, 0), (.normal, 5), (.normal, 6), (.normal, 100)])
        #expect(order == ["R001", "R002", "R003", "R004"])
    }

    @Test func normalTicketIsOvertakenAtMostKTimes() throws {
        var h = harness(maxOvertakes: 2)
        let order = try callOrder(&h, [
            (.normal, 0), (.priority, 10), (.priority, 20), (.priority, 30), (.priority, 40),
        ])
        #expect(order == ["R002", "R003", "R001", "R004", "R005"])
    }

    @Test func laterNormalTicketsKeepTheirOvertakeCount() throws {
        // R002 arrived before every priority ticket, so P1 and P2 overtook it too: after R001
        // it must come before P3 (a counter reset on each normal call would let P3 pass).
        var h = harness(maxOvertakes: 2)
        let order = try callOrder(&h, [
            (.normal, 0), (.normal, 5), (.priority, 10), (.priority, 20), (.priority, 30),
            (.priority, 40),
        ])
        #expect(order == ["R003", "R004", "R001", "R002", "R005", "R006"])
    }

    @Test func zeroOvertakesMeansArrivalOrder() throws {
        var h = harness(maxOvertakes: 0)
        let order = try callOrder(&h, [(.normal, 0), (.priority, 10), (.normal, 20), (.priority, 15)])
        #expect(order == ["R001", "R002", "R004", "R003"])
    }

    @Test func desksWeighWaitingTimeByServiceWeight() throws {
        // Desk 1 serves C (weight 2) and R (weight 1); called at t0 + 600.
        var h = harness()
        _ = try h.issue("R", at: at(0))  // waited 10 min → score 600 s
        _ = try h.issue("C", at: at(240))  // waited 6 min × 2 → 720 s
        #expect(try h.call(1, at: at(600)).code == "C001")
        var other = harness()
        _ = try other.issue("R", at: at(0))  // 600 s
        _ = try other.issue("C", at: at(360))  // 4 min × 2 → 480 s
        #expect(try other.call(1, at: at(600)).code == "R001")
    }

    @Test func transferPositions() throws {
        var h = harness()
        for second in [0, 10, 20] { _ = try h.issue("S", at: at(second)) }  // S001–S003
        let front = try h.issue("R", at: at(30))
        let back = try h.issue("R", at: at(31))
        let arrival = try h.issue("R", at: at(5))
        try h.run(.transfer(ticket: front.id, to: "S", position: .front), at: at(40))
        try h.run(.transfer(ticket: back.id, to: "S", position: .back), at: at(41))
        try h.run(.transfer(ticket: arrival.id, to: "S", position: .arrival), at: at(42))
        let order = try (0..<6).map { i in try h.serveNext(2, service: "S", at: at(100 + i * 10)) }
        #expect(order == ["R001", "S001", "R003", "S002", "S003", "R002"])
    }

    @Test func backMeansBehindTheTailEvenWithinOneMillisecond() throws {
        var h = harness()
        let a = try h.issue("R", at: at(0))
        let b = try h.issue("R", at: at(1))
        // Both moved to the back of S at the same instant: B first, then A behind it, although
        // A has the smaller id — the placement reads the lane's tail, not just the clock.
        let second = Command.transfer(ticket: a.id, to: "S", position: .back)
        try h.run(.transfer(ticket: b.id, to: "S", position: .back), at: at(50))
        #expect(h.state.sliceRequirements(for: second, at: at(50)).laneTails.contains(Lane(service: "S", priority: .normal)))
        let sliced = try decide(second, state: h.state.slice(for: second, at: at(50)), at: at(50))
        #expect(try h.run(second, at: at(50)) == sliced)
        let order = try (0..<2).map { i in try h.serveNext(2, service: "S", at: at(100 + i * 10)) }
        #expect(order == ["R002", "R001"])
    }

    /// Random issues, calls and closes on one day, with no transfers or parking: no normal
    /// ticket is ever overtaken by more than K priority tickets, and every call decided on the
    /// lane-head slice equals the call decided on the full state.
    @Test func overtakeBoundHoldsAndHeadsSuffice() throws {
        let seed = propertySeed(default: 0x5EED_FA1E)
        var rng = SplitMix64(seed: seed)
        for round in 0..<20 {
            let k = Int.random(in: 0...3, using: &rng)
            let headStart = Double(Int.random(in: 0...1200, using: &rng))
            var h = harness(headStart: headStart, maxOvertakes: k)
            var overtakes: [TicketID: Int] = [:]
            var now = utc(2027, 6, 1, 9)
            for step in 0..<300 {
                now = now.addingSeconds(Double(Int.random(in: 0...40, using: &rng)))
                let roll = Int.random(in: 0..<10, using: &rng)
                let service: ServiceCode = ["C", "R", "S"].randomElement(using: &rng)!
                let command: Command
                if roll < 5 {
                    command = .issue(service: service, priority: Bool.random(using: &rng) ? .priority : .normal)
                } else if roll < 8 {
                    command = .callNext(desk: DeskNumber(rawValue: Int.random(in: 1...3, using: &rng)))
                } else {
                    let held = h.state.desks.values.compactMap(\.currentTicket).sorted()
                    guard let id = held.randomElement(using: &rng) else { continue }
                    let ticket = h.state.tickets[id]!
                    command = ticket.state == .called
                        ? (roll == 8 ? .start(ticket: id) : .noShow(ticket: id))
                        : .complete(ticket: id)
                }
                let full = Result { () throws(QueueError) in try decide(command, state: h.state, at: now) }
                if case .callNext = command {
                    let slice = h.state.slice(for: command, at: now)
                    #expect(slice.tickets.count <= 7, "a slice holds lane heads, not the queue")
                    let sliced = Result { () throws(QueueError) in try decide(command, state: slice, at: now) }
                    #expect(sliced == full, "seed \(seed) round \(round) step \(step)")
                }
                guard case .success(let events) = full else { continue }
                for event in events {
                    if case .ticketCalled = event.details, let id = event.ticket,
                        let called = h.state.tickets[id], called.priority == .priority
                    {
                        let sameService = h.state.waiting(in: Lane(service: called.service, priority: .normal))
                        for normal in sameService where called.arrivalKey > normal.arrivalKey {
                            overtakes[normal.id, default: 0] += 1
                            #expect(overtakes[normal.id]! <= k,
                                "\(normal.code) overtaken \(overtakes[normal.id]!) times, K = \(k), seed \(seed) round \(round)")
                        }
                    }
                    evolve(&h.state, with: event)
                }
            }
        }
    }
}
