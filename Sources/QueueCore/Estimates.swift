/// People ahead: a pure function over tickets the store answers with one indexed count. The
/// estimated wait is `WaitForecast`'s.
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
}
