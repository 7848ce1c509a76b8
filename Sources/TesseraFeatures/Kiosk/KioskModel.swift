import FoundationEssentials
import QueueCore
import QueueStore

/// What the customer kiosk does, without a display: the screen binds its widgets to `phase`
/// and calls `choose` and `dismiss`.
///
/// One intent, one ticket: a tap is accepted only while the kiosk is choosing (or showing why
/// the last tap gave nothing); from then until the store has answered every other tap is
/// refused, even after `issueTimeout` (the store may still commit, and a committed ticket is
/// always shown: it is the customer's).
@MainActor public final class KioskModel {
    public enum Phase: Equatable, Sendable {
        /// The service buttons, ready for a tap.
        case choosing
        /// A tap was accepted and the ticket is being issued. `overdue` once the store has taken
        /// longer than `issueTimeout`: the screen says so, and still takes no tap.
        case issuing(ServiceCode, overdue: Bool)
        /// The committed ticket, until `ticketSeconds` pass or the customer is done.
        case showingTicket(KioskTicket)
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

        public init(_ settings: KioskSettings = KioskSettings(), issueTimeout: Duration = .seconds(45)) {
            ticketSeconds = settings.ticketSeconds
            idleSeconds = settings.idleSeconds
            self.issueTimeout = issueTimeout
        }
    }

    public private(set) var phase: Phase = .choosing {
        didSet { if phase != oldValue { onChange?() } }
    }
    /// The services offered, in code order: the ones open when the kiosk started.
    public let services: [KioskService]
    /// Called after every change of `phase`.
    public var onChange: (@MainActor () -> Void)?

    private let store: any QueueStore
    private let time: any TimeSource
    private let timing: Timing
    private var timer: (any ScheduledAction)?

    public init(store: any QueueStore, services: [KioskService], time: any TimeSource, timing: Timing = Timing()) {
        self.store = store
        self.services = services
        self.time = time
        self.timing = timing
    }

    /// A kiosk offering the store's open services (read off the main thread).
    public static func load(store: any QueueStore, time: any TimeSource, timing: Timing = Timing()) async throws
        -> KioskModel
    {
        let configuration = try await Task.detached { try store.configuration() }.value
        let services = configuration.services.values.filter(\.isOpen).sorted { $0.code < $1.code }
            .map { KioskService(code: $0.code, name: $0.name) }
        return KioskModel(store: store, services: services, time: time, timing: timing)
    }

    /// A tap on a service button. Returns whether it was accepted (it starts issuing a ticket);
    /// refused while another tap's ticket is on its way or shown.
    @discardableResult
    public func choose(_ code: ServiceCode) -> Bool {
        switch phase {
        case .choosing, .failed: break
        case .issuing, .showingTicket: return false
        }
        guard let service = services.first(where: { $0.code == code }) else { return false }
        phase = .issuing(code, overdue: false)
        setTimer(after: timing.issueTimeout) { [weak self] in
            guard let self, case .issuing(code, overdue: false) = phase else { return }
            phase = .issuing(code, overdue: true)
        }
        let store = store
        let instant = time.now()
        Task { [weak self] in
            let result = await Self.issue(service, store: store, at: instant)
            self?.issueEnded(code, result)
        }
        return true
    }

    /// "Done" on the ticket page, or a tap on the message: back to the service buttons.
    public func dismiss() {
        switch phase {
        case .showingTicket, .failed:
            timer?.cancel()
            timer = nil
            phase = .choosing
        case .choosing, .issuing:
            break
        }
    }

    private func issueEnded(_ code: ServiceCode, _ result: Result<KioskTicket, KioskFailure>) {
        switch result {
        case .success(let ticket):
            phase = .showingTicket(ticket)
            setTimer(after: .seconds(timing.ticketSeconds)) { [weak self] in self?.dismiss() }
        case .failure(let failure):
            phase = .failed(code, failure)
            setTimer(after: .seconds(timing.idleSeconds)) { [weak self] in self?.dismiss() }
        }
    }

    private func setTimer(after delay: Duration, _ action: @escaping @MainActor () -> Void) {
        timer?.cancel()
        timer = time.schedule(after: delay, action)
    }

    /// Issues the ticket off the main thread; returns once it is committed durably, so nothing
    /// is shown that a crash could take back. After the commit nothing fails: where the ticket
    /// stands is best effort, so a failing read never makes a committed ticket look like a failure.
    private nonisolated static func issue(_ service: KioskService, store: any QueueStore, at instant: Date) async
        -> Result<KioskTicket, KioskFailure>
    {
        await Task.detached {
            let ticket: Ticket
            do {
                guard let issued = try store.perform(.issue(service: service.code), at: instant).ticket else {
                    return .failure(.unavailable)
                }
                ticket = issued
            } catch {
                return .failure(KioskFailure(error))
            }
            let standing = try? store.standing(of: ticket.id, at: instant)
            return .success(KioskTicket(code: ticket.code, serviceName: service.name,
                                        peopleAhead: standing?.peopleAhead, estimatedWait: standing?.estimatedWait))
        }.value
    }
}
