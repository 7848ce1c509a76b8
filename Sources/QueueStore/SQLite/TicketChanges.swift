import QueueCore

/// A ticket a decision changed, as both stores write it: a new row, or a guarded update of
/// the row as it was (`old`), which also records a service time when it completes the ticket.
struct TicketChange {
    let ticket: Ticket
    let old: Ticket?

    /// Completed by this change: its service time goes to `service_times`.
    var completes: Bool { ticket.state == .completed && old.map { $0.state != .completed } ?? false }
}

extension SliceWriter.Before {
    /// The tickets the events changed, each once, in the order the events name them (so two
    /// writers lock rows in the same order); a named ticket the events left as it was is not one.
    func ticketChanges(to after: QueueState, events: [Event]) -> [TicketChange] {
        var changes: [TicketChange] = []
        changes.reserveCapacity(events.count)
        var seen = Set<TicketID>(minimumCapacity: events.count > 1 ? events.count : 0)
        for id in events.compactMap(\.ticket) where events.count == 1 || seen.insert(id).inserted {
            guard let ticket = after.tickets[id] else { continue }
            let old = tickets[id]
            if let old, ticket == old { continue }
            changes.append(TicketChange(ticket: ticket, old: old))
        }
        return changes
    }
}
