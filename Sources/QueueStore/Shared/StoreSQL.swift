/// The statements the shared logic runs, in one store's dialect (SQLite: `?1`, 0/1 booleans;
/// PostgreSQL: `$1`, typed parameters). `SQLite/SQLiteSQL.swift` and
/// `Postgres/PostgresSQL.swift` hold the two sets; what they select is the same column for column.
struct StoreSQL {
    // Tickets and events (StoreReads)
    /// (code): the newest open ticket showing it.
    var openTicketByCode: String
    /// (code, day): the newest ticket issued that day showing it.
    var ticketByCodeAndDay: String
    /// (day?, state?, service?): tickets matching every non-NULL filter, by id.
    var filteredTickets: String
    /// (after, limit) → (id, data).
    var eventsAfter: String
    /// (kind, limit) → (id, data), newest first.
    var latestEventsOfKind: String
    /// → the last event id, 0 when there is none.
    var lastEventID: String

    // Summaries (QueueSummaries)
    /// → (service, priority, count) over waiting tickets.
    var waitingByLane: String
    /// (first day, last day) → data of the events of the tickets issued in the range, and of
    /// every staff registration (the names the report gives).
    var reportEvents: String
    /// (id) → (service, ordering key) while waiting.
    var waitingTicket: String
    /// (service, ordering key, id) → how many wait before it: QueueCore's `Estimates.peopleAhead`.
    var peopleAhead: String
    /// → (service, count) over waiting tickets.
    var waitingPerService: String
    /// → the waiting tickets (`TicketRow.selected`), for the wait forecast.
    var waitingTickets: String
    /// (day) → (service, recent priority arrivals) of the day's counters.
    var dayCounters: String
    /// (limit) → (kind, ticket, desk, at, a transfer's old service, 1 unless a resume put the
    /// ticket back in a lane, the ticket's service now) of the newest events that begin or end
    /// a call (`CallCost.eventKinds`), newest first.
    var recentCallEvents: String

    // Staff credentials (StoredStaffCredentials)
    /// → (data, 1 when a PIN is set else 0) of active staff.
    var activeStaff: String
    var nextStaffID: String
    /// (staff): an active member without a PIN.
    var addCredentials: String
    /// (hash?, staff) → rows changed (active members only).
    var setPinHash: String
    /// (staff) → rows changed (active members only).
    var removeStaff: String
    /// (staff) → the hash of an active member.
    var pinHash: String
    /// (staff) → (failures, locked until) of that member's keypad lock.
    var keypadLock: String
    /// → (staff, failures, locked until) of every member with a lock row.
    var keypadLocks: String
    /// (staff, failures, locked until?).
    var setKeypadLock: String

    // Phone tokens (StoredPhoneTokens)
    /// (ticket, hash, created at) → rows changed: the ticket's token, replacing its last, while open.
    var issuePhoneToken: String
    /// (hash) → the open ticket whose token hashes so.
    var ticketOfPhoneToken: String
}
