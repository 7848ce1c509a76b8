import FoundationEssentials
import QueueCore
import QueueStore

/// What the board reads from the store, off the main thread: the store's name, the queue at a
/// glance, the waits, and the calls among a batch of events (with their tickets' codes).
public struct BoardReading: Equatable, Sendable {
    public struct Arrived: Equatable, Sendable {
        public var call: BoardCall
        /// When the call was made.
        public var instant: Date
    }

    public var status: QueueStatus
    public var waits: [ServiceCode: TicketStanding]
    /// What each kiosk's printer last reported (empty: none ever did).
    public var printers: [PrinterReport]
    /// The calls among the events read, oldest first.
    public var calls: [Arrived]
    /// Each service's own colour (`[service:X] colour`, `#RRGGBB`), by service: its board tile's.
    public var colours: [ServiceCode: String] = [:]
    /// Whether each service gives tickets now (`ServiceAvailabilities`), by service: said on its tile when not.
    public var availability: [ServiceCode: ServiceAvailability] = [:]
    /// How long until `availability` can change by the clock alone (an opening or closing time,
    /// a new day's caps); nil: not before some event.
    public var clockChange: Duration? = nil

    /// The store's names and time zone: fixed while the board runs.
    static func identity(_ store: any QueueStore) throws
        -> (name: String, localizedNames: [String: String], timeZone: StoreTimeZone) {
        let configuration = try store.configuration()
        return (configuration.storeName, configuration.localizedStoreNames, configuration.timeZone)
    }

    /// The status and waits now, and the calls among `events`.
    static func read(_ store: any QueueStore, events: [StoredEvent], at time: Date) throws -> BoardReading {
        let status = try store.status(at: time)
        let desks = Dictionary(status.desks.map { ($0.number, $0) }) { first, _ in first }
        var calls: [Arrived] = []
        var tickets: [TicketID: Ticket] = [:]
        for stored in events {
            guard let parts = BoardCall.callParts(of: stored.event) else { continue }
            if tickets[parts.ticket] == nil { tickets[parts.ticket] = try store.ticket(parts.ticket) }
            guard let ticket = tickets[parts.ticket] else { continue }
            let deskName = desks[parts.desk].flatMap { BoardCall.ownName($0.name, of: parts.desk) }
            calls.append(Arrived(call: BoardCall(ticketCode: ticket.code, desk: parts.desk, kind: parts.kind,
                                                 eventID: stored.id, language: ticket.language, deskName: deskName,
                                                 localizedDeskNames: desks[parts.desk]?.localizedNames ?? [:]),
                                 instant: instant(of: stored.event)))
        }
        // Read with every batch, like the kiosk's offer: `services set --colour` needs no restart.
        let configuration = try store.configuration()
        return BoardReading(status: status, waits: try store.waits(at: time),
                            printers: try PrinterReport.current(in: store), calls: calls,
                            colours: configuration.services.mapValues(\.colour),
                            availability: try ServiceAvailabilities.read(from: store, configuration: configuration, at: time),
                            clockChange: ServiceAvailabilities.nextClockChange(of: configuration, at: time))
    }

    /// The recent events a board that starts (or reconnects) shows as its history: the last
    /// `window` events before `last`.
    static func recentEvents(_ store: any QueueStore, upTo last: EventID, window: Int64 = 400) throws -> [StoredEvent] {
        let from = EventID(rawValue: max(0, last.rawValue - window))
        return try store.events(after: from, limit: Int(window)).filter { $0.id <= last }
    }
}


/// What a board that starts (or follows again) reads first: the store's name and time zone,
/// and the state and recent calls it shows without announcing them.
public struct BoardHistory: Equatable, Sendable {
    public var storeName: String
    public var timeZone: StoreTimeZone
    public var reading: BoardReading
    /// The store's name in other languages (`[store] name[cy]`).
    public var localizedStoreNames: [String: String] = [:]
}
