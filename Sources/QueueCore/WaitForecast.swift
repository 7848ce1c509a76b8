/// When each waiting ticket will be called: QueueCore's own call rule run forward.
///
/// **Who serves.** Only desks that are open with someone signed in (`Desk.staff`): a desk
/// nobody works at calls nobody. A paused or closed desk counts for nothing.
///
/// **When each desk is next free.** A desk with nobody in front of it is free now. The busy
/// desks are free at their turns: the queue-length view spreads them evenly, the k-th of b busy
/// desks (by when it called) k × their mean time per call ÷ b from now, which is what one
/// exponential service gives; the elapsed view frees each when the rest of its call is up (at
/// least half a call, once a call runs long), which is what steady service gives. A store's
/// counters lie between, nearer the first: each busy desk is free at `restOfCallShare` of the
/// way from its even turn to the rest of its call. (The weights were chosen on the shipped
/// simulated days: docs/simulation.md.)
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
    /// How far a busy desk's free time lies from its even turn towards the rest of its call.
    public static let restOfCallShare: (numerator: Int64, denominator: Int64) = (1, 4)
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
        Self.callRule(state, day: day, at: now, desksFree: desksFree(in: state, at: now), until: last) {
            cost(of: $0.service)
        }
    }

    /// When each serving desk is next free, in Unix milliseconds (see the type's comment).
    public func desksFree(in state: QueueState, at now: Instant) -> [(at: Int64, desk: Desk)] {
        var free: [(at: Int64, desk: Desk)] = []
        var busy: [(calledAt: Instant, desk: Desk, cost: Int64)] = []
        for desk in Self.serving(state.desks.values) {
            if let id = desk.currentTicket, let ticket = state.tickets[id], ticket.state.isAtDesk {
                busy.append((ticket.calledAt ?? now, desk, cost(of: ticket.service)))
            } else {
                free.append((now.unixMilliseconds, desk))
            }
        }
        let b = Int64(busy.count)
        let costs = busy.reduce(Int64(0)) { $0 + $1.cost }
        let (share, whole) = Self.restOfCallShare
        let byCall = busy.sorted { ($0.calledAt, $0.desk.number) < ($1.calledAt, $1.desk.number) }
        for (turn, entry) in byCall.enumerated() {
            let even = (Int64(turn) + 1) * costs / (b * b)
            let overrun = entry.cost * Self.overrunShare.numerator / Self.overrunShare.denominator
            let rest = max(entry.cost - now.milliseconds(since: entry.calledAt), overrun)
            free.append((now.unixMilliseconds + even + (rest - even) * share / whole, entry.desk))
        }
        return free
    }

    /// The call rule run forward from `desksFree` (when each serving desk is next free, in Unix
    /// milliseconds): the waits of the tickets the desks call, each call costing its desk
    /// `cost(ticket)`; the run stops once `last` is called. `waits` runs it with the learned
    /// costs; a predictor that knows more (a simulation's oracle) runs it with its own.
    public static func callRule(_ state: QueueState, day: BusinessDay, at now: Instant,
                                desksFree: [(at: Int64, desk: Desk)], until last: TicketID? = nil,
                                cost: (Ticket) -> Int64) -> [TicketID: Int64] {
        var queue = state
        var free = desksFree
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
            free[soonest].at = at + max(0, cost(ticket))
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
}
