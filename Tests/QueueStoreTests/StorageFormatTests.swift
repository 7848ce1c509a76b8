import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The stored forms: JSON written by the streaming encoder must read back exactly through
/// `JSONDecoder`, and the hot queries must use their indexes rather than scan tables.
@Suite struct StorageFormatTests {
    private func roundTrip<Value: Codable & Equatable>(_ value: Value) throws {
        let json = try StreamingJSONEncoder.encode(value)
        #expect(try JSONDecoder().decode(Value.self, from: Data(json.utf8)) == value, "\(json)")
        // Same document as Foundation's encoder writes (compared as parsed JSON).
        let ours = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSObject
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? NSObject
        #expect(ours == foundation, "\(json)")
    }

    @Test func everyStoredTypeRoundTrips() throws {
        let day = BusinessDay(year: 2026, month: 3, day: 2)
        var ticket = Ticket(id: 7, businessDay: day, service: "C", sequence: 12, number: 12, code: "C012",
                            priority: .priority, issuedAt: Date(timeIntervalSince1970: 1_772_445_600.123456),
                            orderingKey: OrderingKey(rawValue: 1_772_445_000_123), arrivalKey: OrderingKey(rawValue: 1_772_445_600_123))
        ticket.state = .serving
        ticket.desk = 3
        ticket.outcome = "served \"quoted\" \\ and\nnewline"
        ticket.transfers = [TransferRecord(from: "R", to: "C", position: .front, at: Date(timeIntervalSince1970: 5), fromDesk: nil)]
        try roundTrip(ticket)
        try roundTrip(Event(ticket: 7, desk: 3, staff: 2, time: Date(timeIntervalSince1970: 0.5), details: .ticketCalled(day: day)))
        try roundTrip(Event(time: Date(), details: .ticketTransferred(from: "C", to: "R", placement: LanePlacement(
            position: .arrival, orderingKey: OrderingKey(rawValue: -5), arrivalKey: OrderingKey(rawValue: 9)))))
        try roundTrip(Event(time: Date(), details: .ticketResumed(placement: nil)))
        var configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "Europe/London")!)
        configuration.services["C"]?.openingHours = OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17, minute: 30))
        configuration.services["R"]?.dailyCap = 40
        try roundTrip(configuration)
        try roundTrip(Desk(number: 2, name: "Desk “2” – Returns", services: ["R", "S"], status: .paused, currentTicket: 9, staff: 1))
        try roundTrip(StaffMember(id: 4, name: "Ana", role: .supervisor))
    }

    /// Every scalar the encoder writes itself (integers digit by digit, strings with and
    /// without escapes, doubles), at the edges of their ranges.
    @Test func scalarsAtTheirLimitsRoundTrip() throws {
        struct Scalars: Codable, Equatable {
            var int64s: [Int64] = [Int64.min, -1, 0, 7, Int64.max]
            var ints: [Int] = [Int.min, -42, 0, 1_000_000, Int.max]
            var int32s: [Int32] = [Int32.min, Int32.max]
            var uint64s: [UInt64] = [0, UInt64.max]
            var uints: [UInt] = [0, UInt.max]
            var doubles: [Double] = [0, -2.5, 0.1, 1e300, -123_456_789.125, 1e15, 999_999_999_999_999]
            var floats: [Float] = [0.5, -3]
            var flags: [Bool] = [true, false]
            var strings: [String] = ["", "C012", "é ✓ 🎫", "tab\tquote\"back\\slash\u{01}\u{1F}"]
            var single: Int64 = -9_000_000_000_000
            var missing: String? = nil
            var nested: [String: [Int64]] = ["a": [1, -2], "": []]
        }
        try roundTrip(Scalars())
    }

    /// Days are keys in three tables and in every ticket's JSON: the fast text must be
    /// exactly `description` (QueueCore's own form), also outside the years it formats itself.
    @Test func storedDayTextIsTheDescription() {
        var days = stride(from: -800_000, through: 3_000_000, by: 997).map { BusinessDay(daysSinceEpoch: $0) }
        days += [BusinessDay(year: 0, month: 1, day: 1), BusinessDay(year: 9, month: 12, day: 31),
                 BusinessDay(year: 999, month: 2, day: 3), BusinessDay(year: 9999, month: 12, day: 31),
                 BusinessDay(year: 10_000, month: 1, day: 1), BusinessDay(year: -1, month: 6, day: 15)]
        for day in days where day.storedText != day.description {
            Issue.record("\(day.description) stored as \(day.storedText)")
        }
        #expect(days.count > 3_000)
    }

    @Test func callNextReadsLaneHeadsThroughTheIndex() throws {
        let scratch = ScratchDirectory()
        let connection = try SQLiteConnection(location: scratch.location())
        try Migrations.migrate(connection)
        let plan = try connection.query("""
            EXPLAIN QUERY PLAN SELECT data FROM tickets WHERE service = ?1 AND priority = ?2 AND state = 'waiting'
            ORDER BY ordering_key, id LIMIT 1
            """, [.text("C"), .text("normal")]) { $0.text(3) }.joined(separator: " | ")
        #expect(plan.contains("USING INDEX tickets_waiting_lane"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        let held = try connection.query("""
            EXPLAIN QUERY PLAN SELECT number FROM tickets WHERE issued_service = ?1
            AND state IN ('waiting', 'called', 'serving', 'parked')
            """, [.text("C")]) { $0.text(3) }.joined(separator: " | ")
        #expect(held.contains("USING COVERING INDEX tickets_open_numbers"), "\(held)")
        let feed = try connection.query("EXPLAIN QUERY PLAN SELECT id, data FROM events WHERE id > ?1 ORDER BY id",
                                        [.integer(0)]) { $0.text(3) }.joined(separator: " | ")
        #expect(feed.contains("USING INTEGER PRIMARY KEY"), "\(feed)")
    }
}
