import FoundationEssentials
import QueueCore

/// The read-only summaries (status board, standings, waits, day report), as `StatusQuery` and
/// `StandingQuery` compute them for SQLite; the caller runs them in one REPEATABLE READ
/// transaction, so every count comes from the same snapshot.
struct PostgresQueries {
    let engine: PostgresEngine
    private var connection: PostgresConnection { engine.connection }

    func status(at time: Instant) throws -> QueueStatus {
        let base = try engine.loader.base()
        let day = base.configuration.calendar.businessDay(containing: time)
        var waiting: [ServiceCode: (all: Int, priority: Int)] = [:]
        let counts = base.dayChangeClosesWaiting(at: time) ? [] : try connection.query("""
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
            desks.append(QueueStatus.DeskLine(number: desk.number, name: desk.name, status: desk.status,
                                              ticketCode: ticket?.code, ticketState: ticket?.state))
        }
        return QueueStatus(businessDay: day, services: services, desks: desks, lastEventID: try lastEventID())
    }

    func lastEventID() throws -> EventID {
        EventID(rawValue: try connection.queryOne("SELECT coalesce(max(id), 0) FROM events") { $0.int64(0) } ?? 0)
    }

    func report(for day: BusinessDay) throws -> QueueReport {
        let calendar = try engine.loader.base().configuration.calendar
        let json = try connection.query("""
            SELECT data FROM events WHERE ticket_id IN (SELECT id FROM tickets WHERE business_day = $1)
            OR (ticket_id IS NULL AND at >= $2 AND at < $3) ORDER BY id
            """, [.text(day.description), .integer(calendar.start(of: day).unixMilliseconds),
                  .integer(calendar.start(of: day.next).unixMilliseconds)]) { $0.text(0) }
        let events = try json.map { text throws(StoreError) in try engine.codec.decode(Event.self, text) }
        return QueueReport(events: events, calendar: calendar)
    }

    func standing(of id: TicketID, at time: Instant) throws -> TicketStanding? {
        guard let (service, key) = try connection.queryOne(
            "SELECT service, ordering_key FROM tickets WHERE id = $1 AND state = 'waiting'", [.integer(id.rawValue)],
            row: { (ServiceCode(rawValue: $0.text(0)), $0.int64(1)) }) else { return nil }
        let base = try engine.loader.base()
        if base.dayChangeClosesWaiting(at: time) { return nil }
        let ahead = try connection.queryOne("""
            SELECT count(*) FROM tickets WHERE service = $1 AND state = 'waiting'
            AND ordering_key <= $2 AND (ordering_key < $2 OR id < $3)
            """, [.text(service.rawValue), .integer(key), .integer(id.rawValue)]) { Int($0.int64(0)) } ?? 0
        return TicketStanding(peopleAhead: ahead, estimatedWait: try estimatedWait(ahead, in: service, base: base))
    }

    func waits(at time: Instant) throws -> [ServiceCode: TicketStanding] {
        let base = try engine.loader.base()
        var waiting: [ServiceCode: Int] = [:]
        if !base.dayChangeClosesWaiting(at: time) {
            for (service, count) in try connection.query(
                "SELECT service, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service",
                row: { (ServiceCode(rawValue: $0.text(0)), Int($0.int64(1))) }) { waiting[service] = count }
        }
        var result: [ServiceCode: TicketStanding] = [:]
        for service in base.configuration.services.keys {
            let ahead = waiting[service] ?? 0
            result[service] = TicketStanding(peopleAhead: ahead, estimatedWait: try estimatedWait(ahead, in: service, base: base))
        }
        return result
    }

    private func estimatedWait(_ ahead: Int, in service: ServiceCode, base: QueueState) throws -> Duration? {
        let rule = base.configuration.estimates
        let desks = Estimates.openDesks(serving: service, in: base.desks.values)
        guard desks > 0 else { return nil }
        let newestFirst = try connection.query(
            "SELECT milliseconds FROM service_times WHERE service = $1 ORDER BY completed_at DESC LIMIT $2",
            [.text(service.rawValue), .integer(Int64(max(1, rule.sampleSize)))]) { Double($0.int64(0)) / 1000 }
        let seconds = WaitEstimator(rule: rule).estimatedWait(
            peopleAhead: ahead, openDesks: desks, recentDurations: newestFirst.reversed())
        return seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) }
    }
}
