import FoundationEssentials
import QueueCore

/// The links that put a ticket on its customer's phone (`BASE/t/TOKEN`, issue 27). Kept beside
/// the queue but outside the event log: a token must be erased when its ticket ends, and the log
/// is never rewritten. Only a token's SHA-256 is stored; the token itself is handed to the caller
/// once, to print, and cannot be read back.
///
/// A ticket has at most one token. The writer that records a ticket's end (completed, no-show,
/// cancelled, closed at day end) deletes its token in the same transaction, so an ended ticket's
/// link and a link never issued get the same answer: nothing.
public protocol PhoneTokens: Sendable {
    /// A new token for an open ticket, replacing the one it had: after a reprint the old link
    /// finds nothing. Refused (`.refused(.ticketNotFound)`) for a ticket that does not exist or
    /// has ended.
    func issuePhoneToken(for ticket: TicketID, at time: Date) throws(StoreError) -> PhoneToken
    /// The open ticket whose current token `token` is; nil for any other text (unknown, replaced,
    /// ended or malformed alike).
    func ticket(ofPhoneToken token: String) throws(StoreError) -> TicketID?
}

/// A token as printed in the ticket's link: 128 random bits in base64url without padding.
public struct PhoneToken: Hashable, Sendable, CustomStringConvertible {
    /// The 22 characters that follow `/t/` in the link.
    public let text: String

    /// Leaves the token out of logs and interpolations that were not meant to show it.
    public var description: String { "PhoneToken(…)" }

    init(text: String) { self.text = text }
}

/// The phone tokens kept with `store`, if its kind of store keeps them.
public func phoneTokens(of store: any QueueStore) -> (any PhoneTokens)? {
    store as? any PhoneTokens
}
