import QueueCore

/// The waits as QueueCore forecasts them (`WaitForecast`) over what the store holds now, read in
/// the caller's snapshot: the desks, the waiting tickets, the tickets at the serving desks, the
/// day's fairness counters, and the recent calls each service's time per call is learned from.
struct StoreForecast {
    /// How many of the newest call events (calls, and what freed the desk) are read to learn
    /// from: a few hundred calls, enough for every service's `EstimateRule.sampleSize`.
    static let callEventHistory = 600

    let forecast: WaitForecast
    let state: QueueState
    let day: BusinessDay
    let now: Instant

    /// The wait of a waiting ticket until a desk calls it; nil when no serving desk will.
    func wait(of id: TicketID) -> Duration? {
        forecast.wait(of: id, in: state, day: day, at: now).map { .milliseconds($0) }
    }

    /// The wait a ticket issued now for `service` would get.
    func waitForNewTicket(of service: ServiceCode) -> Duration? {
        forecast.waitForNewTicket(of: service, in: state, day: day, at: now).map { .milliseconds($0) }
    }
}

extension QueueSummaries {
    /// `events` with every issued ticket's quote stamped in (`IssuedTicket.quotedWait`): its
    /// forecast wait as the store stands in the caller's transaction, before the events are
    /// written, with the ticket put in its lane. The store, not QueueCore, stamps it: a quote is
    /// a forecast over the history the store holds, not a rule of the queue. `base` holds every
    /// desk (a serving desk left out would make the wait unknown).
    func stampingQuotes(on events: [Event], base: QueueState, at time: Instant) throws -> [Event] {
        guard events.contains(where: \.issuesATicket) else { return events }
        let forecast = try forecast(base: base, at: time)
        var state = forecast.state
        return events.map { event in
            state.apply(event)
            guard case .ticketIssued(var issued) = event.details, let id = event.ticket else { return event }
            issued.quotedWait = forecast.forecast.wait(of: id, in: state, day: forecast.day, at: time)
            var stamped = event
            stamped.details = .ticketIssued(issued)
            return stamped
        }
    }

    func forecast(base: QueueState, at time: Instant) throws -> StoreForecast {
        let day = base.configuration.calendar.businessDay(containing: time)
        let rule = base.configuration.estimates
        let expected = Int64((rule.defaultServiceTime * 1000).rounded())
        let serving = WaitForecast.serving(base.desks.values)
        // Nobody serves: every wait is unknown, and nothing more need be read.
        guard !serving.isEmpty else {
            return StoreForecast(forecast: WaitForecast(timePerCall: [:], expected: expected), state: base, day: day, now: time)
        }
        let state = try waitingState(base: base, day: day, at: time, alsoReading: serving.compactMap(\.currentTicket))
        // Learned from a service's recent calls; before it has any, what its group says it
        // takes (`expected-minutes`), else the store's default.
        let recent = try recentCosts(sampleSize: max(1, rule.sampleSize))
        var timePerCall: [ServiceCode: Int64] = [:]
        for service in base.configuration.services.values {
            let configured = service.expectedMinutes.map { Int64($0) * 60_000 } ?? expected
            timePerCall[service.code] = CallCost.learned(from: recent[service.code] ?? [], expected: configured)
        }
        return StoreForecast(forecast: WaitForecast(timePerCall: timePerCall, expected: expected), state: state,
                             day: day, now: time)
    }

    /// `base` with the waiting tickets (none past a day boundary that will close them: they are
    /// not in anyone's way, as `status` and `standing` say), the tickets `alsoReading` names, and
    /// the day's fairness counters: what the call rule needs.
    func waitingState(base: QueueState, day: BusinessDay, at time: Instant, alsoReading ids: [TicketID] = [])
        throws -> QueueState
    {
        var tickets = base.dayChangeClosesWaiting(at: time) ? [] : try engine.loader.decodeTickets(sql.waitingTickets, [])
        for id in ids {
            if let ticket = try engine.loader.ticket(id) { tickets.append(ticket) }
        }
        var counters: [CounterKey: DayCounter] = [:]
        for (service, arrivals) in try connection.query(sql.dayCounters, [.text(day.description)], row: {
            (ServiceCode(rawValue: $0.text(0)), $0.text(1))
        }) {
            counters[CounterKey(day: day, service: service)] = DayCounter(
                recentPriorityArrivals: arrivals.split(separator: ",").compactMap { Int64($0) }.map(OrderingKey.init(rawValue:)))
        }
        return QueueState(configuration: base.configuration, desks: base.desks, staff: base.staff, tickets: tickets,
                          counters: counters, heldNumbers: [:], nextTicketID: base.nextTicketID, currentDay: base.currentDay)
    }

    /// The waiting tickets desk `number` calls from, in the order its Call next would take them.
    func callOrder(of number: DeskNumber, at time: Instant) throws -> [Ticket] {
        let base = try engine.loader.base()
        guard let desk = base.desks[number] else { throw StoreError.refused(.deskNotFound(number)) }
        let day = base.configuration.calendar.businessDay(containing: time)
        let state = try waitingState(base: base, day: day, at: time)
        return CallOrdering.order(for: number, from: desk.services, in: state, day: day, at: time)
    }

    /// Each service's last `sampleSize` call costs, newest first, from the newest call events'
    /// columns (no event is decoded: this runs at every issue).
    private func recentCosts(sampleSize: Int) throws -> [ServiceCode: [Int64]] {
        let rows = try connection.query(sql.recentCallEvents, [.integer(Int64(StoreForecast.callEventHistory))]) { row in
            (kind: EventKind(rawValue: row.text(0)), ticket: TicketID(rawValue: row.int64(1)),
             desk: row.optionalInt64(2).map { DeskNumber(rawValue: Int($0)) }, time: Instant(unixMilliseconds: row.int64(3)),
             from: row.optionalText(4).map(ServiceCode.init(rawValue:)), toDesk: row.int64(5) != 0,
             service: ServiceCode(rawValue: row.text(6)))
        }
        var serviceNow: [TicketID: ServiceCode] = [:]
        var marks: [CallCost.Mark] = []
        marks.reserveCapacity(rows.count)
        for row in rows.reversed() {
            serviceNow[row.ticket] = row.service
            let kind: CallCost.Mark.Kind? = switch row.kind {
            case .ticketCalled: .begins
            case .ticketResumed: row.toDesk ? .begins : nil
            case .ticketTransferred: .ends(transferredFrom: row.from)
            case .some: .ends(transferredFrom: nil)
            case nil: nil
            }
            if let kind { marks.append(CallCost.Mark(ticket: row.ticket, desk: row.desk, time: row.time, kind: kind)) }
        }
        var costs: [ServiceCode: [Int64]] = [:]
        for call in CallCost.calls(in: marks, serviceOf: { serviceNow[$0] }).reversed()
        where costs[call.service, default: []].count < sampleSize {
            costs[call.service, default: []].append(call.milliseconds)
        }
        return costs
    }
}

extension Event {
    fileprivate var issuesATicket: Bool {
        if case .ticketIssued = details { true } else { false }
    }
}
