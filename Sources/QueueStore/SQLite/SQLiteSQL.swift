import QueueCore

extension SQLiteConnection: RowReading, RowWriting {}
extension SQLiteStatement: ResultRow {}
extension SQLiteValue: StatementValue {}

extension SliceLoader: TicketLoading {}

extension SQLiteEngine: StoreEngine {
    static var sql: StoreSQL { .sqlite }
}

extension StoreSQL {
    /// SQLite's text of the shared statements (`StandingQueryPlanTests` checks their plans).
    static let sqlite = StoreSQL(
        openTicketByCode: "SELECT \(TicketRow.selected) FROM tickets WHERE code = ?1 AND state IN \(SliceLoader.openStates) ORDER BY id DESC LIMIT 1",
        ticketByCodeAndDay: "SELECT \(TicketRow.selected) FROM tickets WHERE code = ?1 AND business_day = ?2 ORDER BY id DESC LIMIT 1",
        filteredTickets: """
            SELECT \(TicketRow.selected) FROM tickets WHERE (?1 IS NULL OR business_day = ?1) AND (?2 IS NULL OR state = ?2)
            AND (?3 IS NULL OR service = ?3) ORDER BY id
            """,
        eventsAfter: "SELECT id, data FROM events WHERE id > ?1 ORDER BY id LIMIT ?2",
        latestEventsOfKind: "SELECT id, data FROM events WHERE kind = ?1 ORDER BY id DESC LIMIT ?2",
        // Bare max(): SQLite answers it from the primary key's end (NULL, read as 0, when empty);
        // wrapped in coalesce it would scan.
        lastEventID: "SELECT max(id) FROM events",
        waitingByLane: "SELECT service, priority, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service, priority",
        reportEvents: """
            SELECT data FROM events WHERE ticket_id IN (SELECT id FROM tickets WHERE business_day BETWEEN ?1 AND ?2)
            OR kind = 'staffRegistered' ORDER BY id
            """,
        waitingTicket: "SELECT service, ordering_key FROM tickets WHERE id = ?1 AND state = 'waiting'",
        // Both lanes of the service, before (key, id). The range is on the key alone, so SQLite
        // searches each lane of `tickets_waiting_lane`. (SQLite 3.40 still reads each counted
        // row's `state`, which the partial index leaves out: about 0.25 ms for a thousand
        // tickets ahead.)
        peopleAhead: """
            SELECT count(*) FROM tickets WHERE service = ?1 AND priority IN \(priorityClasses) AND state = 'waiting'
            AND ordering_key <= ?2 AND (ordering_key < ?2 OR id < ?3)
            """,
        waitingPerService: "SELECT service, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service",
        // In lane order, which is the waiting-lane index's: read through it, never the table.
        waitingTickets: "SELECT \(TicketRow.selected) FROM tickets WHERE state = 'waiting' ORDER BY service, priority, ordering_key, id",
        dayCounters: "SELECT service, recent_priority_arrivals FROM counters WHERE business_day = ?1",
        // `+kind`: not through the kind index, which would read every call event ever and sort
        // them; the newest rows first, until the limit, read only the few hundred wanted.
        recentCallEvents: """
            SELECT e.kind, e.ticket_id, e.desk, e.at, json_extract(e.data, '$.from'), json_extract(e.data, '$.placement') IS NULL, t.service
            FROM events e JOIN tickets t ON t.id = e.ticket_id
            WHERE +e.kind IN \(callEventKinds) ORDER BY e.id DESC LIMIT ?1
            """,
        activeStaff: """
            SELECT s.data, c.pin_hash IS NOT NULL FROM staff s JOIN staff_credentials c ON c.staff = s.id
            WHERE c.active = 1 ORDER BY s.id
            """,
        nextStaffID: "SELECT coalesce(max(id), 0) + 1 FROM staff",
        addCredentials: "INSERT INTO staff_credentials (staff, pin_hash, active) VALUES (?1, ?2, 1)",
        setPinHash: "UPDATE staff_credentials SET pin_hash = ?1 WHERE staff = ?2 AND active = 1",
        removeStaff: "UPDATE staff_credentials SET active = 0, pin_hash = NULL WHERE staff = ?1 AND active = 1",
        pinHash: "SELECT pin_hash FROM staff_credentials WHERE staff = ?1 AND active = 1",
        keypadLock: "SELECT failures, locked_until FROM keypad_locks WHERE staff = ?1",
        keypadLocks: "SELECT staff, failures, locked_until FROM keypad_locks ORDER BY staff",
        setKeypadLock: """
            INSERT INTO keypad_locks (staff, failures, locked_until) VALUES (?1, ?2, ?3)
            ON CONFLICT (staff) DO UPDATE SET failures = excluded.failures, locked_until = excluded.locked_until
            """,
        issuePhoneToken: """
            INSERT INTO phone_tokens (ticket, token_hash, created_at)
            SELECT id, ?2, ?3 FROM tickets WHERE id = ?1 AND state IN \(SliceLoader.openStates)
            ON CONFLICT (ticket) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at
            """,
        ticketOfPhoneToken: """
            SELECT t.id FROM phone_tokens p JOIN tickets t ON t.id = p.ticket
            WHERE p.token_hash = ?1 AND t.state IN \(SliceLoader.openStates)
            """)

    private static let callEventKinds = "(" + CallCost.eventKinds.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
    private static let priorityClasses = "(" + PriorityClass.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
}
