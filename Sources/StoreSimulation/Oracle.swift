import QueueCore

/// The best estimate that could be given, which no store can give: the queue-length predictor
/// with the true mean service time of every service, knowing who has already left (a gone
/// customer costs the desk only the minute it spends finding so). In a queue with one service
/// and exponential service times its figure is (n+1)/(sμ) for a ticket behind n, the optimum
/// (Whitt 1999; docs/simulation.md). With several services it runs QueueCore's call rule
/// forward as Tessera's forecast does, so the two differ only in what they know.
///
/// **Busy desks.** A desk with a customer who is there is free, as the queue-length predictor
/// takes it, at one of the busy desks' evenly spread turns: the j-th busy desk (by when it
/// called) at j × the mean service ÷ the number busy. With one exponential service that is
/// exactly the expected time to each next free desk. A desk that has called someone gone is
/// free when its lost minute is up.
struct Oracle {
    let plan: DayPlan
    let state: QueueState
    let customers: [Customer]
    let customerOf: [TicketID: Int]

    func wait(of id: TicketID, at now: Int64) -> Int64? {
        guard let ticket = state.tickets[id] else { return nil }
        let serving = WaitForecast.serving(state.desks.values)
        guard serving.contains(where: { $0.services.contains(ticket.service) }) else { return nil }
        let lost = Int64(plan.lostMinutes * 60_000)
        var free: [(at: Int64, desk: Desk)] = []
        var busy: [(calledAt: Int64, desk: Desk, mean: Double)] = []
        for desk in serving {
            guard let held = desk.currentTicket, let index = customerOf[held], let calledAt = customers[index].calledAt else {
                free.append((now, desk))
                continue
            }
            if customers[index].isGone(at: calledAt) {
                free.append((max(now, calledAt + lost), desk))
            } else {
                busy.append((calledAt, desk, mean(of: customers[index].service)))
            }
        }
        let meanBusy = busy.reduce(0) { $0 + $1.mean } / Double(max(busy.count, 1))
        for (turn, entry) in busy.sorted(by: { ($0.calledAt, $0.desk.number) < ($1.calledAt, $1.desk.number) }).enumerated() {
            free.append((now + Int64(Double(turn + 1) * meanBusy / Double(busy.count)), entry.desk))
        }
        let day = state.configuration.calendar.businessDay(containing: Instant(unixMilliseconds: now))
        return WaitForecast.callRule(state, day: day, at: Instant(unixMilliseconds: now), desksFree: free, until: id) { ticket in
            guard let index = customerOf[ticket.id] else { return Int64(mean(of: ticket.service)) }
            return customers[index].isGone(at: now) ? lost : Int64(mean(of: ticket.service))
        }[id]
    }

    /// A service's true mean time with a customer, in milliseconds.
    private func mean(of service: ServiceCode) -> Double {
        (plan.services.first { $0.code == service }?.serviceTime.meanMinutes ?? 0) * 60_000
    }
}
