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
