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

    /// The command line's answers, compared as parsed JSON with what the format-1 binary printed.
    @Test(arguments: [
        (["list", "--day", "all", "--json"], "list.json"),
        (["report", "--day", "2026-11-27", "--format", "json"], "report-2026-11-27.json"),
        (["report", "--day", "2026-11-30", "--format", "json"], "report-2026-11-30.json"),
    ])
    func upgradedFixtureAnswersTheCommandLineAsFormatOneDid(arguments: [String], expectedFile: String) throws {
        let scratch = ScratchDirectory()
        let database = scratch.path("queue.db")
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("queue.db").path, toPath: database)
        let result = try runTessera(["queue"] + arguments + ["--database", database])
        #expect(result.status == 0, "\(result.stderr)")
        let actual = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSObject
        let expected = try JSONSerialization.jsonObject(with: Data(try fixtureText(expectedFile).utf8)) as? NSObject
        #expect(actual == expected, "\(result.stdout)")
    }
}
