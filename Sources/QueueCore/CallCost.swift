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
    public static let capOverMedian: Int64 = 4

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

    /// What an event says of a desk's time with a ticket: the call begins, or the desk is free
    /// again (after a transfer, the time so far is the old service's). A store reads these from
    /// its event table's columns without decoding each event.
    public struct Mark: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case begins
            case ends(transferredFrom: ServiceCode?)
        }

        public var ticket: TicketID
        public var desk: DeskNumber?
        public var time: Instant
        public var kind: Kind

        public init(ticket: TicketID, desk: DeskNumber?, time: Instant, kind: Kind) {
            self.ticket = ticket
            self.desk = desk
            self.time = time
            self.kind = kind
        }

        /// The mark `event` makes, if any: a call, a parked ticket resumed to a desk, or
        /// whatever frees the desk.
        public init?(_ event: Event) {
            guard let id = event.ticket else { return nil }
            switch event.details {
            case .ticketCalled, .ticketResumed(placement: nil): kind = .begins
            case .ticketTransferred(let from, _, _): kind = .ends(transferredFrom: from)
            case .ticketCompleted, .ticketNoShow, .ticketParked, .ticketCancelled: kind = .ends(transferredFrom: nil)
            default: return nil
            }
            ticket = id
            desk = event.desk
            time = event.time
        }
    }

    /// The calls `events` (oldest first) begin and end, in the order they ended. A call whose
    /// start is not among them is left out. `serviceOf` names the service a ticket is in now
    /// (the tickets' table), for calls that ended by anything but a transfer.
    public static func calls(in events: some Sequence<Event>, serviceOf: (TicketID) -> ServiceCode?) -> [Call] {
        calls(in: events.lazy.compactMap(Mark.init), serviceOf: serviceOf)
    }

    /// The calls `marks` (oldest first) begin and end, as `calls(in:serviceOf:)` for events.
    public static func calls(in marks: some Sequence<Mark>, serviceOf: (TicketID) -> ServiceCode?) -> [Call] {
        var started: [TicketID: (at: Instant, desk: DeskNumber?)] = [:]
        var calls: [Call] = []
        for mark in marks {
            let service: ServiceCode?
            switch mark.kind {
            case .begins:
                if started[mark.ticket] == nil { started[mark.ticket] = (mark.time, mark.desk) }
                continue
            case .ends(let from): service = from ?? serviceOf(mark.ticket)
            }
            guard let start = started.removeValue(forKey: mark.ticket), let service else { continue }
            calls.append(Call(ticket: mark.ticket, service: service, desk: start.desk ?? mark.desk, freedAt: mark.time,
                              milliseconds: max(0, mark.time.milliseconds(since: start.at))))
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
