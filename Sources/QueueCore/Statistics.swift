/// Figures for a report over a range of business days, computed from events only
/// (`QueueReport.init(events:calendar:range:targetWait:)`). Each figure is defined once, here,
/// and every breakdown (day, hour, service, desk, staff member) puts each ticket in exactly one
/// row, so every column of every breakdown sums to the total.
///
/// - **A ticket** counts once: in the report of the business day it was issued on (a ticket
///   carried over and completed days later still counts on its issue day), by its *latest*
///   state (a no-show brought back and then completed counts as completed, not as a no-show).
/// - **issued**: every ticket; `issued = completed + noShows + cancelled + closedAtDayEnd + open`.
/// - **called**: tickets called at least once. A recall is not a second call, and neither is a
///   call after a transfer or after a no-show was brought back: the ticket was called already.
/// - **completed** (served), **noShows**, **cancelled**, **closedAtDayEnd**: tickets whose
///   latest state is that; **open**: tickets still waiting, called, served or parked.
/// - **waiting time**: first call − issue, for called tickets only (a ticket cancelled or closed
///   before any call has no wait to measure); **longest wait** is the largest, with its ticket.
/// - **within target**: called tickets whose waiting time is at most the target wait
///   (`[store] target-wait-minutes`); the share is of the called tickets (Qmatic's service level).
/// - **service time**: completion − first service start, completed tickets only.
/// - **quotes**: each called ticket's wait promised at issue (`Ticket.quotedWait`) beside its
///   waiting time, summed up as `QuoteAccuracy` (tickets issued before the quote was stored, or
///   told the wait was unknown, have none).
///
/// Which row a ticket is in:
/// - **day**: the business day it was issued on; **hour**: the wall-clock hour (0–23, store time)
///   it was issued in, over every day of the range: everything about a ticket (its call, its
///   wait, its end) counts in the hour the customer arrived;
/// - **service**: the service it was issued for (its prefix), even after a transfer;
/// - **desk** and **staff member**: those of its latest call (or of a resume straight to a desk):
///   whoever last held it, where its outcome happened. Never-called tickets are in the `nil` desk
///   row, and in the `nil` staff row with calls no staff member was named for.
///
/// Durations are integer milliseconds, so sums are exact.
public struct ReportFigures: Hashable, Encodable, Sendable {
    public var issued = 0
    public var called = 0
    public var completed = 0
    public var noShows = 0
    public var cancelled = 0
    public var closedAtDayEnd = 0
    public var open = 0
    public var waitingTime = DurationSummary()
    public var withinTarget = 0
    public var longestWait: LongestWait?
    public var serviceTime = DurationSummary()
    public var quotes: [QuoteAccuracy.Pair] = []

    public init() {}

    /// The share (0…1) of called tickets called within the target wait; nil when none was called.
    public var withinTargetShare: Double? { called == 0 ? nil : Double(withinTarget) / Double(called) }

    /// How the quotes compare with the waits; nil when no called ticket had one.
    public var quoteAccuracy: QuoteAccuracy? { quotes.isEmpty ? nil : QuoteAccuracy(quotes) }

    private enum CodingKeys: String, CodingKey {
        case issued, called, completed, noShows, cancelled, closedAtDayEnd, open, waitingTime, withinTarget,
             withinTargetShare, longestWait, serviceTime, quoteAccuracy
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
        try container.encode(open, forKey: .open)
        try container.encode(waitingTime, forKey: .waitingTime)
        try container.encode(withinTarget, forKey: .withinTarget)
        try container.encodeIfPresent(withinTargetShare, forKey: .withinTargetShare)
        try container.encodeIfPresent(longestWait, forKey: .longestWait)
        try container.encode(serviceTime, forKey: .serviceTime)
        try container.encodeIfPresent(quoteAccuracy, forKey: .quoteAccuracy)
    }

    /// Adds another set of figures to this one.
    public mutating func merge(_ other: ReportFigures) {
        issued += other.issued
        called += other.called
        completed += other.completed
        noShows += other.noShows
        cancelled += other.cancelled
        closedAtDayEnd += other.closedAtDayEnd
        open += other.open
        waitingTime.merge(other.waitingTime)
        withinTarget += other.withinTarget
        if let wait = other.longestWait, longestWait.map({ wait.isLonger(than: $0) }) ?? true { longestWait = wait }
        serviceTime.merge(other.serviceTime)
        quotes += other.quotes
    }
}

/// The longest wait of a set of tickets, and whose it was.
public struct LongestWait: Hashable, Codable, Sendable {
    public var ticket: TicketID
    public var code: String
    public var day: BusinessDay
    public var milliseconds: Int64

    public init(ticket: TicketID, code: String, day: BusinessDay, milliseconds: Int64) {
        self.ticket = ticket
        self.code = code
        self.day = day
        self.milliseconds = milliseconds
    }

    /// Longer, or as long and issued first: one answer whichever order rows are merged in.
    func isLonger(than other: LongestWait) -> Bool {
        (milliseconds, other.ticket) > (other.milliseconds, ticket)
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

    /// Adds another summary to this one.
    public mutating func merge(_ other: DurationSummary) {
        count += other.count
        totalMilliseconds += other.totalMilliseconds
        if let low = other.minimumMilliseconds { minimumMilliseconds = min(minimumMilliseconds ?? low, low) }
        if let high = other.maximumMilliseconds { maximumMilliseconds = max(maximumMilliseconds ?? high, high) }
    }
}

/// The business days a report covers, `first` to `last` inclusive.
public struct ReportRange: Hashable, Codable, Sendable, CustomStringConvertible {
    public let first: BusinessDay
    public let last: BusinessDay

    /// nil when `last` is before `first`.
    public init?(first: BusinessDay, last: BusinessDay) {
        guard first <= last else { return nil }
        self.first = first
        self.last = last
    }

    /// One business day.
    public init(day: BusinessDay) {
        first = day
        last = day
    }

    public func contains(_ day: BusinessDay) -> Bool { first <= day && day <= last }

    /// How many business days: 1 for one day.
    public var dayCount: Int { last.daysSinceEpoch - first.daysSinceEpoch + 1 }

    /// `2026-03-02`, or `2026-03-02 to 2026-03-06`.
    public var description: String { first == last ? "\(first)" : "\(first) to \(last)" }
}
