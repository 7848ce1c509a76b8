import FoundationEssentials
import QueueCore

/// `PhoneTokens` for both stores, over their own SQL text. The erasing half is in
/// `SharedWrites`: the writer that ends a ticket deletes its row.
extension SQLStore {
    /// One statement: the row is written only while the ticket is open, and replaces the
    /// ticket's previous token (its primary key is the ticket).
    public func issuePhoneToken(for ticket: TicketID, at time: Date) throws(StoreError) -> PhoneToken {
        let token = try PhoneTokenBytes.make()
        let changed = try write(Engine.sql.issuePhoneToken, [
            .integer(ticket.rawValue), .text(PhoneTokenBytes.hash(token.text)),
            .integer(Int64((time.timeIntervalSince1970 * 1000).rounded(.down))),
        ])
        if changed == 0 { throw .refused(.ticketNotFound(ticket)) }
        return token
    }

    /// The ticket must still be open as well: an ended ticket's row is deleted with its end, and
    /// the join keeps the answer the same should a row ever be left behind.
    public func ticket(ofPhoneToken token: String) throws(StoreError) -> TicketID? {
        guard PhoneTokenBytes.isWellFormed(token) else { return nil }
        return try withEngine { engine in
            try engine.connection.queryOne(Engine.sql.ticketOfPhoneToken, [.text(PhoneTokenBytes.hash(token))]) {
                TicketID(rawValue: $0.int64(0))
            }
        }
    }
}
