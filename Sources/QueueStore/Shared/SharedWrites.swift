import QueueCore

/// What the shared writes need of a connection: run one statement, learn how many rows it changed.
protocol RowWriting {
    associatedtype Value: StatementValue
    func run(_ sql: String, _ values: [Value]) throws -> Int
}

/// The steps of writing a decision that both stores take alike, inside the caller's
/// transaction: the day counters that changed, then each ticket the events name: inserted when
/// new, else moved by the guarded update.
///
/// The guarded update is the store's half of "a ticket is called once": `UPDATE … WHERE id = ?
/// AND state = ?` changes the row only if it is still in the state the decision was made from,
/// so a writer handed a stale slice changes nothing and says so (`GuardedUpdateTests`, both
/// stores).
struct SharedWrites<Connection: RowWriting> {
    let connection: Connection
    let codec: RowCodec
    let sql: WriteSQL

    func counters(before: SliceWriter.Before, after: QueueState) throws {
        for (key, counter) in after.counters.sorted(by: { $0.key < $1.key }) where before.counters[key] != counter {
            _ = try connection.run(sql.upsertCounter, [
                .text(key.day.description), .text(key.service.rawValue), .integer(counter.nextSequence),
                .integer(Int64(counter.issued)),
                .text(counter.recentPriorityArrivals.map { String($0.rawValue) }.joined(separator: ",")),
            ])
        }
    }

    /// The tickets written, in the events' order.
    func tickets(before: SliceWriter.Before, after: QueueState, events: [Event]) throws -> [Ticket] {
        try before.forEachTicketChange(to: after, events: events) { change in
            if let old = change.old { try update(change.ticket, was: old) } else { try insert(change.ticket) }
        }
    }

    private func insert(_ ticket: Ticket) throws {
        _ = try connection.run(sql.insertTicket, try TicketRow.insertValues(of: ticket, codec: codec))
    }

    /// Only a row still in `old`'s state changes. A ticket that ends loses its phone token in
    /// the same transaction: its link finds nothing from the commit on (`PhoneTokensConformance`).
    private func update(_ ticket: Ticket, was old: Ticket) throws {
        try TicketRow.checkFixedFields(ticket, was: old)
        let changes = try connection.run(sql.updateTicket,
                                         try TicketRow.updateValues(of: ticket, codec: codec) + [.text(old.state.rawValue)])
        if changes != 1 {
            throw StoreError.conflict("ticket \(ticket.code) was changed by someone else at the same moment; nothing was done")
        }
        if old.state.isOpen, !ticket.state.isOpen {
            _ = try connection.run(sql.deletePhoneToken, [.integer(ticket.id.rawValue)])
        }
    }
}

/// The statements of `SharedWrites`, with one store's placeholders (`?1` or `$1`).
struct WriteSQL: Sendable {
    let insertTicket: String
    let updateTicket: String
    let upsertCounter: String
    /// (ticket): its phone token, once it has ended.
    let deletePhoneToken: String

    static let sqlite = WriteSQL(marker: "?")
    static let postgres = WriteSQL(marker: "$")

    private init(marker m: Character) {
        insertTicket = TicketRow.insert(marker: m)
        updateTicket = TicketRow.update(marker: m)
        deletePhoneToken = "DELETE FROM phone_tokens WHERE ticket = \(m)1"
        upsertCounter = """
            INSERT INTO counters (business_day, service, next_sequence, issued, recent_priority_arrivals)
            VALUES (\(m)1, \(m)2, \(m)3, \(m)4, \(m)5)
            ON CONFLICT (business_day, service) DO UPDATE SET next_sequence = excluded.next_sequence,
                issued = excluded.issued, recent_priority_arrivals = excluded.recent_priority_arrivals
            """
    }
}
