import Foundation
import QueueCore
import QueueStoreTesting
import Synchronization
import Testing
@testable import QueueStore

/// A priority call-next racing the day's first issue of the same service, on two connections
/// to one real server. Neither finds the service's counter row (the issuer's insert is not
/// committed yet), and both write it. The caller must wait for the issuer and then update the
/// row the issuer made, never write its own view of an empty counter over it: that reset the
/// day's numbering (and the daily cap's count), and a later issue was refused as a duplicate.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresCounterRaceTests {
    @Test func aPriorityCallWaitsForTheDaysFirstIssueOfItsService() throws {
        let url = try PostgresTestServer.freshDatabase()
        let issuer = try openStore(url: url, options: Workload.options(desks: 1))
        let caller = try openStore(url: url, options: Workload.options(desks: 1))
        // A priority ticket waiting in R while R has no counter today (it came from C).
        let waiting = try #require(try issuer.perform(.issue(service: "C", priority: .priority), at: Clock.at(0)).ticket)
        _ = try issuer.perform(.transfer(ticket: waiting.id, to: "R"), at: Clock.at(1))
        #expect(try PostgresTestServer.psql("SELECT count(*) FROM counters WHERE service = 'R'", url: url) == "0")

        // Another connection holds the event log's head: the issuer gets as far as its own
        // (uncommitted) counter row and ticket, then waits there, as a slow issuer would.
        let gate = try PostgresConnection(url: url, target: "gate")
        try gate.execute("BEGIN; UPDATE event_log_head SET last_event = last_event")
        let gatePID = try #require(try gate.queryOne("SELECT pg_backend_pid()") { $0.int64(0) })
        let outcomes = Mutex<[String: Result<CommandResult, StoreError>]>([:])
        let issuing = Thread {
            let result = Result { () throws(StoreError) in try issuer.perform(.issue(service: "R"), at: Clock.at(2)) }
            outcomes.withLock { $0["issue"] = result }
        }
        issuing.start()
        #expect(eventually(timeout: .seconds(10)) { (try? Self.waiting(behind: gatePID, depth: 1, url: url)) == true })

        // The call now runs while the issue is still open, and reaches the counter.
        let calling = Thread {
            let result = Result { () throws(StoreError) in
                try caller.perform(.callNext(desk: 1, service: "R"), at: Clock.at(3))
            }
            outcomes.withLock { $0["call"] = result }
        }
        calling.start()
        #expect(eventually(timeout: .seconds(10)) { (try? Self.waiting(behind: gatePID, depth: 2, url: url)) == true })
        try gate.execute("COMMIT")
        #expect(eventually(timeout: .seconds(10)) { outcomes.withLock { $0.count } == 2 })

        let issued = try #require(try outcomes.withLock { $0["issue"] }?.get().ticket)
        let called = try #require(try outcomes.withLock { $0["call"] }?.get().ticket)
        #expect(issued.sequence == 1)
        #expect(called.id == waiting.id)
        // The issuer's counter survived the call, which added only its priority arrival.
        let counter = try PostgresTestServer.psql(
            "SELECT next_sequence || ' ' || issued || ' ' || recent_priority_arrivals FROM counters WHERE service = 'R'",
            url: url)
        #expect(counter == "2 1 \(called.arrivalKey.rawValue)")
        // So the day's next R ticket gets the next sequence, even once R001 is no longer open
        // (while it is, its number is skipped as held): never the first one again, which the
        // UNIQUE constraint would refuse.
        _ = try issuer.perform(.cancel(ticket: issued.id), at: Clock.at(4))
        let second = try #require(try issuer.perform(.issue(service: "R"), at: Clock.at(5)).ticket)
        #expect(second.sequence == 2)
    }

    /// Whether a backend waits on one that waits (…) on `gate`'s backend, `depth` links away:
    /// the server's own lock graph, read with psql.
    private static func waiting(behind gate: Int64, depth: Int, url: String) throws -> Bool {
        var blockers = "ARRAY[\(gate)]"
        for _ in 0..<depth {
            blockers = "ARRAY(SELECT pid FROM pg_stat_activity WHERE pg_blocking_pids(pid) && \(blockers))"
        }
        return try PostgresTestServer.psql("SELECT cardinality(\(blockers)) > 0", url: url) == "t"
    }
}
