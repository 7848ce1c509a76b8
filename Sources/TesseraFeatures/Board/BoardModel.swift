import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// What the now-serving board does, without a display: the screen binds its widgets to the
/// properties here.
///
/// What it shows and when the next call follows is `BoardFlow`'s to decide (calls queued,
/// never lost or cut short; a board that starts or follows again announces none of the recent
/// calls; a late call listed, not announced). The model runs the flow's effects: store reads
/// off the main thread, the change feed, the announcer, the highlight timer.
@MainActor public final class BoardModel {
    public typealias Timing = BoardFlow.Timing
    public typealias ServiceLine = BoardFlow.ServiceLine

    /// Everything the board shows, and what it still has to show.
    public private(set) var flow: BoardFlow

    public var storeName: String { flow.storeName }
    /// The store's name on a board in `language` (`[store] name[cy]`, else `storeName`).
    public func storeName(in language: Language) -> String {
        LocalizedName.pick(flow.storeName, from: flow.localizedStoreNames, in: language.nameLocale)
    }
    public var timeZone: StoreTimeZone { flow.timeZone }
    /// What each kiosk's printer last reported, by kiosk name: the board says which cannot print.
    public var printers: [PrinterReport] { flow.printers }
    /// The call in the big banner: the one being announced, else the last one announced (or,
    /// at start, the newest call).
    public var banner: BoardCall? { flow.banner }
    /// Whether `banner` is highlighted (being announced, or within its minimum time).
    public var isHighlighted: Bool { flow.isHighlighted }
    /// Whether the announcer is playing `banner`.
    public var isAnnouncing: Bool { flow.isAnnouncing }
    /// Calls waiting for their turn in the banner, oldest first.
    public var pending: [BoardCall] { flow.pending }
    /// Tickets at their desk now, newest call first.
    public var current: [BoardCall] { flow.current }
    /// Earlier calls, newest first.
    public var previous: [BoardCall] { flow.previous }
    public var services: [ServiceLine] { flow.services }
    /// Desks paused now: shown as away.
    public var away: [BoardFlow.AwayDesk] { flow.away }
    /// True while a shared store's server is lost and being reconnected to.
    public var isOffline: Bool { flow.isOffline }
    /// Called after any of the above changed.
    public var onChange: (@MainActor () -> Void)?

    private let store: any QueueStore
    /// The model's clock; the screen's clock reads it too, so both share one now.
    public let time: any TimeSource
    private let announcer: any CallAnnouncer
    /// The change feed of each follow whose history has been read, by generation.
    private var feeds: [Int: BoardFeed] = [:]
    private var historyRead: Task<Void, any Error>?
    private var reachabilitySubscription: ChangeSubscription?
    private lazy var timers = FlowTimers<BoardFlow.Timer>(time)

    public init(store: any QueueStore, time: any TimeSource, announcer: any CallAnnouncer, timing: Timing = Timing()) {
        self.store = store
        self.time = time
        self.announcer = announcer
        flow = BoardFlow(timing: timing)
    }

    // A feed's task holds its subscription until its stream ends: end them with the board.
    isolated deinit { feeds.values.forEach { $0.end() } }

    /// Shows the current state at once (announcing nothing), then follows every change from
    /// there on; returns once the current state shows, throws if it could not be read.
    public func follow() async throws {
        send(.followRequested(now: time.now()))
        try await historyRead?.value
    }

    /// Stops following the store; what is shown stays.
    public func stop() { send(.stopRequested) }

    private func send(_ event: BoardFlow.Event) {
        let before = flow
        let effects = flow.handle(event)
        if flow != before { onChange?() }
        effects.forEach(run)
    }

    private func run(_ effect: BoardFlow.Effect) {
        switch effect {
        case .startTimer(let timer, let delay):
            timers.start(timer, after: delay) { [weak self] in self?.send(.timerFired($0)) }
        case .announce(let call):
            let announcer = announcer
            Task { [weak self] in
                await announcer.announce(call)
                self?.send(.announcerFinished(call))
            }
        case .stopFollowing:
            feeds.values.forEach { $0.end() }
            feeds = [:]
            reachabilitySubscription?.cancel()
            reachabilitySubscription = nil
        case .readHistory(let generation, let instant):
            readHistory(generation: generation, at: instant)
        case .readNextBatch(let generation):
            feeds[generation]?.readNext()
        case .endFeed(let generation):
            feeds.removeValue(forKey: generation)?.end()
        case .watchReachability:
            reachabilitySubscription = reachability(of: store)?.observeReachability { state in
                Task { @MainActor [weak self] in self?.send(.reachability(state)) }
            }
        case .readAvailability(let generation):
            readAvailability(generation: generation)
        }
    }

    /// Reading and subscribing touch the database, so they happen off the main thread.
    private func readHistory(generation: Int, at instant: Date) {
        let store = store
        historyRead = Task { [weak self] in
            let (history, changes) = try await Blocking.run {
                let identity = try BoardReading.identity(store)
                let last = try store.lastEventID()
                // Subscribed before reading, after `last`: nothing committed meanwhile is missed.
                let changes = try store.changes(after: last)
                let events = try BoardReading.recentEvents(store, upTo: last)
                let reading = try BoardReading.read(store, events: events, at: instant)
                return (BoardHistory(storeName: identity.name, timeZone: identity.timeZone, reading: reading,
                                     localizedStoreNames: identity.localizedNames), changes)
            }
            guard let self else { return }
            feeds[generation] = BoardFeed(changes) { [weak self] batch in await self?.read(batch, generation: generation) }
            send(.historyRead(history, generation: generation))
        }
    }

    /// Best effort: a read that fails leaves the availability shown until the next batch.
    private func readAvailability(generation: Int) {
        let store = store
        let instant = time.now()
        Task { [weak self] in
            guard let read = try? await Blocking.run({ () throws -> ([ServiceCode: ServiceAvailability], Duration?) in
                let configuration = try store.configuration()
                return (try ServiceAvailabilities.read(from: store, configuration: configuration, at: instant),
                        ServiceAvailabilities.nextClockChange(of: configuration, at: instant))
            }) else { return }
            self?.send(.availabilityRead(read.0, clockChange: read.1, generation: generation))
        }
    }

    private func read(_ batch: [StoredEvent], generation: Int) async {
        let store = store
        let instant = time.now()
        let reading = try? await Blocking.run { try BoardReading.read(store, events: batch, at: instant) }
        send(.batchRead(reading, generation: generation, now: time.now()))
    }
}

/// One follow's change feed, taken one batch at a time when the flow asks for the next: a
/// batch is read and shown before the next one is taken, so calls stay in commit order.
@MainActor private final class BoardFeed {
    private let requests: AsyncStream<Void>.Continuation
    private let task: Task<Void, Never>

    init(_ changes: AsyncStream<[StoredEvent]>, read: @escaping @MainActor ([StoredEvent]) async -> Void) {
        let (asked, requests) = AsyncStream<Void>.makeStream(bufferingPolicy: .unbounded)
        self.requests = requests
        task = Task {
            var batches = changes.makeAsyncIterator()
            for await _ in asked {
                guard let batch = await batches.next(isolation: #isolation) else { return }
                await read(batch)
            }
        }
    }

    func readNext() { requests.yield() }

    func end() {
        requests.finish()
        task.cancel()
    }
}
