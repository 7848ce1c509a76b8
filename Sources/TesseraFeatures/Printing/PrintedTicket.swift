import Localization
import QueueCore

/// What goes on the paper: everything fixed when the ticket was committed. The words around
/// these values (and their layout) are the renderer's.
public struct PrintedTicket: Equatable, Sendable {
    public var storeName: String
    public var code: String
    public var serviceName: String
    /// The day and wall-clock time of issue in the store's time zone.
    public var issuedOn: BusinessDay
    public var issuedAtSeconds: Int
    public var peopleAhead: Int?
    public var estimatedWait: Duration?
    public var footer: String
    /// A copy printed on staff's request.
    public var isReprint: Bool
    /// The language its customer chose at the kiosk (a gettext name); nil: the kiosk's own.
    public var language: String?

    public init(storeName: String, code: String, serviceName: String, issuedOn: BusinessDay, issuedAtSeconds: Int,
                peopleAhead: Int? = nil, estimatedWait: Duration? = nil, footer: String = "", isReprint: Bool = false,
                language: String? = nil) {
        self.storeName = storeName
        self.code = code
        self.serviceName = serviceName
        self.issuedOn = issuedOn
        self.issuedAtSeconds = issuedAtSeconds
        self.peopleAhead = peopleAhead
        self.estimatedWait = estimatedWait
        self.footer = footer
        self.isReprint = isReprint
        self.language = language
    }

    /// The ticket as issued at `instant` in a store configured so; the store's name in the
    /// ticket's language (`nameLocale(of:)`).
    public init(_ ticket: Ticket, serviceName: String, configuration: StoreConfiguration, footer: String,
                standing: (peopleAhead: Int, estimatedWait: Duration?)?, isReprint: Bool = false) {
        let calendar = configuration.calendar
        self.init(storeName: configuration.storeName(in: Self.nameLocale(of: ticket)), code: ticket.code,
                  serviceName: serviceName,
                  issuedOn: calendar.localDate(of: ticket.issuedAt),
                  issuedAtSeconds: calendar.localSecondsSinceMidnight(of: ticket.issuedAt),
                  peopleAhead: standing?.peopleAhead, estimatedWait: standing?.estimatedWait,
                  footer: footer, isReprint: isReprint, language: ticket.language)
    }

    /// The locale the paper names things in: the ticket's language, else the kiosk's own (the
    /// words around them are the same, `TicketLayout`).
    public static func nameLocale(of ticket: Ticket) -> String? {
        ticket.language ?? Language.locale.nameLocale
    }
}

/// Draws a ticket as a one-bit image `dots` wide (Pango/Cairo in the app).
public protocol TicketRenderer: Sendable {
    func render(_ ticket: PrintedTicket, dots: Int) -> RasterImage
}

/// The kiosk's printer port: prints a ticket, and says whether it can print. Calls block no
/// actor: the work runs on the printer's own thread.
public protocol TicketPrinter: Sendable {
    /// Prints the ticket; returns the printer's condition after it, or why it did not print.
    nonisolated(nonsending) func print(_ ticket: PrintedTicket) async -> Result<PrinterCondition, PrinterError>
    /// Asks the printer for its real-time status.
    nonisolated(nonsending) func condition() async -> PrinterCondition
}
