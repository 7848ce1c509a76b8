import Foundation
import QueueCore
import QueueStore
import QueueStoreTesting
import Testing
@testable import TesseraFeatures

/// The file applied to a real store at start: seeded from it, changes recorded once, run-time
/// state kept across restarts.
@Suite(.offThePool) struct ConfiguredStoreTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-configured-\(UUID())")
    var database: String { directory.appendingPathComponent("queue.db").path }

    init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }

    private func settings(_ text: String) throws -> TesseraSettings {
        try SettingsFile.parse(text, file: "store.conf")
    }

    private func kinds(_ store: any QueueStore) throws -> [String] {
        try store.events(after: .none, limit: 1000).map { "\($0.event.details)".prefix { $0 != "(" }.description }
    }

    @Test func aNewStoreIsSeededFromTheFileAndTheSameFileAddsNothing() throws {
        let file = try settings("[service:X]\nname = Express\n[desk:7]\nservices = X\n")
        let store = try file.openConfiguredStore(url: database)
        #expect(try store.configuration().services.keys.sorted() == ["X"])
        #expect(try store.desks().map(\.number) == [7])
        #expect(try store.desks().first?.status == .open, "a new store's desks are open")
        let seeded = try store.lastEventID()
        _ = try file.openConfiguredStore(url: database)
        _ = try file.openConfiguredStore(url: database)
        #expect(try store.lastEventID() == seeded, "restarts with the same file record nothing")
    }

    @Test func aChangedFileIsRecordedAndKeepsWhatStaffSet() throws {
        let store = try settings("[service:X]\nname = Express\n").openConfiguredStore(url: database)
        _ = try store.perform(.closeService("X"), at: Date())
        let before = try store.lastEventID()
        _ = try settings("[service:X]\nname = Express lane\n").openConfiguredStore(url: database)
        let recorded = try store.events(after: before, limit: 10)
        #expect(recorded.count == 1)
        guard case .storeConfigured(let configuration) = recorded.first?.event.details else {
            Issue.record("expected a storeConfigured event, got \(recorded)")
            return
        }
        #expect(configuration.services["X"]?.name == "Express lane")
        #expect(try store.configuration().services["X"]?.isOpen == false, "closed by staff, still closed")
    }

    @Test func aFileThatDoesNotFitTheStoreIsABadFileAndChangesNothing() throws {
        let store = try settings("[service:X]\nname = Express\n[service:Y]\nname = Why\n[desk:1]\nservices = X;Y\n")
            .openConfiguredStore(url: database)
        let before = try store.lastEventID()
        // Desk 1 still serves Y in the store, and this file neither drops nor redefines it.
        let error = #expect(throws: SettingsFileError.self) {
            _ = try settings("[service:X]\nname = Express\n[desk:2]\nservices = X\n").openConfiguredStore(url: database)
        }
        #expect(error?.description == "store.conf: does not fit the store: Desk 1 calls from service Y, which is no longer defined; give the desk other services or keep the service.")
        #expect(try store.lastEventID() == before)
    }

    @Test func withoutAFileTheStoreKeepsItsOwnServices() throws {
        let store = try TesseraSettings().openConfiguredStore(url: database)
        _ = try store.perform(.setService(Service(code: "Q", name: "Quick")), at: Date())
        _ = try TesseraSettings().openConfiguredStore(url: database)
        #expect(try store.configuration().services.keys.sorted() == ["C", "Q", "R", "S"])
    }
}
