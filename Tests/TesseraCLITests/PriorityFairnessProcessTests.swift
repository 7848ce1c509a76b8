import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The priority fairness bound (K = 3) when every issue and call is its own `tessera queue`
/// process: it lives in the stored counter, not in any process's memory.
@Suite(.offThePool) struct PriorityFairnessProcessTests {
    @Test func separateProcessesKeepTheBound() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("fair.db")
        // A UTC store whose business day starts twelve hours from now: no day change (which
        // starts a new counter) can fall inside the test.
        var configuration = StoreConfiguration.demo(timeZone: .utc)
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date()).hour!
        configuration.businessDayStart = TimeOfDay(hour: (hour + 12) % 24)
        var options = StoreOptions()
        options.seed = StoreSetup(configuration: configuration, deskCount: 3)
        _ = try SQLiteQueueStore(location: DatabaseLocation(path: path), options: options)

        func queue(_ arguments: [String]) throws -> [String: Any] {
            let result = try runTessera(["queue"] + arguments + ["--json", "--database", path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        var issued: [Int] = []
        for index in 0..<8 {
            let ticket = try queue(index < 2 ? ["issue", "C"] : ["issue", "C", "--priority"])
            issued.append(try #require(ticket["id"] as? Int))
        }
        var calledIDs: [Int] = []
        for _ in issued {
            calledIDs.append(try #require(try queue(["call", "--desk", "1"])["id"] as? Int))
            _ = try queue(["no-show", "--desk", "1"])
        }
        let store = try SQLiteQueueStore(location: DatabaseLocation(path: path), options: options)
        let called = try calledIDs.map { try #require(try store.ticket(TicketID(rawValue: Int64($0)))) }
        let overtakes = called.enumerated().filter { $0.element.priority == .normal }.map { index, normal in
            called[..<index].filter { $0.priority == .priority && $0.arrivalKey > normal.arrivalKey }.count
        }
        #expect(overtakes == [3, 3], "each normal ticket overtaken by K = 3 priority tickets, no more")
        #expect(calledIDs == [2, 3, 4, 0, 1, 5, 6, 7].map { issued[$0] })
    }

}
