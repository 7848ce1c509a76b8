import FoundationEssentials
import QueueCore
import QueueStore

/// Runs a `DayPlan` through the real store: every arrival is `issue`, every desk calls with
/// `callNext`, completes or marks a no-show, and signs in and out with `openDesk` and
/// `closeDesk`, at the simulated clock's time. Tessera's estimate is the quote the store
/// stamped on each issued ticket; the oracle's is worked out beside it (`Oracle`).
///
/// At closing no one else comes; a desk whose shift runs to closing serves everyone left.
public struct StoreSimulator {
    /// The first simulated day's midnight: Monday 5 January 2026, UTC.
    static let firstMidnight: Int64 = 1_767_571_200_000

    let plan: DayPlan
    let store: any QueueStore
    private var mirror = QueueState()
    private var customers: [Customer] = []
    private var customerOf: [TicketID: Int] = [:]
    private var desks: [Int: SimulatedDesk] = [:]
    private var agenda = Agenda()

    struct SimulatedDesk {
        let plan: DayPlan.DeskPlan
        var signedIn = false
        var holding: TicketID?
        var ending: Ending?
        enum Ending { case afterThisCustomer, whenNobodyWaits }
    }

    /// A simulation on `store`, which must be new and empty.
    public init(plan: DayPlan, store: any QueueStore) {
        self.plan = plan
        self.store = store
    }

    public mutating func run() throws(StoreError) -> SimulationResult {
        try setUp()
        var random = RandomSource(seed: plan.seed)
        for day in 0..<plan.days {
            let midnight = Self.firstMidnight + Int64(day) * 86_400_000
            let first = customers.count
            customers += plan.customers(midnight: midnight, random: &random)
            for index in first..<customers.count { agenda.plan(.arrival(index), at: customers[index].arrival) }
            for desk in plan.desks {
                for shift in desk.shifts {
                    agenda.plan(.signIn(desk.number), at: midnight + Int64(shift.lowerBound) * 60_000)
                    agenda.plan(.signOut(desk.number, whenNobodyWaits: shift.upperBound >= plan.closes),
                                at: midnight + Int64(shift.upperBound) * 60_000)
                }
            }
            while let (time, happening) = agenda.next() { try handle(happening, at: time) }
        }
        return SimulationResult(plan: plan, customers: customers)
    }

    private mutating func setUp() throws(StoreError) {
        let configuration = StoreConfiguration(
            storeName: plan.name, timeZone: .utc, businessDayStart: TimeOfDay(hour: 0),
            estimates: EstimateRule(sampleSize: plan.sampleSize),
            services: plan.services.map { Service(code: $0.code, name: $0.name) })
        let setup = StoreSetup(configuration: configuration, desks: plan.desks.map {
            Desk(number: DeskNumber(rawValue: $0.number), name: "Desk \($0.number)", services: $0.services)
        })
        let before = Self.firstMidnight - 3_600_000
        try perform(.applySetup(setup), at: before)
        for desk in plan.desks {
            desks[desk.number] = SimulatedDesk(plan: desk)
            try perform(.registerStaff(StaffMember(id: StaffID(rawValue: desk.number), name: "Clerk \(desk.number)")), at: before)
        }
    }

    private mutating func handle(_ happening: Agenda.Happening, at time: Int64) throws(StoreError) {
        switch happening {
        case .arrival(let index): try arrive(index, at: time)
        case .deskFree(let number): try free(number, at: time)
        case .signIn(let number):
            try perform(.openDesk(DeskNumber(rawValue: number), staff: StaffID(rawValue: number)), at: time)
            desks[number]?.signedIn = true
            desks[number]?.ending = nil
            if desks[number]?.holding == nil { try callNext(number, at: time) }
        case .signOut(let number, let whenNobodyWaits):
            desks[number]?.ending = whenNobodyWaits ? .whenNobodyWaits : .afterThisCustomer
            if desks[number]?.holding == nil { try signOut(number, at: time) }
        }
    }

    private mutating func arrive(_ index: Int, at time: Int64) throws(StoreError) {
        let service = customers[index].service
        let serving = desks.values.filter { $0.signedIn && $0.plan.services.contains(service) }
        customers[index].foundEveryDeskBusy = !serving.isEmpty && serving.allSatisfy { $0.holding != nil }
        let result = try perform(.issue(service: service), at: time)
        guard let ticket = result.ticket else { return }
        customerOf[ticket.id] = index
        customers[index].ticket = ticket.id
        customers[index].quote = ticket.quotedWait
        customers[index].oracle = Oracle(plan: plan, state: mirror, customers: customers, customerOf: customerOf)
            .wait(of: ticket.id, at: time)
        if let idle = serving.filter({ $0.holding == nil }).map(\.plan.number).min() { try callNext(idle, at: time) }
    }

    private mutating func callNext(_ number: Int, at time: Int64) throws(StoreError) {
        guard let desk = desks[number], desk.signedIn, desk.holding == nil else { return }
        let day = mirror.configuration.calendar.businessDay(containing: Instant(unixMilliseconds: time))
        guard CallOrdering.next(from: desk.plan.services, in: mirror, day: day, at: Instant(unixMilliseconds: time)) != nil else {
            if desk.ending == .whenNobodyWaits { try signOut(number, at: time) }
            return
        }
        guard let ticket = try perform(.callNext(desk: DeskNumber(rawValue: number)), at: time).ticket,
              let index = customerOf[ticket.id] else { return }
        desks[number]?.holding = ticket.id
        customers[index].calledAt = time
        if customers[index].isGone(at: time) {
            agenda.plan(.deskFree(number), at: time + Int64(plan.lostMinutes * 60_000))
        } else {
            try perform(.start(ticket: ticket.id), at: time)
            agenda.plan(.deskFree(number), at: time + customers[index].serviceTime)
        }
    }

    private mutating func free(_ number: Int, at time: Int64) throws(StoreError) {
        guard let id = desks[number]?.holding, let index = customerOf[id], let calledAt = customers[index].calledAt else { return }
        try perform(customers[index].isGone(at: calledAt) ? .noShow(ticket: id) : .complete(ticket: id), at: time)
        desks[number]?.holding = nil
        pruneMirror()
        if desks[number]?.ending == .afterThisCustomer { try signOut(number, at: time) } else { try callNext(number, at: time) }
    }

    /// Drops closed tickets from the mirror now and then: the call rule and the oracle read only
    /// open ones, and a day's thousands would make every forecast copy them.
    private mutating func pruneMirror() {
        guard mirror.tickets.count > Self.mirrorTickets else { return }
        mirror = QueueState(configuration: mirror.configuration, desks: mirror.desks, staff: mirror.staff,
                            tickets: mirror.tickets.values.filter(\.isOpen), counters: mirror.counters,
                            heldNumbers: mirror.heldNumbers, nextTicketID: mirror.nextTicketID, currentDay: mirror.currentDay)
    }

    private static let mirrorTickets = 500

    private mutating func signOut(_ number: Int, at time: Int64) throws(StoreError) {
        guard desks[number]?.signedIn == true else { return }
        try perform(.closeDesk(DeskNumber(rawValue: number)), at: time)
        desks[number]?.signedIn = false
        desks[number]?.ending = nil
    }

    @discardableResult
    private mutating func perform(_ command: Command, at time: Int64) throws(StoreError) -> CommandResult {
        let result = try store.perform(command, at: Date(timeIntervalSince1970: Double(time) / 1000))
        for stored in result.events { mirror.apply(stored.event) }
        return result
    }
}
