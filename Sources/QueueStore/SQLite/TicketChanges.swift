import QueueCore

/// A ticket a decision changed, as both stores write it: a new row, or a guarded update of
/// the row as it was (`old`).
struct TicketChange {
    let ticket: Ticket
    let old: Ticket?
}

extension SliceWriter.Before {
    /// Hands `write` each ticket the events changed, once, in the order the events name them (so
    /// two writers lock rows in the same order; a named ticket left as it was is not one), and
    /// returns those tickets in that order.
    func forEachTicketChange(to after: QueueState, events: [Event], _ write: (TicketChange) throws -> Void) rethrows -> [Ticket] {
        var changed: [Ticket] = []
        changed.reserveCapacity(events.count)
        var seen = Set<TicketID>(minimumCapacity: events.count > 1 ? events.count : 0)
        for id in events.compactMap(\.ticket) where events.count == 1 || seen.insert(id).inserted {
            guard let ticket = after.tickets[id] else { continue }
            let old = tickets[id]
            if let old, ticket == old { continue }
            try write(TicketChange(ticket: ticket, old: old))
            changed.append(ticket)
        }
        return changed
    }
}
