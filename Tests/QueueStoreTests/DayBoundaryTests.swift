import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The store answers "does this command need the day change first?" from memory for instants
/// up to the second before the next day's start. The day must still change exactly when
/// QueueCore's business day moves on — at the boundary, not a moment later — and tickets land
/// in QueueCore's day, DST days included.
@Suite(.offThePool) struct DayBoundaryTests {
    @Test func theDayChangesExactlyAtEachBoundary() throws {
        let london = TimeZone(identifier: "Europe/London")!
        var configuration = StoreConfiguration.demo(timeZone: london)
        configuration.businessDayStart = TimeOfDay(hour: 1, minute: 30)  // inside the DST jumps
        var options = StoreOptions()
        options.seed = StoreSetup(configuration: configuration, deskCount: 3)
        let scratch = ScratchDirectory()
        let store = try SQLiteQueueStore(location: scratch.location(), options: options)
        let calendar = configuration.calendar
        // The days around both 2027 clock changes and an ordinary one.
        let days = [BusinessDay(year: 2027, month: 3, day: 27), BusinessDay(year: 2027, month: 3, day: 28),
                    BusinessDay(year: 2027, month: 10, day: 30), BusinessDay(year: 2027, month: 10, day: 31),
                    BusinessDay(year: 2027, month: 11, day: 1)]
        var current: BusinessDay?
        var changes = 0
        var seen: Set<BusinessDay> = []
        for day in days {
            let start = calendar.start(of: day)
            // Earlier in the previous day, just before the start (a second, a millisecond), at it, after it.
            for offset in [-7_200.0, -1.0, -0.001, 0, 0.001, 1, 3_600] {
                let time = start.date.addingTimeInterval(offset)
                let businessDay = calendar.businessDay(containing: Instant(time))
                let result = try store.perform(.issue(service: "C"), at: time)
                let changed = result.events.contains { $0.event.kind == .businessDayChanged }
                #expect(changed == (current.map { businessDay > $0 } ?? true), "\(day) \(offset) s")
                #expect(result.ticket?.businessDay == businessDay, "\(day) \(offset) s")
                if changed { changes += 1 }
                current = businessDay
                seen.insert(businessDay)
            }
        }
        // One change into each day met (the listed ones and the days before them).
        #expect(changes == seen.count && changes >= days.count)
    }
}
