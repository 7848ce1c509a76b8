/// A customer's ticket: one visit in one service lane.
public struct Ticket: Hashable, Codable, Sendable, Identifiable {
    public var id: TicketID
    /// The business day the ticket was issued on (carried-over tickets keep it).
    public var businessDay: BusinessDay
    /// The service whose lane the ticket is in now (changes on transfer).
    public var service: ServiceCode
    /// The service the ticket was issued for; with `businessDay` and `sequence` the unique key.
    public var issuedService: ServiceCode
    /// Position in the (business day, issued service) sequence: 1, 2, 3, … never reused.
    public var sequence: Int64
    /// The displayed number (wraps at the numbering bound; never held twice by open tickets).
    public var number: Int
    /// What the customer sees: `C012`. Kept unchanged for the ticket's whole life.
    public var code: String
    public var priority: PriorityClass
    public var state: TicketState
    public var issuedAt: Instant
    /// When the ticket was first called (waiting time = calledAt − issuedAt).
    public var calledAt: Instant?
    /// When service first started.
    public var startedAt: Instant?
    /// When the ticket reached a final state.
    public var finishedAt: Instant?
    /// The desk holding the ticket, or that last held it once it is closed.
    public var desk: DeskNumber?
    /// The staff member who last acted on it at a desk.
    public var staff: StaffID?
    /// How many times the ticket was called again while already called.
    public var recallCount: Int
    /// Every transfer, oldest first.
    public var transfers: [TransferRecord]
    /// Set when completed.
    public var outcome: Outcome?
    /// Position in its lane: smaller is called first (ties: smaller id). Includes a priority
    /// ticket's head start. See `CallOrdering`.
    public var orderingKey: OrderingKey
    /// When the ticket counts as having joined its lane, without any head start; the fairness
    /// rule compares these. `orderingKey == arrivalKey` for normal tickets.
    public var arrivalKey: OrderingKey
    /// Number of business-day changes this ticket stayed open through.
    public var carryOvers: Int
    /// The language the customer chose at the kiosk (a gettext name: "cy"); nil: the store's default.
    public var language: String?
    /// The wait promised at issue, in milliseconds (`IssuedTicket.quotedWait`); nil when none was.
    public var quotedWait: Int64?

    public init(
        id: TicketID, businessDay: BusinessDay, service: ServiceCode, sequence: Int64, number: Int,
        code: String, priority: PriorityClass, issuedAt: Instant, orderingKey: OrderingKey,
        arrivalKey: OrderingKey
    ) {
        self.id = id
        self.businessDay = businessDay
        self.service = service
        self.issuedService = service
        self.sequence = sequence
        self.number = number
        self.code = code
        self.priority = priority
        self.state = .waiting
        self.issuedAt = issuedAt
        self.recallCount = 0
        self.transfers = []
        self.orderingKey = orderingKey
        self.arrivalKey = arrivalKey
        self.carryOvers = 0
    }

    /// The lane the ticket waits in (meaningful while waiting).
    public var lane: Lane { Lane(service: service, priority: priority) }

    /// True until the ticket reaches a final state.
    public var isOpen: Bool { state.isOpen }
}

/// Where a ticket is in its life.
///
/// ```
/// waiting → called → serving → completed
/// called → noShow → (reactivate) → waiting
/// called/serving → parked → (resume) → waiting | serving at a desk
/// waiting/called/serving → (transfer) → waiting in another service
/// any open state → cancelled;  waiting/parked → closed at day end (by configuration)
/// ```
public enum TicketState: String, Hashable, Codable, Sendable, CaseIterable, CustomStringConvertible {
    case waiting
    case called
    case serving
    case parked
    case completed
    case noShow
    case cancelled
    /// Closed by the business-day change (carry-over policy `closeWaiting`).
    case closedAtDayEnd

    /// Open tickets hold their display number and can still change.
    public var isOpen: Bool {
        switch self {
        case .waiting, .called, .serving, .parked: true
        case .completed, .noShow, .cancelled, .closedAtDayEnd: false
        }
    }

    /// Held by a desk (a desk holds at most one such ticket).
    public var isAtDesk: Bool { self == .called || self == .serving }

    /// How staff read the state ("waiting", "no-show", …).
    public var description: String {
        switch self {
        case .waiting: "waiting"
        case .called: "called"
        case .serving: "being served"
        case .parked: "parked"
        case .completed: "completed"
        case .noShow: "a no-show"
        case .cancelled: "cancelled"
        case .closedAtDayEnd: "closed at the end of the day"
        }
    }
}

/// A ticket's priority class. Each (service, class) pair is its own lane.
public enum PriorityClass: String, Hashable, Codable, Sendable, CaseIterable {
    case normal
    /// Gets the configured head start, limited by the overtake bound (see `CallOrdering`).
    case priority
}

/// A waiting line: the waiting tickets of one service and one priority class, ordered by
/// (`orderingKey`, `id`). Its head is the smallest; a store reads it with `ORDER BY … LIMIT 1`.
public struct Lane: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    public var service: ServiceCode
    public var priority: PriorityClass

    public init(service: ServiceCode, priority: PriorityClass) {
        self.service = service
        self.priority = priority
    }

    /// Both lanes of a service, normal first.
    public static func lanes(of service: ServiceCode) -> [Lane] {
        PriorityClass.allCases.map { Lane(service: service, priority: $0) }
    }

    public var description: String { "\(service)/\(priority.rawValue)" }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.service.rawValue, lhs.priority.rawValue) < (rhs.service.rawValue, rhs.priority.rawValue)
    }
}

/// Where a transferred (or resumed, or reactivated) ticket joins its lane.
public enum TransferPosition: String, Hashable, Codable, Sendable, CaseIterable {
    /// Ahead of everyone in the lane.
    case front
    /// Behind everyone in the lane.
    case back
    /// Where its original arrival time puts it, as if it had queued there from the start.
    case arrival
}

/// One transfer in a ticket's history.
public struct TransferRecord: Hashable, Codable, Sendable {
    public var from: ServiceCode
    public var to: ServiceCode
    public var position: TransferPosition
    public var at: Instant
    /// The desk that held the ticket, if it was called or being served.
    public var fromDesk: DeskNumber?

    public init(
        from: ServiceCode, to: ServiceCode, position: TransferPosition, at: Instant,
        fromDesk: DeskNumber?
    ) {
        self.from = from
        self.to = to
        self.position = position
        self.at = at
        self.fromDesk = fromDesk
    }
}

// Encoded by hand, decoded by the synthesised `init(from:)` over the same keys: each identifier
// goes in as its raw value through the container's concrete `encode` overloads. Through the
// generic path every wrapper costs `JSONEncoder` a nested encoder of its own, which made up
// most of a stored issue's CPU time. Instants too: their integer milliseconds, unless the
// encoder has an `InstantEncoding` of its own (the command line's ISO 8601 text).

extension Ticket {
    enum CodingKeys: String, CodingKey {
        case id, businessDay, service, issuedService, sequence, number, code, priority, state
        case issuedAt, calledAt, startedAt, finishedAt, desk, staff, recallCount, transfers, outcome
        case orderingKey, arrivalKey, carryOvers, language, quotedWait
    }

    public func encode(to encoder: any Encoder) throws {
        let plain = encoder.userInfo[.instantEncoding] == nil
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.rawValue, forKey: .id)
        try container.encode(businessDay.description, forKey: .businessDay)
        try container.encode(service.rawValue, forKey: .service)
        try container.encode(issuedService.rawValue, forKey: .issuedService)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(number, forKey: .number)
        try container.encode(code, forKey: .code)
        try container.encode(priority.rawValue, forKey: .priority)
        try container.encode(state.rawValue, forKey: .state)
        try container.encode(issuedAt, forKey: .issuedAt, plain: plain)
        try container.encode(calledAt, forKey: .calledAt, plain: plain)
        try container.encode(startedAt, forKey: .startedAt, plain: plain)
        try container.encode(finishedAt, forKey: .finishedAt, plain: plain)
        try container.encodeIfPresent(desk?.rawValue, forKey: .desk)
        try container.encodeIfPresent(staff?.rawValue, forKey: .staff)
        try container.encode(recallCount, forKey: .recallCount)
        // The list in a nested container of this one: `encode(transfers, forKey:)` would give the
        // array an encoder of its own (most tickets have none, and paid for it on every write).
        var list = container.nestedUnkeyedContainer(forKey: .transfers)
        for transfer in transfers { try list.encode(transfer) }
        try container.encodeIfPresent(outcome?.rawValue, forKey: .outcome)
        try container.encode(orderingKey.rawValue, forKey: .orderingKey)
        try container.encode(arrivalKey.rawValue, forKey: .arrivalKey)
        try container.encode(carryOvers, forKey: .carryOvers)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(quotedWait, forKey: .quotedWait)
    }
}

extension TransferRecord {
    enum CodingKeys: String, CodingKey {
        case from, to, position, at, fromDesk
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(from.rawValue, forKey: .from)
        try container.encode(to.rawValue, forKey: .to)
        try container.encode(position.rawValue, forKey: .position)
        try container.encode(at, forKey: .at, plain: encoder.userInfo[.instantEncoding] == nil)
        try container.encodeIfPresent(fromDesk?.rawValue, forKey: .fromDesk)
    }
}
