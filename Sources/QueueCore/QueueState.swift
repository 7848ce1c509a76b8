/// The queue at one moment: configuration, desks, staff, tickets and per-day counters.
///
/// Built only by `evolve` (or `replay`) from events, or by a store assembling a *slice*
/// (see `SliceRequirements`) with `init(configuration:desks:staff:tickets:counters:…)`.
/// Besides the stored values it keeps an index of waiting tickets per lane, derived from
/// `tickets`; it is not encoded and is rebuilt on decoding and on the memberwise init.
public struct QueueState: Hashable, Codable, Sendable {
    public internal(set) var configuration: StoreConfiguration
    public internal(set) var desks: [DeskNumber: Desk]
    public internal(set) var staff: [StaffID: StaffMember]
    /// Every ticket this state knows (in a slice: only the loaded ones).
    public private(set) var tickets: [TicketID: Ticket]
    /// Per (business day, service) numbering and fairness counters.
    public internal(set) var counters: [CounterKey: DayCounter]
    /// Display numbers held by open tickets, per issuing service (the prefix on the ticket).
    /// A store fills it for a slice with `SELECT number FROM tickets WHERE issued_service = ?
    /// AND state IN ('waiting','called','serving','parked')`.
    public internal(set) var heldNumbers: [ServiceCode: Set<Int>]
    /// The id the next issued ticket gets.
    public internal(set) var nextTicketID: TicketID
    /// The business day the last day change moved to (nil before the first one).
    public internal(set) var currentDay: BusinessDay?

    /// Waiting ticket ids per lane (derived from `tickets`).
    private var waitingByLane: [Lane: Set<TicketID>]

    /// An empty queue with the given configuration (default: no services, UTC).
    public init(configuration: StoreConfiguration = StoreConfiguration()) {
        self.init(
            configuration: configuration, desks: [:], staff: [:], tickets: [], counters: [:],
            heldNumbers: [:], nextTicketID: 1, currentDay: nil)
    }

    /// A state assembled from stored rows (a full state or a slice).
    public init(
        configuration: StoreConfiguration, desks: [DeskNumber: Desk], staff: [StaffID: StaffMember],
        tickets: [Ticket], counters: [CounterKey: DayCounter], heldNumbers: [ServiceCode: Set<Int>],
        nextTicketID: TicketID, currentDay: BusinessDay?
    ) {
        self.configuration = configuration
        self.desks = desks
        self.staff = staff
        self.tickets = Dictionary(tickets.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.counters = counters
        self.heldNumbers = heldNumbers
        self.nextTicketID = nextTicketID
        self.currentDay = currentDay
        self.waitingByLane = [:]
        rebuildIndex()
    }

    /// Rebuilds a state by applying `events` in order to `initial`.
    public static func replay(_ events: some Sequence<Event>, from initial: QueueState = QueueState())
        -> QueueState
    {
        var state = initial
        for event in events { evolve(&state, with: event) }
        return state
    }

    /// The head of a lane: its waiting ticket with the smallest (ordering key, id).
    public func head(of lane: Lane) -> Ticket? {
        waiting(in: lane).min(by: Self.laneOrder)
    }

    /// The tail of a lane: its waiting ticket with the largest (ordering key, id).
    public func tail(of lane: Lane) -> Ticket? {
        waiting(in: lane).max(by: Self.laneOrder)
    }

    /// The waiting tickets of a lane, unordered.
    public func waiting(in lane: Lane) -> [Ticket] {
        (waitingByLane[lane] ?? []).compactMap { tickets[$0] }
    }

    /// Lane order: (ordering key, id).
    public static func laneOrder(_ a: Ticket, _ b: Ticket) -> Bool {
        (a.orderingKey, a.id) < (b.orderingKey, b.id)
    }

    /// The counter for a (day, service), or a fresh one.
    public func counter(day: BusinessDay, service: ServiceCode) -> DayCounter {
        counters[CounterKey(day: day, service: service)] ?? DayCounter()
    }

    /// True when `date` falls in a later business day than `currentDay` (or none ran yet):
    /// the store should then run `Command.changeDay` before other commands.
    public func needsDayChange(at date: Instant) -> Bool {
        guard let currentDay else { return true }
        return configuration.calendar.businessDay(containing: date) > currentDay
    }

    /// Stores a ticket, keeping the lane index in step.
    mutating func put(_ ticket: Ticket) {
        if let old = tickets[ticket.id], old.state == .waiting {
            waitingByLane[old.lane]?.remove(old.id)
            if waitingByLane[old.lane]?.isEmpty == true { waitingByLane[old.lane] = nil }
        }
        tickets[ticket.id] = ticket
        if ticket.state == .waiting { waitingByLane[ticket.lane, default: []].insert(ticket.id) }
    }

    private mutating func rebuildIndex() {
        waitingByLane = [:]
        for ticket in tickets.values where ticket.state == .waiting {
            waitingByLane[ticket.lane, default: []].insert(ticket.id)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case configuration, desks, staff, tickets, counters, heldNumbers, nextTicketID, currentDay
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            configuration: try c.decode(StoreConfiguration.self, forKey: .configuration),
            desks: try c.decode([DeskNumber: Desk].self, forKey: .desks),
            staff: try c.decode([StaffID: StaffMember].self, forKey: .staff),
            tickets: Array(try c.decode([TicketID: Ticket].self, forKey: .tickets).values),
            counters: try c.decode([CounterKey: DayCounter].self, forKey: .counters),
            heldNumbers: try c.decode([ServiceCode: Set<Int>].self, forKey: .heldNumbers),
            nextTicketID: try c.decode(TicketID.self, forKey: .nextTicketID),
            currentDay: try c.decodeIfPresent(BusinessDay.self, forKey: .currentDay))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(configuration, forKey: .configuration)
        try c.encode(desks, forKey: .desks)
        try c.encode(staff, forKey: .staff)
        try c.encode(tickets, forKey: .tickets)
        try c.encode(counters, forKey: .counters)
        try c.encode(heldNumbers, forKey: .heldNumbers)
        try c.encode(nextTicketID, forKey: .nextTicketID)
        try c.encodeIfPresent(currentDay, forKey: .currentDay)
    }
}

/// Identifies the counters of one service on one business day.
public struct CounterKey: Hashable, Codable, Sendable, Comparable {
    public var day: BusinessDay
    public var service: ServiceCode

    public init(day: BusinessDay, service: ServiceCode) {
        self.day = day
        self.service = service
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.day, lhs.service) < (rhs.day, rhs.service)
    }
}

/// Numbering and fairness counters of one (business day, service).
public struct DayCounter: Hashable, Codable, Sendable {
    /// The sequence the next ticket gets (before skipping held numbers). Starts at 1.
    public var nextSequence: Int64
    /// Tickets issued so far (the daily cap counts these).
    public var issued: Int
    /// Arrival keys of the last K priority tickets called in this service today, oldest first.
    /// The fairness rule (`CallOrdering`) reads it.
    public var recentPriorityArrivals: [OrderingKey]

    public init(nextSequence: Int64 = 1, issued: Int = 0, recentPriorityArrivals: [OrderingKey] = []) {
        self.nextSequence = nextSequence
        self.issued = issued
        self.recentPriorityArrivals = recentPriorityArrivals
    }
}
