import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// What the customer kiosk does, without a display: the screen binds its widgets to `phase`
/// and `services`, and calls `choose`, `dismiss` and `servicesShown`.
///
/// Every decision is `KioskFlow`'s (one intent, one ticket is `KioskFlow.isNewIntent`); this
/// class runs the flow's effects (the store, the printer, timers) and feeds their answers back.
@MainActor public final class KioskModel {
    public typealias Phase = KioskFlow.Phase
    public typealias Timing = KioskFlow.Timing

    /// The screen's whole state; changed only by `send`.
    private(set) var flow: KioskFlow

    public var phase: Phase { flow.phase }
    /// The open services, in code order; follows the store once `follow()` ran.
    public var services: [KioskService] { flow.services }
    /// The store's name (its configuration) in the customer's language, shown above the
    /// buttons; follows the store and the customer's choice too.
    public var storeName: String { flow.storeName(in: flow.language) }
    /// `service`'s name in the customer's language (`[service:X] name[cy]`, else its name).
    public func name(of service: KioskService) -> String { service.name(in: flow.language) }
    /// The language the customer in front of the kiosk reads (see `KioskFlow.language`).
    public var language: Language { flow.language }
    public var languages: KioskLanguages { flow.languages }
    /// The look the customer in front of the kiosk chose (see `KioskFlow.look`).
    public var look: KioskLook { flow.look }
    /// What the ticket printer last reported; nil without a printer, or before its first answer.
    public var printerCondition: PrinterCondition? { flow.printerCondition }
    /// True while a shared store's server is lost and being reconnected to: no tap is taken
    /// (the screen says why), and the services are read again when it is back.
    public var isOffline: Bool { flow.isOffline }
    /// Whether a tap on a service would be taken now.
    public var takesTaps: Bool { flow.takesTaps }
    /// `without-printer=stop` and the printer cannot print: no tap is taken.
    public var stoppedByPrinter: Bool { flow.stoppedByPrinter }
    /// Called after every change of `phase`, `services`, `storeName`, `language`, `look`, `printerCondition` or `isOffline`.
    public var onChange: (@MainActor () -> Void)?

    let store: any QueueStore
    let time: any TimeSource
    /// The ticket printer and what to do without it; nil: the kiosk has no printer.
    let printing: KioskPrinting?
    private lazy var timers = FlowTimers<KioskFlow.Timer>(time)
    var subscription: ChangeSubscription?
    var reachabilitySubscription: ChangeSubscription?

    public init(store: any QueueStore, services: [KioskService], storeName: String = "", time: any TimeSource,
                timing: Timing = Timing(), languages: KioskLanguages = KioskLanguages(),
                look: KioskLook = KioskLook(), printing: KioskPrinting? = nil,
                localizedStoreNames: [String: String] = [:]) {
        flow = KioskFlow(services: services, storeName: storeName, timing: timing, languages: languages,
                         look: look, printer: printing?.flowPrinter, localizedStoreNames: localizedStoreNames)
        self.store = store
        self.printing = printing
        self.time = time
    }

    /// A kiosk offering the store's open services (read off the main thread).
    public static func load(store: any QueueStore, time: any TimeSource, timing: Timing = Timing(),
                            languages: KioskLanguages = KioskLanguages(), look: KioskLook = KioskLook(),
                            printing: KioskPrinting? = nil) async throws -> KioskModel
    {
        let now = time.now()
        let offer = try await Blocking.run { try KioskOffer.read(from: store, at: now) }
        return KioskModel(store: store, services: offer.services, storeName: offer.configuration.storeName,
                          time: time, timing: timing, languages: languages, look: look,
                          printing: printing, localizedStoreNames: offer.configuration.localizedStoreNames)
    }

    /// A tap on a service button. Returns whether it was accepted (it starts issuing a ticket);
    /// see `KioskFlow.isNewIntent` for when it is.
    @discardableResult
    public func choose(_ code: ServiceCode) -> Bool {
        let taken = flow.isNewIntent(.service(code))
        send(.tapped(code, now: time.now()))
        return taken
    }

    /// "Done" on the ticket page, or a tap on the message. Refused within `tapGuard` of the
    /// ticket appearing: that tap is the rest of the one that asked for it.
    @discardableResult
    public func dismiss() -> Bool {
        let taken = flow.isNewIntent(.done)
        send(.dismissed)
        return taken
    }

    /// A tap on a language button: the kiosk speaks `language` to this customer, until their
    /// ticket is done or `idleSeconds` pass without a ticket. Taken whenever a service tap would be.
    @discardableResult
    public func choose(language chosen: Language) -> Bool {
        let taken = flow.isNewIntent(.language(chosen))
        send(.languageTapped(chosen))
        return taken
    }

    /// A tap on the high-contrast or large-text toggle: turns it over for this customer, until
    /// their ticket is done or `idleSeconds` pass. Taken whenever a service tap would be.
    @discardableResult
    public func toggle(_ option: KioskLook.Option) -> Bool {
        let taken = flow.isNewIntent(.look(option))
        send(.lookTapped(option))
        return taken
    }

    /// The screen's word that the services page is fully shown (its transition has ended):
    /// only then, and `tapGuard` after the return began, does a tap count again.
    public func servicesShown() {
        send(.servicesShown)
    }

    /// Hands `event` to the flow, runs what it asks for, and tells the screen if it looks different.
    func send(_ event: KioskFlow.Event) {
        let before = flow
        let effects = flow.handle(event)
        effects.forEach(run)
        if flow.looksDifferent(from: before) { onChange?() }
    }

    private func run(_ effect: KioskFlow.Effect) {
        switch effect {
        case .startTimer(let timer, let delay):
            timers.start(timer, after: delay) { [weak self] in
                guard let self else { return }
                send(.timerFired($0, now: time.now()))
            }
        case .cancelTimer(let timer):
            timers.cancel(timer)
        case .issue(let service, let language, let instant, let footer):
            let store = store
            let words = flow.language
            Task { [weak self] in
                let result = await Self.issue(service, language: language, words: words, store: store, at: instant,
                                              footer: footer)
                self?.send(.issued(result))
            }
        case .print(let ticket): printTicket(ticket)
        case .reprint(let id, let footer): reprint(id, footer: footer)
        case .readPrinterCondition: readPrinterCondition()
        case .recordPrinterCondition(let condition, let terminal, let instant):
            record(condition, terminal: terminal, at: instant)
        case .readOffer(let generation, let instant, let ticket): readOffer(generation: generation, at: instant, standingOf: ticket)
        }
    }
}
