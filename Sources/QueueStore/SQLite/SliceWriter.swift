import FoundationEssentials
import QueueCore

/// Writes what a decision changed: the rows that differ between the slice before and after
/// applying the events, then the events themselves. Runs inside the caller's transaction.
///
/// Every existing ticket row is changed with a compare-and-set on its previous state
/// (`… WHERE id = ? AND state = ?`, one row or nothing): for call-next that is the guarded
/// `state = 'waiting'` update, so even a writer that skipped the transaction could never
/// move a ticket that was no longer waiting. The schema's UNIQUE constraints back it up.
struct SliceWriter {
    let connection: SQLiteConnection
    let codec: RowCodec

    /// The parts of the slice a diff compares with — everything but the held numbers and the
    /// lane index — kept apart so that the slice itself can be handed to `evolve` and change in
    /// place (held numbers included) instead of being copied.
    struct Before {
        let configuration: StoreConfiguration
        let nextTicketID: TicketID
        let currentDay: BusinessDay?
        let desks: [DeskNumber: Desk]
        let staff: [StaffID: StaffMember]
        let counters: [CounterKey: DayCounter]
        let tickets: [TicketID: Ticket]
        /// The services whose held numbers the slice carried.
        let heldServices: [ServiceCode]

        init(_ slice: QueueState) {
            configuration = slice.configuration
            nextTicketID = slice.nextTicketID
            currentDay = slice.currentDay
            desks = slice.desks
            staff = slice.staff
            counters = slice.counters
            tickets = slice.tickets
            heldServices = Array(slice.heldNumbers.keys)
        }
    }

    func write(before: Before, after: QueueState, events: [Event]) throws -> CommandResult {
        if after.configuration != before.configuration {
            try setting(Settings.configuration, try codec.encode(after.configuration))
        }
        if after.nextTicketID != before.nextTicketID {
            try setting(Settings.nextTicketID, .text(String(after.nextTicketID.rawValue)))
        }
        if after.currentDay != before.currentDay, let day = after.currentDay {
            try setting(Settings.currentDay, .text(day.description))
        }
        // Whole-table comparisons first: a ticket command leaves these dictionaries sharing
        // their storage with the slice's, which `==` sees at once, without sorting or copying.
        if after.desks != before.desks {
            for (number, desk) in after.desks.sorted(by: { $0.key < $1.key }) where before.desks[number] != desk {
                try connection.run("""
                    INSERT INTO desks (number, data) VALUES (?1, ?2)
                    ON CONFLICT (number) DO UPDATE SET data = excluded.data
                    """, .integer(Int64(number.rawValue)), try codec.encode(desk))
            }
            for number in before.desks.keys.sorted() where after.desks[number] == nil {
                try connection.run("DELETE FROM desks WHERE number = ?1", .integer(Int64(number.rawValue)))
            }
        }
        if after.staff != before.staff {
            for (id, member) in after.staff.sorted(by: { $0.key < $1.key }) where before.staff[id] != member {
                try connection.run("""
                    INSERT INTO staff (id, data) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET data = excluded.data
                    """, .integer(Int64(id.rawValue)), try codec.encode(member))
            }
        }
        let shared = SharedWrites(connection: connection, codec: codec, sql: .sqlite)
        try shared.counters(before: before, after: after)
        let changed = try shared.tickets(before: before, after: after, events: events)
        var stored: [StoredEvent] = []
        stored.reserveCapacity(events.count)
        for event in events {
            try connection.run(Self.insertEvent, .text(event.kind.rawValue), .integer(event.ticket?.rawValue),
                .integer(event.desk.map { Int64($0.rawValue) }), .integer(event.staff.map { Int64($0.rawValue) }),
                .integer(RowCodec.milliseconds(event.time)), try codec.encode(event))
            stored.append(StoredEvent(id: EventID(rawValue: connection.lastInsertRowID), event: event))
        }
        return CommandResult(events: stored, tickets: changed)
    }

    private func setting(_ key: String, _ value: SQLiteValue) throws {
        try connection.run(Self.upsertSetting, .text(key), value)
    }

    private static let upsertSetting = """
        INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """
    private static let insertEvent =
        "INSERT INTO events (kind, ticket_id, desk, staff, at, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
}
