/// One recorded change: append-only, the audit log and the source of every statistic.
/// `QueueState.replay` rebuilds the state from these alone.
public struct Event: Hashable, Codable, Sendable {
    /// The ticket concerned, if any.
    public var ticket: TicketID?
    /// The desk concerned, if any (for a transfer or park: the desk that was freed).
    public var desk: DeskNumber?
    /// Who did it, if known.
    public var staff: StaffID?
    public var time: Instant
    /// What happened, with everything `evolve` needs to apply it.
    public var details: EventDetails

    public init(
        ticket: TicketID? = nil, desk: DeskNumber? = nil, staff: StaffID? = nil, time: Instant,
        details: EventDetails
    ) {
        self.ticket = ticket
        self.desk = desk
        self.staff = staff
        self.time = time
        self.details = details
    }

    /// What kind of change this is (a stable name a store can keep in a column).
    public var kind: EventKind { details.kind }
}

/// The stable name of an event (its `rawValue` is what stores and logs show).
public enum EventKind: String, Hashable, Codable, Sendable, CaseIterable {
    case ticketIssued, ticketCalled, ticketRecalled, serviceStarted, ticketCompleted, ticketNoShow
    case ticketReactivated, ticketTransferred, ticketParked, ticketResumed, ticketCancelled
    case ticketClosedAtDayEnd, ticketCarriedOver, businessDayChanged
    case deskConfigured, deskOpened, deskPaused, deskClosed, deskServicesChosen, deskRemoved
    case serviceConfigured, serviceOpened, serviceClosed, staffRegistered, storeConfigured
    case printerReported, ticketReprintRequested
}

/// The payload of each kind of event.
public enum EventDetails: Hashable, Codable, Sendable {
    case ticketIssued(IssuedTicket)
    /// `day` is the business day of the call: the fairness counter it updates is (day, service).
    case ticketCalled(day: BusinessDay)
    case ticketRecalled
    case serviceStarted
    case ticketCompleted(outcome: Outcome)
    case ticketNoShow
    case ticketReactivated(LanePlacement)
    case ticketTransferred(from: ServiceCode, to: ServiceCode, placement: LanePlacement)
    case ticketParked
    /// `placement` is nil when resumed straight to `Event.desk`.
    case ticketResumed(placement: LanePlacement?)
    case ticketCancelled
    /// `newDay` is the business day whose start closed the ticket.
    case ticketClosedAtDayEnd(newDay: BusinessDay)
    /// `to` is the business day the ticket was carried into.
    case ticketCarriedOver(to: BusinessDay)
    case businessDayChanged(from: BusinessDay?, to: BusinessDay)
    case deskConfigured(Desk)
    case deskOpened
    case deskPaused
    case deskClosed
    /// Staff chose, at `Event.desk`, which of its allowed services it calls from, in this order.
    case deskServicesChosen([ServiceCode])
    /// `Event.desk` is no longer one of the store's desks (storage format 8): the configuration
    /// file no longer defines it, or an administrator removed it. Only a closed desk holding no
    /// ticket is removed.
    case deskRemoved
    case serviceConfigured(Service)
    case serviceOpened(ServiceCode)
    case serviceClosed(ServiceCode)
    case staffRegistered(StaffMember)
    case storeConfigured(StoreConfiguration)
    /// A kiosk's ticket printer changed condition (paper out, back to ready…). Changes no
    /// queue state: desks and the board show it. `terminal` names the kiosk (its `[kiosk] name=`
    /// or host name); nil in events recorded before kiosks named themselves.
    case printerReported(PrinterCondition, terminal: String? = nil)
    /// Staff asked a kiosk to print `Event.ticket` again: the one named `terminal`, or every kiosk
    /// with a printer when nil (`tessera queue reprint`, events from before kiosks had names).
    /// Changes no queue state.
    case ticketReprintRequested(terminal: String? = nil)

    public var kind: EventKind {
        switch self {
        case .ticketIssued: .ticketIssued
        case .ticketCalled: .ticketCalled
        case .ticketRecalled: .ticketRecalled
        case .serviceStarted: .serviceStarted
        case .ticketCompleted: .ticketCompleted
        case .ticketNoShow: .ticketNoShow
        case .ticketReactivated: .ticketReactivated
        case .ticketTransferred: .ticketTransferred
        case .ticketParked: .ticketParked
        case .ticketResumed: .ticketResumed
        case .ticketCancelled: .ticketCancelled
        case .ticketClosedAtDayEnd: .ticketClosedAtDayEnd
        case .ticketCarriedOver: .ticketCarriedOver
        case .businessDayChanged: .businessDayChanged
        case .deskConfigured: .deskConfigured
        case .deskOpened: .deskOpened
        case .deskPaused: .deskPaused
        case .deskClosed: .deskClosed
        case .deskServicesChosen: .deskServicesChosen
        case .deskRemoved: .deskRemoved
        case .serviceConfigured: .serviceConfigured
        case .serviceOpened: .serviceOpened
        case .serviceClosed: .serviceClosed
        case .staffRegistered: .staffRegistered
        case .storeConfigured: .storeConfigured
        case .printerReported: .printerReported
        case .ticketReprintRequested: .ticketReprintRequested
        }
    }
}

/// Everything fixed at issue time (the new ticket's id is `Event.ticket`).
public struct IssuedTicket: Hashable, Codable, Sendable {
    public var service: ServiceCode
    public var priority: PriorityClass
    public var businessDay: BusinessDay
    public var sequence: Int64
    public var number: Int
    public var code: String
    public var orderingKey: OrderingKey
    public var arrivalKey: OrderingKey
    /// The language the customer chose at the kiosk (a gettext name: "cy"); nil: the store's default.
    public var language: String?
    /// The wait promised at issue, in milliseconds: `WaitForecast`'s figure for this ticket as
    /// the store stood when it was issued, stamped by the store (QueueCore's decide leaves it
    /// nil: it is a forecast, not a rule). Nil when no serving desk calls from the service.
    public var quotedWait: Int64?

    public init(
        service: ServiceCode, priority: PriorityClass, businessDay: BusinessDay, sequence: Int64,
        number: Int, code: String, orderingKey: OrderingKey, arrivalKey: OrderingKey, language: String? = nil,
        quotedWait: Int64? = nil
    ) {
        self.language = language
        self.quotedWait = quotedWait
        self.service = service
        self.priority = priority
        self.businessDay = businessDay
        self.sequence = sequence
        self.number = number
        self.code = code
        self.orderingKey = orderingKey
        self.arrivalKey = arrivalKey
    }
}

/// Where a ticket (re)joins a lane: the requested position and the keys it resolved to.
public struct LanePlacement: Hashable, Codable, Sendable {
    public var position: TransferPosition
    public var orderingKey: OrderingKey
    public var arrivalKey: OrderingKey

    public init(position: TransferPosition, orderingKey: OrderingKey, arrivalKey: OrderingKey) {
        self.position = position
        self.orderingKey = orderingKey
        self.arrivalKey = arrivalKey
    }
}

// Encoded by hand for the reason `Ticket` is (raw values, no nested encoders), into the container
// of the event it belongs to (`EventField`); decoded by the synthesised `init(from:)` over the
// same keys.
extension IssuedTicket {
    enum CodingKeys: String, CodingKey {
        case service, priority, businessDay, sequence, number, code, orderingKey, arrivalKey, language, quotedWait
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EventField.self)
        try encode(into: &container)
    }

    func encode(into container: inout KeyedEncodingContainer<EventField>) throws {
        try container.encode(service.rawValue, forKey: .service)
        try container.encode(priority.rawValue, forKey: .priority)
        try container.encode(businessDay.description, forKey: .businessDay)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(number, forKey: .number)
        try container.encode(code, forKey: .code)
        try container.encode(orderingKey.rawValue, forKey: .orderingKey)
        try container.encode(arrivalKey.rawValue, forKey: .arrivalKey)
        // Only when chosen: events from before languages, and without a choice, read the same.
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(quotedWait, forKey: .quotedWait)
    }
}
