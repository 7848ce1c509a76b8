import Foundation
import QueueStoreTesting
import Testing

/// A database written by the format-1 build answers `tessera queue` exactly as the format-1
/// binary did (`Tests/Fixtures/storage-v1`: its outputs were recorded by `make-fixture.sh`).
@Suite(.offThePool) struct FormatUpgradeCommandLineTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/storage-v1")

    private func fixtureText(_ name: String) throws -> String {
        try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    private func answer(_ arguments: [String]) throws -> Any {
        let scratch = ScratchDirectory()
        let database = scratch.path("queue.db")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("queue.db").path, toPath: database)
        let result = try runTessera(["queue"] + arguments + ["--database", database])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// The command line's answers, compared as parsed JSON with what the format-1 binary printed.
    @Test func upgradedFixtureListsTheTicketsAsFormatOneDid() throws {
        let actual = try answer(["list", "--day", "all", "--json"]) as? NSObject
        let expected = try JSONSerialization.jsonObject(with: Data(try fixtureText("list.json").utf8)) as? NSObject
        #expect(actual == expected)
    }

    /// The report's figures that mean what they meant then (the report's shape has changed
    /// since: rows with names, every figure per hour, desks by latest call), compared with what
    /// the format-1 binary printed: per service and in total, and each desk's completed tickets,
    /// no-shows and service times.
    @Test(arguments: ["2026-11-27", "2026-11-30"])
    func upgradedFixtureReportsTheFiguresFormatOneDid(day: String) throws {
        let actual = try #require(try answer(["report", "--day", day, "--format", "json"]) as? [String: Any])
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(try fixtureText("report-\(day).json").utf8))
            as? [String: Any])
        let same = ["issued", "called", "completed", "noShows", "cancelled", "closedAtDayEnd", "waitingTime", "serviceTime",
                    "quoteAccuracy"]
        func figures(_ value: Any?, _ keys: [String]) -> NSDictionary {
            NSDictionary(dictionary: (value as? [String: Any] ?? [:]).filter { keys.contains($0.key) })
        }
        func rows(_ group: String) -> [String: Any] {
            Dictionary(uniqueKeysWithValues: (actual[group] as? [[String: Any]] ?? []).map { ($0["key"] as? String ?? "", $0["figures"] as Any) })
        }
        #expect(figures(actual["total"], same) == figures(expected["total"], same))
        let services = expected["services"] as? [String: Any] ?? [:]
        #expect(!services.isEmpty && Set(rows("services").keys) == Set(services.keys))
        for (code, old) in services { #expect(figures(rows("services")[code], same) == figures(old, same), "service \(code)") }
        let desks = rows("desks")
        for (desk, old) in expected["desks"] as? [String: Any] ?? [:] {
            let kept = ["completed", "noShows", "serviceTime"]
            #expect(figures(desks[desk], kept) == figures(old, kept), "desk \(desk)")
        }
        let issued = (actual["hours"] as? [[String: Any]] ?? []).map { ($0["key"] as? String ?? "", ($0["figures"] as? [String: Any])?["issued"] as? Int ?? 0) }
        #expect(NSDictionary(dictionary: Dictionary(uniqueKeysWithValues: issued)) == NSDictionary(dictionary: expected["issuedPerHour"] as? [String: Int] ?? [:]))
    }
}
