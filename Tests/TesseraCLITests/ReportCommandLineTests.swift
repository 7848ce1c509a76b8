import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing

/// `tessera queue report` as a manager and a spreadsheet use it: two seeded random days played
/// through the store (`RandomStoreDays`), then the real binary's text, CSV, JSON and PDF.
@Suite(.offThePool) struct ReportCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("report.db") }
    static let days = [BusinessDay(year: 2026, month: 3, day: 2), BusinessDay(year: 2026, month: 3, day: 3)]

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database])
    }

    /// The database the commands read: the demo store, two random days played through it.
    private func playDays(seed: UInt64 = 7) throws {
        #expect(try queue("status").status == 0)
        var days = RandomStoreDays(store: try openStore(url: database), seed: seed)
        try days.play(Self.days)
    }

    /// The output read by Python's csv module (RFC 4180), as rows of fields.
    private func parsedCSV(_ text: String) throws -> [[String]] {
        let script = "import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline='')))))"
        let file = scratch.path("report.csv")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try runProgram("/usr/bin/python3", ["-c", script, file])
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String]])
    }

    @Test func theCSVParsesAndEachGroupSumsToTheTotalRow() throws {
        try playDays()
        let result = try queue("report", "--from", "2026-03-02", "--to", "2026-03-03", "--csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends CRLF")
        let rows = try parsedCSV(result.stdout)
        let header = try #require(rows.first)
        #expect(header == ["from", "to", "group", "key", "name", "issued", "called", "served", "no_shows", "cancelled",
                           "closed_at_day_end", "open", "mean_wait_minutes", "longest_wait_minutes", "within_target",
                           "within_target_share", "mean_service_minutes", "quoted", "quote_median_abs_error_minutes",
                           "quote_within_band", "quote_under_estimated", "quote_mean_bias_minutes"])
        #expect(rows.allSatisfy { $0.count == header.count })
        let total = try #require(rows.first { $0[2] == "total" })
        #expect(Int(total[5]) ?? 0 > 60, "\(total)")
        let counts = ["issued", "called", "served", "no_shows", "cancelled", "closed_at_day_end", "open", "within_target", "quoted"]
        for group in ["day", "hour", "service", "desk", "staff"] {
            let members = rows.filter { $0[2] == group }
            #expect(!members.isEmpty, "no \(group) rows")
            for column in counts {
                let index = try #require(header.firstIndex(of: column))
                #expect(members.map { Int($0[index]) ?? -1_000_000 }.reduce(0, +) == Int(total[index]),
                        "the \(group) rows' \(column) do not sum to the total's \(total[index])")
            }
        }
        // Names with a comma and a quote come back whole (quoted and doubled in the file).
        let staffNames = Set(rows.filter { $0[2] == "staff" }.map { $0[4] })
        #expect(staffNames.isSuperset(of: ["Jones, Bob", "Ana \"Nan\" Silva", "Siân Evans"]), "\(staffNames)")
        #expect(rows.dropFirst().allSatisfy { $0[0] == "2026-03-02" && $0[1] == "2026-03-03" })
    }

    /// One day, and a range (whose page gives figures by day): each one A4 page that renders.
    @Test func thePDFIsOneA4PageThatRenders() throws {
        try playDays()
        for (arguments, title, name) in [(["--day", "2026-03-02"], "Tessera, 2026-03-02", "page"),
                                         (["--from", "2026-03-02", "--to", "2026-03-03"], "Tessera, 2026-03-02 to 2026-03-03", "range")] {
            let pdf = scratch.path("\(name).pdf")
            let result = try runTessera(["queue", "report"] + arguments + ["--pdf", pdf, "--database", database])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(pdf))
            let info = try runProgram("/usr/bin/pdfinfo", [pdf])
            #expect(info.status == 0, "\(info.stderr)")
            let pages = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }?.split(separator: " ").last
            #expect(pages == "1", "\(info.stdout)")
            #expect(info.stdout.contains("595.276 x 841.89 pts (A4)"), "\(info.stdout)")
            #expect(info.stdout.contains("Queue report: \(title)"), "\(info.stdout)")
            let image = scratch.path(name)
            let render = try runProgram("/usr/bin/pdftoppm", ["-png", "-r", "100", "-singlefile", pdf, image])
            #expect(render.status == 0, "\(render.stderr)")
            let png = try Data(contentsOf: URL(fileURLWithPath: image + ".png"))
            #expect(png.count > 20_000 && png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(png.count) bytes")
            // Left for a person to look at.
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-report-\(name).png")
            try? FileManager.default.removeItem(at: kept)
            try png.write(to: kept)
        }
    }

    @Test(arguments: [
        (["--from", "2026-03-05", "--to", "2026-03-02"], "before it starts"),
        (["--from", "2026-02-30"], "is not a date"),
        (["--day", "2026-03-02", "--to", "2026-03-03"], "not both"),
        (["--csv", "--json"], "give one of"),
        (["--csv", "--pdf", "x.pdf"], "give one of"),
        (["--pdf", "/nonexistent/directory/report.pdf"], "cannot write /nonexistent/directory/report.pdf"),
    ])
    func aBadRangeOrFormExitsTwoAndSaysWhy(arguments: [String], message: String) throws {
        let result = try runTessera(["queue", "report"] + arguments + ["--database", database])
        #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.status) \(result.stderr)")
    }

    /// A no-show brought back and called again at the same desk is one ticket called, for the
    /// desk as for the service: once "desk 1 called 2" beside 1 for the service.
    @Test func aTicketCalledTwiceCountsOnceAtItsDesk() throws {
        #expect(try queue("issue", "C").status == 0)
        for step in [["call", "--desk", "1"], ["no-show", "--desk", "1"], ["reactivate", "C001"], ["call", "--desk", "1"],
                     ["recall", "--desk", "1"], ["start", "--desk", "1"], ["complete", "--desk", "1"]] {
            let result = try runTessera(["queue"] + step + ["--database", database])
            #expect(result.status == 0, "\(step): \(result.stderr)")
        }
        let report = try #require(JSONSerialization.jsonObject(with: Data(try queue("report", "--json").stdout.utf8)) as? [String: Any])
        let called = { (group: String, key: String) in
            ((report[group] as? [[String: Any]])?.first { $0["key"] as? String == key }?["figures"] as? [String: Any])?["called"] as? Int
        }
        #expect(called("desks", "1") == 1 && called("services", "C") == 1)
        #expect((report["total"] as? [String: Any])?["called"] as? Int == 1)
    }

    /// The configuration file's `[store] target-wait-minutes` is the target every form uses.
    @Test func theTargetComesFromTheConfigurationFile() throws {
        try playDays()
        let config = scratch.path("tessera.conf")
        try "[store]\ntarget-wait-minutes=5\n".write(toFile: config, atomically: true, encoding: .utf8)
        let text = try queue("report", "--day", "2026-03-02", "--config", config)
        #expect(text.stdout.hasPrefix("Report for Tessera, 2026-03-02 (target wait 5 min)"), "\(text.stdout) \(text.stderr)")
        let strict = try #require(JSONSerialization.jsonObject(with: Data(try queue("report", "--day", "2026-03-02", "--json",
                                                                                   "--config", config).stdout.utf8)) as? [String: Any])
        let loose = try #require(JSONSerialization.jsonObject(with: Data(try queue("report", "--day", "2026-03-02", "--json").stdout.utf8))
            as? [String: Any])
        let within = { (report: [String: Any]) in (report["total"] as? [String: Any])?["withinTarget"] as? Int ?? -1 }
        #expect(strict["targetWaitMinutes"] as? Int == 5 && loose["targetWaitMinutes"] as? Int == 15)
        #expect(within(strict) < within(loose), "fewer tickets are called within 5 minutes than within 15")
    }

    @Test func theTextGivesMinutes() throws {
        try playDays()
        let result = try queue("report", "--from", "2026-03-02", "--to", "2026-03-03")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "Report for Tessera, 2026-03-02 to 2026-03-03 (target wait 15 min)", "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("Average wait ") && $0.contains(" min, longest ") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("group") && $0.contains("wait min") && !$0.contains(" s ") })
    }
}

/// Runs a program to its end, with its output.
func runProgram(_ path: String, _ arguments: [String]) throws -> ProcessResult {
    try runTessera(arguments, launcher: (URL(fileURLWithPath: path), []))
}
