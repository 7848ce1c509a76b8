import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A normal ticket is overtaken by at most K priority tickets (K = 3 here, with the default
/// ten-minute head start) when every call comes from a different store handle (or `tessera`
/// process: TesseraCLITests): the bound lives in the stored counter (`counters.recent_priority_arrivals`), not
/// in any process's memory.
@Suite(.offThePool) struct PriorityFairnessTests {
    static let k = 3

    @Test(arguments: StoreFactory.all)
    func separateStoreHandlesKeepTheBound(factory: StoreFactory) throws {
        let handle = try factory.make()
        #expect(try handle.store.configuration().fairness.maxOvertakes == Self.k)
        var issued: [Ticket] = []
        for second in 0..<8 {
            issued.append(try handle.reopen().issue("C", second < 2 ? .normal : .priority, at: Clock.at(Double(second))))
        }
        var called: [Ticket] = []
        for round in 0..<issued.count {
            let store = try handle.reopen()
            let ticket = try store.call(desk: 1, at: Clock.at(Double(100 + 10 * round)))
            _ = try store.perform(.noShow(ticket: ticket.id), at: Clock.at(Double(101 + 10 * round)))
            called.append(ticket)
        }
        Self.expectBounded(called)
        // Three priority tickets go first, then both normals, then the rest.
        #expect(called.map(\.id) == [2, 3, 4, 0, 1, 5, 6, 7].map { issued[$0].id })
    }

    /// No normal ticket was overtaken more than K times, and one was overtaken exactly K
    /// times (the head start is large enough for priority to overtake at all).
    static func expectBounded(_ called: [Ticket], sourceLocation: SourceLocation = #_sourceLocation) {
        let overtakes = called.enumerated().filter { $0.element.priority == .normal }.map { index, normal in
            called[..<index].filter { $0.priority == .priority && $0.arrivalKey > normal.arrivalKey }.count
        }
        #expect(!overtakes.isEmpty && overtakes.allSatisfy { $0 <= Self.k }, "overtakes: \(overtakes)", sourceLocation: sourceLocation)
        #expect(overtakes.max() == Self.k, "overtakes: \(overtakes)", sourceLocation: sourceLocation)
    }
}
