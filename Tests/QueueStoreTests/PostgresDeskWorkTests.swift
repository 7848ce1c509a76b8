import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// A desk's work on its own ticket (recall, start, complete, no-show) shares the store: it locks
/// only its desk's row and the ticket, so it never waits for another desk's transaction, and
/// what it cannot settle with those rows goes to the exclusive form. Real server, rows read
/// with psql.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresDeskWorkTests {
    @Test func aDesksNoShowDoesNotWaitForAnotherDesksOpenTransaction() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 2))
        _ = try store.perform(.issue(service: "C"), at: Clock.at(0))
        let called = try #require(try store.perform(.callNext(desk: 1), at: Clock.at(1)).ticket)

        // Another terminal is in the middle of a shared command (desk 2 locked, the store shared).
        let other = try PostgresConnection(url: url, target: "desk 2")
        try other.execute("BEGIN; \(PostgresEngine.shareStore); SELECT 1 FROM desks WHERE number = 2 FOR UPDATE")
        let noShow = PendingCommand { () throws(StoreError) in try store.perform(.noShow(ticket: called.id), at: Clock.at(2)) }
        let finished = eventually(timeout: .seconds(10)) { noShow.isFinished }
        try other.execute("COMMIT")
        #expect(finished, "the no-show waited for desk 2's transaction")
        _ = eventually(timeout: .seconds(10)) { noShow.isFinished }
        #expect(try noShow.outcome?.get().ticket?.state == .noShow)
        #expect(try PostgresTestServer.psql("SELECT state FROM tickets WHERE id = \(called.id.rawValue)", url: url) == "noShow")
    }

    @Test func aTicketThatIsNotTheDesksStillGetsTheRightAnswer() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 1))
        let waiting = try #require(try store.perform(.issue(service: "C"), at: Clock.at(0)).ticket)
        // Waiting, it has no desk: the exclusive form decides, and QueueCore refuses.
        #expect(throws: StoreError.self) { try store.perform(.noShow(ticket: waiting.id), at: Clock.at(1)) }
        let called = try #require(try store.perform(.callNext(desk: 1), at: Clock.at(2)).ticket)
        _ = try store.perform(.start(ticket: called.id), at: Clock.at(3))
        _ = try store.perform(.complete(ticket: called.id), at: Clock.at(4))
        #expect(try PostgresTestServer.psql(
            "SELECT state || ' ' || (SELECT count(*) FROM events WHERE kind = 'ticketCompleted') FROM tickets WHERE id = \(called.id.rawValue)",
            url: url) == "completed 1")
        // Completed, its row still names the desk, whose row no longer holds it.
        #expect(throws: StoreError.self) { try store.perform(.recall(ticket: called.id), at: Clock.at(5)) }
    }
}
