import FoundationEssentials
import QueueCore

/// Writes what a decision changed, as `SliceWriter` does for SQLite, inside the caller's
/// transaction: changed rows first, each existing ticket through a compare-and-set on its
/// previous state, a NOTIFY that other terminals receive when, and only if, the transaction
/// commits, then the events with ids taken from `event_log_head` (whose row stays locked until
/// the commit, so ids follow commit order).
struct PostgresSliceWriter {
    let connection: PostgresConnection
    let codec: RowCodec

    /// The channel every store's change feed listens on.
    static let channel = "tessera_events"

    func write(before: SliceWriter.Before, after: QueueState, events: [Event]) throws -> CommandResult {
        if after.configuration != before.configuration {
            try setting(Settings.configuration, try codec.text(after.configuration))
        }
        if after.nextTicketID != before.nextTicketID {
            try setting(Settings.nextTicketID, String(after.nextTicketID.rawValue))
        }
        if after.currentDay != before.currentDay, let day = after.currentDay {
            try setting(Settings.currentDay, day.description)
        }
        if after.desks != before.desks {
            for (number, desk) in after.desks.sorted(by: { $0.key < $1.key }) where before.desks[number] != desk {
                let text = try connection.decoded.deskTexts[desk] ?? codec.text(desk)
                try connection.run("""
                    INSERT INTO desks (number, data) VALUES ($1, $2) ON CONFLICT (number) DO UPDATE SET data = excluded.data
                    """, .integer(Int64(number.rawValue)), .text(text))
                connection.decoded.desks.remember(desk, for: text)
                connection.decoded.deskTexts.remember(text, for: desk)
            }
            for number in before.desks.keys.sorted() where after.desks[number] == nil {
                try connection.run("DELETE FROM desks WHERE number = $1", .integer(Int64(number.rawValue)))
            }
        }
        if after.staff != before.staff {
            for (id, member) in after.staff.sorted(by: { $0.key < $1.key }) where before.staff[id] != member {
                try connection.run("""
                    INSERT INTO staff (id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = excluded.data
                    """, .integer(Int64(id.rawValue)), .text(try codec.text(member)))
            }
        }
        let shared = SharedWrites(connection: connection, codec: codec, sql: .postgres)
        try shared.counters(before: before, after: after)
        let changed = try shared.tickets(before: before, after: after, events: events)
        guard !events.isEmpty else { return CommandResult(events: [], tickets: changed) }
        // Everything that can happen before the head is locked does: from that lock to the commit
        // every writer of the store waits in line. The notification goes out at the commit all
        // the same, and the events' texts are made here.
        try connection.run("SELECT pg_notify($1, '')", .text(Self.channel))
        var values: [PostgresValue] = [.integer(Int64(events.count))]
        values.reserveCapacity(1 + 6 * events.count)
        for event in events {
            values += [.text(event.kind.rawValue), .integer(event.ticket?.rawValue), .integer(event.desk.map { Int64($0.rawValue) }),
                       .integer(event.staff.map { Int64($0.rawValue) }), .integer(RowCodec.milliseconds(event.time)),
                       .text(try codec.text(event))]
        }
        let ids = try connection.query(Self.appendEvents(events.count), values) { $0.int64(0) }
        guard ids.count == events.count, let last = ids.max() else {
            throw StoreError.unavailable(file: connection.target, problem: .failed,
                                         detail: "\(events.count) events were written as \(ids.count)")
        }
        let first = last - Int64(events.count) + 1
        let stored = events.enumerated().map { StoredEvent(id: EventID(rawValue: first + Int64($0.offset)), event: $0.element) }
        return CommandResult(events: stored, tickets: changed)
    }

    /// Takes `count` event ids from `event_log_head` and inserts the events with them, in one
    /// statement (one round trip inside the head's lock; a statement a count, prepared once).
    /// Parameters: the count, then kind, ticket, desk, staff, time and JSON of each event.
    /// The texts for the counts commands write are made once, not on every write.
    static func appendEvents(_ count: Int) -> String {
        count <= appendEventsTexts.count ? appendEventsTexts[count - 1] : appendEventsText(count)
    }

    private static let appendEventsTexts = (1...8).map(appendEventsText)

    private static func appendEventsText(_ count: Int) -> String {
        let rows = (0..<count).map { index in
            let base = 2 + 6 * index
            return "(\(index + 1), $\(base), $\(base + 1)::bigint, $\(base + 2)::bigint, $\(base + 3)::bigint, "
                + "$\(base + 4)::bigint, $\(base + 5))"
        }.joined(separator: ", ")
        return """
            WITH head AS (UPDATE event_log_head SET last_event = last_event + $1 RETURNING last_event - $1 AS before)
            INSERT INTO events (id, kind, ticket_id, desk, staff, at, data)
            SELECT head.before + e.n, e.kind, e.ticket_id, e.desk, e.staff, e.at, e.data
            FROM head, (VALUES \(rows)) AS e (n, kind, ticket_id, desk, staff, at, data) RETURNING id
            """
    }

    private func setting(_ key: String, _ value: String) throws {
        try connection.run("""
            INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, .text(key), .text(value))
    }
}
