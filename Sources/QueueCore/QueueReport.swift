/// Statistics over a range of business days. See `ReportFigures` for what each figure is and
/// which row of each breakdown a ticket is in.
public struct QueueReport: Hashable, Sendable {
    /// What a store's target wait is when its configuration file does not say: 15 minutes.
    public static let defaultTargetWaitMinutes = 15

    public var range: ReportRange
    /// A called ticket is within target when it waited at most this long (milliseconds).
    public var targetWaitMilliseconds: Int64
    public var total = ReportFigures()
    public var byDay: [BusinessDay: ReportFigures] = [:]
    /// By the wall-clock hour (0–23) of issue, over every day of the range.
    public var byHour: [Int: ReportFigures] = [:]
    public var byService: [ServiceCode: ReportFigures] = [:]
    /// nil: tickets never called.
    public var byDesk: [DeskNumber?: ReportFigures] = [:]
    /// nil: tickets never called, or called with no staff member named.
    public var byStaff: [StaffID?: ReportFigures] = [:]
    /// Every staff member the events registered, by id (removed members keep their name here).
    public var staffNames: [StaffID: String] = [:]

    public init(range: ReportRange, targetWaitMilliseconds: Int64) {
        self.range = range
        self.targetWaitMilliseconds = targetWaitMilliseconds
    }

    /// Computes the report from `events` (any superset of the events of the tickets issued in
    /// `range`, in commit order; others are ignored); `calendar` gives the wall-clock hour of
    /// each issue.
    public init(events: some Sequence<Event>, calendar: BusinessCalendar, range: ReportRange,
                targetWaitMilliseconds: Int64) {
        self.init(range: range, targetWaitMilliseconds: targetWaitMilliseconds)
        var tickets: [TicketID: TicketFacts] = [:]
        for event in events {
            if case .staffRegistered(let member) = event.details { staffNames[member.id] = member.name }
            guard let id = event.ticket else { continue }
            if case .ticketIssued(let issued) = event.details {
                guard range.contains(issued.businessDay) else { continue }
                tickets[id] = TicketFacts(id: id, issued: issued, at: event.time)
            } else {
                tickets[id]?.record(event)
            }
        }
        for id in tickets.keys.sorted() { add(tickets[id]!, calendar: calendar) }
    }

    private mutating func add(_ facts: TicketFacts, calendar: BusinessCalendar) {
        var figures = ReportFigures()
        figures.issued = 1
        if let called = facts.calledAt {
            figures.called = 1
            let waited = called.milliseconds(since: facts.issuedAt)
            figures.waitingTime.add(milliseconds: waited)
            if waited <= targetWaitMilliseconds { figures.withinTarget = 1 }
            figures.longestWait = LongestWait(ticket: facts.id, code: facts.code, day: facts.day, milliseconds: waited)
            if let quoted = facts.quotedWait { figures.quotes.append(QuoteAccuracy.Pair(quoted: quoted, waited: waited)) }
        }
        switch facts.state {
        case .completed:
            figures.completed = 1
            if let start = facts.startedAt, let end = facts.finishedAt {
                figures.serviceTime.add(milliseconds: end.milliseconds(since: start))
            }
        case .noShow: figures.noShows = 1
        case .cancelled: figures.cancelled = 1
        case .closedAtDayEnd: figures.closedAtDayEnd = 1
        case .waiting, .called, .serving, .parked: figures.open = 1
        }
        total.merge(figures)
        byDay[facts.day, default: ReportFigures()].merge(figures)
        byHour[calendar.localSecondsSinceMidnight(of: facts.issuedAt) / 3600, default: ReportFigures()].merge(figures)
        byService[facts.service, default: ReportFigures()].merge(figures)
        byDesk[facts.desk, default: ReportFigures()].merge(figures)
        byStaff[facts.staff, default: ReportFigures()].merge(figures)
    }
}

/// What the report needs to know about one ticket, folded from its events.
private struct TicketFacts {
    let id: TicketID
    let day: BusinessDay
    let service: ServiceCode
    let code: String
    let issuedAt: Instant
    let quotedWait: Int64?
    var state = TicketState.waiting
    var calledAt: Instant?
    var startedAt: Instant?
    var finishedAt: Instant?
    var desk: DeskNumber?
    var staff: StaffID?

    init(id: TicketID, issued: IssuedTicket, at time: Instant) {
        self.id = id
        day = issued.businessDay
        service = issued.service
        code = issued.code
        issuedAt = time
        quotedWait = issued.quotedWait
    }

    mutating func record(_ event: Event) {
        switch event.details {
        case .ticketCalled:
            state = .called
            // The first call ends the wait; a later one (after a transfer or a no-show brought
            // back) is not another call, but moves the ticket to the desk that now holds it.
            calledAt = calledAt ?? event.time
            hold(event)
        case .serviceStarted:
            state = .serving
            startedAt = startedAt ?? event.time
        case .ticketResumed(let placement):
            state = placement == nil ? .serving : .waiting
            if placement == nil {
                startedAt = startedAt ?? event.time
                hold(event)
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

    private mutating func hold(_ event: Event) {
        desk = event.desk
        staff = event.staff
    }

    private mutating func finish(_ final: TicketState, _ event: Event) {
        state = final
        finishedAt = event.time
    }
}
