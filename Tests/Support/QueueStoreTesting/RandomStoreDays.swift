import Foundation
import QueueCore
import QueueStore

/// Seeded random business days played through a real store, command by command at the
/// simulated time: customers take tickets, desks call, recall, start, complete, mark no-shows,
/// transfer, park and resume, customers leave, no-shows come back, staff change desks (and a
/// desk sometimes opens with nobody named). Whatever the rules refuse is skipped. The last
/// day's business is left open: the tickets still waiting stay open in the report.
///
/// The store must have services C, R and S and desks 1 to 3 (the demo store). Staff members
/// 1 to 4 are registered, one with a comma and one with a quote in their name (CSV quoting).
public struct RandomStoreDays {
    public static let staffNames = ["Siân Evans", "Jones, Bob", "Ana \"Nan\" Silva", "Dewi"]

    let store: any QueueStore
    var random: SplitMix
    let services: [ServiceCode] = ["C", "R", "S"]
    let desks: [DeskNumber] = [1, 2, 3]
    /// Commands the rules accepted, and refused.
    public private(set) var accepted = 0
    public private(set) var refused = 0

    public init(store: any QueueStore, seed: UInt64) {
        self.store = store
        random = SplitMix(seed: seed)
    }

    /// Plays `days` (consecutive business days, in order) from 09:00 to 17:00 each.
    public mutating func play(_ days: [BusinessDay]) throws {
        let calendar = try store.configuration().calendar
        if accepted == 0 {
            for (index, name) in Self.staffNames.enumerated() {
                try perform(.registerStaff(StaffMember(id: StaffID(rawValue: index + 1), name: name)),
                            at: calendar.start(of: days[0]))
            }
        }
        for day in days {
            // 09:00 on the store's wall clock, however early its business day starts.
            let nine = calendar.start(of: day).advanced(bySeconds: Int64(9 * 3600 - calendar.localSecondsSinceMidnight(of: calendar.start(of: day))))
            var now = nine
            for desk in desks { try signIn(desk, at: now) }
            while now < nine.advanced(bySeconds: 8 * 3600) {
                now = now.advanced(byMilliseconds: Int64(random.below(180_000)) + 1000)
                try step(at: now)
            }
        }
    }

    private mutating func signIn(_ desk: DeskNumber, at time: Instant) throws {
        // One sign-in in eight names nobody: calls the report cannot give to a staff member.
        let staff = random.below(8) == 0 ? nil : StaffID(rawValue: random.below(Self.staffNames.count) + 1)
        try perform(.openDesk(desk, staff: staff), at: time)
    }

    private mutating func step(at time: Instant) throws {
        let roll = random.below(100)
        if roll < 22 {
            try perform(.issue(service: services[random.below(services.count)], priority: random.below(10) == 0 ? .priority : .normal),
                        at: time)
            return
        }
        if roll < 23 {
            try actOnOne(of: .noShow, at: time) { .reactivate(ticket: $0) }
            return
        }
        if roll < 26 {
            let target: ResumeTarget = random.below(2) == 0 ? .queue(.front) : .desk(desks[random.below(3)])
            try actOnOne(of: .parked, at: time) { .resume(ticket: $0, to: target) }
            return
        }
        if roll < 28 {
            try actOnOne(of: .waiting, at: time) { .cancel(ticket: $0) }
            return
        }
        if roll < 30 {
            let service = services[random.below(3)]
            try actOnOne(of: .waiting, at: time) { .transfer(ticket: $0, to: service) }
            return
        }
        let desk = desks[random.below(desks.count)]
        guard let held = try store.desks().first(where: { $0.number == desk })?.currentTicket,
              let ticket = try store.ticket(held)
        else {
            if random.below(20) == 0 {
                try perform(.closeDesk(desk), at: time)
                try signIn(desk, at: time)
            } else {
                try perform(.callNext(desk: desk), at: time)
            }
            return
        }
        let pick = random.below(100)
        switch ticket.state {
        case .called:
            try perform(pick < 65 ? .start(ticket: held) : pick < 77 ? .noShow(ticket: held) : pick < 87 ? .recall(ticket: held)
                : pick < 93 ? .transfer(ticket: held, to: services[random.below(3)]) : pick < 97 ? .park(ticket: held)
                : .cancel(ticket: held), at: time)
        case .serving:
            try perform(pick < 85 ? .complete(ticket: held) : pick < 92 ? .transfer(ticket: held, to: services[random.below(3)])
                : .park(ticket: held), at: time)
        default: break
        }
    }

    private mutating func actOnOne(of state: TicketState, at time: Instant, _ command: (TicketID) -> Command) throws {
        let tickets = try store.tickets(TicketFilter(state: state))
        guard !tickets.isEmpty else { return }
        try perform(command(tickets[random.below(tickets.count)].id), at: time)
    }

    private mutating func perform(_ command: Command, at time: Instant) throws {
        do {
            _ = try store.perform(command, at: time.date)
            accepted += 1
        } catch .refused {
            refused += 1
        }
    }
}

/// SplitMix64: a seeded generator, the same numbers on every machine.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<bound.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
