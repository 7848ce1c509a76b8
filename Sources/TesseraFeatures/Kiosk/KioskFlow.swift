import FoundationEssentials
import Localization
import QueueCore

/// The customer kiosk's screen as a value: what it shows and every flag that decides what a tap
/// does. `handle(_:)` is the only way it changes; it reads no clock and starts nothing, it returns
/// the effects (store calls, printing, timers) that `KioskModel` runs and answers with events.
/// The rule a customer meets first, one intent one ticket, is `isNewIntent(_:)`.
public struct KioskFlow: ScreenFlow {
    public enum Phase: Equatable, Sendable {
        /// The service buttons, ready for a tap.
        case choosing
        /// A tap was accepted and the ticket is being issued. `overdue` once the store has taken
        /// longer than `issueTimeout`: the screen says so, and still takes no tap.
        case issuing(ServiceCode, overdue: Bool)
        /// The committed ticket is being printed (only while bytes go to the printer).
        case printing(ServiceCode, KioskTicket)
        /// The committed ticket, until `ticketSeconds` pass (three times that when it was not
        /// printed) or the customer is done; its people ahead and wait follow the queue.
        case showingTicket(KioskTicket)
        /// The services page is on its way back; no tap counts until it is fully shown.
        case returning
        /// The service buttons again, with why the last tap gave no ticket, until a new tap
        /// or `idleSeconds` pass.
        case failed(ServiceCode, KioskFailure)
    }

    public struct Timing: Equatable, Sendable {
        public var ticketSeconds: Int
        public var idleSeconds: Int
        /// Longer than the store's worst case (a 5 s busy wait, then the commit's fsync), so the
        /// screen speaks of a slow store only when it has really stopped answering.
        public var issueTimeout: Duration
        /// How long after a page change a tap still belongs to the previous intent: longer than
        /// a double tap or a burst (150 ms), shorter than a customer who means it.
        public var tapGuard: Duration

        public init(_ settings: KioskSettings = KioskSettings(), issueTimeout: Duration = .seconds(45),
                    tapGuard: Duration = .milliseconds(600)) {
            ticketSeconds = settings.ticketSeconds
            idleSeconds = settings.idleSeconds
            self.issueTimeout = issueTimeout
            self.tapGuard = tapGuard
        }
    }

    /// What the flow needs to know of the kiosk's printer; the printer itself is the model's.
    public struct Printer: Equatable, Sendable {
        public var footer: String
        public var withoutPrinter: WithoutPrinter
        public var pollInterval: Duration
        /// The kiosk's name in its printer reports and in the reprints asked of it.
        public var terminal: String?

        public init(footer: String = "", withoutPrinter: WithoutPrinter = .showTicket,
                    pollInterval: Duration = .milliseconds(500), terminal: String? = nil) {
            self.footer = footer
            self.withoutPrinter = withoutPrinter
            self.pollInterval = pollInterval
            self.terminal = terminal
        }
    }

    public let timing: Timing
    public let languages: KioskLanguages
    /// The look every customer starts in (`[kiosk] high-contrast=`, `large-text=`).
    public let standardLook: KioskLook
    /// nil: the kiosk has no printer.
    public let printer: Printer?

    public internal(set) var phase: Phase = .choosing
    /// The open services, in code order; follows the store while it is followed.
    public internal(set) var services: [KioskService]
    /// The store's name (its configuration), shown above the buttons.
    public internal(set) var storeName: String
    /// The store's name in other languages: the customer reads `storeName(in: language)`.
    public internal(set) var localizedStoreNames: [String: String]
    /// The language the customer in front of the kiosk reads (and their ticket is called in):
    /// `languages.standard` until they choose another, again once their ticket is done or the
    /// kiosk has been left alone for `idleSeconds`.
    public internal(set) var language: Language
    /// The look the customer in front of the kiosk chose: `standardLook` until they turn an
    /// option on or off, again when the language resets (their ticket done, or at idle).
    public internal(set) var look: KioskLook
    /// What the ticket printer last reported; nil without a printer, or before its first answer.
    public internal(set) var printerCondition: PrinterCondition?
    /// True while a shared store's server is lost and being reconnected to: no tap is taken,
    /// and everything is read again when it is back.
    public internal(set) var isOffline = false
    /// Within `tapGuard` of the last page change.
    public internal(set) var settling = false
    /// Whether the screen has said the services page is fully shown since the last return.
    public internal(set) var servicesBack = true
    /// Whether the model follows the store's change feed: only then is the clock check armed.
    public internal(set) var isFollowing = false
    /// A printer status read is on its way: the watch starts no second one.
    public internal(set) var printerReadInFlight = false
    /// Orders the offer reads: an older one never replaces a newer one.
    public internal(set) var readGeneration = 0
    public internal(set) var appliedGeneration = 0

    public init(services: [KioskService], storeName: String = "", timing: Timing = Timing(),
                languages: KioskLanguages = KioskLanguages(), look: KioskLook = KioskLook(), printer: Printer? = nil,
                localizedStoreNames: [String: String] = [:]) {
        self.services = services
        self.storeName = storeName
        self.localizedStoreNames = localizedStoreNames
        self.timing = timing
        self.languages = languages
        self.printer = printer
        language = languages.standard
        standardLook = look
        self.look = look
    }

    /// The store's name as a customer reading `language` sees it (`[store] name[cy]`, else `storeName`).
    public func storeName(in language: Language) -> String {
        LocalizedName.pick(storeName, from: localizedStoreNames, in: language.nameLocale)
    }

    /// The next customer starts in the standard language and look.
    mutating func resetChoices() {
        language = languages.standard
        look = standardLook
    }

    /// `without-printer=stop` and the printer cannot print: no tap is taken.
    public var stoppedByPrinter: Bool {
        printer?.withoutPrinter == .stop && printerCondition.map { !$0.canPrint } == true
    }

    /// Whether the screen would show anything different from `other`: the model tells its screen
    /// only then (the guard flags, generations and the printer watch are not on screen).
    public func looksDifferent(from other: KioskFlow) -> Bool {
        phase != other.phase || services != other.services || storeName != other.storeName
            || localizedStoreNames != other.localizedStoreNames
            || language != other.language || look != other.look || printerCondition != other.printerCondition
            || isOffline != other.isOffline
    }
}
