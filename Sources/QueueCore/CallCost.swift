/// What one call costs a desk: from the call until the desk is free for the next one.
///
/// **What counts.** A desk's time with a ticket starts when it calls it (`ticketCalled`, or a
/// parked ticket resumed to the desk) and ends when the desk is free again: the ticket completed,
/// a no-show, parked, transferred away or cancelled. So a no-show costs the minute the desk spent
/// waiting for nobody, and the two-press path (Call next, then Complete, with no Start between)
/// costs the whole time the customer was there: both are what the next customer waits for.
/// A recall changes nothing: the desk is still busy with the same ticket.
///
/// **Whose time.** The service the ticket was called from: after a transfer, the time up to it
/// is the old service's.
///
/// **Learned.** The mean of a service's last calls, each first capped at `capOverMedian` times
/// their median, so one customer who took half an hour moves the figure by a little, not by
/// minutes; with no history, the service's expected time.
public enum CallCost {
    /// A call longer than this many medians of its neighbours counts as this many medians.
    public static let capOverMedian: Int64 = 3

    /// The kinds of event that begin or end a call (what a store reads to learn the costs).
    public static let eventKinds: [EventKind] = [
        .ticketCalled, .ticketResumed, .ticketCompleted, .ticketNoShow, .ticketParked, .ticketTransferred, .ticketCancelled,
    ]

    /// One call, measured.
    public struct Call: Hashable, Sendable {
        public var ticket: TicketID
        public var service: ServiceCode
        public var desk: DeskNumber?
        /// When the desk was free again, and how long it had been busy with the ticket.
        public var freedAt: Instant
        public var milliseconds: Int64

        public init(ticket: TicketID, service: ServiceCode, desk: DeskNumber?, freedAt: Instant, milliseconds: Int64) {
            self.ticket = ticket
            self.service = service
            self.desk = desk
            self.freedAt = freedAt
            self.milliseconds = milliseconds
        }
    }

    /// The calls `events` (oldest first) begin and end, in the order they ended. A call whose
    /// start is not among them is left out. `serviceOf` names the service a ticket is in now
    /// (the tickets' table), for calls that ended by anything but a transfer.
    public static func calls(in events: some Sequence<Event>, serviceOf: (TicketID) -> ServiceCode?) -> [Call] {
        var started: [TicketID: (at: Instant, desk: DeskNumber?)] = [:]
        var calls: [Call] = []
        for event in events {
            guard let id = event.ticket else { continue }
            let service: ServiceCode?
            switch event.details {
            case .ticketCalled, .ticketResumed(placement: nil):
                if started[id] == nil { started[id] = (event.time, event.desk) }
                continue
            case .ticketTransferred(let from, _, _): service = from
            case .ticketCompleted, .ticketNoShow, .ticketParked, .ticketCancelled: service = serviceOf(id)
            default: continue
            }
            guard let start = started.removeValue(forKey: id), let service else { continue }
            calls.append(Call(ticket: id, service: service, desk: start.desk ?? event.desk, freedAt: event.time,
                              milliseconds: max(0, event.time.milliseconds(since: start.at))))
        }
        return calls
    }

    /// A service's time per call from its recent calls' durations (any order): the mean after
    /// capping each at `capOverMedian` medians; `expected` when there are none.
    public static func learned(from milliseconds: [Int64], expected: Int64) -> Int64 {
        guard !milliseconds.isEmpty else { return expected }
        let sorted = milliseconds.sorted()
        let median = sorted.count.isMultiple(of: 2)
            ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
        let cap = median * capOverMedian
        let total = sorted.reduce(Int64(0)) { $0 + min($1, cap) }
        return total / Int64(sorted.count)
    }
}
