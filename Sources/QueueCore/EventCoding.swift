// The stored form of an event (docs/storage-format.md): one flat JSON object named by its
// `type`, with the fields of that type beside the ones every event has —
//   {"type":"ticketTransferred","time":…,"ticket":7,"desk":2,"from":"C","to":"R","placement":{…}}
// — written by hand because the synthesised form of an enum with associated values nests each
// case under its name and calls unlabelled values `_0`, which no other program should need to know.
// The event, its details and an issued ticket's fields all write into one keyed container: each
// further `container(keyedBy:)` would cost the encoder another container box on every stored event.

/// Every key of an event's flat object.
enum EventField: String, CodingKey {
    case type, time, ticket, desk, staff
    case day, outcome, placement, from, to, newDay, service, services
    case deskSettings, serviceSettings, staffMember, storeSettings, printer, terminal
    // An issued ticket's fields (`IssuedTicket`).
    case priority, businessDay, sequence, number, code, orderingKey, arrivalKey, language, quotedWait
}

extension Event {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EventField.self)
        self.init(
            ticket: try container.decodeIfPresent(TicketID.self, forKey: .ticket),
            desk: try container.decodeIfPresent(DeskNumber.self, forKey: .desk),
            staff: try container.decodeIfPresent(StaffID.self, forKey: .staff),
            time: try container.decode(Instant.self, forKey: .time),
            details: try EventDetails(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        // The details share the event's object: the same container, other keys.
        var container = encoder.container(keyedBy: EventField.self)
        try details.encode(into: &container)
        try container.encode(time, forKey: .time, plain: encoder.userInfo[.instantEncoding] == nil)
        // Raw values: no nested encoder per identifier (see `Ticket.encode(to:)`).
        try container.encodeIfPresent(ticket?.rawValue, forKey: .ticket)
        try container.encodeIfPresent(desk?.rawValue, forKey: .desk)
        try container.encodeIfPresent(staff?.rawValue, forKey: .staff)
    }
}

extension EventDetails {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: EventField.self)
        switch try container.decode(EventKind.self, forKey: .type) {
        // The issued ticket's fields sit in the event's object itself.
        case .ticketIssued: self = .ticketIssued(try IssuedTicket(from: decoder))
        case .ticketCalled: self = .ticketCalled(day: try container.decode(BusinessDay.self, forKey: .day))
        case .ticketRecalled: self = .ticketRecalled
        case .serviceStarted: self = .serviceStarted
        case .ticketCompleted: self = .ticketCompleted(outcome: try container.decode(Outcome.self, forKey: .outcome))
        case .ticketNoShow: self = .ticketNoShow
        case .ticketReactivated: self = .ticketReactivated(try container.decode(LanePlacement.self, forKey: .placement))
        case .ticketTransferred:
            self = .ticketTransferred(
                from: try container.decode(ServiceCode.self, forKey: .from),
                to: try container.decode(ServiceCode.self, forKey: .to),
                placement: try container.decode(LanePlacement.self, forKey: .placement))
        case .ticketParked: self = .ticketParked
        case .ticketResumed:
            self = .ticketResumed(placement: try container.decodeIfPresent(LanePlacement.self, forKey: .placement))
        case .ticketCancelled: self = .ticketCancelled
        case .ticketClosedAtDayEnd:
            self = .ticketClosedAtDayEnd(newDay: try container.decode(BusinessDay.self, forKey: .newDay))
        case .ticketCarriedOver: self = .ticketCarriedOver(to: try container.decode(BusinessDay.self, forKey: .to))
        case .businessDayChanged:
            self = .businessDayChanged(
                from: try container.decodeIfPresent(BusinessDay.self, forKey: .from),
                to: try container.decode(BusinessDay.self, forKey: .to))
        case .deskConfigured: self = .deskConfigured(try container.decode(Desk.self, forKey: .deskSettings))
        case .deskOpened: self = .deskOpened
        case .deskPaused: self = .deskPaused
        case .deskClosed: self = .deskClosed
        case .deskServicesChosen: self = .deskServicesChosen(try container.decode([ServiceCode].self, forKey: .services))
        case .deskRemoved: self = .deskRemoved
        case .serviceConfigured: self = .serviceConfigured(try container.decode(Service.self, forKey: .serviceSettings))
        case .serviceOpened: self = .serviceOpened(try container.decode(ServiceCode.self, forKey: .service))
        case .serviceClosed: self = .serviceClosed(try container.decode(ServiceCode.self, forKey: .service))
        case .staffRegistered: self = .staffRegistered(try container.decode(StaffMember.self, forKey: .staffMember))
        case .storeConfigured:
            self = .storeConfigured(try container.decode(StoreConfiguration.self, forKey: .storeSettings))
        case .printerReported:
            self = .printerReported(try container.decode(PrinterCondition.self, forKey: .printer),
                                    terminal: try container.decodeIfPresent(String.self, forKey: .terminal))
        case .ticketReprintRequested:
            self = .ticketReprintRequested(terminal: try container.decodeIfPresent(String.self, forKey: .terminal))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: EventField.self)
        try encode(into: &container)
    }

    /// The type and its fields, into the event's own container.
    func encode(into container: inout KeyedEncodingContainer<EventField>) throws {
        try container.encode(kind.rawValue, forKey: .type)
        switch self {
        case .ticketIssued(let issued): try issued.encode(into: &container)
        case .ticketCalled(let day): try container.encode(day.description, forKey: .day)
        case .ticketCompleted(let outcome): try container.encode(outcome, forKey: .outcome)
        case .ticketReactivated(let placement): try container.encode(placement, forKey: .placement)
        case .ticketTransferred(let from, let to, let placement):
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
            try container.encode(placement, forKey: .placement)
        case .ticketResumed(let placement): try container.encodeIfPresent(placement, forKey: .placement)
        case .ticketClosedAtDayEnd(let newDay): try container.encode(newDay, forKey: .newDay)
        case .ticketCarriedOver(let day): try container.encode(day, forKey: .to)
        case .businessDayChanged(let from, let to):
            try container.encodeIfPresent(from, forKey: .from)
            try container.encode(to, forKey: .to)
        case .deskConfigured(let desk): try container.encode(desk, forKey: .deskSettings)
        case .deskServicesChosen(let services): try container.encode(services, forKey: .services)
        case .serviceConfigured(let service): try container.encode(service, forKey: .serviceSettings)
        case .serviceOpened(let code), .serviceClosed(let code): try container.encode(code, forKey: .service)
        case .staffRegistered(let member): try container.encode(member, forKey: .staffMember)
        case .storeConfigured(let configuration): try container.encode(configuration, forKey: .storeSettings)
        case .printerReported(let condition, let terminal):
            try container.encode(condition.rawValue, forKey: .printer)
            try container.encodeIfPresent(terminal, forKey: .terminal)
        case .ticketReprintRequested(let terminal): try container.encodeIfPresent(terminal, forKey: .terminal)
        case .ticketRecalled, .serviceStarted, .ticketNoShow, .ticketParked, .ticketCancelled,
             .deskOpened, .deskPaused, .deskClosed, .deskRemoved:
            break
        }
    }
}
