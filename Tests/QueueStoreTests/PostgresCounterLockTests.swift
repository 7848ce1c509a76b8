import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Call-next locks a (day, service) counter row only where a priority ticket waits in that
/// service (QueueCore's slice rule): a kiosk issuing, or another desk calling, holds the row
/// until it commits, and desks calling from normal lanes must not wait in line behind it. Real
/// server; waits read from `pg_blocking_pids`, rows with psql.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresCounterLockTests {
    @Test func callingANormalTicketDoesNotWaitForTheServicesCounter() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 1))
        let waiting = try #require(try store.perform(.issue(service: "C"), at: Clock.at(0)).ticket)

        let kiosk = try holdCounter("C", url: url)
        let outcome = callNext(store, at: Clock.at(1))
        let finished = eventually(timeout: .seconds(10)) { outcome.isFinished }
        try kiosk.execute("COMMIT")
        #expect(finished, "call-next waited for the C counter's row")
        _ = eventually(timeout: .seconds(10)) { outcome.isFinished }
        #expect(try outcome.outcome?.get().ticket?.id == waiting.id)
        #expect(try PostgresTestServer.psql("SELECT state FROM tickets WHERE id = \(waiting.id.rawValue)", url: url) == "called")
    }

    /// The counter is still locked and read where fairness needs it: the call waits for the
    /// holder, then records the priority ticket's arrival in the row.
    @Test func callingWithAPriorityTicketWaitingLocksItsCounter() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 1))
        let priority = try #require(try store.perform(.issue(service: "C", priority: .priority), at: Clock.at(0)).ticket)

        let kiosk = try holdCounter("C", url: url)
        let holder = try #require(try kiosk.queryOne("SELECT pg_backend_pid()") { $0.int64(0) })
        let outcome = callNext(store, at: Clock.at(1))
        // Only this test's holder counts: other suites share the server and have waits of their own.
        let waited = eventually(timeout: .seconds(10)) {
            (try? PostgresTestServer.psql(
                "SELECT count(*) FROM pg_stat_activity WHERE \(holder) = ANY (pg_blocking_pids(pid))", url: url)) == "1"
        }
        #expect(!outcome.isFinished, "call-next did not wait for the counter's holder")
        try kiosk.execute("COMMIT")
        #expect(waited)
        #expect(eventually(timeout: .seconds(10)) { outcome.isFinished })
        #expect(try outcome.outcome?.get().ticket?.id == priority.id)
        #expect(try PostgresTestServer.psql("SELECT recent_priority_arrivals FROM counters WHERE service = 'C'", url: url)
            == String(priority.arrivalKey.rawValue))
    }

    /// Another terminal in the middle of issuing a ticket of `service`: the store shared, the
    /// service's counter row locked.
    private func holdCounter(_ service: String, url: String) throws -> PostgresConnection {
        let kiosk = try PostgresConnection(url: url, target: "kiosk")
        try kiosk.execute("BEGIN; \(PostgresEngine.shareStore); SELECT 1 FROM counters WHERE service = '\(service)' FOR UPDATE")
        return kiosk
    }

    private func callNext(_ store: any QueueStore, at time: Date) -> PendingCommand {
        PendingCommand { () throws(StoreError) in try store.perform(.callNext(desk: 1), at: time) }
    }
}
