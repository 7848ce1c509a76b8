import FoundationEssentials
import QueueCore

/// Reads the slice of state `decide` needs for one command (QueueCore's slice rule) with
/// indexed queries: the small tables whole, then only the named tickets, lane heads and tails,
/// counters and held numbers. Never scans the tickets table, except for the day change, which
/// must see every open ticket.
struct SliceLoader {
    let connection: SQLiteConnection
    let codec: RowCodec

    static let openStates = "('waiting', 'called', 'serving', 'parked')"

    /// Configuration, desks, staff, next ticket id and current day; no tickets.
    func base() throws -> QueueState {
        var configuration: StoreConfiguration?
        var nextTicketID = TicketID(rawValue: 1)
        var currentDay: BusinessDay?
        let settings = try connection.query("SELECT key, value FROM settings") { ($0.text(0), $0.text(1)) }
        for (key, value) in settings {
            switch key {
            case Settings.configuration: configuration = try checked(codec.decode(StoreConfiguration.self, value))
            case Settings.nextTicketID:
                guard let id = Int64(value) else { throw corrupt("the next ticket id is “\(value)”, not a number") }
                nextTicketID = TicketID(rawValue: try StoredRange.checked(id, "the next ticket id", file: connection.file))
            case Settings.currentDay: currentDay = BusinessDay(value)
            default: break
            }
        }
        // Only a file nothing has happened in may lack its configuration (a store opened
        // without a seed); one with events lost it.
        if configuration == nil, try connection.queryOne("SELECT 1 FROM events LIMIT 1", row: { _ in true }) != nil {
            throw corrupt("its configuration row is missing")
        }
        let desks = try connection.query("SELECT data FROM desks ORDER BY number") { $0.text(0) }
            .map { json throws(StoreError) in try codec.decode(Desk.self, json) }
        let staff = try connection.query("SELECT data FROM staff ORDER BY id") { $0.text(0) }
            .map { json throws(StoreError) in try codec.decode(StaffMember.self, json) }
        return QueueState(
            configuration: configuration ?? StoreConfiguration(),
            desks: Dictionary(desks.map { ($0.number, $0) }, uniquingKeysWith: { $1 }),
            staff: Dictionary(staff.map { ($0.id, $0) }, uniquingKeysWith: { $1 }),
            tickets: [], counters: [:], heldNumbers: [:], nextTicketID: nextTicketID, currentDay: currentDay)
    }

    /// The slice for `command` at `time`, read in QueueCore's passes (`slice(for:at:from:)`).
    /// Held numbers are taken out of `known` where it has them (the slice becomes their only
    /// owner, so that `evolve` changes them in place); the others are read.
    func slice(for command: Command, at time: Instant, base: QueueState,
               known: inout [ServiceCode: Set<Int>]) throws -> QueueState {
        // Swapped, not copied: a second reference would make `evolve` copy each set it changes.
        var source = Source(loader: self, known: [:])
        swap(&source.known, &known)
        defer { swap(&source.known, &known) }
        return try base.slice(for: command, at: time, from: &source)
    }

    private struct Source: SliceSource {
        let loader: SliceLoader
        var known: [ServiceCode: Set<Int>]

        func ticket(_ id: TicketID) throws -> Ticket? { try loader.ticket(id) }
        func head(of lane: Lane) throws -> Ticket? { try loader.laneEnd(lane, head: true) }
        func tail(of lane: Lane) throws -> Ticket? { try loader.laneEnd(lane, head: false) }
        func openTickets() throws -> [Ticket] {
            try loader.decodeTickets("SELECT \(TicketRow.selected) FROM tickets WHERE state IN \(SliceLoader.openStates)")
        }
        func counter(_ key: CounterKey) throws -> DayCounter? { try loader.counter(key) }

        mutating func heldNumbers(_ service: ServiceCode) throws -> Set<Int> {
            if let numbers = known.removeValue(forKey: service) { return numbers }
            // Rows into an array first, so the set is sized once and each number hashed once
            // (growing a set rehashes everything it holds).
            return Set(try loader.connection.query(SliceLoader.heldNumbers, [.text(service.rawValue)]) { Int($0.int64(0)) })
        }
    }

    private func counter(_ key: CounterKey) throws -> DayCounter? {
        try connection.queryOne(Self.counter, [.text(key.day.description), .text(key.service.rawValue)]) { row in
            DayCounter(
                nextSequence: try StoredRange.checked(
                    row.int64(0), "the next sequence of the \(key.service) counter of \(key.day)", file: connection.file),
                issued: Int(try StoredRange.checked(
                    row.int64(1), "the issued count of the \(key.service) counter of \(key.day)", file: connection.file)),
                recentPriorityArrivals: row.text(2).split(separator: ",").compactMap { Int64($0) }
                    .map(OrderingKey.init(rawValue:)))
        }
    }

    func ticket(_ id: TicketID) throws -> Ticket? {
        try decodeTickets(Self.ticketByID, [.integer(id.rawValue)]).first
    }

    /// A lane's head or tail through the partial index `tickets_waiting_lane`: one row read.
    func laneEnd(_ lane: Lane, head: Bool) throws -> Ticket? {
        try decodeTickets(head ? Self.laneHead : Self.laneTail, [.text(lane.service.rawValue), .text(lane.priority.rawValue)]).first
    }

    func decodeTickets(_ sql: String, _ values: [SQLiteValue] = []) throws -> [Ticket] {
        try connection.query(sql, values) { row in try TicketRow.ticket(from: row, codec: codec, file: connection.file) }
    }

    /// A stored configuration breaks QueueCore's rules only if something else wrote it.
    private func checked(_ configuration: StoreConfiguration) throws(StoreError) -> StoreConfiguration {
        do { try ConfigurationValidator.check(configuration) } catch {
            // A name written before the display-text rule existed is still read (and can be
            // changed with `services set`); every other broken rule means another writer.
            if case .invalidName = error { return configuration }
            throw corrupt("its configuration breaks a rule: \(error.description)")
        }
        return configuration
    }

    private func corrupt(_ detail: String) -> StoreError {
        .unavailable(file: connection.file, problem: .corrupt, detail: detail)
    }

    private static let counter = """
        SELECT next_sequence, issued, recent_priority_arrivals FROM counters WHERE business_day = ?1 AND service = ?2
        """
    fileprivate static let heldNumbers =
        "SELECT number FROM tickets WHERE issued_service = ?1 AND state IN \(openStates)"
    private static let ticketByID = "SELECT \(TicketRow.selected) FROM tickets WHERE id = ?1"
    private static let laneHead = """
        SELECT \(TicketRow.selected) FROM tickets WHERE service = ?1 AND priority = ?2 AND state = 'waiting'
        ORDER BY ordering_key, id LIMIT 1
        """
    private static let laneTail = """
        SELECT \(TicketRow.selected) FROM tickets WHERE service = ?1 AND priority = ?2 AND state = 'waiting'
        ORDER BY ordering_key DESC, id DESC LIMIT 1
        """
}

/// Keys of the `settings` table.
enum Settings {
    static let configuration = "configuration"
    static let nextTicketID = "next_ticket_id"
    static let currentDay = "current_day"
}
