import QueueCore

extension PostgresConnection: RowReading, RowWriting {}
extension PostgresRow: ResultRow {}
extension PostgresValue: StatementValue {}

extension PostgresSliceLoader: TicketLoading {}

extension PostgresEngine: StoreEngine {
    static var sql: StoreSQL { .postgres }
}

extension StoreSQL {
    /// PostgreSQL's text of the shared statements: `$n` placeholders, a type where a parameter
    /// is only compared with NULL, BOOLEAN `active`.
    static let postgres = StoreSQL(
        openTicketByCode: """
            SELECT \(TicketRow.selected) FROM tickets WHERE code = $1 AND state IN \(PostgresSliceLoader.openStates) ORDER BY id DESC LIMIT 1
            """,
        ticketByCodeAndDay: "SELECT \(TicketRow.selected) FROM tickets WHERE code = $1 AND business_day = $2 ORDER BY id DESC LIMIT 1",
        filteredTickets: """
            SELECT \(TicketRow.selected) FROM tickets WHERE ($1::text IS NULL OR business_day = $1) AND ($2::text IS NULL OR state = $2)
            AND ($3::text IS NULL OR service = $3) ORDER BY id
            """,
        eventsAfter: "SELECT id, data FROM events WHERE id > $1 ORDER BY id LIMIT $2",
        latestEventsOfKind: "SELECT id, data FROM events WHERE kind = $1 ORDER BY id DESC LIMIT $2",
        lastEventID: "SELECT coalesce(max(id), 0) FROM events",
        waitingByLane: "SELECT service, priority, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service, priority",
        reportEvents: """
            SELECT data FROM events WHERE ticket_id IN (SELECT id FROM tickets WHERE business_day BETWEEN $1 AND $2)
            OR kind = 'staffRegistered' ORDER BY id
            """,
        waitingTicket: "SELECT service, ordering_key FROM tickets WHERE id = $1 AND state = 'waiting'",
        peopleAhead: """
            SELECT count(*) FROM tickets WHERE service = $1 AND state = 'waiting'
            AND ordering_key <= $2 AND (ordering_key < $2 OR id < $3)
            """,
        waitingPerService: "SELECT service, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service",
        // In lane order, which is the waiting-lane index's: read through it, never the table.
        waitingTickets: "SELECT \(TicketRow.selected) FROM tickets WHERE state = 'waiting' ORDER BY service, priority, ordering_key, id",
        dayCounters: "SELECT service, recent_priority_arrivals FROM counters WHERE business_day = $1",
        recentCallEvents: """
            SELECT e.kind, e.ticket_id, e.desk, e.at, e.data::json ->> 'from', CASE WHEN e.data::json -> 'placement' IS NULL THEN 1 ELSE 0 END, t.service
            FROM events e JOIN tickets t ON t.id = e.ticket_id
            WHERE e.kind IN \(callEventKinds) ORDER BY e.id DESC LIMIT $1
            """,
        activeStaff: """
            SELECT s.data, CASE WHEN c.pin_hash IS NULL THEN 0 ELSE 1 END FROM staff s
            JOIN staff_credentials c ON c.staff = s.id WHERE c.active ORDER BY s.id
            """,
        nextStaffID: "SELECT coalesce(max(id), 0) + 1 FROM staff",
        addCredentials: "INSERT INTO staff_credentials (staff, pin_hash, active) VALUES ($1, $2, true)",
        setPinHash: "UPDATE staff_credentials SET pin_hash = $1 WHERE staff = $2 AND active",
        removeStaff: "UPDATE staff_credentials SET active = false, pin_hash = NULL WHERE staff = $1 AND active",
        pinHash: "SELECT pin_hash FROM staff_credentials WHERE staff = $1 AND active",
        keypadLock: "SELECT failures, locked_until FROM keypad_locks WHERE staff = $1",
        keypadLocks: "SELECT staff, failures, locked_until FROM keypad_locks ORDER BY staff",
        setKeypadLock: """
            INSERT INTO keypad_locks (staff, failures, locked_until) VALUES ($1, $2, $3)
            ON CONFLICT (staff) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until
            """,
        issuePhoneToken: """
            INSERT INTO phone_tokens (ticket, token_hash, created_at)
            SELECT id, $2::text, $3::bigint FROM tickets WHERE id = $1::bigint AND state IN \(SliceLoader.openStates)
            ON CONFLICT (ticket) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
            """,
        ticketOfPhoneToken: """
            SELECT t.id FROM phone_tokens p JOIN tickets t ON t.id = p.ticket
            WHERE p.token_hash = $1 AND t.state IN \(SliceLoader.openStates)
            """)

    private static let callEventKinds = "(" + CallCost.eventKinds.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
}
