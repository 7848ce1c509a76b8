import FoundationEssentials
import QueueCore
import QueueStore

/// One call the board shows and announces: a ticket sent to a desk.
public struct BoardCall: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// Called for the first time.
        case call
        /// Called again by the desk.
        case recall
        /// A parked ticket sent straight to a desk.
        case toDesk
    }

    /// The ticket's code as printed ("C012").
    public var ticketCode: String
    public var desk: DeskNumber
    public var kind: Kind
    /// The event that made the call: calls are shown and announced in this order.
    public var eventID: EventID
    /// The language the ticket's customer chose at the kiosk (a gettext name); nil: none.
    public var language: String?
    /// The desk's own name from the store's configuration (`[desk:N] name = Front Counter`);
    /// nil when it has the default one ("Desk 3"), which each language says in its own words.
    public var deskName: String?
    /// The desk's name in other languages (`[desk:N] name[cy]`): see `deskName(in:)`.
    public var localizedDeskNames: [String: String]

    public init(ticketCode: String, desk: DeskNumber, kind: Kind, eventID: EventID, language: String? = nil,
                deskName: String? = nil, localizedDeskNames: [String: String] = [:]) {
        self.language = language
        self.deskName = deskName
        self.localizedDeskNames = localizedDeskNames
        self.ticketCode = ticketCode
        self.desk = desk
        self.kind = kind
        self.eventID = eventID
    }

    /// The desk's name as a call in `language` says it (a locale, `cy`): its name in that
    /// language, else `deskName`; nil when that is the default one, which each language words.
    public func deskName(in language: String?) -> String? {
        let name = LocalizedName.pick(deskName ?? "", from: localizedDeskNames, in: language)
        return name.isEmpty ? nil : name
    }

    /// `name` as a call says it: nil for a desk's default name (`Desk.defaultName`).
    static func ownName(_ name: String, of desk: DeskNumber) -> String? {
        name.isEmpty || name == Desk.defaultName(desk) ? nil : name
    }

    /// What kind of call `event` is, and to which desk and ticket; nil for every event that
    /// sends nobody to a desk.
    static func callParts(of event: Event) -> (kind: Kind, ticket: TicketID, desk: DeskNumber)? {
        guard let ticket = event.ticket, let desk = event.desk else { return nil }
        switch event.details {
        case .ticketCalled: return (.call, ticket, desk)
        case .ticketRecalled: return (.recall, ticket, desk)
        case .ticketResumed(placement: nil): return (.toDesk, ticket, desk)
        default: return nil
        }
    }
}

/// When an event happened, read in one place: the instant type of QueueCore's events may change.
func instant(of event: Event) -> Date { event.time.date }

/// How far apart two instants are, as a `Duration`.
func elapsed(from start: Date, to end: Date) -> Duration {
    .milliseconds(Int64((end.timeIntervalSince(start) * 1000).rounded()))
}
