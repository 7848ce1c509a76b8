import Foundation
import QueueCore

/// Random but reproducible traffic for property tests: a seeded mix of customer, desk and
/// administration commands with a clock that runs across business days.
struct Simulation {
    var harness: Harness
    var rng: SplitMix64
    var now: Instant
    /// Every issued ticket id, oldest first (so picks never depend on dictionary order).
    var issued: [TicketID] = []

    init(seed: UInt64, start: Instant, configuration: StoreConfiguration) {
        rng = SplitMix64(seed: seed)
        now = start
        harness = Harness(configuration: configuration, start: start)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    mutating func pick<T>(_ values: [T]) -> T? { values.randomElement(using: &rng) }

    /// Moves the clock on: usually seconds, sometimes hours (across the business-day start).
    mutating func advanceClock() {
        if chance(1) && chance(30) {
            now = now.addingSeconds(Double(Int.random(in: 3...20, using: &rng) * 3600))
        } else {
            now = now.addingSeconds(Double(Int.random(in: 0...90, using: &rng)))
        }
    }

    /// A ticket to act on: mostly one held by a desk or recently issued, sometimes any id,
    /// occasionally one that does not exist.
    mutating func ticket(preferring states: Set<TicketState> = []) -> TicketID {
        if !states.isEmpty && chance(70) {
            let atDesks = harness.state.desks.keys.sorted().compactMap { harness.state.desks[$0]?.currentTicket }
                .filter { harness.state.tickets[$0].map { states.contains($0.state) } ?? false }
            if let id = pick(atDesks), chance(70) { return id }
            let recent = issued.suffix(60).filter { harness.state.tickets[$0].map { states.contains($0.state) } ?? false }
            if let id = pick(recent) { return id }
        }
        let held = harness.state.desks.keys.sorted().compactMap { harness.state.desks[$0]?.currentTicket }
        if !held.isEmpty && chance(50) { return pick(held)! }
        if !issued.isEmpty && chance(85) { return issued[max(0, issued.count - 1 - Int.random(in: 0..<40, using: &rng))] }
        return TicketID(rawValue: Int64.random(in: 1...(harness.state.nextTicketID.rawValue + 2), using: &rng))
    }

    mutating func service() -> ServiceCode { pick(["C", "R", "S"])! }
    mutating func desk() -> DeskNumber { DeskNumber(rawValue: chance(5) ? 4 : Int.random(in: 1...3, using: &rng)) }
    mutating func position() -> TransferPosition { pick(TransferPosition.allCases)! }

    /// The next command (the day change first whenever it is due, nine times out of ten).
    mutating func nextCommand() -> Command {
        if harness.state.needsDayChange(at: now) && chance(90) { return .changeDay }
        let roll = Int.random(in: 0..<1000, using: &rng)
        switch roll {
        case ..<250: return .issue(service: service(), priority: chance(25) ? .priority : .normal)
        case ..<530: return .callNext(desk: desk(), service: chance(20) ? service() : nil, staff: chance(10) ? 2 : nil)
        case ..<610: return .start(ticket: ticket(preferring: [.called]))
        case ..<690: return .complete(ticket: ticket(preferring: [.serving]), outcome: chance(90) ? .served : .unresolved)
        case ..<720: return .noShow(ticket: ticket(preferring: [.called]))
        case ..<745: return .recall(ticket: ticket(preferring: [.called]))
        case ..<765: return .reactivate(ticket: ticket(preferring: [.noShow]))
        case ..<805: return .transfer(ticket: ticket(preferring: [.waiting, .called, .serving]), to: service(), position: position())
        case ..<835: return .park(ticket: ticket(preferring: [.called, .serving]))
        case ..<865: return .resume(ticket: ticket(preferring: [.parked]), to: chance(70) ? .queue(position()) : .desk(desk()))
        case ..<905: return .cancel(ticket: ticket(preferring: [.waiting, .called, .serving, .parked]))
        case ..<940: return .openDesk(desk(), staff: chance(50) ? 1 : nil)
        case ..<945:
            let number = desk()
            let allowed = harness.state.desks[number]?.allowedServices ?? []
            return .chooseServices(desk: number, services: allowed.filter { _ in chance(60) })
        case ..<950: return .pauseDesk(desk())
        case ..<955: return .closeDesk(desk())
        case ..<960: return .closeService(service())
        case ..<980: return .openService(service())
        case ..<985: return .configure(reconfigured())
        case ..<988: return .reportPrinter(pick(PrinterCondition.allCases)!)
        case ..<991: return .reprint(ticket: ticket(preferring: [.waiting, .called]), staff: chance(50) ? 1 : nil)
        default: return .changeDay
        }
    }

    /// The current configuration with fairness, carry-over and R's wrap bound shuffled.
    mutating func reconfigured() -> StoreConfiguration {
        var configuration = harness.state.configuration
        configuration.fairness = FairnessRule(
            priorityHeadStart: Double(Int.random(in: 0...900, using: &rng)),
            maxOvertakes: Int.random(in: 0...3, using: &rng))
        configuration.carryOver = pick(CarryOverPolicy.allCases)!
        configuration.services["R"]?.numbering = chance(50)
            ? NumberingRule(start: 1, width: 2, wrapBound: Int.random(in: 3...12, using: &rng)) : nil
        configuration.services["S"]?.dailyCap = chance(30) ? Int.random(in: 5...60, using: &rng) : nil
        return configuration
    }
}
