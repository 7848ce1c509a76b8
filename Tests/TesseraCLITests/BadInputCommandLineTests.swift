import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Input a new user might type, each answered with a clear message and the documented exit
/// code (docs/architecture.md, Contracts), and nothing written.
@Suite(.offThePool) struct BadInputCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("bad.db") }

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database])
    }

    private func ticketCount() throws -> Int64? {
        try SQLiteConnection(location: DatabaseLocation(path: database), create: false)
            .queryOne("SELECT count(*) FROM tickets") { $0.int64(0) }
    }

    @Test(arguments: ["--priority=no", "--priority=yes", "--json=false"])
    func aSwitchGivenAValueIsBadUsage(option: String) throws {
        let result = try queue("issue", "C", option)
        #expect(result.status == 2 && result.stderr.contains("takes no value"), "\(result.stderr)")
        #expect(try queue("status").status == 0)
        #expect(try ticketCount() == 0)
    }

    /// The app's own options (parsed by GApplication) follow the same rule, before any window.
    @Test func anAppSwitchGivenAValueIsBadUsage() throws {
        // With --version, a run that ignored the rule ends at once (exit 0) instead of opening a kiosk.
        let result = try runTessera(["--windowed=no", "--version"])
        #expect(result.status == 2 && result.stderr.contains("--windowed is a switch"), "\(result.stderr)")
    }

    @Test func doubleDashEndsTheOptions() throws {
        let afterEnd = { (rest: [String]) in try runTessera(["queue", "issue", "--database", database, "--"] + rest) }
        #expect(try afterEnd(["C"]).stdout.hasPrefix("C001"))
        // After `--`, an argument that looks like an option is an argument (here a bad code).
        let dashed = try afterEnd(["--priority"])
        #expect(dashed.status == 2 && dashed.stderr.contains("“--priority”"), "\(dashed.stderr)")
        #expect(try ticketCount() == 1)
    }

    @Test func onlyASCIILettersAreUpperCased() throws {
        #expect(try queue("issue", "c").stdout.hasPrefix("C001"))
        let sharpS = try queue("issue", "ß")
        #expect(sharpS.status == 2 && sharpS.stderr.contains("“ß”"), "\(sharpS.stderr)")
        let ligature = try queue("services", "add", "ﬀ", "Ligature")
        #expect(ligature.status == 2, "\(ligature.stderr)")
        #expect(try !queue("services", "list").stdout.contains("FF"))
    }

    @Test func namesAreOneShortLineWithoutControlCharacters() throws {
        for name in ["two\nlines", "red \u{1B}[31malert", "tab\there", String(repeating: "x", count: 100_000)] {
            let result = try queue("services", "add", "Z", name)
            #expect(result.status == 2 && result.stderr.contains("service Z"), "\(result.stderr.prefix(200))")
            #expect(result.stderr.count < 300, "the message repeats the name")
        }
        #expect(try queue("services", "add", "Z", String(repeating: "x", count: 80)).status == 0)
        let renamed = try queue("services", "set", "Z", "--name", "Zed\u{7}")
        #expect(renamed.status == 2 && renamed.stderr.contains("control characters"), "\(renamed.stderr)")
        #expect(try queue("services", "list").stdout.contains(String(repeating: "x", count: 80)))
    }

    @Test func namingWhatDoesNotExistIsBadInput() throws {
        let service = try queue("issue", "Q")
        #expect(service.status == 2 && service.stderr.contains("There is no service Q"), "\(service.stderr)")
        #expect(!service.stderr.contains("refused"))
        let desk = try queue("call", "--desk", "9")
        #expect(desk.status == 2 && desk.stderr.contains("no desk 9"), "\(desk.stderr)")
        let ticket = try queue("cancel", "X999")
        #expect(ticket.status == 2 && ticket.stderr.contains("no ticket X999"), "\(ticket.stderr)")
        // What the rules refuse stays exit 1.
        #expect(try queue("call", "--desk", "1").status == 1)
    }

    /// Decided: integers are decimal, a leading zero is allowed (desks are often labelled 01).
    @Test func leadingZerosAreDecimal() throws {
        #expect(try queue("issue", "C").status == 0)
        let called = try queue("call", "--desk", "010")
        #expect(called.status == 2 && called.stderr.contains("no desk 10"), "\(called.stderr)")
        #expect(try queue("call", "--desk", "01").stdout.contains("desk 1"))
    }

    @Test(arguments: ["sqlite:////", "sqlite:///tmp/", "sqlite:///tmp/queue.db%00.txt"])
    func databaseURLsThatNameNoFileAreBadInput(url: String) throws {
        let result = try runTessera(["queue", "status", "--database", url])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("names a directory") || result.stderr.contains("NUL"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/queue.db"))
    }

    @Test func aDoubleSlashDataHomeIsThePathItSays() throws {
        let home = scratch.path("data")
        let result = try runTessera(["queue", "issue", "C"], environment: ["XDG_DATA_HOME": "/" + home])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: home + "/tessera/queue.db"))
    }

    @Test func anotherApplicationsDatabaseIsExitThreeAndUnchanged() throws {
        let path = scratch.path("notes.db")
        let made = try runTessera(["queue", "status", "--database", path])  // a tessera file, then
        #expect(made.status == 0)
        let connection = try SQLiteConnection(location: DatabaseLocation(path: path))
        try connection.execute("PRAGMA user_version = -1")
        let negative = try runTessera(["queue", "issue", "C", "--database", path])
        #expect(negative.status == 3 && negative.stderr.contains("is corrupt"), "\(negative.stderr)")
        try connection.execute("PRAGMA user_version = 0")
        let foreign = try runTessera(["queue", "issue", "C", "--database", path])
        #expect(foreign.status == 3 && foreign.stderr.contains("is not a Tessera queue database"), "\(foreign.stderr)")
        #expect(try connection.queryOne("PRAGMA user_version") { $0.int64(0) } == 0)
    }
}
