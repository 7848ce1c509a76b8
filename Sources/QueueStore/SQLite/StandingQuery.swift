import FoundationEssentials
import QueueCore

/// People ahead and estimated waits, for screens that ask often: counts through the lane index
/// and the last service times through theirs; no ticket is decoded. (SQLite 3.40 still reads
/// each counted row's `state`, which the partial index leaves out: about 0.25 ms for a
/// thousand tickets ahead.)
struct StandingQuery {
    let engine: SQLiteEngine

    func standing(of id: TicketID, at time: Instant) throws -> TicketStanding? {
        try engine.connection.readTransaction {
            guard let (service, key) = try engine.connection.queryOne(Self.waitingTicket, [.integer(id.rawValue)], row: {
                (ServiceCode(rawValue: $0.text(0)), $0.int64(1))
            }) else { return nil }
            let base = try engine.loader.base()
            if base.dayChangeClosesWaiting(at: time) { return nil }
            let ahead = try engine.connection.queryOne(
                Self.peopleAhead, [.text(service.rawValue), .integer(key), .integer(id.rawValue)]) { Int($0.int64(0)) } ?? 0
            return TicketStanding(peopleAhead: ahead, estimatedWait: try estimatedWait(ahead, in: service, base: base))
        }
    }

    func waits(at time: Instant) throws -> [ServiceCode: TicketStanding] {
        try engine.connection.readTransaction {
            let base = try engine.loader.base()
            var waiting: [ServiceCode: Int] = [:]
            if !base.dayChangeClosesWaiting(at: time) {
                for (service, count) in try engine.connection.query(Self.waitingPerService, row: {
                    (ServiceCode(rawValue: $0.text(0)), Int($0.int64(1)))
                }) { waiting[service] = count }
            }
            var result: [ServiceCode: TicketStanding] = [:]
            for service in base.configuration.services.keys {
                let ahead = waiting[service] ?? 0
                result[service] = TicketStanding(peopleAhead: ahead, estimatedWait: try estimatedWait(ahead, in: service, base: base))
            }
            return result
        }
    }

    /// QueueCore's estimate from the open desks and the last `sampleSize` service times (read
    /// only when a desk is open: with none the wait cannot be estimated).
    private func estimatedWait(_ ahead: Int, in service: ServiceCode, base: QueueState) throws -> Duration? {
        let rule = base.configuration.estimates
        let desks = Estimates.openDesks(serving: service, in: base.desks.values)
        guard desks > 0 else { return nil }
        let newestFirst = try engine.connection.query(
            Self.recentServiceTimes, [.text(service.rawValue), .integer(Int64(max(1, rule.sampleSize)))]
        ) { Double($0.int64(0)) / 1000 }
        let seconds = WaitEstimator(rule: rule).estimatedWait(
            peopleAhead: ahead, openDesks: desks, recentDurations: newestFirst.reversed())
        return seconds.map { .milliseconds(Int64(($0 * 1000).rounded())) }
    }

    static let waitingTicket = "SELECT service, ordering_key FROM tickets WHERE id = ?1 AND state = 'waiting'"
    /// QueueCore's `Estimates.peopleAhead`: both lanes of the service, before (key, id). The
    /// range is on the key alone, so SQLite searches each lane of `tickets_waiting_lane`.
    static let peopleAhead = """
        SELECT count(*) FROM tickets WHERE service = ?1 AND priority IN \(priorityClasses) AND state = 'waiting'
        AND ordering_key <= ?2 AND (ordering_key < ?2 OR id < ?3)
        """
    static let waitingPerService = "SELECT service, count(*) FROM tickets WHERE state = 'waiting' GROUP BY service"
    static let recentServiceTimes = "SELECT milliseconds FROM service_times WHERE service = ?1 ORDER BY completed_at DESC LIMIT ?2"

    private static let priorityClasses = "(" + PriorityClass.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ") + ")"
}

extension QueueState {
    /// True when a command at `time` would first change the business day and, by the
    /// `closeWaiting` policy, close every waiting ticket (all are from the current day or
    /// earlier). Until that command runs the rows still say "waiting"; what is shown must not.
    func dayChangeClosesWaiting(at time: Instant) -> Bool {
        configuration.carryOver == .closeWaiting && currentDay != nil && needsDayChange(at: time)
    }
}
