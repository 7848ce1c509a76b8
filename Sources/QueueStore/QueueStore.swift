import FoundationEssentials
import QueueCore

/// A durable home for one store's queue. Both implementations, `SQLiteQueueStore` and
/// `PostgresQueueStore`, pass the same conformance suite (`Tests/QueueStoreTests/Conformance`).
///
/// Synchronous and thread-safe: call it from any thread except the GTK main thread. It never
/// decides queue rules itself: `perform` loads the slice of state QueueCore's `decide` needs,
/// and commits the resulting events together with the changed rows in one transaction.
public protocol QueueStore: Sendable {
    /// Runs `command` at `time` in one transaction and returns what was committed. If the
    /// business day has changed since the last command, the day change is committed first, in
    /// the same transaction, and its events come first in the result.
    /// Throws `.refused` when the queue rules say no; nothing is written then. Stores keep
    /// instants to the whole millisecond (rounded down), and `time` is taken so.
    func perform(_ command: Command, at time: Date) throws(StoreError) -> CommandResult

    /// Like `perform`, for a command made from the configuration as it stands inside the
    /// transaction (a change to one field of a service): nobody can change the configuration
    /// between reading it and writing the command's result, so no concurrent change is undone.
    /// An error `build` throws rolls everything back.
    func perform(at time: Date, building build: (StoreConfiguration) throws(StoreError) -> Command)
        throws(StoreError) -> CommandResult

    /// The store configuration (services, time zone, numbering…).
    func configuration() throws(StoreError) -> StoreConfiguration
    /// Every desk, by number.
    func desks() throws(StoreError) -> [Desk]
    func ticket(_ id: TicketID) throws(StoreError) -> Ticket?
    /// The ticket showing `code`: the open one if any (open codes are unique), else the latest
    /// one issued on `day`.
    func ticket(code: String, day: BusinessDay) throws(StoreError) -> Ticket?
    /// Tickets matching `filter`, by id.
    func tickets(_ filter: TicketFilter) throws(StoreError) -> [Ticket]
    /// Waiting counts per service and what every desk holds, as of `time`'s business day: what
    /// the queue would call at `time`. Past the business-day boundary, before the next command
    /// has run the day change, earlier days' waiting tickets count only if the carry-over
    /// policy keeps them.
    func status(at time: Date) throws(StoreError) -> QueueStatus
    /// Where a waiting ticket stands at `time`: one count over the waiting lanes of its service
    /// (tickets carried over from earlier days included), and the wait until a desk calls it as
    /// QueueCore's `WaitForecast` runs the call rule forward over the desks that serve (nil
    /// when none will call it).
    /// nil when there is no such ticket, or it is not waiting (or would be closed by the day
    /// change at `time`).
    func standing(of ticket: TicketID, at time: Date) throws(StoreError) -> TicketStanding?
    /// For each configured service: the tickets waiting at `time` (the people ahead of a ticket
    /// issued then) and that ticket's estimated wait.
    func waits(at time: Date) throws(StoreError) -> [ServiceCode: TicketStanding]
    /// The waiting tickets desk `desk` calls from, in the order its Call next would take them
    /// at `time` (QueueCore's `CallOrdering.order`); refused for a desk the store does not have.
    func callOrder(of desk: DeskNumber, at time: Date) throws(StoreError) -> [Ticket]
    /// Events after `after` in commit order (at most `limit`).
    func events(after: EventID, limit: Int) throws(StoreError) -> [StoredEvent]
    /// The report for a range of business days, computed by QueueCore from the events of the
    /// tickets issued in it (whenever those happened) and every staff registration; a called
    /// ticket is within target when it waited at most `targetWaitMilliseconds`.
    func report(_ range: ReportRange, targetWaitMilliseconds: Int64) throws(StoreError) -> QueueReport
    /// The id of the newest event (`EventID.none` when there is none).
    func lastEventID() throws(StoreError) -> EventID
    /// The newest `limit` events of `kind`, newest first, through an index: how desks and the
    /// board learn what each kiosk's printer last reported.
    func latestEvents(of kind: EventKind, limit: Int) throws(StoreError) -> [StoredEvent]

    /// Calls `handler` (on a background thread, in commit order) with the events committed
    /// after `after` by any process using the same database, within 250 ms of their commit.
    /// Stop it with `ChangeSubscription.cancel()` (or by releasing the subscription).
    func observe(after: EventID, handler: @escaping @Sendable ([StoredEvent]) -> Void)
        throws(StoreError) -> ChangeSubscription
}

extension QueueStore {
    /// The newest event of `kind` (nil when there is none).
    public func latestEvent(of kind: EventKind) throws(StoreError) -> StoredEvent? {
        try latestEvents(of: kind, limit: 1).first
    }

    /// The report for one business day with the default target wait.
    public func report(for day: BusinessDay) throws(StoreError) -> QueueReport {
        try report(ReportRange(day: day), targetWaitMilliseconds: Int64(QueueReport.defaultTargetWaitMinutes) * 60_000)
    }

    /// The change feed as an `AsyncStream` of event batches; ends when the consumer stops.
    public func changes(after: EventID) throws(StoreError) -> AsyncStream<[StoredEvent]> {
        let (stream, continuation) = AsyncStream<[StoredEvent]>.makeStream(bufferingPolicy: .unbounded)
        let subscription = try observe(after: after) { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.cancel() }
        return stream
    }
}

/// A position in the event log: grows with every committed event, never reused.
public struct EventID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public var rawValue: Int64
    public init(rawValue: Int64) { self.rawValue = rawValue }
    /// Before the first event.
    public static let none = EventID(rawValue: 0)
    public var description: String { "event \(rawValue)" }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An event as committed, with its position in the log.
public struct StoredEvent: Hashable, Codable, Sendable {
    public var id: EventID
    public var event: Event

    public init(id: EventID, event: Event) {
        self.id = id
        self.event = event
    }
}

/// What one `perform` committed.
public struct CommandResult: Hashable, Sendable {
    /// The committed events, in order.
    public var events: [StoredEvent]
    /// The tickets those events created or changed, as committed, by id.
    public var tickets: [Ticket]

    public init(events: [StoredEvent], tickets: [Ticket]) {
        self.events = events
        self.tickets = tickets
    }

    /// The ticket the command was about (the last changed one), if any.
    public var ticket: Ticket? {
        guard let id = events.last(where: { $0.event.ticket != nil })?.event.ticket else { return nil }
        return tickets.first { $0.id == id }
    }
}

/// Which tickets `tickets(_:)` returns; nil fields match everything.
public struct TicketFilter: Hashable, Sendable {
    public var day: BusinessDay?
    public var state: TicketState?
    public var service: ServiceCode?

    public init(day: BusinessDay? = nil, state: TicketState? = nil, service: ServiceCode? = nil) {
        self.day = day
        self.state = state
        self.service = service
    }
}

/// The queue at a glance: what the board and `tessera queue status` show.
public struct QueueStatus: Hashable, Codable, Sendable {
    public struct ServiceLine: Hashable, Codable, Sendable {
        public var code: ServiceCode
        public var name: String
        /// The name in other languages (`Service.localizedNames`), for screens in them.
        public var localizedNames: [String: String] = [:]
        public var isOpen: Bool
        /// Waiting tickets, both priority classes.
        public var waiting: Int
        /// Of those, in the priority lane.
        public var waitingPriority: Int
        /// The wait a ticket issued now would get (`waits(at:)`), in whole seconds, where the
        /// caller asked for it (`tessera queue status` does); nil when not asked, or when no
        /// desk that serves is staffed.
        public var estimatedWaitSeconds: Int? = nil
    }

    public struct DeskLine: Hashable, Codable, Sendable {
        public var number: DeskNumber
        public var name: String
        /// The name in other languages (`Desk.localizedNames`), for screens and calls in them.
        public var localizedNames: [String: String] = [:]
        public var status: DeskStatus
        /// The code and state of the ticket the desk holds.
        public var ticketCode: String?
        public var ticketState: TicketState?
    }

    public var businessDay: BusinessDay
    public var services: [ServiceLine]
    public var desks: [DeskLine]
    public var lastEventID: EventID
}

/// Where a ticket stands: people ahead of it in its service's call order and the estimated wait
/// (nil when no open desk serves it).
public struct TicketStanding: Hashable, Sendable {
    /// Waiting tickets of the same service, both priority classes, that the lane order puts
    /// before it (QueueCore's `Estimates.peopleAhead`).
    public var peopleAhead: Int
    public var estimatedWait: Duration?

    public init(peopleAhead: Int, estimatedWait: Duration?) {
        self.peopleAhead = peopleAhead
        self.estimatedWait = estimatedWait
    }
}

/// A running change-feed subscription; cancelled on `cancel()` or when released.
public final class ChangeSubscription: Sendable {
    private let stop: @Sendable () -> Void

    public init(cancel: @escaping @Sendable () -> Void) { stop = cancel }

    /// Stops delivery and waits until the handler is no longer called; idempotent.
    public func cancel() { stop() }

    deinit { stop() }
}
