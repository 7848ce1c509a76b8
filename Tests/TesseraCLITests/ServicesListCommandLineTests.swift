import Foundation
import QueueStoreTesting
import Testing

/// `tessera queue services list`: each service's hours, and whether it gives a ticket now in the
/// words the kiosk and the board use (open, closed by staff, out of hours with when it opens, at
/// its cap), as text and as JSON.
@Suite(.offThePool) struct ServicesListCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("cli.db") }
    var config: String { scratch.path("store.conf") }

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database, "--config", config])
    }

    /// Hours an hour long that do not hold now (the store's clock is UTC below) and do not run
    /// past midnight.
    private func hoursNotNow() -> (opens: String, closes: String) {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour!
        return hour < 12 ? ("20:00", "21:00") : ("03:00", "04:00")
    }

    @Test func anOutOfHoursServiceIsNotListedOpenAndEveryStateIsNamedAsTheKioskNamesIt() throws {
        let hours = hoursNotNow()
        try """
            [store]
            name = Corner shop
            time-zone = UTC

            [service:C]
            name = Click & Collect
            daily-cap = 1

            [service:H]
            name = Hire
            hours = \(hours.opens)-\(hours.closes)

            [service:K]
            name = Keys

            [service:X]
            name = Express
            hours = 00:00-23:59
            """.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try queue("issue", "C").status == 0, "the day's one Click & Collect ticket")
        #expect(try queue("services", "close", "K").status == 0)
        let list = try queue("services", "list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == """
            C\tClick & Collect\tNo more tickets today\tany time\t#3465A4\tcap 1\tweight 1
            H\tHire\tOpens at \(hours.opens)\t\(hours.opens)-\(hours.closes)\t#3465A4\tno cap\tweight 1
            K\tKeys\tClosed\tany time\t#3465A4\tno cap\tweight 1
            X\tExpress\tOpen\t00:00-23:59\t#3465A4\tno cap\tweight 1

            """, "\(list.stdout)")

        let json = try queue("services", "list", "--json")
        #expect(json.status == 0, "\(json.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let states = Dictionary(uniqueKeysWithValues: rows.map { ($0["code"] as? String ?? "?", $0["availability"] as? String ?? "?") })
        #expect(states == ["C": "at-cap", "H": "out-of-hours", "K": "closed", "X": "open"])
        let said = Dictionary(uniqueKeysWithValues: rows.map { ($0["code"] as? String ?? "?", $0["said"] as? String ?? "?") })
        #expect(said["H"] == "Opens at \(hours.opens)" && said["K"] == "Closed", "\(said)")
        #expect(rows.allSatisfy { $0["isOpen"] != nil && $0["name"] != nil }, "the service's own fields stay")
    }
}
