/// People ahead and estimated waits. Pure functions over tickets, desks and durations, so the
/// store can feed them from indexed queries (a count, the open desks, the last N durations).
public enum Estimates {
    /// Waiting tickets of the same service that the lane order puts before `ticket`: both
    /// priority classes, compared by (ordering key, id). It ignores the overtake bound, which
    /// can only move a normal ticket *earlier*, so the figure is never too optimistic.
    /// SQL equivalent: `COUNT(*) WHERE service = ? AND state = 'waiting' AND
    /// (ordering_key < ? OR (ordering_key = ? AND id < ?))`.
    public static func peopleAhead(of ticket: Ticket, among tickets: some Sequence<Ticket>) -> Int {
        tickets.reduce(0) { count, other in
            let ahead = other.state == .waiting && other.service == ticket.service
                && other.id != ticket.id && QueueState.laneOrder(other, ticket)
            return count + (ahead ? 1 : 0)
        }
    }

    /// Open desks that call from `service`.
    public static func openDesks(serving service: ServiceCode, in desks: some Sequence<Desk>) -> Int {
        desks.reduce(0) { $0 + ($1.status == .open && $1.services.contains(service) ? 1 : 0) }
    }
}

/// Estimates waiting time from recent service times.
///
/// Mean service time = the mean of the last `rule.sampleSize` completed service durations of
/// the service (finished − started), or `rule.defaultServiceTime` before there are any.
/// Estimated wait = people ahead × mean service time ÷ open desks serving the service;
/// nil when no desk serving it is open (the wait cannot be estimated — say so, do not guess).
public struct WaitEstimator: Hashable, Sendable {
    public var rule: EstimateRule

    public init(rule: EstimateRule = EstimateRule()) { self.rule = rule }

    /// The mean of the last `sampleSize` durations (oldest first in `recentDurations`).
    public func meanServiceTime(recentDurations: [Double]) -> Double {
        let sample = recentDurations.suffix(max(1, rule.sampleSize))
        guard !sample.isEmpty else { return rule.defaultServiceTime }
        return sample.reduce(0, +) / Double(sample.count)
    }

    /// The expected wait for someone with `peopleAhead` before them.
    public func estimatedWait(peopleAhead: Int, openDesks: Int, recentDurations: [Double])
        -> Double?
    {
        guard openDesks > 0 else { return nil }
        return Double(max(0, peopleAhead)) * meanServiceTime(recentDurations: recentDurations)
            / Double(openDesks)
    }

    /// Completed service durations of `service` from events, oldest completion first —
    /// the input for `meanServiceTime`. Service time = completion − first service start.
    public static func serviceDurations(of service: ServiceCode, in events: some Sequence<Event>)
        -> [Double]
    {
        var started: [TicketID: Instant] = [:]
        var current: [TicketID: ServiceCode] = [:]
        var durations: [Double] = []
        for event in events {
            guard let id = event.ticket else { continue }
            switch event.details {
            case .ticketIssued(let issued): current[id] = issued.service
            case .ticketTransferred(_, let to, _): current[id] = to
            case .serviceStarted, .ticketResumed(placement: nil):
                if started[id] == nil { started[id] = event.time }
            case .ticketCompleted:
                if current[id] == service, let start = started[id] {
                    durations.append(Double(event.time.milliseconds(since: start)) / 1000)
                }
            default: break
            }
        }
        return durations
    }
}
