import Foundation
import QueueStoreTesting
import Testing
@testable import QueueStore

/// What a screen asks often is answered through an index, whatever the queue and its history
/// hold: SQLite's own plan for each query searches (or, for the per-service counts, walks) only
/// the index named, never the table and never a temporary sort.
@Suite(.offThePool) struct StandingQueryPlanTests {
    let scratch = ScratchDirectory()

    @Test(arguments: [
        (StoreSQL.sqlite.peopleAhead, 3, "SEARCH tickets USING INDEX tickets_waiting_lane"),
        // The partial index holds waiting tickets only.
        (StoreSQL.sqlite.waitingPerService, 0, "SCAN tickets USING INDEX tickets_waiting_lane"),
        // The wait forecast's reads: every waiting ticket, and one day's counters.
        (StoreSQL.sqlite.waitingTickets, 0, "SCAN tickets USING INDEX tickets_waiting_lane"),
        (StoreSQL.sqlite.dayCounters, 1, "SEARCH counters USING PRIMARY KEY (business_day=?)"),
    ])
    func goesThroughItsIndex(query: String, parameters: Int, expected: String) throws {
        let store = try SQLiteQueueStore(location: scratch.location(), options: StoreFactory.sqliteOptions)
        // Enough rows, and statistics, that the planner chooses as it would in a shop.
        try store.issueMany("C", count: 300, from: Clock.at(0))
        try store.issueMany("R", priority: .priority, count: 300, from: Clock.at(0))
        let connection = try SQLiteConnection(location: scratch.location(), create: false)
        try connection.execute("ANALYZE")
        let plan = try connection.query("EXPLAIN QUERY PLAN " + query, Array([.text("C"), .integer(0), .integer(0)].prefix(parameters))) { $0.text(3) }
        #expect(plan.count == 1 && plan[0].hasPrefix(expected), "\(plan)")
    }
}
