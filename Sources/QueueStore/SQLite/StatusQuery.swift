import FoundationEssentials
import QueueCore

/// Read-only summaries: the status board and the day report.
struct StatusQuery {
    let engine: SQLiteEngine

    /// Waiting counts come from the lane index (one GROUP BY over waiting tickets only), desk
    /// tickets by primary key. Past the day boundary, before a command has run the day change,
    /// nothing counts as waiting if that change will close it.
    func status(at time: Instant) throws -> QueueStatus {
        try engine.connection.readTransaction { try readStatus(at: time) }
    }

    private func readStatus(at time: Instant) throws -> QueueStatus {
        let base = try engine.loader.base()
        let day = base.configuration.calendar.businessDay(containing: time)
        var waiting: [ServiceCode: (all: Int, priority: Int)] = [:]
        let counts = base.dayChangeClosesWaiting(at: time) ? [] : try engine.connection.query("""
            SELECT service, priority, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service, priority
            """) { (ServiceCode(rawValue: $0.text(0)), $0.text(1), Int($0.int64(2))) }
        for (service, priority, count) in counts {
            var entry = waiting[service] ?? (0, 0)
            entry.all += count
            if priority == PriorityClass.priority.rawValue { entry.priority += count }
            waiting[service] = entry
        }
        let services = base.configuration.services.values.sorted { $0.code < $1.code }.map { service in
            QueueStatus.ServiceLine(
                code: service.code, name: service.name, isOpen: service.isOpen,
                waiting: waiting[service.code]?.all ?? 0, waitingPriority: waiting[service.code]?.priority ?? 0)
        }
        var desks: [QueueStatus.DeskLine] = []
        for desk in base.desks.values.sorted(by: { $0.number < $1.number }) {
            let ticket = try desk.currentTicket.flatMap { try engine.loader.ticket($0) }
            desks.append(QueueStatus.DeskLine(
                number: desk.number, name: desk.name, status: desk.status,
                ticketCode: ticket?.code, ticketState: ticket?.state))
        }
        let last = try engine.connection.queryOne("SELECT max(id) FROM events") { $0.int64(0) } ?? 0
        return QueueStatus(businessDay: day, services: services, desks: desks, lastEventID: EventID(rawValue: last))
    }

    /// QueueCore's report over the events of the tickets issued on `day`, whenever those events
    /// happened (a carried-over ticket may be completed days later).
    func report(for day: BusinessDay) throws -> QueueReport {
        try engine.connection.readTransaction { try readReport(for: day) }
    }

    private func readReport(for day: BusinessDay) throws -> QueueReport {
        let base = try engine.loader.base()
        let calendar = base.configuration.calendar
        let json = try engine.connection.query("""
            SELECT data FROM events WHERE ticket_id IN (SELECT id FROM tickets WHERE business_day = ?1)
            OR (ticket_id IS NULL AND at >= ?2 AND at < ?3)
            ORDER BY id
            """, [.text(day.description), .integer(RowCodec.milliseconds(calendar.start(of: day))),
                  .integer(RowCodec.milliseconds(calendar.start(of: day.next)))]) { $0.text(0) }
        let events = try json.map { text throws(StoreError) in try engine.codec.decode(Event.self, text) }
        return QueueReport(events: events, calendar: calendar)
    }
}
