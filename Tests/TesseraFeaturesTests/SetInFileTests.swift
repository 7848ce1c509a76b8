import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// What the configuration file defines, and where: what a screen shows locked ("set in FILE,
/// line N"), and the line a file that would strand tickets is refused at.
@Suite(.offThePool) struct SetInFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-set-in-file-\(UUID())")
    var database: String { directory.appendingPathComponent("queue.db").path }

    init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }

    private func settings(_ text: String) throws -> TesseraSettings {
        try SettingsFile.parse(text, file: "/etc/tessera/tessera.conf")
    }

    @Test func theFileSaysWhereItSetsEachServiceAndDesk() throws {
        let file = try settings("[store]\nname = Corner\n\n[service:C]\nname = Collect\n[service:R]\nname = Returns\n[desk:4]\nservices = C;R\n")
        #expect(file.definition(of: ServiceCode("C"))?.description == "set in /etc/tessera/tessera.conf, line 4")
        #expect(file.definition(of: ServiceCode("R"))?.line == 6)
        #expect(file.definition(of: DeskNumber(4))?.line == 8)
        #expect(file.definition(of: ServiceCode("X")) == nil, "not the file's: the store's own")
        #expect(file.definition(of: DeskNumber(1)) == nil)
        #expect(file.definition(of: StaffID(1)) == nil, "the file defines no staff member")
    }

    @Test func desksAFileGivesWithoutDeskGroupsAreWhereItsServicesAre() throws {
        let file = try settings("[kiosk]\nidle-seconds = 30\n[service:C]\nname = Collect\n")
        #expect((1...3).map { file.definition(of: DeskNumber(rawValue: $0))?.line } == [3, 3, 3])
    }

    @Test func withoutAFileNothingIsSetInIt() throws {
        let none = TesseraSettings()
        #expect(none.definition(of: ServiceCode("C")) == nil && none.definition(of: DeskNumber(1)) == nil)
        let screensOnly = try settings("[kiosk]\nidle-seconds = 30\n")
        #expect(screensOnly.definition(of: ServiceCode("C")) == nil)
    }

    @Test func aServiceTheDeskLineNoLongerListsIsRefusedThere() throws {
        let first = "[service:C]\nname = Collect\n[service:R]\nname = Returns\n[desk:1]\nservices = C;R\n"
        let store = try settings(first).openConfiguredStore(url: database)
        _ = try store.perform(.issue(service: "R"), at: Date())
        let before = try store.lastEventID()
        let error = #expect(throws: SettingsFileError.self) {
            _ = try settings(first.replacingOccurrences(of: "C;R", with: "C")).openConfiguredStore(url: database)
        }
        #expect(error?.description == "/etc/tessera/tessera.conf:6: [desk:1] services: 1 ticket waits for R (Returns), and no desk "
            + "could call it then: keep R on a desk, or move it to another service first.")
        #expect(try store.lastEventID() == before)
    }

    @Test func aRemovedServiceNoDeskLineListedIsRefusedAtTheServiceGroups() throws {
        let store = try settings("[service:C]\nname = Collect\n[service:R]\nname = Returns\n").openConfiguredStore(url: database)
        _ = try store.perform(.issue(service: "R"), at: Date())
        _ = try store.perform(.issue(service: "R"), at: Date())
        let error = #expect(throws: SettingsFileError.self) {
            _ = try settings("[store]\nname = Corner\n[service:C]\nname = Collect\n").openConfiguredStore(url: database)
        }
        #expect(error?.description.hasPrefix("/etc/tessera/tessera.conf:3: 2 tickets wait for R (Returns)") == true,
                "\(error?.description ?? "")")
        #expect(error?.description.hasSuffix("To move them: tessera queue services remove R --transfer-to CODE") == true)
    }
}
