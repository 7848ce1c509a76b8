import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// `tessera queue services add/set --name-cy=NAME`: a service's name in a language with a
/// catalog, as `[service:X] name[cy]` gives it, kept in the stored configuration.
@Suite(.offThePool) struct ServiceNamesCommandLineTests {
    let scratch = ScratchDirectory()
    var database: String { scratch.path("names.db") }

    private func queue(_ arguments: String...) throws -> ProcessResult {
        try runTessera(["queue"] + arguments + ["--database", database])
    }

    /// The service's stored names in other languages (the `settings.configuration` row).
    private func storedNames(_ code: String) throws -> [String: String]? {
        let json = try SQLiteConnection(location: DatabaseLocation(path: database), create: false)
            .queryOne("SELECT value FROM settings WHERE key = 'configuration'") { $0.text(0) }
        let configuration = try #require(try JSONSerialization.jsonObject(with: Data((json ?? "").utf8)) as? [String: Any])
        let services = try #require(configuration["services"] as? [[String: Any]])
        let service = try #require(services.first { $0["code"] as? String == code })
        return service["localizedNames"] as? [String: String]
    }

    @Test func aWelshNameIsAddedChangedAndTakenAway() throws {
        let added = try queue("services", "add", "K", "Key Cutting", "--name-cy", "Torri Allweddi")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try storedNames("K") == ["cy": "Torri Allweddi"])
        #expect(try storedNames("C") == nil, "a service without one stores no key")
        #expect(try queue("services", "set", "K", "--name-cy=Allweddi").status == 0)
        #expect(try storedNames("K") == ["cy": "Allweddi"])
        let renamed = try queue("services", "set", "K", "--name", "Keys")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(try storedNames("K") == ["cy": "Allweddi"], "a rename keeps the Welsh name")
        #expect(try queue("services", "set", "K", "--name-cy=").status == 0)
        #expect(try storedNames("K") == nil, "an empty name takes the Welsh one away")
    }

    @Test func aBadWelshNameIsBadInputAndNothingIsWritten() throws {
        #expect(try queue("services", "add", "K", "Key Cutting").status == 0)
        let result = try queue("services", "set", "K", "--name-cy", "Torri\nAllweddi")
        #expect(result.status == 2 && result.stderr.contains("The cy name of service K"), "\(result.stderr)")
        #expect(try storedNames("K") == nil)
    }

    @Test func theHelpNamesTheOptionPerLanguage() throws {
        let help = try runTessera(["queue", "services", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--name-cy=NAME") && help.stdout.contains("Cymraeg"), "\(help.stdout)")
    }
}
