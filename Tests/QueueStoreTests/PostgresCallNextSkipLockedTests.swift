import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Call-next never gives two desks one ticket and never makes one desk wait for another: the
/// lane head another desk's transaction holds is passed over (`FOR UPDATE SKIP LOCKED`,
/// `PostgresSliceLoader.laneHead`). Real server; waits read from `pg_blocking_pids`.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresCallNextSkipLockedTests {
    /// What the test saw, checked in the test's own task (an expectation on another thread
    /// belongs to no test).
    private struct Seen: Sendable {
        let expected: TicketID
        let expectedRows: String
        var finishedWhileHeld = false
        var waited = false
        var called: TicketID? = nil
        var rows = ""
    }

    private struct NotIssued: Error {}

    @Test func callNextSkipsTheRowAnotherConnectionHolds() async throws {
        let seen = try await onOwnThread { try Self.callWhileDesk2HoldsTheHead() }
        #expect(seen.finishedWhileHeld, "call-next did not finish while desk 2 held the head ticket")
        #expect(!seen.waited, "call-next waited for desk 2's lock")
        #expect(seen.called == seen.expected, "desk 1 got the next ticket, not the one desk 2 holds")
        #expect(seen.rows == seen.expectedRows)
    }

    private static func callWhileDesk2HoldsTheHead() throws -> Seen {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 2))
        guard let head = try store.perform(.issue(service: "C"), at: Clock.at(0)).ticket,
              let next = try store.perform(.issue(service: "C"), at: Clock.at(1)).ticket else {
            throw NotIssued()
        }
        var seen = Seen(expected: next.id, expectedRows: "\(head.code)|waiting\n\(next.code)|called")

        // Desk 2 in the middle of calling the head ticket: its row locked, not yet committed.
        let desk2 = try PostgresConnection(url: url, target: "desk 2")
        try desk2.execute("BEGIN; \(PostgresEngine.shareStore); SELECT 1 FROM tickets WHERE id = \(head.id.rawValue) FOR UPDATE")
        let holder = try desk2.queryOne("SELECT pg_backend_pid()") { $0.int64(0) } ?? 0
        let call = PendingCommand { () throws(StoreError) in try store.perform(.callNext(desk: 1), at: Clock.at(2)) }
        // Only this test's holder counts: other suites share the server and have waits of their own.
        func waitsForDesk2() -> Bool {
            (try? PostgresTestServer.psql(
                "SELECT count(*) FROM pg_stat_activity WHERE \(holder) = ANY (pg_blocking_pids(pid))", url: url)) != "0"
        }
        _ = eventually(timeout: .seconds(10)) { call.isFinished || waitsForDesk2() }
        seen.waited = waitsForDesk2()
        seen.finishedWhileHeld = call.isFinished
        try desk2.execute("ROLLBACK")
        _ = eventually(timeout: .seconds(10)) { call.isFinished }
        seen.called = try call.outcome?.get().ticket?.id
        seen.rows = try PostgresTestServer.psql("SELECT code, state FROM tickets ORDER BY id", url: url)
        return seen
    }
}
