/// When each waiting ticket will be called: QueueCore's own call rule run forward.
///
/// **Who serves.** Only desks that are open with someone signed in (`Desk.staff`): a desk
/// nobody works at calls nobody. A paused or closed desk counts for nothing.
///
/// **When each desk is next free.** A desk with no ticket is free now. A desk with a ticket is
/// free once that call has cost what a call of its service costs (`timePerCall`), counted from
/// when it was called; a call already past that is given `overrunShare` of a call more, since
/// it is plainly not over.
///
/// **The run.** Repeatedly, the desk free soonest (the lower number on a tie) takes the ticket
/// `CallOrdering.next` gives it at that moment, from its own services, priority fairness
/// included (the call is applied with `evolve`, so the fairness counters move as they will);
/// that ticket's wait is the time until then, and the desk is busy for one call of the
/// ticket's service. So a desk's time is shared among its services in the order its Call next
/// would take them, and two desks serving one service halve its waits. No new arrivals are
/// assumed: they can only come after the tickets already waiting in their lanes, except
/// priority ones (which the overtake bound limits).
///
/// A ticket no serving desk calls from has no forecast: its wait is unknown.
public struct WaitForecast: Hashable, Sendable {
    /// Of a call that has run past its expected time, the share of a call still to come.
    public static let overrunShare: (numerator: Int64, denominator: Int64) = (1, 2)

    /// What one call costs a desk, per service, in milliseconds (`CallCost.learned`); a service
    /// missing here costs `expected`.
    public var timePerCall: [ServiceCode: Int64]
    public var expected: Int64

    public init(timePerCall: [ServiceCode: Int64], expected: Int64) {
        self.timePerCall = timePerCall
        self.expected = expected
    }

    /// The time a call of `service` costs a desk.
    public func cost(of service: ServiceCode) -> Int64 { max(0, timePerCall[service] ?? expected) }

    /// The desks that serve: open, with someone signed in.
    public static func serving(_ desks: some Sequence<Desk>) -> [Desk] {
        desks.filter { $0.status == .open && $0.staff != nil }.sorted { $0.number < $1.number }
    }

    /// The wait, in milliseconds from `now`, of every waiting ticket in `state` a serving desk
    /// will call. `state` holds the desks, the waiting tickets of every service they call
    /// from, the tickets at the desks, and the day's counters (a slice is enough).
    public func waits(in state: QueueState, day: BusinessDay, at now: Instant) -> [TicketID: Int64] {
        run(state, day: day, at: now, until: nil)
    }

    /// The wait of one waiting ticket, as `waits` gives it; the run stops once it is called.
    public func wait(of id: TicketID, in state: QueueState, day: BusinessDay, at now: Instant) -> Int64? {
        run(state, day: day, at: now, until: id)[id]
    }

    private func run(_ state: QueueState, day: BusinessDay, at now: Instant, until last: TicketID?) -> [TicketID: Int64] {
        var queue = state
        var free: [(at: Int64, desk: Desk)] = Self.serving(state.desks.values).map { desk in
            (now.unixMilliseconds + busyFor(desk, in: state, at: now), desk)
        }
        var waits: [TicketID: Int64] = [:]
        while let soonest = free.indices.min(by: { (free[$0].at, free[$0].desk.number) < (free[$1].at, free[$1].desk.number) }) {
            let (at, desk) = free[soonest]
            let moment = Instant(unixMilliseconds: at)
            guard let ticket = CallOrdering.next(from: desk.services, in: queue, day: day, at: moment) else {
                free.remove(at: soonest)  // nothing more for this desk: the tickets are its lanes'
                continue
            }
            waits[ticket.id] = max(0, at - now.unixMilliseconds)
            if ticket.id == last { break }
            queue.apply(Event(ticket: ticket.id, desk: desk.number, time: moment, details: .ticketCalled(day: day)))
            free[soonest].at = at + cost(of: ticket.service)
        }
        return waits
    }

    /// The wait a ticket issued now for `service` would get (at the back of its normal lane);
    /// nil when no serving desk calls from it.
    public func waitForNewTicket(of service: ServiceCode, in state: QueueState, day: BusinessDay, at now: Instant)
        -> Int64?
    {
        guard Self.serving(state.desks.values).contains(where: { $0.services.contains(service) }) else { return nil }
        let key = OrderingKey(now)
        let id = TicketID(rawValue: (state.tickets.keys.map(\.rawValue).max() ?? 0) + 1)
        let newcomer = Ticket(id: id, businessDay: day, service: service, sequence: 0, number: 0, code: "",
                              priority: .normal, issuedAt: now, orderingKey: key, arrivalKey: key)
        var queue = state
        queue.put(newcomer)
        return wait(of: id, in: queue, day: day, at: now)
    }

    /// How long until `desk` is free: the rest of its current call.
    private func busyFor(_ desk: Desk, in state: QueueState, at now: Instant) -> Int64 {
        guard let id = desk.currentTicket, let ticket = state.tickets[id], ticket.state.isAtDesk else { return 0 }
        let cost = cost(of: ticket.service)
        let elapsed = ticket.calledAt.map { now.milliseconds(since: $0) } ?? 0
        return max(cost - elapsed, cost * Self.overrunShare.numerator / Self.overrunShare.denominator)
    }
}
