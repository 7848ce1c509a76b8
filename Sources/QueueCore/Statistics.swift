/// Figures for a report, computed from events only (`QueueReport.init(events:calendar:)`).
///
/// Definitions (after NovoSGA and Qmatic BI):
/// - each ticket counts once, by its *latest* state: a no-show that was reactivated and then
///   completed counts as completed;
/// - waiting time = first call − issue; service time = completion − first service start
///   (completed tickets only); integer milliseconds, so sums are exact;
/// - a ticket belongs to the business day it was issued on and to the service it was issued
///   for (its prefix), even if completed after a transfer or a carry-over;
/// - per desk: calls made there (every call, not recalls), and the tickets it completed or
///   marked a no-show with their service times;
/// - per hour: tickets issued in each wall-clock hour of each business day;
/// - quotes: of the tickets called, each one's wait promised at issue (`Ticket.quotedWait`)
///   beside its waiting time, summed up as `QuoteAccuracy` (tickets issued before the quote was
///   stored, or told the wait was unknown, have none).
public struct ReportFigures: Hashable, Encodable, Sendable {
    public var issued = 0
    /// Tickets called at least once (per desk: calls made at the desk).
    public var called = 0
    public var completed = 0
    public var noShows = 0
    public var cancelled = 0
    public var closedAtDayEnd = 0
    public var waitingTime = DurationSummary()
    public var serviceTime = DurationSummary()
    public var quotes: [QuoteAccuracy.Pair] = []

    public init() {}

    /// How the quotes compare with the waits; nil when no called ticket had one.
    public var quoteAccuracy: QuoteAccuracy? { quotes.isEmpty ? nil : QuoteAccuracy(quotes) }

    private enum CodingKeys: String, CodingKey {
        case issued, called, completed, noShows, cancelled, closedAtDayEnd, waitingTime, serviceTime, quoteAccuracy
    }

    // The summary, not every pair: the JSON report is read by people and spreadsheets.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(issued, forKey: .issued)
        try container.encode(called, forKey: .called)
        try container.encode(completed, forKey: .completed)
        try container.encode(noShows, forKey: .noShows)
        try container.encode(cancelled, forKey: .cancelled)
        try container.encode(closedAtDayEnd, forKey: .closedAtDayEnd)
        try container.encode(waitingTime, forKey: .waitingTime)
        try container.encode(serviceTime, forKey: .serviceTime)
        try container.encodeIfPresent(quoteAccuracy, forKey: .quoteAccuracy)
    }
}

/// Count, total, minimum and maximum of durations in milliseconds.
public struct DurationSummary: Hashable, Codable, Sendable {
    public var count = 0
    public var totalMilliseconds: Int64 = 0
    public var minimumMilliseconds: Int64?
    public var maximumMilliseconds: Int64?

    public init() {}

    /// The mean in seconds, nil when empty.
    public var meanSeconds: Double? {
        count == 0 ? nil : Double(totalMilliseconds) / Double(count) / 1000
    }

    public mutating func add(milliseconds value: Int64) {
        count += 1
        totalMilliseconds += value
        minimumMilliseconds = min(minimumMilliseconds ?? value, value)
        maximumMilliseconds = max(maximumMilliseconds ?? value, value)
    }
}

/// A (business day, wall-clock hour 0–23) bucket.
public struct HourKey: Hashable, Codable, Sendable, Comparable {
    public var day: BusinessDay
    public var hour: Int

    public init(day: BusinessDay, hour: Int) {
        self.day = day
        self.hour = hour
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.day, lhs.hour) < (rhs.day, rhs.hour) }
}

/// Statistics over a sequence of events. See `ReportFigures` for the definitions.
public struct QueueReport: Hashable, Sendable {
    public var total = ReportFigures()
    public var byDay: [BusinessDay: ReportFigures] = [:]
    public var byService: [ServiceCode: ReportFigures] = [:]
    public var byDayAndService: [CounterKey: ReportFigures] = [:]
    public var byDesk: [DeskNumber: ReportFigures] = [:]
    public var issuedPerHour: [HourKey: Int] = [:]

    public init() {}

    /// Computes the report; `calendar` gives the wall-clock hour of each issue.
    public init(events: some Sequence<Event>, calendar: BusinessCalendar) {
        var tickets: [TicketID: TicketFacts] = [:]
        var deskCalls: [DeskNumber: Int] = [:]
        for event in events {
            if case .ticketCalled = event.details, let desk = event.desk { deskCalls[desk, default: 0] += 1 }
            guard let id = event.ticket else { continue }
            if case .ticketIssued(let issued) = event.details {
                tickets[id] = TicketFacts(
                    day: issued.businessDay, service: issued.service, issuedAt: event.time, quotedWait: issued.quotedWait)
            } else {
                tickets[id]?.record(event)
            }
        }
        for id in tickets.keys.sorted() { add(tickets[id]!, calendar: calendar) }
        for (desk, calls) in deskCalls { byDesk[desk, default: ReportFigures()].called = calls }
    }

    private mutating func add(_ facts: TicketFacts, calendar: BusinessCalendar) {
        var figures = ReportFigures()
        figures.issued = 1
        if let called = facts.calledAt {
            figures.called = 1
            let waited = milliseconds(from: facts.issuedAt, to: called)
            figures.waitingTime.add(milliseconds: waited)
            if let quoted = facts.quotedWait { figures.quotes.append(QuoteAccuracy.Pair(quoted: quoted, waited: waited)) }
        }
        var serviceTime: Int64?
        switch facts.state {
        case .completed:
            figures.completed = 1
            if let start = facts.startedAt, let end = facts.finishedAt {
                serviceTime = milliseconds(from: start, to: end)
                figures.serviceTime.add(milliseconds: serviceTime!)
            }
        case .noShow: figures.noShows = 1
        case .cancelled: figures.cancelled = 1
        case .closedAtDayEnd: figures.closedAtDayEnd = 1
        case .waiting, .called, .serving, .parked: break
        }
        total.merge(figures)
        byDay[facts.day, default: ReportFigures()].merge(figures)
        byService[facts.service, default: ReportFigures()].merge(figures)
        byDayAndService[CounterKey(day: facts.day, service: facts.service), default: ReportFigures()]
            .merge(figures)
        let hour = calendar.localSecondsSinceMidnight(of: facts.issuedAt) / 3600
        issuedPerHour[HourKey(day: facts.day, hour: hour), default: 0] += 1
        if let desk = facts.desk, facts.state == .completed || facts.state == .noShow {
            var deskFigures = ReportFigures()
            deskFigures.completed = figures.completed
            deskFigures.noShows = figures.noShows
            if let serviceTime { deskFigures.serviceTime.add(milliseconds: serviceTime) }
            byDesk[desk, default: ReportFigures()].merge(deskFigures)
        }
    }
}

extension ReportFigures {
    /// Adds another set of figures to this one.
    public mutating func merge(_ other: ReportFigures) {
        issued += other.issued
        called += other.called
        completed += other.completed
        noShows += other.noShows
        cancelled += other.cancelled
        closedAtDayEnd += other.closedAtDayEnd
        waitingTime.merge(other.waitingTime)
        serviceTime.merge(other.serviceTime)
        quotes += other.quotes
    }
}

extension DurationSummary {
    /// Adds another summary to this one.
    public mutating func merge(_ other: DurationSummary) {
        count += other.count
        totalMilliseconds += other.totalMilliseconds
        if let low = other.minimumMilliseconds { minimumMilliseconds = min(minimumMilliseconds ?? low, low) }
        if let high = other.maximumMilliseconds { maximumMilliseconds = max(maximumMilliseconds ?? high, high) }
    }
}

/// Milliseconds between two instants.
func milliseconds(from start: Instant, to end: Instant) -> Int64 { end.milliseconds(since: start) }

/// What the report needs to know about one ticket, folded from its events.
private struct TicketFacts {
    var day: BusinessDay
    var service: ServiceCode
    var issuedAt: Instant
    var quotedWait: Int64?
    var state = TicketState.waiting
    var calledAt: Instant?
    var startedAt: Instant?
    var finishedAt: Instant?
    var desk: DeskNumber?

    init(day: BusinessDay, service: ServiceCode, issuedAt: Instant, quotedWait: Int64?) {
        self.day = day
        self.service = service
        self.issuedAt = issuedAt
        self.quotedWait = quotedWait
    }

    mutating func record(_ event: Event) {
        switch event.details {
        case .ticketCalled:
            state = .called
            calledAt = calledAt ?? event.time
            desk = event.desk
        case .serviceStarted:
            state = .serving
            startedAt = startedAt ?? event.time
        case .ticketResumed(let placement):
            state = placement == nil ? .serving : .waiting
            if placement == nil {
                startedAt = startedAt ?? event.time
                desk = event.desk
            }
        case .ticketCompleted: finish(.completed, event)
        case .ticketNoShow: finish(.noShow, event)
        case .ticketCancelled: finish(.cancelled, event)
        case .ticketClosedAtDayEnd: finish(.closedAtDayEnd, event)
        case .ticketReactivated, .ticketTransferred:
            state = .waiting
            finishedAt = nil
        case .ticketParked: state = .parked
        default: break
        }
    }

    private mutating func finish(_ final: TicketState, _ event: Event) {
        state = final
        finishedAt = event.time
    }
}
