/// Decides what a command does to the queue at `time`: the events to record, or why not.
///
/// Pure: the same command, state and time always give the same events, and nothing is changed —
/// apply the events with `evolve` to get the new state. Works on a full state or on a slice that
/// holds what `QueueState.sliceRequirements(for:at:)` lists (the *slice rule*).
public func decide(_ command: Command, state: QueueState, at time: Instant) throws(QueueError) -> [Event] {
    try state.decide(command, at: time)
}

extension QueueState {
    /// See `decide(_:state:at:)`.
    public func decide(_ command: Command, at time: Instant) throws(QueueError) -> [Event] {
        switch command {
        case .issue(let service, let priority, let language):
            return [try issue(service, priority: priority, language: language, at: time)]
        case .callNext(let desk, let service, let staff):
            return [try callNext(desk: desk, service: service, staff: staff, at: time)]
        case .call(let ticket, let desk, let staff):
            return [try call(ticket, desk: desk, staff: staff, at: time)]
        case .recall, .start, .complete, .noShow, .reactivate, .transfer, .park, .resume, .cancel:
            return [try decideTicketCommand(command, at: time)]
        case .setDesk, .openDesk, .pauseDesk, .closeDesk, .chooseServices, .setService, .openService, .closeService,
            .registerStaff, .configure:
            return [try decideAdministration(command, at: time)]
        case .applySetup(let setup):
            return try decideSetup(setup, at: time)
        case .removeDesk(let number, let staff):
            let removal = try deskRemoval(number)
            try checkNobodyStranded(services: configuration.services, desks: desks.filter { $0.key != number })
            return [Event(desk: removal, staff: try staffMember(staff), time: time, details: .deskRemoved)]
        case .removeService(let code, let target, let staff):
            return try removeService(code, transferTo: target, staff: staff, at: time)
        case .changeDay:
            return changeDay(at: time)
        case .reportPrinter(let condition, let terminal):
            return [Event(time: time, details: .printerReported(condition, terminal: terminal))]
        case .reprint(let id, let staff, let terminal):
            guard tickets[id] != nil else { throw .ticketNotFound(id) }
            return [Event(ticket: id, staff: try staffMember(staff), time: time, details: .ticketReprintRequested(terminal: terminal))]
        }
    }

    /// Issue: open service, inside hours, under the daily cap; next free display number.
    private func issue(_ code: ServiceCode, priority: PriorityClass, language: String?, at time: Instant)
        throws(QueueError)
        -> Event
    {
        guard let service = configuration.services[code] else { throw .serviceNotFound(code) }
        let calendar = configuration.calendar
        let day = calendar.businessDay(containing: time)
        let counter = counter(day: day, service: code)
        if let refusal = service.issueRefusal(at: time, calendar: calendar, issuedToday: counter.issued) {
            throw refusal
        }
        let rule = configuration.numbering(for: code)
        let (sequence, number) = try Numbering.next(
            after: counter, rule: rule, held: heldNumbers[code] ?? [], service: code)
        let arrival = OrderingKey(time)
        let headStart = priority == .priority ? configuration.fairness.headStartMilliseconds : 0
        let issued = IssuedTicket(
            service: code, priority: priority, businessDay: day, sequence: sequence, number: number,
            code: rule.code(prefix: code, number: number),
            orderingKey: arrival.offset(byMilliseconds: -headStart), arrivalKey: arrival, language: language)
        return Event(ticket: nextTicketID, time: time, details: .ticketIssued(issued))
    }

    /// Call next: open desk holding nothing; the ticket `CallOrdering` picks.
    private func callNext(desk number: DeskNumber, service: ServiceCode?, staff: StaffID?, at time: Instant)
        throws(QueueError) -> Event
    {
        let desk = try freeOpenDesk(number)
        let who = try staffMember(staff) ?? desk.staff
        var services = desk.services
        if let service {
            guard configuration.services[service] != nil else { throw .serviceNotFound(service) }
            guard desk.services.contains(service) else { throw .deskDoesNotServe(number, service) }
            services = [service]
        }
        let day = configuration.calendar.businessDay(containing: time)
        guard let ticket = CallOrdering.next(from: services, in: self, day: day, at: time) else {
            throw .nothingWaiting(number)
        }
        return Event(ticket: ticket.id, desk: number, staff: who, time: time,
            details: .ticketCalled(day: day))
    }

    /// Call a chosen ticket: a waiting ticket of a service the desk serves; open desk holding nothing.
    private func call(_ id: TicketID, desk number: DeskNumber, staff: StaffID?, at time: Instant)
        throws(QueueError) -> Event
    {
        guard let ticket = tickets[id] else { throw .ticketNotFound(id) }
        guard TicketAction.call.allowedStates.contains(ticket.state) else {
            throw .notAllowed(ticket: ticket.code, state: ticket.state, action: .call)
        }
        let desk = try freeOpenDesk(number)
        guard desk.services.contains(ticket.service) else { throw .deskDoesNotServe(number, ticket.service) }
        let who = try staffMember(staff) ?? desk.staff
        let day = configuration.calendar.businessDay(containing: time)
        return Event(ticket: id, desk: number, staff: who, time: time, details: .ticketCalled(day: day))
    }

    /// The day change: close or carry over earlier days' waiting and parked tickets.
    private func changeDay(at time: Instant) -> [Event] {
        let today = configuration.calendar.businessDay(containing: time)
        if let currentDay, today <= currentDay { return [] }
        var events = [Event(time: time, details: .businessDayChanged(from: currentDay, to: today))]
        let leftOver = tickets.values
            .filter { ($0.state == .waiting || $0.state == .parked) && $0.businessDay < today }
            .sorted { $0.id < $1.id }
        for ticket in leftOver {
            let details: EventDetails = switch configuration.carryOver {
            case .closeWaiting: .ticketClosedAtDayEnd(newDay: today)
            case .carryOver: .ticketCarriedOver(to: today)
            }
            events.append(Event(ticket: ticket.id, time: time, details: details))
        }
        return events
    }

    /// The desk, if it is open and holds no ticket.
    func freeOpenDesk(_ number: DeskNumber) throws(QueueError) -> Desk {
        guard let desk = desks[number] else { throw .deskNotFound(number) }
        guard desk.status == .open else { throw .deskNotOpen(number, desk.status) }
        if let current = desk.currentTicket {
            throw .deskBusy(number, ticket: tickets[current]?.code ?? current.description)
        }
        return desk
    }

    /// Checks that a named staff member exists (nil stays nil).
    func staffMember(_ id: StaffID?) throws(QueueError) -> StaffID? {
        guard let id else { return nil }
        guard staff[id] != nil else { throw .staffNotFound(id) }
        return id
    }
}
