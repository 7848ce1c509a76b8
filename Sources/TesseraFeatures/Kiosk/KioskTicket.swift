import Localization
import QueueCore
import QueueStore

/// A ticket just issued, as the customer sees it.
public struct KioskTicket: Equatable, Sendable {
    public var code: String
    public var serviceName: String
    /// nil when it could not be read; the ticket is valid all the same.
    public var peopleAhead: Int?
    /// nil when it cannot be estimated (no open desk serves the service) or could not be read.
    public var estimatedWait: Duration?
    /// The stored ticket, so its standing can be read again while it shows.
    public var id: TicketID?
    /// What goes on paper, when the kiosk has a printer.
    public var printable: PrintedTicket?
    /// Whether the customer got it on paper; nil: the kiosk has no printer.
    public var paper: Paper?

    public enum Paper: Equatable, Sendable {
        case printed
        /// The printer could not print it (see the kiosk's `printerCondition`).
        case notPrinted
    }

    public init(code: String, serviceName: String, peopleAhead: Int? = nil, estimatedWait: Duration? = nil,
                id: TicketID? = nil) {
        self.id = id
        self.code = code
        self.serviceName = serviceName
        self.peopleAhead = peopleAhead
        self.estimatedWait = estimatedWait
    }
}

/// Why the kiosk could not give a ticket, in the customer's terms; the words are the screen's.
public enum KioskFailure: Error, Equatable, Sendable {
    /// The queue rules said no (closed, outside its hours, the day's tickets are gone).
    case refused(QueueError)
    /// The store did not answer or failed; nothing was issued.
    case unavailable

    init(_ error: any Error) {
        if case .refused(let reason)? = error as? StoreError { self = .refused(reason) } else { self = .unavailable }
    }
}

/// A service the kiosk offers a button for.
public struct KioskService: Equatable, Sendable {
    public var code: ServiceCode
    public var name: String
    /// The name in other languages (`Service.localizedNames`): see `name(in:)`.
    public var localizedNames: [String: String]
    /// Whether a tap would give a ticket now (closed by staff, outside its opening hours, its
    /// daily cap reached: the button is disabled with the reason, `AvailabilityWords`).
    public var availability: ServiceAvailability
    /// Where a ticket taken now would stand: the people ahead and the wait its page and paper
    /// would promise (the store's `waits(at:)`, the figure it stamps on the ticket). nil when
    /// it could not be read: the button then says nothing of the wait.
    public var newTicket: TicketStanding?
    /// The service's colour (`[service:X] colour`, `#RRGGBB`): its button's fill.
    public var colour: String

    public init(code: ServiceCode, name: String, colour: String = "", availability: ServiceAvailability = .open,
                newTicket: TicketStanding? = nil, localizedNames: [String: String] = [:]) {
        self.code = code
        self.name = name
        self.localizedNames = localizedNames
        self.colour = colour
        self.availability = availability
        self.newTicket = newTicket
    }

    /// Why a tap would give no ticket now, as the store would refuse it; nil when it takes taps.
    public var refusal: QueueError? { availability.refusal(of: code) }

    /// The name a customer reading `language` sees on the button, the ticket page and the paper
    /// (`[service:X] name[cy]`, else `name`).
    public func name(in language: Language) -> String {
        LocalizedName.pick(name, from: localizedNames, in: language.nameLocale)
    }
}
