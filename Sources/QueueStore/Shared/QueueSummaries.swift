import FoundationEssentials
import QueueCore

/// The read-only summaries (status board, standings, waits, day report) for either store:
/// counts through the waiting-lane index and the last service times through theirs; no ticket
/// is decoded but the desks' own. The caller runs each in one read snapshot (`SQLStore.snapshot`),
/// so every count comes from the same committed state.
struct QueueSummaries<Engine: StoreEngine> {
    let engine: Engine
    var connection: Engine.Connection { engine.connection }
    var sql: StoreSQL { Engine.sql }

    /// Past the day boundary, before a command has run the day change, nothing counts as
    /// waiting if that change will close it.
    func status(at time: Instant) throws -> QueueStatus {
        let base = try engine.loader.base()
        let day = base.configuration.calendar.businessDay(containing: time)
        var waiting: [ServiceCode: (all: Int, priority: Int)] = [:]
        let counts = base.dayChangeClosesWaiting(at: time) ? [] : try connection.query(sql.waitingByLane, []) {
            (ServiceCode(rawValue: $0.text(0)), $0.text(1), Int($0.int64(2)))
        }
        for (service, priority, count) in counts {
            var entry = waiting[service] ?? (0, 0)
            entry.all += count
            if priority == PriorityClass.priority.rawValue { entry.priority += count }
            waiting[service] = entry
        }
        let services = base.configuration.services.values.sorted { $0.code < $1.code }.map { service in
            QueueStatus.ServiceLine(
                code: service.code, name: service.name, localizedNames: service.localizedNames, isOpen: service.isOpen,
                waiting: waiting[service.code]?.all ?? 0, waitingPriority: waiting[service.code]?.priority ?? 0)
        }
        var desks: [QueueStatus.DeskLine] = []
        for desk in base.desks.values.sorted(by: { $0.number < $1.number }) {
            let ticket = try desk.currentTicket.flatMap { try engine.loader.ticket($0) }
            desks.append(QueueStatus.DeskLine(number: desk.number, name: desk.name, localizedNames: desk.localizedNames,
                                              status: desk.status,
                                              ticketCode: ticket?.code, ticketState: ticket?.state))
        }
        return QueueStatus(businessDay: day, services: services, desks: desks, lastEventID: try lastEventID())
    }

    func lastEventID() throws -> EventID {
        EventID(rawValue: try connection.queryOne(sql.lastEventID, []) { $0.int64(0) } ?? 0)
    }

    /// QueueCore's report over the events of the tickets issued in `range`, whenever those
    /// events happened (a carried-over ticket may be completed days later), and the staff
    /// registrations that name the members who called them.
    func report(_ range: ReportRange, targetWaitMilliseconds: Int64) throws -> QueueReport {
        let calendar = try engine.loader.base().configuration.calendar
        let json = try connection.query(sql.reportEvents, [.text(range.first.description), .text(range.last.description)]) {
            $0.text(0)
        }
        let events = try json.map { text throws(StoreError) in try engine.codec.decode(Event.self, text) }
        return QueueReport(events: events, calendar: calendar, range: range, targetWaitMilliseconds: targetWaitMilliseconds)
    }

    func standing(of id: TicketID, at time: Instant) throws -> TicketStanding? {
        guard let (service, key) = try connection.queryOne(sql.waitingTicket, [.integer(id.rawValue)], row: {
            (ServiceCode(rawValue: $0.text(0)), $0.int64(1))
        }) else { return nil }
        let base = try engine.loader.base()
        if base.dayChangeClosesWaiting(at: time) { return nil }
        let ahead = try connection.queryOne(
            sql.peopleAhead, [.text(service.rawValue), .integer(key), .integer(id.rawValue)]) { Int($0.int64(0)) } ?? 0
        let waits = try forecast(base: base, at: time)
        return TicketStanding(peopleAhead: ahead, estimatedWait: waits.wait(of: id))
    }

    func waits(at time: Instant) throws -> [ServiceCode: TicketStanding] {
        let base = try engine.loader.base()
        var waiting: [ServiceCode: Int] = [:]
        if !base.dayChangeClosesWaiting(at: time) {
            for (service, count) in try connection.query(sql.waitingPerService, [], row: {
                (ServiceCode(rawValue: $0.text(0)), Int($0.int64(1)))
            }) { waiting[service] = count }
        }
        let waits = try forecast(base: base, at: time)
        var result: [ServiceCode: TicketStanding] = [:]
        for service in base.configuration.services.keys {
            result[service] = TicketStanding(peopleAhead: waiting[service] ?? 0, estimatedWait: waits.waitForNewTicket(of: service))
        }
        return result
    }
}

extension QueueState {
    /// True when a command at `time` would first change the business day and, by the
    /// `closeWaiting` policy, close every waiting ticket (all are from the current day or
    /// earlier). Until that command runs the rows still say "waiting"; what is shown must not.
    func dayChangeClosesWaiting(at time: Instant) -> Bool {
        configuration.carryOver == .closeWaiting && currentDay != nil && needsDayChange(at: time)
    }
}
