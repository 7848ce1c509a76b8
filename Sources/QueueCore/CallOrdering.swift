/// Which waiting ticket a desk calls next. The whole rule, decidable from lane heads:
///
/// **Lanes.** Each (service, priority class) is a lane of waiting tickets ordered by
/// (`orderingKey`, `id`): first come, first served. A normal ticket's key is its arrival time in
/// milliseconds; a priority ticket's key is its arrival time minus the configured head start
/// (`FairnessRule.priorityHeadStart`), so it counts as if issued that much earlier.
/// `arrivalKey` is the same position without the head start.
///
/// **Within a service** only the two lane heads compete, normal head `N` and priority head `P`:
/// 1. If one lane is empty, the other head is chosen.
/// 2. Otherwise the smaller (key, id) wins.
/// 3. *Overtake bound K* (`FairnessRule.maxOvertakes`): choosing `P` *overtakes* `N` when
///    `P.arrivalKey > N.arrivalKey` (P arrived later). The (day, service) counter keeps the
///    arrival keys of the last K priority tickets called there. If the last K priority calls all
///    arrived after `N` (K of them, each arrival > `N.arrivalKey`), they all overtook `N`, so `N`
///    is chosen instead. K = 0 therefore means priority never overtakes.
///    Guarantee: while priority tickets are called in arrival order (always, unless a priority
///    ticket is transferred or resumed into the lane ahead of others), no normal ticket is
///    overtaken by more than K priority tickets. Counters are per business day, so overtakes
///    suffered by a carried-over ticket on an earlier day are not counted again.
///
/// **Across services** (a desk serving several): each service offers its candidate as above;
/// the desk takes the one with the largest weighted wait `(now − orderingKey) × priorityWeight`
/// (integer milliseconds × weight, so no rounding), ties broken by smaller key, then service
/// code, then id.
///
/// So `decide` needs only the heads of the lanes of the desk's services
/// (`QueueState.lanesNeeded(for:)`) and, only for a service whose priority lane has a head,
/// its (day, service) counter, which rule 3 reads and a priority call writes
/// (`QueueState.sliceRequirements(for:at:)` lists both).
public enum CallOrdering {
    /// The ticket a service offers: one of its two lane heads, per rules 1–3.
    public static func candidate(
        normal: Ticket?, priority: Ticket?, counter: DayCounter, fairness: FairnessRule
    ) -> Ticket? {
        guard let normal else { return priority }
        guard let priority else { return normal }
        guard QueueState.laneOrder(priority, normal) else { return normal }
        guard priority.arrivalKey > normal.arrivalKey else { return priority }
        // P would overtake N: allowed only if N has not already been overtaken K times.
        let limit = max(0, fairness.maxOvertakes)
        let recent = counter.recentPriorityArrivals.suffix(limit)
        let exhausted = recent.count >= limit && recent.allSatisfy { $0 > normal.arrivalKey }
        return exhausted ? normal : priority
    }

    /// The weighted wait of a candidate at `now` (larger is called first).
    public static func weightedWait(of ticket: Ticket, weight: Int, now: OrderingKey) -> Int64 {
        (now.rawValue - ticket.orderingKey.rawValue) * Int64(max(1, weight))
    }

    /// The next ticket for a desk serving `services`, from the heads in `state`.
    public static func next(
        from services: [ServiceCode], in state: QueueState, day: BusinessDay, at date: Instant
    ) -> Ticket? {
        let now = OrderingKey(date)
        var best: (ticket: Ticket, score: Int64)?
        for service in Set(services).sorted() {
            guard let offered = candidate(
                normal: state.head(of: Lane(service: service, priority: .normal)),
                priority: state.head(of: Lane(service: service, priority: .priority)),
                counter: state.counter(day: day, service: service),
                fairness: state.configuration.fairness)
            else { continue }
            let weight = state.configuration.services[service]?.priorityWeight ?? 1
            let score = weightedWait(of: offered, weight: weight, now: now)
            if let current = best {
                let better = (score, -offered.orderingKey.rawValue) > (current.score, -current.ticket.orderingKey.rawValue)
                // Equal score and key: the earlier service code (iteration order) and id stay.
                if better { best = (offered, score) }
            } else {
                best = (offered, score)
            }
        }
        return best?.ticket
    }
}

extension CallOrdering {
    /// The waiting tickets of `services` in the order desk `desk` pressing Call next again and
    /// again at `date` would take them: `next`, its call applied (so the fairness counters move
    /// as they will), then `next` again. What a desk's waiting list shows.
    public static func order(
        for desk: DeskNumber, from services: [ServiceCode], in state: QueueState, day: BusinessDay, at date: Instant
    ) -> [Ticket] {
        var queue = state
        var order: [Ticket] = []
        while let ticket = next(from: services, in: queue, day: day, at: date) {
            order.append(ticket)
            queue.apply(Event(ticket: ticket.id, desk: desk, time: date, details: .ticketCalled(day: day)))
        }
        return order
    }
}
