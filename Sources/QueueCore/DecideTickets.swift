extension QueueState {
    /// Recall, start, complete, no-show, reactivate, transfer, park, resume, cancel.
    func decideTicketCommand(_ command: Command, at time: Instant) throws(QueueError) -> Event {
        if let (id, staff, action, details) = Self.deskAction(command) {
            return try atDesk(try ticket(id, for: action), staff: staff, time: time, details)
        }
        switch command {
        case .reactivate(let id, let staff):
            return try reactivate(try ticket(id, for: .reactivate), staff: staff, at: time)
        case .transfer(let id, let target, let position, let staff):
            let ticket = try ticket(id, for: .transfer)
            guard configuration.services[target] != nil else { throw .serviceNotFound(target) }
            guard target != ticket.service else {
                throw .transferToSameService(ticket: ticket.code, target)
            }
            let placement = placement(
                of: ticket, in: Lane(service: target, priority: ticket.priority), position, at: time)
            return try atDesk(ticket, staff: staff, time: time,
                .ticketTransferred(from: ticket.service, to: target, placement: placement))
        case .resume(let id, let target, let staff):
            let ticket = try ticket(id, for: .resume)
            switch target {
            case .queue(let position):
                let placement = placement(of: ticket, in: ticket.lane, position, at: time)
                return Event(ticket: id, staff: try staffMember(staff), time: time,
                    details: .ticketResumed(placement: placement))
            case .desk(let number):
                let desk = try freeOpenDesk(number)
                return Event(ticket: id, desk: number, staff: try staffMember(staff) ?? desk.staff,
                    time: time, details: .ticketResumed(placement: nil))
            }
        default:
            preconditionFailure("decideTicketCommand called with \(command)")
        }
    }

    /// The actions that only change the ticket's state where it is: (ticket, staff, action, event).
    private static func deskAction(_ command: Command)
        -> (TicketID, StaffID?, TicketAction, EventDetails)?
    {
        switch command {
        case .recall(let id, let staff): (id, staff, .recall, .ticketRecalled)
        case .start(let id, let staff): (id, staff, .start, .serviceStarted)
        case .complete(let id, let outcome, let staff): (id, staff, .complete, .ticketCompleted(outcome: outcome))
        case .noShow(let id, let staff): (id, staff, .noShow, .ticketNoShow)
        case .park(let id, let staff): (id, staff, .park, .ticketParked)
        case .cancel(let id, let staff): (id, staff, .cancel, .ticketCancelled)
        default: nil
        }
    }

    /// The ticket, if the action may start from its state.
    private func ticket(_ id: TicketID, for action: TicketAction) throws(QueueError) -> Ticket {
        guard let ticket = tickets[id] else { throw .ticketNotFound(id) }
        guard action.allowedStates.contains(ticket.state) else {
            throw .notAllowed(ticket: ticket.code, state: ticket.state, action: action)
        }
        return ticket
    }

    /// An event about `ticket`, naming the desk that holds it (if any) and the staff member:
    /// the one given, else the one who opened that desk.
    private func atDesk(_ ticket: Ticket, staff: StaffID?, time: Instant, _ details: EventDetails)
        throws(QueueError) -> Event
    {
        let desk = ticket.state.isAtDesk ? ticket.desk : nil
        let who = try staffMember(staff) ?? desk.flatMap { desks[$0]?.staff }
        return Event(ticket: ticket.id, desk: desk, staff: who, time: time, details: details)
    }

    /// A no-show comes back to the back of its lane — only if it became a no-show during the
    /// current business day and no other open ticket shows its number now.
    private func reactivate(_ ticket: Ticket, staff: StaffID?, at time: Instant) throws(QueueError)
        -> Event
    {
        let calendar = configuration.calendar
        let closedOn = calendar.businessDay(containing: ticket.finishedAt ?? ticket.issuedAt)
        guard closedOn == calendar.businessDay(containing: time) else {
            throw .ticketFromEarlierDay(ticket: ticket.code, day: closedOn)
        }
        guard heldNumbers[ticket.issuedService]?.contains(ticket.number) != true else {
            throw .numberInUse(ticket: ticket.code)
        }
        let placement = placement(of: ticket, in: ticket.lane, .back, at: time)
        return Event(ticket: ticket.id, desk: ticket.desk, staff: try staffMember(staff), time: time,
            details: .ticketReactivated(placement))
    }

    /// Where a ticket joining `lane` at `position` goes. Keys are computed without the head
    /// start (arrival) and then shifted by it for priority tickets:
    /// - `.front`: one millisecond ahead of the lane's head (or its own arrival if that is
    ///   earlier still, or if the lane is empty);
    /// - `.back`: now, or one millisecond behind the lane's tail if that is later;
    /// - `.arrival`: its original issue time.
    func placement(of ticket: Ticket, in lane: Lane, _ position: TransferPosition, at time: Instant)
        -> LanePlacement
    {
        let headStart = lane.priority == .priority ? configuration.fairness.headStartMilliseconds : 0
        let original = OrderingKey(ticket.issuedAt).offset(byMilliseconds: -headStart)
        let ordering: OrderingKey
        switch position {
        case .front:
            let head = waiting(in: lane).filter { $0.id != ticket.id }.min(by: Self.laneOrder)
            ordering = head.map { min($0.orderingKey.offset(byMilliseconds: -1), original) } ?? original
        case .back:
            let now = OrderingKey(time).offset(byMilliseconds: -headStart)
            let tail = waiting(in: lane).filter { $0.id != ticket.id }.max(by: Self.laneOrder)
            ordering = tail.map { max($0.orderingKey.offset(byMilliseconds: 1), now) } ?? now
        case .arrival:
            ordering = original
        }
        return LanePlacement(
            position: position, orderingKey: ordering,
            arrivalKey: ordering.offset(byMilliseconds: headStart))
    }
}
