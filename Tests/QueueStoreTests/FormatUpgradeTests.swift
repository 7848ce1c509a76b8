import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A database written by the format-1 build (`Tests/Fixtures/storage-v1`, made by its
/// `make-fixture.sh` with that build) opens with this build and reads back exactly what the
/// format-1 build read from it: every ticket, event, counter, report figure and status line.
@Suite(.offThePool) struct FormatUpgradeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/storage-v1")
    static let days = [BusinessDay(year: 2026, month: 11, day: 27), BusinessDay(year: 2026, month: 11, day: 30)]
    /// When `make-fixture.sh` read the status back (its clock was frozen there).
    static let readTime = ISO8601DateFormatter().date(from: "2026-11-30T12:00:00Z")!

    /// A copy of the format-1 file in a scratch directory (the fixture itself is never opened).
    private func copyOfFixture(in scratch: ScratchDirectory) throws -> String {
        let copy = scratch.path("queue.db")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("queue.db").path, toPath: copy)
        return copy
    }

    private func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func upgradedFixtureReadsBackWhatFormatOneRead() throws {
        let scratch = ScratchDirectory()
        let store = try SQLiteQueueStore(location: DatabaseLocation(path: try copyOfFixture(in: scratch)))
        let actual = try StoreSnapshot.text(of: store, days: Self.days, statusAt: Self.readTime)
        let expected = (try? fixtureText("snapshot.txt")) ?? "(Fixtures/storage-v1/snapshot.txt is missing)"
        if actual != expected {
            // Left for a person to diff against the fixture's snapshot.txt.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-storage-v1-snapshot.txt")
            try actual.write(to: path, atomically: true, encoding: .utf8)
            Issue.record("the upgraded file reads back differently; this build's reading is in \(path.path)")
        }
    }
}

/// The upgraded file itself: format 2 throughout, each row as this build would write it, and an
/// upgrade that fails half-way leaves the file as format 1 wrote it.
@Suite(.offThePool) struct FormatUpgradeRowTests {
    private func copyOfFixture(in scratch: ScratchDirectory) throws -> String {
        let copy = scratch.path("queue.db")
        try FileManager.default.copyItem(
            atPath: FormatUpgradeTests.fixtures.appendingPathComponent("queue.db").path, toPath: copy)
        return copy
    }

    @Test func upgradedRowsAreFormatTwoAsThisBuildWritesIt() throws {
        let scratch = ScratchDirectory()
        let path = try copyOfFixture(in: scratch)
        _ = try SQLiteQueueStore(location: DatabaseLocation(path: path))
        try FormatInspection.expectFormatTwo(path)
        // Each upgraded document is the one this build writes for the value it reads from it.
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path), create: false)
        let codec = RowCodec(file: path)
        func same<Value: Codable>(_ type: Value.Type, _ sql: String) throws {
            for json in try connection.query(sql, row: { $0.text(0) }) {
                let rewritten = try #require(try codec.encode(try codec.decode(type, json)).boundText)
                let upgraded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSObject
                let written = try JSONSerialization.jsonObject(with: Data(rewritten.utf8)) as? NSObject
                // The services' order is the dictionary's in format 1; compare them as sets.
                #expect(normalised(upgraded) == normalised(written), "upgraded \(json)\nwritten \(rewritten)")
            }
        }
        try same(StoreConfiguration.self, "SELECT value FROM settings WHERE key = 'configuration'")
        try same(Desk.self, "SELECT data FROM desks")
        try same(Event.self, "SELECT data FROM events")
        try same([TransferRecord].self, "SELECT transfers FROM tickets WHERE transfers IS NOT NULL")
        // Each ticket row (format 5's columns) holds what this build writes for the ticket it reads from it.
        let rows = try connection.query("SELECT \(TicketRow.selected) FROM tickets") { row in
            (try TicketRow.ticket(from: row, codec: codec, file: path),
             (0..<Int32(TicketRow.columns.count)).map { row.isNull($0) ? nil : row.text($0) })
        }
        #expect(rows.count > 10)
        let transfers = try #require(TicketRow.columns.firstIndex(of: "transfers"))
        for (ticket, stored) in rows {
            var written = try (TicketRow.insertValues(of: ticket, codec: codec) as [SQLiteValue]).map(\.storedText)
            // The list's JSON compared by content: keys have no order.
            #expect(try written[transfers].map(jsonObject) == stored[transfers].map(jsonObject), "ticket \(ticket.id.rawValue)")
            written[transfers] = stored[transfers]
            #expect(written == stored, "ticket \(ticket.id.rawValue)")
        }
    }

    private func jsonObject(_ text: String) throws -> NSObject? {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSObject
    }

    /// Services lists sorted by code, so that two configurations compare by content.
    private func normalised(_ value: Any?) -> NSObject? {
        if let object = value as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, child) in object { copy[key] = normalised(child) }
            if let services = object["services"] as? [[String: Any]] {
                copy["services"] = services.sorted { ($0["code"] as? String ?? "") < ($1["code"] as? String ?? "") }
                    .map { normalised($0) as Any }
            }
            return copy as NSDictionary
        }
        if let list = value as? [Any] { return list.map { normalised($0) as Any } as NSArray }
        return value as? NSObject
    }

    /// One damaged event makes the upgrade fail when it copies the events, after it has
    /// rewritten the tickets and the configuration: those are rolled back with it.
    @Test func aFailedUpgradeLeavesFormatOne() throws {
        let scratch = ScratchDirectory()
        let path = try copyOfFixture(in: scratch)
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path), create: false)
        func text(_ sql: String) throws -> [String] { try connection.query(sql) { $0.text(0) } }
        try connection.execute("""
            DROP TRIGGER events_append_only_update;
            UPDATE events SET data = '{"time": 1' WHERE id = 58;
            """)
        let before = try text("SELECT value FROM settings ORDER BY key") + text("SELECT data FROM tickets ORDER BY id")
            + text("SELECT data FROM events ORDER BY id")
        #expect(throws: StoreError.self) { _ = try SQLiteQueueStore(location: DatabaseLocation(path: path)) }
        #expect(try Migrations.format(connection) == 1)
        #expect(try text("SELECT DISTINCT typeof(at) FROM events") == ["real"])
        let after = try text("SELECT value FROM settings ORDER BY key") + text("SELECT data FROM tickets ORDER BY id")
            + text("SELECT data FROM events ORDER BY id")
        let changed = zip(before, after).filter { $0.0 != $0.1 }.map(\.1)
        #expect(changed.isEmpty && after.count == before.count, "\(changed.count) rows changed, e.g. \(changed.prefix(2))")
    }
}

/// Events of every type as the format-1 code encoded them (`Tests/Fixtures/storage-v1/
/// events-every-type.tsv`, written by `event-samples/make-event-samples.sh` with that code),
/// added to the format-1 file and upgraded with it. The fixture's own events cover only what
/// the command line can do; these cover the rest (staff, carry-over, a resume to a desk…).
@Suite(.offThePool) struct EventUpgradeTests {
    /// The events `event-samples/main.swift` encodes, in its order.
    private var expected: [Event] {
        let day = BusinessDay(year: 2026, month: 11, day: 30)
        let placement = LanePlacement(position: .arrival, orderingKey: OrderingKey(rawValue: 5), arrivalKey: OrderingKey(rawValue: 9))
        var configuration = StoreConfiguration.demo(timeZone: TimeZone(identifier: "America/New_York")!)
        configuration.fairness.priorityHeadStart = 90.5
        configuration.estimates = EstimateRule(sampleSize: 10, defaultServiceTime: 30.25)  // as the samples were written
        configuration.carryOver = .carryOver
        configuration.services["C"]?.openingHours = OpeningHours(opens: TimeOfDay(hour: 9), closes: TimeOfDay(hour: 17, minute: 30))
        configuration.services["C"]?.numbering = NumberingRule(start: 0, width: 2, wrapBound: 99)
        let details: [EventDetails] = [
            .ticketIssued(IssuedTicket(service: "C", priority: .priority, businessDay: day, sequence: 12, number: 12,
                                       code: "C012", orderingKey: OrderingKey(rawValue: 1), arrivalKey: OrderingKey(rawValue: 2))),
            .ticketCalled(day: day), .ticketRecalled, .serviceStarted, .ticketCompleted(outcome: "referred"), .ticketNoShow,
            .ticketReactivated(placement), .ticketTransferred(from: "C", to: "R", placement: placement), .ticketParked,
            .ticketResumed(placement: placement), .ticketResumed(placement: nil), .ticketCancelled,
            .ticketClosedAtDayEnd(newDay: day.next), .ticketCarriedOver(to: day.next),
            .businessDayChanged(from: day.previous, to: day), .businessDayChanged(from: nil, to: day),
            .deskConfigured(Desk(number: 2, name: "Desk \"2\"", services: ["R", "S"], status: .paused, currentTicket: 7, staff: 1)),
            .deskOpened, .deskPaused, .deskClosed,
            .serviceConfigured(Service(code: "X", name: "Extra/desk", colour: "#AA5500", isOpen: false, dailyCap: 40, priorityWeight: 3)),
            .serviceOpened("X"), .serviceClosed("X"), .staffRegistered(StaffMember(id: 4, name: "Ana", role: .supervisor)),
            .storeConfigured(configuration),
        ]
        // 2026-11-30 09:00:00.2506 UTC plus a second an event; stored to the millisecond, rounded down.
        return details.enumerated().map { index, detail in
            Event(ticket: 7, desk: 2, staff: 1, time: Date(timeIntervalSince1970: 1_796_029_200.250 + Double(index)), details: detail)
        }
    }

    @Test func eventsOfEveryTypeUpgrade() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("queue.db")
        try FileManager.default.copyItem(
            atPath: FormatUpgradeTests.fixtures.appendingPathComponent("queue.db").path, toPath: path)
        let samples = try String(contentsOf: FormatUpgradeTests.fixtures.appendingPathComponent("events-every-type.tsv"), encoding: .utf8)
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path), create: false)
        let rows = samples.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 5).map(String.init) }
        for row in rows {
            try connection.run("INSERT INTO events (kind, ticket_id, desk, staff, at, data) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                               .text(row[0]), .integer(Int64(row[1])), .integer(Int64(row[2])), .integer(Int64(row[3])),
                               .real(try #require(Double(row[4]))), .text(row[5]))
        }
        let lastFixtureEvent = try #require(try connection.queryOne("SELECT max(id) FROM events") { $0.int64(0) }) - Int64(rows.count)
        let store = try SQLiteQueueStore(location: DatabaseLocation(path: path))
        let upgraded = try store.events(after: EventID(rawValue: lastFixtureEvent), limit: 100).map(\.event)
        #expect(upgraded.map(\.kind) == expected.map(\.kind))
        for (read, wanted) in zip(upgraded, expected) {
            #expect(read == wanted)
        }
        try FormatInspection.expectFormatTwo(path)
    }
}
