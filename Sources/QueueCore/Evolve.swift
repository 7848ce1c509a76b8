/// Applies one event to the state. Total: an event naming a ticket or desk the state does not
/// hold (possible in a slice) changes only what it can, so a store may apply committed events
/// to its slice. Never refuses — events are facts; `decide` is where rules are checked.
public func evolve(_ state: inout QueueState, with event: Event) {
    state.apply(event)
}

extension QueueState {
    /// See `evolve(_:with:)`.
    public mutating func apply(_ event: Event) {
        switch event.details {
        case .ticketIssued(let issued): applyIssued(issued, event)
        case .ticketCalled(let day): applyCalled(day: day, event)
        case .ticketRecalled:
            updateTicket(event) { ticket in
                ticket.recallCount += 1
                ticket.staff = event.staff ?? ticket.staff
            }
        case .serviceStarted:
            updateTicket(event) { ticket in
                ticket.state = .serving
                ticket.startedAt = ticket.startedAt ?? event.time
                ticket.staff = event.staff ?? ticket.staff
            }
        case .ticketCompleted(let outcome): close(event, as: .completed, outcome: outcome)
        case .ticketNoShow: close(event, as: .noShow)
        case .ticketCancelled: close(event, as: .cancelled)
        case .ticketClosedAtDayEnd: close(event, as: .closedAtDayEnd)
        case .ticketReactivated(let placement):
            updateTicket(event) { ticket in
                ticket.state = .waiting
                ticket.finishedAt = nil
                ticket.desk = nil
                ticket.place(placement)
            }
            if let ticket = event.ticket.flatMap({ tickets[$0] }) { hold(ticket) }
        case .ticketTransferred(let from, let to, let placement):
            releaseDesk(of: event)
            updateTicket(event) { ticket in
                ticket.transfers.append(TransferRecord(
                    from: from, to: to, position: placement.position, at: event.time,
                    fromDesk: event.desk))
                ticket.service = to
                // A parked ticket moved with its service (`removeService`) is still set aside.
                ticket.state = ticket.state == .parked ? .parked : .waiting
                ticket.desk = nil
                ticket.place(placement)
            }
        case .ticketParked:
            releaseDesk(of: event)
            updateTicket(event) { ticket in
                ticket.state = .parked
                ticket.desk = nil
                ticket.staff = event.staff ?? ticket.staff
            }
        case .ticketResumed(let placement): applyResumed(placement, event)
        case .ticketCarriedOver:
            updateTicket(event) { $0.carryOvers += 1 }
        case .businessDayChanged(_, let to):
            currentDay = to
        case .deskConfigured(let desk):
            if let existing = desks[desk.number] {
                desks[desk.number] = existing.redefined(as: desk)
            } else {
                desks[desk.number] = desk
            }
        case .deskRemoved: if let number = event.desk { desks[number] = nil }
        case .deskOpened: updateDesk(event) { $0.status = .open; $0.staff = event.staff }
        case .deskPaused: updateDesk(event) { $0.status = .paused }
        case .deskClosed: updateDesk(event) { $0.status = .closed; $0.staff = nil }
        case .deskServicesChosen(let chosen):
            updateDesk(event) { desk in
                let allowed = desk.allowedServices
                desk.allowed = chosen == allowed ? nil : allowed
                desk.services = chosen
            }
        case .serviceConfigured(let service): configuration.services[service.code] = service
        case .serviceOpened(let code): configuration.services[code]?.isOpen = true
        case .serviceClosed(let code): configuration.services[code]?.isOpen = false
        case .staffRegistered(let member): staff[member.id] = member
        case .storeConfigured(let newConfiguration): configuration = newConfiguration
        case .printerReported, .ticketReprintRequested: break
        }
    }

    private mutating func applyIssued(_ issued: IssuedTicket, _ event: Event) {
        guard let id = event.ticket else { return }
        var ticket = Ticket(
            id: id, businessDay: issued.businessDay, service: issued.service,
            sequence: issued.sequence, number: issued.number, code: issued.code,
            priority: issued.priority, issuedAt: event.time, orderingKey: issued.orderingKey,
            arrivalKey: issued.arrivalKey)
        ticket.language = issued.language
        ticket.quotedWait = issued.quotedWait
        put(ticket)
        let key = CounterKey(day: issued.businessDay, service: issued.service)
        var counter = counters[key] ?? DayCounter()
        counter.nextSequence = max(counter.nextSequence, issued.sequence + 1)
        counter.issued += 1
        counters[key] = counter
        hold(ticket)
        if nextTicketID <= id { nextTicketID = id.successor }
    }

    private mutating func applyCalled(day: BusinessDay, _ event: Event) {
        guard let id = event.ticket, var ticket = tickets[id] else { return }
        ticket.state = .called
        ticket.calledAt = ticket.calledAt ?? event.time
        ticket.desk = event.desk
        ticket.staff = event.staff
        put(ticket)
        if let desk = event.desk { desks[desk]?.currentTicket = id }
        guard ticket.priority == .priority else { return }
        let key = CounterKey(day: day, service: ticket.service)
        var counter = counters[key] ?? DayCounter()
        counter.recentPriorityArrivals.append(ticket.arrivalKey)
        let limit = max(0, configuration.fairness.maxOvertakes)
        if counter.recentPriorityArrivals.count > limit {
            counter.recentPriorityArrivals.removeFirst(counter.recentPriorityArrivals.count - limit)
        }
        counters[key] = counter
    }

    private mutating func applyResumed(_ placement: LanePlacement?, _ event: Event) {
        updateTicket(event) { ticket in
            ticket.staff = event.staff ?? ticket.staff
            if let placement {
                ticket.state = .waiting
                ticket.place(placement)
            } else {
                ticket.state = .serving
                ticket.desk = event.desk
                ticket.startedAt = ticket.startedAt ?? event.time
            }
        }
        if placement == nil, let id = event.ticket, let desk = event.desk, tickets[id] != nil {
            desks[desk]?.currentTicket = id
        }
    }

    /// Moves a ticket to a final state, freeing its desk and its display number.
    private mutating func close(_ event: Event, as final: TicketState, outcome: Outcome? = nil) {
        releaseDesk(of: event)
        updateTicket(event) { ticket in
            ticket.state = final
            ticket.finishedAt = event.time
            ticket.outcome = outcome
            ticket.staff = event.staff ?? ticket.staff
        }
        guard let id = event.ticket, let ticket = tickets[id] else { return }
        heldNumbers[ticket.issuedService]?.remove(ticket.number)
    }

    private mutating func hold(_ ticket: Ticket) {
        heldNumbers[ticket.issuedService, default: []].insert(ticket.number)
    }

    /// Frees the desk holding the event's ticket, if it holds it.
    private mutating func releaseDesk(of event: Event) {
        guard let id = event.ticket, let ticket = tickets[id], ticket.state.isAtDesk, let desk = ticket.desk,
            desks[desk]?.currentTicket == ticket.id
        else { return }
        desks[desk]?.currentTicket = nil
    }

    private mutating func updateTicket(_ event: Event, _ change: (inout Ticket) -> Void) {
        guard let id = event.ticket, var ticket = tickets[id] else { return }
        change(&ticket)
        put(ticket)
    }

    private mutating func updateDesk(_ event: Event, _ change: (inout Desk) -> Void) {
        guard let number = event.desk, var desk = desks[number] else { return }
        change(&desk)
        desks[number] = desk
    }
}

extension Ticket {
    mutating func place(_ placement: LanePlacement) {
        orderingKey = placement.orderingKey
        arrivalKey = placement.arrivalKey
    }
}
