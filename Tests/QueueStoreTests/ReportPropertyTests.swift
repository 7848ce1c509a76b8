import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// The report over seeded random days played through the real store (`RandomStoreDays`):
/// every breakdown (day, hour, service, desk, staff member) sums to the total, and the figures
/// agree with the same figures counted here straight from the stored events and ticket rows.
/// A failing seed is named; rerun one with `TESSERA_REPORT_SEED=<n>`.
@Suite(.offThePool) struct ReportPropertyTests {
    static let days = [BusinessDay(year: 2026, month: 3, day: 2), BusinessDay(year: 2026, month: 3, day: 3),
                       BusinessDay(year: 2026, month: 3, day: 4)]
    static let target: Int64 = 8 * 60_000

    static var seeds: [UInt64] {
        ProcessInfo.processInfo.environment["TESSERA_REPORT_SEED"].flatMap(UInt64.init).map { [$0] } ?? [1, 2, 3]
    }

    @Test(arguments: StoreFactory.all)
    func everyBreakdownSumsToTheTotalAndTheEventsAgree(factory: StoreFactory) throws {
        for seed in Self.seeds {
            let store = try factory.make().store
            var days = RandomStoreDays(store: store, seed: seed)
            try days.play(Self.days)
            let range = ReportRange(first: Self.days[0], last: Self.days[2])!
            let report = try store.report(range, targetWaitMilliseconds: Self.target)
            let expected = try Self.counted(store)
            let context = "seed \(seed), \(days.accepted) commands (\(days.refused) refused), \(report.total.issued) tickets"
            #expect(report.total.issued > 60 && report.total.noShows > 0 && report.total.open > 0, "\(context)")
            #expect(report.byStaff.count >= 4 && report.byDesk.count == 4, "\(context): \(report.byStaff.keys)")
            #expect(report.total == expected.total, "\(context): total")
            #expect(report.byDay == expected.byDay, "\(context): by day")
            #expect(report.byHour == expected.byHour, "\(context): by hour")
            #expect(report.byService == expected.byService, "\(context): by service")
            #expect(report.byDesk == expected.byDesk, "\(context): by desk")
            #expect(report.byStaff == expected.byStaff, "\(context): by staff member")
            for (name, rows) in [("day", Array(report.byDay.values)), ("hour", Array(report.byHour.values)),
                                 ("service", Array(report.byService.values)), ("desk", Array(report.byDesk.values)),
                                 ("staff", Array(report.byStaff.values))] {
                #expect(Self.sum(rows) == Self.sum([report.total]), "\(context): the \(name) rows do not sum to the total")
            }
            // The days' own reports add up to the range's.
            let dayTotals = try Self.days.map { try store.report(ReportRange(day: $0), targetWaitMilliseconds: Self.target).total }
            #expect(Self.sum(dayTotals) == Self.sum([report.total]), "\(context): the days' reports")
            #expect(report.staffNames.count == RandomStoreDays.staffNames.count)
        }
    }

    /// Figures as comparable sums: quote pairs sorted, since rows merge them in another order.
    static func sum(_ rows: [ReportFigures]) -> ReportFigures {
        var total = ReportFigures()
        for row in rows { total.merge(row) }
        total.quotes.sort { ($0.quoted, $0.waited) < ($1.quoted, $1.waited) }
        return total
    }

    struct Counted {
        var total = ReportFigures()
        var byDay: [BusinessDay: ReportFigures] = [:]
        var byHour: [Int: ReportFigures] = [:]
        var byService: [ServiceCode: ReportFigures] = [:]
        var byDesk: [DeskNumber?: ReportFigures] = [:]
        var byStaff: [StaffID?: ReportFigures] = [:]
    }

    /// Each ticket's figures from its own events (issue, first call, the last call or resume
    /// to a desk) and its row (final state, service start and end), put in its rows.
    static func counted(_ store: any QueueStore) throws -> Counted {
        let calendar = try store.configuration().calendar
        let events = try store.events(after: .none, limit: 1_000_000).map(\.event)
        let byTicket = Dictionary(grouping: events.filter { $0.ticket != nil }, by: { $0.ticket! })
        var counted = Counted()
        for ticket in try store.tickets(TicketFilter()).sorted(by: { $0.id < $1.id }) {
            let own = byTicket[ticket.id] ?? []
            guard case .ticketIssued(let issued) = own.first?.details else { continue }
            var figures = ReportFigures()
            figures.issued = 1
            let calls = own.filter { $0.kind == .ticketCalled }
            if let first = calls.first {
                let waited = first.time.milliseconds(since: own[0].time)
                figures.called = 1
                figures.waitingTime.add(milliseconds: waited)
                figures.withinTarget = waited <= target ? 1 : 0
                figures.longestWait = LongestWait(ticket: ticket.id, code: ticket.code, day: ticket.businessDay, milliseconds: waited)
                if let quoted = issued.quotedWait { figures.quotes = [QuoteAccuracy.Pair(quoted: quoted, waited: waited)] }
            }
            switch ticket.state {
            case .completed:
                figures.completed = 1
                if let start = ticket.startedAt, let end = ticket.finishedAt { figures.serviceTime.add(milliseconds: end.milliseconds(since: start)) }
            case .noShow: figures.noShows = 1
            case .cancelled: figures.cancelled = 1
            case .closedAtDayEnd: figures.closedAtDayEnd = 1
            case .waiting, .called, .serving, .parked: figures.open = 1
            }
            let holder = own.last { event in
                if case .ticketResumed(nil) = event.details { return true }
                return event.kind == .ticketCalled
            }
            counted.total.merge(figures)
            counted.byDay[ticket.businessDay, default: ReportFigures()].merge(figures)
            counted.byHour[calendar.localSecondsSinceMidnight(of: own[0].time) / 3600, default: ReportFigures()].merge(figures)
            counted.byService[issued.service, default: ReportFigures()].merge(figures)
            counted.byDesk[holder?.desk, default: ReportFigures()].merge(figures)
            counted.byStaff[holder?.staff, default: ReportFigures()].merge(figures)
        }
        return counted
    }
}
