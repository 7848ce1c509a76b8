extension QueueState {
    /// Removing a service: its waiting and parked tickets moved to `target` first (when given),
    /// the service taken off every desk, then out of the configuration (`storeConfigured`, as
    /// the configuration file removes one). A code the store no longer has is accepted while
    /// tickets still wait for it (left by an older build), so they can be moved.
    func removeService(_ code: ServiceCode, transferTo target: ServiceCode?, staff: StaffID?, at time: Instant)
        throws(QueueError) -> [Event]
    {
        let open = tickets.values.filter { $0.service == code && $0.isOpen }.sorted { $0.id < $1.id }
        guard configuration.services[code] != nil || open.contains(where: WaitingTicketsRule.waits) else {
            throw .serviceNotFound(code)
        }
        if let target, configuration.services[target] == nil || target == code { throw .serviceNotFound(target) }
        if configuration.services[code] == nil, target == nil {
            let count = open.filter(WaitingTicketsRule.waits).count
            throw .ticketsWouldWait([StrandedService(code: code, name: code.rawValue, count: count)])
        }
        // A customer standing at a desk is finished there first, not sent back to a lane.
        if let held = open.first(where: { $0.state.isAtDesk }), let desk = held.desk {
            throw .deskBusy(desk, ticket: held.code)
        }
        let who = try staffMember(staff)
        var services = configuration.services
        services[code] = nil
        var changed: [Desk] = []
        for number in desks.keys.sorted() {
            let desk = desks[number]!
            guard desk.allowedServices.contains(code) else { continue }
            let definition = Desk(number: number, name: desk.name, services: desk.allowedServices.filter { $0 != code })
            guard !definition.services.isEmpty else { throw .invalidConfiguration(.deskWithoutServices(number)) }
            changed.append(definition)
        }
        var proposed = desks
        for desk in changed { proposed[desk.number] = desks[desk.number]!.redefined(as: desk) }
        try checkNobodyStranded(services: services, desks: proposed, moving: target.map { [code: $0] } ?? [:])

        var events: [Event] = []
        if let target {
            for ticket in open where WaitingTicketsRule.waits(ticket) {
                // By arrival: these customers did not ask to move, so each keeps the place their
                // arrival gives them among the target's own (`.back` would put the one who has
                // waited longest behind everyone who came after).
                let placement = placement(
                    of: ticket, in: Lane(service: target, priority: ticket.priority), .arrival, at: time)
                events.append(Event(ticket: ticket.id, staff: who, time: time,
                    details: .ticketTransferred(from: code, to: target, placement: placement)))
            }
        }
        for desk in changed {
            events.append(Event(desk: desk.number, staff: who, time: time, details: .deskConfigured(desk)))
        }
        if configuration.services[code] != nil {
            var removed = configuration
            removed.services[code] = nil
            removed.definedByFile?.services.remove(code)
            events.append(Event(staff: who, time: time, details: .storeConfigured(removed)))
        }
        return events
    }

    /// A desk that may be removed: it exists, nobody works at it (closed) and it holds no ticket.
    /// (`WaitingTicketsRule` is the caller's: it sees the store as the whole change leaves it.)
    func deskRemoval(_ number: DeskNumber) throws(QueueError) -> DeskNumber {
        guard let desk = desks[number] else { throw .deskNotFound(number) }
        if let current = desk.currentTicket {
            throw .deskBusy(number, ticket: tickets[current]?.code ?? current.description)
        }
        guard desk.status == .closed else { throw .deskNotClosed(number, desk.status) }
        return number
    }
}
