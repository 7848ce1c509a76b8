import Foundation
import QueueCore
import Testing

struct EstimatesAndStatisticsTests {
    let t0 = utc(2027, 6, 1, 9)  // 10:00 BST
    func at(_ minutes: Double) -> Instant { t0.addingSeconds(minutes * 60) }

    @Test func peopleAheadCountsBothClassesInLaneOrder() throws {
        var h = Harness()
        let first = try h.issue("R", at: at(0))
        let second = try h.issue("R", at: at(1))
        let priority = try h.issue("R", .priority, at: at(5))  // head start 10 min: ahead of both
        let other = try h.issue("S", at: at(0))
        let tickets = Array(h.state.tickets.values)
        #expect(Estimates.peopleAhead(of: priority, among: tickets) == 0)
        #expect(Estimates.peopleAhead(of: first, among: tickets) == 1)
        #expect(Estimates.peopleAhead(of: second, among: tickets) == 2)
        #expect(Estimates.peopleAhead(of: other, among: tickets) == 0)
        try h.run(.callNext(desk: 1, service: "R"), at: at(6))
        #expect(Estimates.peopleAhead(of: second, among: Array(h.state.tickets.values)) == 1)
    }

    @Test func reportFollowsTheDefinitions() throws {
        var h = Harness()
        let served = try h.issue("C", at: at(0))  // 10:00 local
        let missed = try h.issue("C", at: at(1))
        let left = try h.issue("R", at: at(70))  // 11:10 local
        try h.run(.callNext(desk: 1, service: "C"), at: at(5))  // waited 5 min
        try h.run(.start(ticket: served.id), at: at(6))
        try h.run(.complete(ticket: served.id), at: at(9))  // service 3 min
        try h.run(.callNext(desk: 1, service: "C"), at: at(10))  // waited 9 min
        try h.run(.noShow(ticket: missed.id), at: at(12))
        try h.run(.cancel(ticket: left.id), at: at(75))
        let day = BusinessDay(year: 2027, month: 6, day: 1)
        let report = QueueReport(events: h.events, calendar: h.state.configuration.calendar, range: ReportRange(day: day),
                                 targetWaitMilliseconds: 6 * 60_000)

        #expect(report.total.issued == 3 && report.total.called == 2)
        #expect(report.total.completed == 1 && report.total.noShows == 1 && report.total.cancelled == 1)
        #expect(report.total.waitingTime.totalMilliseconds == 14 * 60_000)
        // Typed constants: an optional compared with an arithmetic literal confuses #expect.
        let sevenMinutes: Double = 7 * 60
        let nineMinutes: Int64 = 9 * 60_000
        #expect(report.total.waitingTime.meanSeconds == sevenMinutes)
        #expect(report.total.waitingTime.maximumMilliseconds == nineMinutes)
        #expect(report.total.serviceTime.totalMilliseconds == 3 * 60_000)
        #expect(report.byService["C"]?.issued == 2 && report.byService["R"]?.cancelled == 1)
        #expect(report.byDay[day]?.issued == 3)
        #expect(report.byDesk[1]?.called == 2 && report.byDesk[1]?.completed == 1 && report.byDesk[1]?.noShows == 1)
        #expect(report.byDesk[nil]?.issued == 1 && report.byDesk[nil]?.cancelled == 1, "never called: no desk")
        #expect(report.byHour.mapValues(\.issued) == [10: 2, 11: 1])
        #expect(report.byHour[10]?.called == 2 && report.byHour[10]?.completed == 1, "every figure in the hour of issue")
        #expect(report.total.withinTarget == 1, "5 minutes is within a 6-minute target, 9 is not")
        #expect(report.total.longestWait?.code == missed.code && report.total.longestWait?.milliseconds == nineMinutes)

        // A reactivated no-show that is then completed counts as completed, once.
        try h.run(.reactivate(ticket: missed.id), at: at(13))
        try h.run(.callNext(desk: 1, service: "C"), at: at(14))
        try h.run(.start(ticket: missed.id), at: at(15))
        try h.run(.complete(ticket: missed.id), at: at(16))
        let later = QueueReport(events: h.events, calendar: h.state.configuration.calendar, range: ReportRange(day: day),
                                targetWaitMilliseconds: 6 * 60_000)
        #expect(later.total.completed == 2 && later.total.noShows == 0)
        #expect(later.total.waitingTime.count == 2, "waiting time is to the first call")
        // Called again after it was brought back: still one ticket called, at desk 1 as in the
        // service's row (the report once said desk 1 "called 3" beside 2 for the service).
        #expect(later.byDesk[1]?.called == 2 && later.byService["C"]?.called == 2)
    }
}
