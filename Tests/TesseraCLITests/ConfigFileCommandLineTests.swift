import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// `--config FILE` on the queue commands, as store IT uses it: the file's services exist, a bad
/// file stops the command with FILE:LINE and exit 2, and file-defined services are changed in
/// the file only.
@Suite(.offThePool) struct ConfigFileCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("cli.db") }
    var config: String { scratch.path("store.conf") }

    private func write(_ text: String) throws { try text.write(toFile: config, atomically: true, encoding: .utf8) }

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database, "--config", config])
    }

    @Test func aServiceTheFileDefinesIssuesItsFirstTicket() throws {
        try write("[store]\nname = Corner shop\ntime-zone = Europe/London\n\n[service:X]\nname = Express\n")
        let result = try queue("issue", "X")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("X001"))
        #expect(try queue("issue", "C").status == 2, "(no such service) the file's services replace the built-in ones")
    }

    @Test func aBadTimeZoneIsBadInputWithFileAndLine() throws {
        try write("[store]\nname = Corner shop\ntime-zone = Mars/Olympus\n[service:X]\nname = Express\n")
        let result = try queue("issue", "X")
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("\(config):3: [store] time-zone: “Mars/Olympus” is not a time zone"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database), "nothing is opened with a bad file")
    }

    /// A cap of 0 is no cap in the file as on the command line (`services add --cap 0`).
    @Test func aDailyCapOfZeroIsNoCapInTheFileAsOnTheCommandLine() throws {
        let typed = scratch.path("typed.db")
        let added = try runTessera(["queue", "services", "add", "Y", "Yard", "--cap", "0", "--database", typed])
        #expect(added.status == 0, "\(added.stderr)")
        let typedList = try runTessera(["queue", "services", "list", "--database", typed]).stdout
        #expect(typedList.split(separator: "\n").first { $0.hasPrefix("Y\t") }?.contains("\tno cap\t") == true, "\(typedList)")
        try write("[service:X]\nname = Express\ndaily-cap = 0\n")
        let list = try queue("services", "list")
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.split(separator: "\n").first { $0.hasPrefix("X\t") }?.contains("\tno cap\t") == true, "\(list.stdout)")
    }

    @Test func aScreenWithABadFileDoesNotStart() throws {
        try write("[kiosk]\nticket-seconds = 1\n")
        let result = try runTessera(["kiosk", "--database", database, "--config", config], environment: ["DISPLAY": ""])
        #expect(result.status == 2)
        #expect(result.stderr == "tessera: \(config):2: [kiosk] ticket-seconds: 1 is out of range; allowed 2 to 600\n")
    }

    @Test func aMissingConfigFileIsBadInputAndSaysSo() throws {
        let result = try queue("status")
        #expect(result.status == 2)
        #expect(result.stderr == "\(config): no such configuration file; check the path, or leave --config out for the built-in defaults\n")
    }

    @Test func aServiceDefinedByTheFileIsChangedInTheFileNotHere() throws {
        try write("[service:X]\nname = Express\n")
        let rename = try queue("services", "set", "X", "--name", "Quick")
        #expect(rename.status == 1)
        #expect(rename.stderr.contains("service X is set in \(config), line 1; edit [service:X] there to change it"), "\(rename.stderr)")
        #expect(try queue("services", "add", "x", "Again").status == 1, "the file's, in either case")
        #expect(try queue("services", "close", "X").status == 0, "opening and closing stay run-time state")
        let list = try queue("services", "list")
        #expect(list.stdout == "X\tExpress\tclosed\t#3465A4\tno cap\tweight 1\n")
    }

    /// A service the file never defined is the store's: added and changed here, kept at every start.
    @Test func aServiceAddedHereIsKeptWithTheFile() throws {
        try write("[service:X]\nname = Express\n")
        let add = try queue("services", "add", "Y", "Why")
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try queue("services", "set", "Y", "--name", "Yard").status == 0)
        try write("[service:X]\nname = Express lane\n")
        let list = try queue("services", "list")
        #expect(list.stdout == "X\tExpress lane\topen\t#3465A4\tno cap\tweight 1\nY\tYard\topen\t#3465A4\tno cap\tweight 1\n",
                "\(list.stdout)\(list.stderr)")
    }

    @Test func theOptionMayComeBeforeTheCommand() throws {
        try write("[service:X]\nname = Express\n")
        let result = try runTessera(["queue", "--config", config, "--database", database, "issue", "X"])
        #expect(result.status == 0 && result.stdout.hasPrefix("X001"), "\(result.stderr)")
    }
}
