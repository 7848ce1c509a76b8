import FoundationEssentials
import Localization
import QueueCore
import QueueStore

extension KioskFlow {
    /// What happened: a customer's tap, the screen's word, an answer to an effect, a timer.
    /// Those that need the time carry it; the flow reads no clock.
    public enum Event: Equatable, Sendable {
        /// A tap on a service button.
        case tapped(ServiceCode, now: Date)
        /// A tap on a language button.
        case languageTapped(Language)
        /// A tap on the high-contrast or large-text toggle: turns that option over.
        case lookTapped(KioskLook.Option)
        /// "Done" on the ticket page, or a tap on the failure message.
        case dismissed
        /// The screen's word that the services page is fully shown (its transition has ended).
        case servicesShown
        /// The answer to `Effect.issue`.
        case issued(Result<KioskTicket, KioskFailure>)
        /// The answer to `Effect.print`.
        case printed(Result<PrinterCondition, PrinterError>, now: Date)
        /// The answer to `Effect.reprint`, when there was a copy to print.
        case reprinted(Result<PrinterCondition, PrinterError>, now: Date)
        /// The answer to `Effect.readPrinterCondition`.
        case printerConditionRead(PrinterCondition, now: Date)
        /// The answer to `Effect.readOffer` of that generation; nil where the read failed.
        case offerRead(generation: Int, Offer?, standing: TicketStanding?, of: TicketID?)
        /// The model subscribed to the change feed, or ended its subscription.
        case followed(now: Date)
        case stoppedFollowing
        /// A batch from the change feed (some process committed).
        case storeChanged([StoredEvent], now: Date)
        case reachabilityChanged(StoreReachability, now: Date)
        /// Read the printer's status now and then every `pollInterval`; or stop.
        case watchPrinter
        case stopWatchingPrinter
        case timerFired(Timer, now: Date)
    }

    /// The flow's timers, one of each at a time.
    public enum Timer: Hashable, Sendable {
        /// The store has not answered a tap for `issueTimeout`.
        case issueTimeout
        /// The ticket has shown for its time.
        case ticketShown
        /// The failure message has shown for `idleSeconds`.
        case failedMessage
        /// `tapGuard` since the last page change.
        case tapGuard
        /// A chosen language or look unused for `idleSeconds`.
        case languageIdle
        /// The offer may change by the clock alone (a service opens, a new day).
        case clockCheck
        case printerPoll
    }

    /// What the model must do.
    public enum Effect: Equatable, Sendable {
        /// Starts `Timer`, replacing a running one of that name.
        case startTimer(Timer, after: Duration)
        case cancelTimer(Timer)
        /// Issues a ticket at `at` (with its paper version when `footer` is given); answer `.issued`.
        case issue(KioskService, language: String?, at: Date, footer: String?)
        /// Prints the committed ticket; answer `.printed`.
        case print(PrintedTicket)
        /// Prints a copy of a stored ticket; answer `.reprinted` (none when it cannot be read).
        case reprint(TicketID, footer: String)
        /// Asks the printer its status; answer `.printerConditionRead`.
        case readPrinterCondition
        /// Records the printer's new condition in the store, for desks and the board.
        case recordPrinterCondition(PrinterCondition, terminal: String?, at: Date)
        /// Reads the offer (and the standing of the shown ticket) at `at`; answer `.offerRead`.
        case readOffer(generation: Int, at: Date, standingOf: TicketID?)
    }

    /// What one offer read found.
    public struct Offer: Equatable, Sendable {
        public var services: [KioskService]
        public var storeName: String
        /// The store's name in other languages (`StoreConfiguration.localizedStoreNames`).
        public var localizedStoreNames: [String: String]
        /// How long until the clock alone can change the offer; nil: it cannot.
        public var nextClockChange: Duration?

        public init(services: [KioskService], storeName: String, nextClockChange: Duration? = nil,
                    localizedStoreNames: [String: String] = [:]) {
            self.services = services
            self.storeName = storeName
            self.localizedStoreNames = localizedStoreNames
            self.nextClockChange = nextClockChange
        }
    }
}
