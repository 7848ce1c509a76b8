import FoundationEssentials
import QueueCore

/// Reads the slice `decide` needs for one command, as `SliceLoader` does for SQLite, inside the
/// caller's transaction, locking what the command will write: counter rows `FOR UPDATE` (in key
/// order, so two commands never wait for each other in a circle) and lane heads
/// `FOR UPDATE SKIP LOCKED`: a desk calling next passes over the ticket another desk is calling
/// at that moment instead of waiting for it, and no two desks ever hold the same ticket.
struct PostgresSliceLoader {
    let connection: PostgresConnection
    let codec: RowCodec

    static let openStates = "('waiting', 'called', 'serving', 'parked')"

    func base() throws -> QueueState { try base(desks: nil) }

    /// The always-read tables. `desks`: the desk rows' texts the caller already read (with its
    /// row locks, in the shared path); nil reads every desk.
    func base(desks chosen: [String]?) throws -> QueueState {
        var configuration: StoreConfiguration?
        var nextTicketID = TicketID(rawValue: 1)
        var currentDay: BusinessDay?
        // The configuration as text only when this connection has not seen it (see `PostgresRow.holds`).
        let known = connection.decoded.configuration
        let settings = try connection.query("SELECT key, value FROM settings") { row in
            let key = row.text(0)
            if key == Settings.configuration, let known, row.holds(1, known.text) { return (key, known.text) }
            return (key, row.text(1))
        }
        for (key, value) in settings {
            switch key {
            case Settings.configuration:
                if let known, known.text == value {
                    configuration = known.value
                } else {
                    let fresh = try codec.decode(StoreConfiguration.self, value)
                    connection.decoded.configuration = (value, fresh)
                    configuration = fresh
                }
            case Settings.nextTicketID:
                guard let id = Int64(value) else { throw corrupt("the next ticket id is “\(value)”, not a number") }
                nextTicketID = TicketID(rawValue: try StoredRange.checked(id, "the next ticket id", file: connection.target))
            case Settings.currentDay: currentDay = BusinessDay(value)
            default: break
            }
        }
        if configuration == nil, try connection.queryOne("SELECT 1 FROM events LIMIT 1", row: { _ in true }) != nil {
            throw corrupt("its configuration row is missing")
        }
        let desks = try decoded(chosen ?? connection.query("SELECT data FROM desks ORDER BY number") { $0.text(0) }, \.desks)
        let staff = try decoded(connection.query("SELECT data FROM staff ORDER BY id") { $0.text(0) }, \.staff)
        return QueueState(
            configuration: configuration ?? StoreConfiguration(),
            desks: Dictionary(desks.map { ($0.number, $0) }, uniquingKeysWith: { $1 }),
            staff: Dictionary(staff.map { ($0.id, $0) }, uniquingKeysWith: { $1 }),
            tickets: [], counters: [:], heldNumbers: [:], nextTicketID: nextTicketID, currentDay: currentDay)
    }

    /// Rows of a small table, decoded only where this connection has not seen their text.
    private func decoded<Value: Decodable>(_ texts: [String], _ cache: WritableKeyPath<DecodedRows, BoundedMap<String, Value>>) throws -> [Value] {
        try texts.map { json throws(StoreError) in
            if let known = connection.decoded[keyPath: cache][json] { return known }
            let value = try codec.decode(Value.self, json)
            connection.decoded[keyPath: cache].remember(value, for: json)
            return value
        }
    }

    /// The slice in QueueCore's passes (`slice(for:at:from:)`), each row read (and locked) once.
    func slice(for command: Command, at time: Instant, base: QueueState) throws -> QueueState {
        var source = Source(loader: self)
        return try base.slice(for: command, at: time, from: &source)
    }

    private struct Source: SliceSource {
        let loader: PostgresSliceLoader

        func ticket(_ id: TicketID) throws -> Ticket? {
            try loader.decodeTickets(PostgresSliceLoader.ticketForUpdate, [.integer(id.rawValue)]).first
        }
        func head(of lane: Lane) throws -> Ticket? { try loader.laneEnd(lane, sql: PostgresSliceLoader.laneHead) }
        func tail(of lane: Lane) throws -> Ticket? { try loader.laneEnd(lane, sql: PostgresSliceLoader.laneTail) }
        func openTickets() throws -> [Ticket] {
            try loader.decodeTickets("SELECT \(TicketRow.selected) FROM tickets WHERE state IN \(PostgresSliceLoader.openStates)")
        }
        func counter(_ key: CounterKey) throws -> DayCounter? { try loader.lockedCounter(key) }
        func heldNumbers(_ service: ServiceCode) throws -> Set<Int> {
            Set(try loader.connection.query(PostgresSliceLoader.heldNumbers, [.text(service.rawValue)]) { Int($0.int64(0)) })
        }
    }

    /// The counter row, locked. A missing row may be one the day's first issue of the service
    /// has inserted and not yet committed: invisible here, so nothing to lock, and writing it
    /// later would put an empty counter's values over the issuer's. Inserting the empty row
    /// first waits for that issuer (the key is taken) and then lets the second read lock
    /// whichever row won; only the first command of a (day, service) pays for it.
    fileprivate func lockedCounter(_ key: CounterKey) throws -> DayCounter? {
        let values: [PostgresValue] = [.text(key.day.description), .text(key.service.rawValue)]
        if let counter = try connection.queryOne(Self.counter, values, row: { try counter(key, $0) }) { return counter }
        try connection.run(Self.createCounter, values)
        return try connection.queryOne(Self.counter, values) { try counter(key, $0) }
    }

    private func counter(_ key: CounterKey, _ row: PostgresRow) throws -> DayCounter {
        DayCounter(
            nextSequence: try StoredRange.checked(row.int64(0), "the next sequence of the \(key.service) counter",
                                                  file: connection.target),
            issued: Int(try StoredRange.checked(row.int64(1), "the issued count of the \(key.service) counter",
                                                file: connection.target)),
            recentPriorityArrivals: row.text(2).split(separator: ",").compactMap { Int64($0) }.map(OrderingKey.init(rawValue:)))
    }

    func ticket(_ id: TicketID) throws -> Ticket? {
        try decodeTickets("SELECT \(TicketRow.selected) FROM tickets WHERE id = $1", [.integer(id.rawValue)]).first
    }

    func decodeTickets(_ sql: String, _ values: [PostgresValue] = []) throws -> [Ticket] {
        try connection.query(sql, values) { row in try TicketRow.ticket(from: row, codec: codec, file: connection.target) }
    }

    fileprivate func laneEnd(_ lane: Lane, sql: String) throws -> Ticket? {
        try decodeTickets(sql, [.text(lane.service.rawValue), .text(lane.priority.rawValue)]).first
    }

    private func corrupt(_ detail: String) -> StoreError {
        .unavailable(file: connection.target, problem: .corrupt, detail: detail)
    }

    fileprivate static let ticketForUpdate = "SELECT \(TicketRow.selected) FROM tickets WHERE id = $1 FOR UPDATE"
    private static let counter = """
        SELECT next_sequence, issued, recent_priority_arrivals FROM counters WHERE business_day = $1 AND service = $2
        FOR UPDATE
        """
    private static let createCounter = """
        INSERT INTO counters (business_day, service, next_sequence, issued) VALUES ($1, $2, 1, 0)
        ON CONFLICT (business_day, service) DO NOTHING
        """
    fileprivate static let heldNumbers = "SELECT number FROM tickets WHERE issued_service = $1 AND state IN \(openStates)"
    /// The guard of call-next: the first waiting ticket nobody else has locked, locked for
    /// this transaction. Without SKIP LOCKED a second desk would wait for the first to commit.
    static let laneHead = """
        SELECT \(TicketRow.selected) FROM tickets WHERE service = $1 AND priority = $2 AND state = 'waiting'
        ORDER BY ordering_key, id LIMIT 1 FOR UPDATE SKIP LOCKED
        """
    fileprivate static let laneTail = """
        SELECT \(TicketRow.selected) FROM tickets WHERE service = $1 AND priority = $2 AND state = 'waiting'
        ORDER BY ordering_key DESC, id DESC LIMIT 1
        """
}
