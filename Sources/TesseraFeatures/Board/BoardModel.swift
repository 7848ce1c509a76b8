import FoundationEssentials
import QueueCore
import QueueStore

/// What the now-serving board does, without a display: the screen binds its widgets to the
/// properties here.
///
/// Calls are queued, never lost or cut short: every call, recall and transfer to a desk is
/// taken from `pending` in commit order, shown in `banner` highlighted for at least
/// `minimumHighlight` and until the announcer has finished with it, and only then the next one
/// follows. A board that starts (or follows again after `stop`) shows the recent calls at once
/// and announces none of them; a call that reaches the board older than `freshness` (a feed
/// catching up after the store was away) is listed, not announced.
@MainActor public final class BoardModel {
    public struct Timing: Equatable, Sendable {
        public var minimumHighlight: Duration
        public var freshness: Duration
        /// How many previous calls are listed.
        public var previousLimit: Int

        public init(minimumHighlight: Duration = .seconds(6), freshness: Duration = .seconds(60), previousLimit: Int = 4) {
            self.minimumHighlight = minimumHighlight
            self.freshness = freshness
            self.previousLimit = previousLimit
        }

        /// As `[board]` says.
        public init(_ settings: BoardSettings) {
            self.init(minimumHighlight: .seconds(settings.highlightSeconds))
        }
    }

    /// A service's line on the board.
    public struct ServiceLine: Hashable, Sendable {
        public var code: ServiceCode
        public var name: String
        public var waiting: Int
        public var estimatedWait: Duration?
    }

    public private(set) var storeName = ""
    public private(set) var timeZone = StoreTimeZone.utc
    /// What each kiosk's printer last reported, by kiosk name: the board says which cannot print.
    public private(set) var printers: [PrinterReport] = []
    /// The call in the big banner: the one being announced, else the last one announced (or,
    /// at start, the newest call).
    public private(set) var banner: BoardCall?
    /// Whether `banner` is highlighted (being announced, or within its minimum time).
    public private(set) var isHighlighted = false
    /// Whether the announcer is playing `banner`.
    public private(set) var isAnnouncing = false
    /// Calls waiting for their turn in the banner, oldest first.
    public private(set) var pending: [BoardCall] = []
    /// Tickets at their desk now, newest call first.
    public private(set) var current: [BoardCall] = []
    /// Earlier calls, newest first.
    public private(set) var previous: [BoardCall] = []
    public private(set) var services: [ServiceLine] = []
    /// True while a shared store's server is lost and being reconnected to (the board says so;
    /// the change feed catches up by itself when it is back).
    public private(set) var isOffline = false
    /// Called after any of the above changed.
    public var onChange: (@MainActor () -> Void)?

    private let store: any QueueStore
    /// The model's clock; the screen's clock reads it too, so both share one now.
    public let time: any TimeSource
    private let announcer: any CallAnnouncer
    private let timing: Timing
    /// Every call known, newest first, one per ticket.
    private var recent: [BoardCall] = []
    private var atDesks: [DeskNumber: String] = [:]
    private var feed: Task<Void, Never>?
    private var reachabilitySubscription: ChangeSubscription?
    /// Moves on every `follow` and `stop`: a batch read for an earlier subscription is dropped,
    /// since the new one's history already shows it (and must not announce it).
    private var generation = 0
    private var highlightTimer: (any ScheduledAction)?
    private var shownLongEnough = false

    public init(store: any QueueStore, time: any TimeSource, announcer: any CallAnnouncer, timing: Timing = Timing()) {
        self.store = store
        self.time = time
        self.announcer = announcer
        self.timing = timing
    }

    // The feed's task holds the subscription until its stream ends: end it with the board.
    isolated deinit { feed?.cancel() }

    /// Shows the current state at once (announcing nothing), then follows every change from
    /// there on. Reading and subscribing touch the database, so they happen off the main thread.
    public func follow() async throws {
        stop()
        let store = store
        let instant = time.now()
        let (identity, start, changes) = try await Blocking.run {
            let identity = try BoardReading.identity(store)
            let last = try store.lastEventID()
            // Subscribed before reading, after `last`: nothing committed meanwhile is missed.
            let changes = try store.changes(after: last)
            let history = try BoardReading.recentEvents(store, upTo: last)
            return (identity, try BoardReading.read(store, events: history, at: instant), changes)
        }
        storeName = identity.name
        timeZone = identity.timeZone
        apply(start, announcing: false)
        if !isHighlighted { banner = recent.first }
        notify()
        reachabilitySubscription = reachability(of: store)?.observeReachability { state in
            Task { @MainActor [weak self] in
                guard let self, isOffline != (state != .online) else { return }
                isOffline = state != .online
                notify()
            }
        }
        let generation = generation
        feed = Task { [weak self] in
            for await batch in changes {
                guard let self else { return }
                await self.receive(batch, generation: generation)
            }
        }
    }

    /// Stops following the store; what is shown stays.
    public func stop() {
        generation += 1
        feed?.cancel()
        feed = nil
        reachabilitySubscription?.cancel()
        reachabilitySubscription = nil
    }

    private func receive(_ batch: [StoredEvent], generation: Int) async {
        let store = store
        let instant = time.now()
        guard let reading = try? await Blocking.run({
            try BoardReading.read(store, events: batch, at: instant)
        }), generation == self.generation else { return }
        apply(reading, announcing: true)
        notify()
    }

    private func apply(_ reading: BoardReading, announcing: Bool) {
        let now = time.now()
        for arrived in reading.calls {
            recent.removeAll { $0.ticketCode == arrived.call.ticketCode }
            recent.insert(arrived.call, at: 0)
            if announcing, elapsed(from: arrived.instant, to: now) <= timing.freshness {
                pending.append(arrived.call)
            }
        }
        printers = reading.printers
        atDesks = [:]
        for desk in reading.status.desks {
            if let code = desk.ticketCode, desk.ticketState == .called || desk.ticketState == .serving {
                atDesks[desk.number] = code
            }
        }
        services = reading.status.services.map {
            ServiceLine(code: $0.code, name: $0.name, waiting: $0.waiting, estimatedWait: reading.waits[$0.code]?.estimatedWait)
        }
        recent = Array(recent.prefix(atDesks.count + timing.previousLimit + pending.count + 1))
        current = recent.filter { atDesks[$0.desk] == $0.ticketCode }
        previous = Array(recent.filter { atDesks[$0.desk] != $0.ticketCode }.prefix(timing.previousLimit))
        showNextIfIdle()
    }

    /// Puts the next pending call in the banner, unless one is still highlighted.
    private func showNextIfIdle() {
        guard !isHighlighted, !pending.isEmpty else { return }
        let call = pending.removeFirst()
        banner = call
        isHighlighted = true
        shownLongEnough = false
        isAnnouncing = true
        highlightTimer = time.schedule(after: timing.minimumHighlight) { [weak self] in
            self?.shownLongEnough = true
            self?.endHighlightIfDone()
        }
        let announcer = announcer
        Task { [weak self] in
            await announcer.announce(call)
            guard let self, self.banner == call else { return }
            self.isAnnouncing = false
            self.endHighlightIfDone()
            self.notify()
        }
    }

    private func endHighlightIfDone() {
        guard isHighlighted, shownLongEnough, !isAnnouncing else { return }
        isHighlighted = false
        showNextIfIdle()
        notify()
    }

    private func notify() { onChange?() }
}
