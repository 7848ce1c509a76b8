import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// What the now-serving board decides, as a value: what it shows, which call it announces and
/// when the next one may follow. `BoardModel` runs the effects (store reads, the change feed,
/// the announcer, the highlight timer) and feeds what came of them back as events.
///
/// The rules, each in one member of `BoardFlow+Rules.swift`:
/// - calls are queued, never skipped or cut short (`showNextIfIdle`, `endHighlightIfDone`);
/// - a board that starts or follows again announces none of the recent calls (`showHistory`);
/// - a call older than `freshness` is listed, not announced (`isFresh`);
/// - every call of a feed batch is taken, two in one batch are both announced (`showBatch`);
/// - a batch read for an earlier follow is dropped (`isCurrent`), and batches are read one at a
///   time, so their calls reach `pending` in commit order (`readNextBatch` after each).
public struct BoardFlow: ScreenFlow {
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
        /// The service's own colour (`#RRGGBB`), as the configuration gives it; nil: none known.
        public var colour: String? = nil
        /// The name in other languages (`[service:X] name[cy]`).
        public var localizedNames: [String: String] = [:]
        /// Whether it gives tickets now; nil: not known (the tile then says nothing of it).
        public var availability: ServiceAvailability? = nil

        /// The name on a board in `language` (its `localizedNames` entry, else `name`).
        public func name(in language: Language) -> String {
            LocalizedName.pick(name, from: localizedNames, in: language.nameLocale)
        }
    }

    public enum Event: Equatable, Sendable {
        /// The board is to show the store as it is now and follow its changes (`follow()`).
        case followRequested(now: Date)
        /// The board is to stop following the store; what is shown stays (`stop()`).
        case stopRequested
        /// The start-up read of follow `generation`: the store's identity, state and recent calls.
        case historyRead(BoardHistory, generation: Int)
        /// A batch of the change feed of follow `generation`, read; `now`: when the read came back.
        /// nil: the store could not be read, and the batch is skipped.
        case batchRead(BoardReading?, generation: Int, now: Date)
        /// The services' availability, read again because the clock alone could change it, with
        /// how long until it next can (`.readAvailability`).
        case availabilityRead([ServiceCode: ServiceAvailability], clockChange: Duration?, generation: Int)
        /// The announcer has finished playing `call`.
        case announcerFinished(BoardCall)
        case timerFired(Timer)
        case reachability(StoreReachability)
    }

    public enum Timer: Hashable, Sendable {
        /// The least time a call stays highlighted.
        case highlight
        /// When a service's availability can change by the clock alone (it opens, closes, a new
        /// day starts its caps): read it again then, event or none.
        case availabilityClock
    }

    public enum Effect: Equatable, Sendable {
        /// Replaces a running timer of that name.
        case startTimer(Timer, after: Duration)
        /// Play `call` to the waiting area, then send `.announcerFinished(call)`.
        case announce(BoardCall)
        /// End every change feed and the reachability watch.
        case stopFollowing
        /// Read the store's identity, subscribe to the change feed after its last event, read the
        /// history up to that event, all at `at`; then send `.historyRead`.
        case readHistory(generation: Int, at: Date)
        /// Take the next batch of follow `generation`'s feed (once it has one), read it, send
        /// `.batchRead`.
        case readNextBatch(generation: Int)
        /// End the feed follow `generation` subscribed to.
        case endFeed(generation: Int)
        /// Send `.reachability` now and at every change, until `.stopFollowing`.
        case watchReachability
        /// Read every service's availability now (`ServiceAvailabilities`), send `.availabilityRead`.
        case readAvailability(generation: Int)
    }

    public let timing: Timing

    public internal(set) var storeName = ""
    /// The store's name in other languages (`[store] name[cy]`).
    public internal(set) var localizedStoreNames: [String: String] = [:]
    public internal(set) var timeZone = StoreTimeZone.utc
    /// What each kiosk's printer last reported, by kiosk name: the board says which cannot print.
    public internal(set) var printers: [PrinterReport] = []
    /// The call in the big banner: the one being announced, else the last one announced (or,
    /// at start, the newest call).
    public internal(set) var banner: BoardCall?
    /// Whether `banner` is highlighted (being announced, or within its minimum time).
    public internal(set) var isHighlighted = false
    /// Whether the announcer is playing `banner`.
    public internal(set) var isAnnouncing = false
    /// Calls waiting for their turn in the banner, oldest first.
    public internal(set) var pending: [BoardCall] = []
    /// Tickets at their desk now, newest call first.
    public internal(set) var current: [BoardCall] = []
    /// Earlier calls, newest first.
    public internal(set) var previous: [BoardCall] = []
    public internal(set) var services: [ServiceLine] = []
    /// Desks that are paused (their staff on a break, or gone with a ticket left): they call
    /// nobody, and the waiting area is told so. The desk's own name, or nil for "Desk N".
    public internal(set) var away: [AwayDesk] = []

    public struct AwayDesk: Hashable, Sendable {
        public var number: DeskNumber
        public var name: String?
        /// The desk's name in other languages (`[desk:N] name[cy]`).
        public var localizedNames: [String: String] = [:]

        /// The desk's name on a board in `language`; nil for the default one, which each language words.
        public func name(in language: Language) -> String? {
            let name = LocalizedName.pick(self.name ?? "", from: localizedNames, in: language.nameLocale)
            return name.isEmpty ? nil : name
        }
    }
    /// True while a shared store's server is lost and being reconnected to (the board says so;
    /// the change feed catches up by itself when it is back).
    public internal(set) var isOffline = false
    /// Every call known, newest first, one per ticket.
    var recent: [BoardCall] = []
    /// The ticket each desk holds (called or being served), by desk.
    var atDesks: [DeskNumber: String] = [:]
    /// Moves on every follow and stop: a read for an earlier follow is dropped, since the new
    /// one's history already shows it (and must not announce it).
    var generation = 0
    /// Whether `banner` has been highlighted for `minimumHighlight`.
    var shownLongEnough = false
    /// Between `followRequested` and `stopRequested`.
    var isFollowing = false

    public init(timing: Timing = Timing()) {
        self.timing = timing
    }

    public mutating func handle(_ event: Event) -> [Effect] {
        switch event {
        case .followRequested(let now):
            generation += 1
            isFollowing = true
            return [.stopFollowing, .readHistory(generation: generation, at: now)]
        case .stopRequested:
            generation += 1
            isFollowing = false
            return [.stopFollowing]
        case .historyRead(let history, let generation):
            guard isCurrent(generation) else { return [.endFeed(generation: generation)] }
            return showHistory(history) + [.watchReachability, .readNextBatch(generation: generation)]
        case .batchRead(let reading, let generation, let now):
            guard isCurrent(generation) else { return [] }
            let shown = reading.map { showBatch($0, at: now) } ?? []
            return shown + [.readNextBatch(generation: generation)]
        case .announcerFinished(let call):
            guard banner == call, isAnnouncing else { return [] }
            isAnnouncing = false
            return endHighlightIfDone()
        case .timerFired(.highlight):
            guard !shownLongEnough else { return [] }
            shownLongEnough = true
            return endHighlightIfDone()
        case .timerFired(.availabilityClock):
            return isFollowing ? [.readAvailability(generation: generation)] : []
        case .availabilityRead(let availability, let clockChange, let generation):
            guard isCurrent(generation) else { return [] }
            for index in services.indices { services[index].availability = availability[services[index].code] }
            return clockTimer(clockChange)
        case .reachability(let state):
            isOffline = state != .online
            return []
        }
    }
}
