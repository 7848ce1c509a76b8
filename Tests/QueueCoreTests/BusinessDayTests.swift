import Foundation
import QueueCore
import Testing

/// Business days in Europe/London across the 2027 clock changes
/// (spring: 2027-03-28 01:00 GMT → 02:00 BST; autumn: 2027-10-31 02:00 BST → 01:00 GMT).
struct BusinessDayTests {
    let spring = BusinessDay(year: 2027, month: 3, day: 28)
    let autumn = BusinessDay(year: 2027, month: 10, day: 31)

    func calendar(_ hour: Int, _ minute: Int = 0) -> BusinessCalendar {
        BusinessCalendar(timeZone: london, dayStart: TimeOfDay(hour: hour, minute: minute))
    }

    /// The text is the stored form too (written digit by digit): it must parse back to the same
    /// day everywhere, and pad small years.
    @Test func textRoundTrips() {
        for days in stride(from: -719_528, through: 2_932_896, by: 331) {
            let day = BusinessDay(daysSinceEpoch: days)
            #expect(BusinessDay(day.description) == day, "\(day)")
        }
        #expect(BusinessDay(year: 9, month: 12, day: 31).description == "0009-12-31")
        #expect(BusinessDay(year: 2026, month: 1, day: 5).description == "2026-01-05")
        #expect(BusinessDay(year: 10_000, month: 1, day: 1).description == "10000-01-01")
    }

    @Test func dateArithmeticRoundTrips() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(BusinessDay(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(BusinessDay(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(BusinessDay("2028-02-29") != nil)
        #expect(BusinessDay("2027-02-29") == nil)
        #expect(BusinessDay("2027-3-28") == nil)
        #expect(BusinessDay("+027-03-28") == nil)
        #expect(BusinessDay("2027-03-2x") == nil)
        #expect(BusinessDay("2027/03/28") == nil)
        #expect(BusinessDay("2027-03-28")?.next == BusinessDay(year: 2027, month: 3, day: 29))
        #expect(BusinessDay("2027-03-01")?.previous == BusinessDay(year: 2027, month: 2, day: 28))
    }

    @Test func fourOClockStartAroundSpringChange() {
        let c = calendar(4)
        // 04:00 BST = 03:00 UTC.
        #expect(c.start(of: spring) == utc(2027, 3, 28, 3))
        #expect(c.businessDay(containing: utc(2027, 3, 28, 2, 59, 59)) == spring.previous)
        #expect(c.businessDay(containing: utc(2027, 3, 28, 3)) == spring)
        // The day before began 04:00 GMT: it lasted 23 hours.
        #expect(c.start(of: spring).seconds(since: c.start(of: spring.previous)) == 23 * 3600)
    }

    @Test func nonexistentStartTimeInSpring() {
        let c = calendar(1, 30)  // 01:30 does not exist on 2027-03-28
        // The day begins when the clock jumps over 01:30: 01:00 UTC (02:00 BST).
        #expect(c.start(of: spring) == utc(2027, 3, 28, 1))
        #expect(c.businessDay(containing: utc(2027, 3, 28, 0, 59, 59)) == spring.previous)
        #expect(c.businessDay(containing: utc(2027, 3, 28, 1)) == spring)
        // Next day 01:30 BST = 00:30 UTC: the business day is 23.5 hours long.
        #expect(c.start(of: spring.next) == utc(2027, 3, 29, 0, 30))
        #expect(c.start(of: spring.next).seconds(since: c.start(of: spring)) == 23.5 * 3600)
        // The previous day started at 01:30 GMT.
        #expect(c.start(of: spring.previous) == utc(2027, 3, 27, 1, 30))
    }

    @Test func repeatedStartTimeInAutumn() {
        let c = calendar(1, 30)  // 01:30 happens twice on 2027-10-31
        // First occurrence: 01:30 BST = 00:30 UTC.
        #expect(c.start(of: autumn) == utc(2027, 10, 31, 0, 30))
        #expect(c.businessDay(containing: utc(2027, 10, 31, 0, 29, 59)) == autumn.previous)
        #expect(c.businessDay(containing: utc(2027, 10, 31, 0, 30)) == autumn)
        // 01:15 UTC reads 01:15 GMT — before 01:30 on the wall, but the day has begun already:
        // time never runs back into the previous business day.
        #expect(c.localSecondsSinceMidnight(of: utc(2027, 10, 31, 1, 15)) == 4500)
        #expect(c.businessDay(containing: utc(2027, 10, 31, 1, 15)) == autumn)
        #expect(c.businessDay(containing: utc(2027, 10, 31, 1, 30)) == autumn)
        // The day runs to 01:30 GMT next day: 25 hours.
        #expect(c.start(of: autumn.next) == utc(2027, 11, 1, 1, 30))
        #expect(c.start(of: autumn.next).seconds(since: c.start(of: autumn)) == 25 * 3600)
    }

    @Test func fourOClockStartAroundAutumnChange() {
        let c = calendar(4)
        #expect(c.start(of: autumn) == utc(2027, 10, 31, 4))  // 04:00 GMT
        #expect(c.start(of: autumn.previous) == utc(2027, 10, 30, 3))  // 04:00 BST
        #expect(c.businessDay(containing: utc(2027, 10, 31, 3, 59)) == autumn.previous)
        #expect(c.businessDay(containing: utc(2027, 10, 31, 4)) == autumn)
    }

    @Test func businessDayIsMonotonicAcrossBothChanges() {
        for (hour, minute) in [(0, 0), (1, 0), (1, 30), (2, 0), (4, 0), (23, 30)] {
            let c = calendar(hour, minute)
            for start in [utc(2027, 3, 26), utc(2027, 10, 29)] {
                var previous = c.businessDay(containing: start)
                var changes = 0
                // Every 5 minutes over four days: days only move forward, one at a time.
                for step in 1...(4 * 288) {
                    let day = c.businessDay(containing: start.addingSeconds(Double(step) * 300))
                    #expect(day >= previous)
                    if day != previous {
                        #expect(day == previous.next)
                        changes += 1
                    }
                    previous = day
                }
                // …exactly at the instants `start(of:)` gives.
                let end = start.addingSeconds(4 * 86_400)
                let first = c.businessDay(containing: start)
                let starts = (1...5).map { c.start(of: BusinessDay(daysSinceEpoch: first.daysSinceEpoch + $0)) }
                #expect(changes == starts.filter { $0 <= end }.count, "start \(hour):\(minute) from \(start)")
                #expect((3...5).contains(changes))
            }
        }
    }

    @Test func numberingRestartsAtTheBusinessDayAcrossAutumnChange() throws {
        var configuration = testConfiguration()
        configuration.businessDayStart = TimeOfDay(hour: 1, minute: 30)
        var harness = Harness(configuration: configuration, start: utc(2027, 10, 30, 20))
        #expect(try harness.issue("C").code == "C001")
        #expect(try harness.issue("C", at: utc(2027, 10, 31, 0, 29)).code == "C002")
        harness.mustRun(.changeDay, at: utc(2027, 10, 31, 0, 30))
        let first = try harness.issue("C", at: utc(2027, 10, 31, 0, 31))
        #expect(first.code == "C001" && first.businessDay == autumn)
        // 01:15 GMT, the repeated hour: still the new day, numbering continues.
        let second = try harness.issue("C", at: utc(2027, 10, 31, 1, 15))
        #expect(second.code == "C002" && second.businessDay == autumn)
        #expect(try harness.run(.changeDay, at: utc(2027, 10, 31, 1, 16)).isEmpty)
    }

    @Test func numberingRestartsAtTheBusinessDayAcrossSpringChange() throws {
        var configuration = testConfiguration()
        configuration.businessDayStart = TimeOfDay(hour: 1, minute: 30)
        var harness = Harness(configuration: configuration, start: utc(2027, 3, 27, 20))
        #expect(try harness.issue("R").code == "R001")
        let late = try harness.issue("R", at: utc(2027, 3, 28, 0, 59, 59))
        #expect(late.code == "R002" && late.businessDay == spring.previous)
        let events = harness.mustRun(.changeDay, at: utc(2027, 3, 28, 1))
        #expect(events.first?.details == .businessDayChanged(from: spring.previous, to: spring))
        #expect(events.dropFirst().map(\.kind) == [.ticketClosedAtDayEnd, .ticketClosedAtDayEnd])
        let first = try harness.issue("R", at: utc(2027, 3, 28, 1, 0, 1))
        #expect(first.code == "R001" && first.businessDay == spring)
    }

    @Test func dayChangeIsIdempotentAndClosesWaitingAndParked() throws {
        var harness = Harness()
        _ = try harness.issue("C")  // C001 waiting
        _ = try harness.issue("C")  // C002 parked
        _ = try harness.issue("C")  // C003 being served: untouched
        harness.mustRun(.callNext(desk: 1))
        harness.mustRun(.park(ticket: 1))
        harness.mustRun(.callNext(desk: 1))
        harness.mustRun(.start(ticket: 2))
        harness.mustRun(.callNext(desk: 2))
        let next = utc(2027, 6, 2, 8)
        let events = harness.mustRun(.changeDay, at: next)
        #expect(events.map(\.kind) == [.businessDayChanged, .ticketClosedAtDayEnd])
        #expect(events.last?.ticket == 1)
        #expect(harness.state.tickets[1]?.state == .closedAtDayEnd)
        #expect(harness.state.tickets[2]?.state == .serving)
        #expect(harness.state.tickets[3]?.state == .called)
        let again = harness.mustRun(.changeDay, at: next.addingSeconds(3600))
        #expect(again.isEmpty)
        // The still-open tickets keep their numbers held: today's first ticket skips 2 and 3.
        #expect(try harness.issue("C").code == "C001")
        #expect(try harness.issue("C").code == "C004")
    }

    @Test func carryOverKeepsCodesAndSkipsHeldNumbers() throws {
        var harness = Harness(configuration: testConfiguration(carryOver: .carryOver))
        _ = try harness.issue("C")
        _ = try harness.issue("C")
        let before = harness.state.tickets
        let events = harness.mustRun(.changeDay, at: utc(2027, 6, 2, 8))
        #expect(events.map(\.kind) == [.businessDayChanged, .ticketCarriedOver, .ticketCarriedOver])
        for (id, ticket) in before {
            let after = try #require(harness.state.tickets[id])
            #expect(after.code == ticket.code && after.sequence == ticket.sequence)
            #expect(after.state == .waiting && after.carryOvers == 1)
            #expect(after.orderingKey == ticket.orderingKey)
        }
        #expect(harness.mustRun(.changeDay, at: utc(2027, 6, 2, 9)).isEmpty)
        let today = try harness.issue("C")
        #expect(today.code == "C003" && today.sequence == 3, "001 and 002 are still held")
        // Carried-over tickets are still first in line.
        #expect(try harness.call(1).code == "C001")
    }

    @Test func needsDayChangeFollowsTheCalendar() {
        let harness = Harness()
        #expect(!harness.state.needsDayChange(at: utc(2027, 6, 2, 2, 59)))  // 03:59 BST
        #expect(harness.state.needsDayChange(at: utc(2027, 6, 2, 3)))
        #expect(QueueState().needsDayChange(at: utc(2027, 6, 2, 3)))
    }
}
