import Foundation
import Synchronization
import QueueStoreTesting
import Testing
@testable import QueueStore

/// `tessera` processes started together on a fresh file (a terminal's roles at boot): the file
/// is seeded once and no process sees an error.
@Suite(.offThePool) struct FirstOpenProcessTests {
    let scratch = ScratchDirectory()

    @Test func processesStartingTogetherSeedTheFileOnce() throws {
        for round in 0..<5 {
            let path = scratch.path("fresh-\(round).db")
            let results = Mutex<[ProcessResult]>([])
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                do {
                    let result = try runTessera(["queue", "status", "--json", "--database", path])
                    results.withLock { $0.append(result) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty)
            for result in results.withLock({ $0 }) {
                #expect(result.status == 0 && result.stderr.isEmpty, "round \(round): \(result.stderr)")
            }
            try expectSeededOnce(path, round: round)
        }
    }

    /// One configuration, three desks opened once, as the store itself reports it.
    private func expectSeededOnce(_ path: String, round: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let store = try openStore(url: path, options: { var options = StoreOptions(); options.seed = nil; return options }())
        let kinds = try store.events(after: .none, limit: 100).map { "\($0.event.details)".prefix { $0 != "(" } }
        #expect(kinds.filter { $0 == "storeConfigured" }.count == 1, "round \(round): \(kinds)", sourceLocation: sourceLocation)
        #expect(kinds.filter { $0 == "deskOpened" }.count == 3, "round \(round): \(kinds)", sourceLocation: sourceLocation)
        #expect(try store.desks().count == 3, sourceLocation: sourceLocation)
    }
}
