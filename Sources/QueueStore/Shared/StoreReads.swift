import FoundationEssentials
import QueueCore

/// The reads of `QueueStore`, the same for both stores over their own SQL text.
extension SQLStore {
    public func configuration() throws(StoreError) -> StoreConfiguration {
        try withEngine { try $0.loader.base().configuration }
    }

    public func desks() throws(StoreError) -> [Desk] {
        try withEngine { try $0.loader.base().desks.values.sorted { $0.number < $1.number } }
    }

    public func ticket(_ id: TicketID) throws(StoreError) -> Ticket? {
        try withEngine { try $0.loader.ticket(id) }
    }

    /// The open ticket showing `code` whatever its day (carried over), else that day's.
    public func ticket(code: String, day: BusinessDay) throws(StoreError) -> Ticket? {
        try withEngine { engine in
            try engine.loader.decodeTickets(Engine.sql.openTicketByCode, [.text(code)]).first
                ?? engine.loader.decodeTickets(Engine.sql.ticketByCodeAndDay, [.text(code), .text(day.description)]).first
        }
    }

    public func tickets(_ filter: TicketFilter) throws(StoreError) -> [Ticket] {
        try withEngine { engine in
            try engine.loader.decodeTickets(Engine.sql.filteredTickets,
                                     [.text(filter.day?.description), .text(filter.state?.rawValue), .text(filter.service?.rawValue)])
        }
    }

    public func status(at time: Date) throws(StoreError) -> QueueStatus {
        try snapshot { try QueueSummaries(engine: $0).status(at: Instant(time)) }
    }

    public func standing(of ticket: TicketID, at time: Date) throws(StoreError) -> TicketStanding? {
        try snapshot { try QueueSummaries(engine: $0).standing(of: ticket, at: Instant(time)) }
    }

    public func waits(at time: Date) throws(StoreError) -> [ServiceCode: TicketStanding] {
        try snapshot { try QueueSummaries(engine: $0).waits(at: Instant(time)) }
    }

    public func callOrder(of desk: DeskNumber, at time: Date) throws(StoreError) -> [Ticket] {
        try snapshot { try QueueSummaries(engine: $0).callOrder(of: desk, at: Instant(time)) }
    }

    public func report(_ range: ReportRange, targetWaitMilliseconds: Int64) throws(StoreError) -> QueueReport {
        try snapshot { try QueueSummaries(engine: $0).report(range, targetWaitMilliseconds: targetWaitMilliseconds) }
    }

    public func lastEventID() throws(StoreError) -> EventID {
        try withEngine { try QueueSummaries(engine: $0).lastEventID() }
    }

    public func events(after: EventID, limit: Int) throws(StoreError) -> [StoredEvent] {
        try withEngine { engine in
            try storedEvents(engine, Engine.sql.eventsAfter, [.integer(after.rawValue), .integer(Int64(limit))])
        }
    }

    public func latestEvents(of kind: EventKind, limit: Int) throws(StoreError) -> [StoredEvent] {
        try withEngine { engine in
            try storedEvents(engine, Engine.sql.latestEventsOfKind, [.text(kind.rawValue), .integer(Int64(limit))])
        }
    }

    /// The events `sql` selects as (id, data).
    private func storedEvents(_ engine: Engine, _ sql: String, _ values: [Engine.Connection.Value]) throws -> [StoredEvent] {
        try engine.connection.query(sql, values) { ($0.int64(0), $0.text(1)) }.map { row throws(StoreError) in
            StoredEvent(id: EventID(rawValue: row.0), event: try engine.codec.decode(Event.self, row.1))
        }
    }
}
