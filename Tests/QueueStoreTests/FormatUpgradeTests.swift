import Foundation
import QueueCore
import Testing
@testable import QueueStore

/// A database written by the format-1 build (`Tests/Fixtures/storage-v1`, made by its
/// `make-fixture.sh` with that build) opens with this build and reads back exactly what the
/// format-1 build read from it: every ticket, event, counter, report figure and status line.
@Suite struct FormatUpgradeTests {
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

    /// The command line's answers, compared as parsed JSON with what the format-1 binary printed.
    @Test(arguments: [
        (["list", "--day", "all", "--json"], "list.json"),
        (["report", "--day", "2026-11-27", "--format", "json"], "report-2026-11-27.json"),
        (["report", "--day", "2026-11-30", "--format", "json"], "report-2026-11-30.json"),
    ])
    func upgradedFixtureAnswersTheCommandLineAsFormatOneDid(arguments: [String], expectedFile: String) throws {
        let scratch = ScratchDirectory()
        let database = try copyOfFixture(in: scratch)
        let result = try runTessera(["queue"] + arguments + ["--database", database])
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSObject
        let expected = try JSONSerialization.jsonObject(with: Data(try fixtureText(expectedFile).utf8)) as? NSObject
        #expect(actual == expected, "\(result.stdout)")
    }
}

/// The upgraded file itself: format 2 throughout, each row as this build would write it, and an
/// upgrade that fails half-way leaves the file as format 1 wrote it.
@Suite struct FormatUpgradeRowTests {
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
                let rewritten = try codec.encode(try codec.decode(type, json))
                let upgraded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSObject
                let written = try JSONSerialization.jsonObject(with: Data(rewritten.utf8)) as? NSObject
                // The services' order is the dictionary's in format 1; compare them as sets.
                #expect(normalised(upgraded) == normalised(written), "upgraded \(json)\nwritten \(rewritten)")
            }
        }
        try same(StoreConfiguration.self, "SELECT value FROM settings WHERE key = 'configuration'")
        try same(Desk.self, "SELECT data FROM desks")
        try same(Ticket.self, "SELECT data FROM tickets")
        try same(Event.self, "SELECT data FROM events")
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
        #expect(try Migrations.version(connection) == 1)
        #expect(try text("SELECT DISTINCT typeof(at) FROM events") == ["real"])
        let after = try text("SELECT value FROM settings ORDER BY key") + text("SELECT data FROM tickets ORDER BY id")
            + text("SELECT data FROM events ORDER BY id")
        let changed = zip(before, after).filter { $0.0 != $0.1 }.map(\.1)
        #expect(changed.isEmpty && after.count == before.count, "\(changed.count) rows changed, e.g. \(changed.prefix(2))")
    }
}
