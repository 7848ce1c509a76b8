import Foundation
import QueueCore
import Testing

/// Instants are whole Unix milliseconds, the stored unit.
struct InstantTests {
    @Test func secondsRoundDownAlsoBefore1970() {
        #expect(Instant(unixMilliseconds: 1_999).unixSeconds == 1)
        #expect(Instant(unixMilliseconds: -1).unixSeconds == -1)
        #expect(Instant(unixMilliseconds: -1_000).unixSeconds == -1)
        #expect(Instant(unixMilliseconds: -1_001).unixSeconds == -2)
    }

    /// An instant is stored as the bare integer, in JSON as in the `events.at` column.
    @Test func codesAsTheIntegerMilliseconds() throws {
        let instant = Instant(unixMilliseconds: 1_796_029_200_250)
        #expect(String(decoding: try JSONEncoder().encode([instant]), as: UTF8.self) == "[1796029200250]")
        #expect(try JSONDecoder().decode([Instant].self, from: Data("[-5]".utf8)) == [Instant(unixMilliseconds: -5)])
    }

    /// The calendar needs only the rules' offsets: a fixed offset zone moves the local date.
    @Test func fixedOffsetZoneMovesTheLocalDate() {
        let zone = StoreTimeZone(identifier: "Test/Plus14", rules: FixedOffset(seconds: 14 * 3600))
        let calendar = BusinessCalendar(timeZone: zone, dayStart: TimeOfDay(hour: 0))
        // 2027-06-01 10:00 UTC is already 2027-06-02 00:00 at UTC+14.
        #expect(calendar.businessDay(containing: utc(2027, 6, 1, 10)) == BusinessDay(year: 2027, month: 6, day: 2))
        #expect(calendar.start(of: BusinessDay(year: 2027, month: 6, day: 2)) == utc(2027, 6, 1, 10))
    }
}
