import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// What the customer kiosk does, without a display: the screen binds its widgets to `phase`
/// and `services`, and calls `choose`, `dismiss` and `servicesShown`.
///
/// One intent, one ticket: a tap is accepted only while the kiosk is choosing (or showing why
/// the last tap gave nothing). From then until the services page is fully back every tap is
/// refused: while the ticket is issued (even after `issueTimeout`: the store may still commit,
/// and a committed ticket is always shown), while it shows, while the screen brings the
/// services back (`returning`, until the screen calls `servicesShown()`), and for `tapGuard`
/// after each page change, so the rest of a double tap or a burst that lands on "Done" or on
/// the services coming back is not a new intent.
@MainActor public final class KioskModel {
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

    public internal(set) var phase: Phase = .choosing {
        didSet { if phase != oldValue { onChange?() } }
    }
    /// The open services, in code order; follows the store once `follow()` ran.
    public internal(set) var services: [KioskService] {
        didSet { if services != oldValue { onChange?() } }
    }
    /// The store's name (its configuration), shown above the buttons; follows the store too.
    public internal(set) var storeName: String {
        didSet { if storeName != oldValue { onChange?() } }
    }
    /// The language the customer in front of the kiosk reads (and their ticket is called in):
    /// `languages.standard` until they choose another, again once their ticket is done or the
    /// kiosk has been left alone for `idleSeconds`.
    public internal(set) var language: Language {
        didSet { if language != oldValue { onChange?() } }
    }
    public let languages: KioskLanguages
    /// What the ticket printer last reported; nil without a printer, or before its first answer.
    public internal(set) var printerCondition: PrinterCondition? {
        didSet { if printerCondition != oldValue { onChange?() } }
    }
        /// True while a shared store's server is lost and being reconnected to: no tap is taken
    /// (the screen says why), and the services are read again when it is back.
    public internal(set) var isOffline = false {
        didSet { if isOffline != oldValue { onChange?() } }
    }
    /// Called after every change of `phase`, `services`, `storeName`, `language`, `printerCondition` or `isOffline`.
    public var onChange: (@MainActor () -> Void)?

    let store: any QueueStore
    let time: any TimeSource
    let timing: Timing
    /// The ticket printer and what to do without it; nil: the kiosk has no printer.
    let printing: KioskPrinting?
    var printerPoll: (any ScheduledAction)?
    var printerReadInFlight = false
    private var timer: (any ScheduledAction)?
    private var guardTimer: (any ScheduledAction)?
    private var languageTimer: (any ScheduledAction)?
    /// Within `tapGuard` of the last page change.
    private var settling = false
    /// Whether the screen has said the services page is fully shown since the last return.
    private var servicesBack = true
    var subscription: ChangeSubscription?
    /// Reads the offer again when the clock alone changes it (a service opens, a new day).
    var clockCheck: (any ScheduledAction)?
    var reachabilitySubscription: ChangeSubscription?
    /// Orders the reads the change feed starts: an older one never replaces a newer one.
    var readGeneration = 0
    var appliedGeneration = 0

    public init(store: any QueueStore, services: [KioskService], storeName: String = "", time: any TimeSource,
                timing: Timing = Timing(), languages: KioskLanguages = KioskLanguages(),
                printing: KioskPrinting? = nil) {
        self.languages = languages
        language = languages.standard
        self.store = store
        self.printing = printing
        self.services = services
        self.storeName = storeName
        self.time = time
        self.timing = timing
    }

    /// A kiosk offering the store's open services (read off the main thread).
    public static func load(store: any QueueStore, time: any TimeSource, timing: Timing = Timing(),
                            languages: KioskLanguages = KioskLanguages(),
                            printing: KioskPrinting? = nil) async throws -> KioskModel
    {
        let now = time.now()
        let offer = try await Blocking.run { try KioskOffer.read(from: store, at: now) }
        return KioskModel(store: store, services: offer.services, storeName: offer.configuration.storeName,
                          time: time, timing: timing, languages: languages,
                          printing: printing)
    }

    /// Whether a tap on a service would be taken now.
    public var takesTaps: Bool {
        switch phase {
        case .choosing, .failed: !settling && !stoppedByPrinter && !isOffline
        case .issuing, .printing, .showingTicket, .returning: false
        }
    }

    /// A tap on a service button. Returns whether it was accepted (it starts issuing a ticket);
    /// refused from an accepted tap until the services are fully back, and on a service that
    /// cannot give a ticket now (its button is disabled; assistive technology may still press it).
    @discardableResult
    public func choose(_ code: ServiceCode) -> Bool {
        guard takesTaps, let service = services.first(where: { $0.code == code }), service.refusal == nil else {
            return false
        }
        phase = .issuing(code, overdue: false)
        setTimer(after: timing.issueTimeout) { [weak self] in
            guard let self, case .issuing(code, overdue: false) = phase else { return }
            phase = .issuing(code, overdue: true)
        }
        languageTimer?.cancel()
        let store = store
        let instant = time.now()
        let language = languages.offersChoice ? language.code : nil
        let footer = printing?.footer
        Task { [weak self] in
            let result = await Self.issue(service, language: language, store: store, at: instant, footer: footer)
            self?.issueEnded(code, result)
        }
        return true
    }

    /// "Done" on the ticket page, or a tap on the message. Refused within `tapGuard` of the
    /// ticket appearing: that tap is the rest of the one that asked for it.
    @discardableResult
    public func dismiss() -> Bool {
        switch phase {
        case .showingTicket:
            guard !settling else { return false }
            returnToServices()
            return true
        case .failed:
            timer?.cancel()
            timer = nil
            phase = .choosing
            return true
        case .choosing, .issuing, .printing, .returning:
            return false
        }
    }

    /// A tap on a language button: the kiosk speaks `language` to this customer, until their
    /// ticket is done or `idleSeconds` pass without a ticket. Taken whenever a service tap would be.
    @discardableResult
    public func choose(language chosen: Language) -> Bool {
        guard takesTaps, languages.offered.contains(chosen) else { return false }
        language = chosen
        languageTimer?.cancel()
        languageTimer = time.schedule(after: .seconds(timing.idleSeconds)) { [weak self] in
            guard let self, takesTaps else { return }
            language = languages.standard
        }
        return true
    }

    /// The screen's word that the services page is fully shown (its transition has ended):
    /// only then, and `tapGuard` after the return began, does a tap count again.
    public func servicesShown() {
        servicesBack = true
        finishReturn()
    }

    private func returnToServices() {
        timer?.cancel()
        timer = nil
        servicesBack = false
        startGuard()
        language = languages.standard
        phase = .returning
    }

    private func finishReturn() {
        if phase == .returning && servicesBack && !settling { phase = .choosing }
    }

    func startGuard() {
        settling = true
        guardTimer?.cancel()
        guardTimer = time.schedule(after: timing.tapGuard) { [weak self] in
            guard let self else { return }
            settling = false
            finishReturn()
        }
    }

    private func issueEnded(_ code: ServiceCode, _ result: Result<KioskTicket, KioskFailure>) {
        switch result {
        case .success(let ticket):
            ticketCommitted(code, ticket)
        case .failure(let failure):
            phase = .failed(code, failure)
            setTimer(after: .seconds(timing.idleSeconds)) { [weak self] in
                self?.language = self?.languages.standard ?? .locale
                self?.dismiss()
            }
        }
    }

    /// Shows a committed ticket; one the customer has no paper for stays three times as long.
    func showTicket(_ ticket: KioskTicket) {
        startGuard()
        phase = .showingTicket(ticket)
        let seconds = ticket.paper == .notPrinted ? timing.ticketSeconds * 3 : timing.ticketSeconds
        setTimer(after: .seconds(seconds)) { [weak self] in self?.returnToServices() }
    }

    func setTimer(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        timer?.cancel()
        timer = time.schedule(after: delay, action)
    }
}
