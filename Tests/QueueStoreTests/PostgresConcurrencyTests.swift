import Foundation
import QueueCore
import QueueStoreTesting
import Synchronization
import Testing
@testable import QueueStore

/// Many terminals on one PostgreSQL database: desks calling next while kiosks issue, with and
/// without the server crashing part-way. Every figure is checked against the database's own
/// rows, read with psql.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresConcurrencyTests {
    /// Calls per desk: the issue's 1,000 in `make test` (about a minute and a half here);
    /// `TESSERA_PG_CALLS=100` makes a quick run while working on the store.
    static let callsPerDesk = Int(ProcessInfo.processInfo.environment["TESSERA_PG_CALLS"] ?? "") ?? 1_000
    static let desks = 8

    @Test func eightDesksAndTwoKiosksNeverShareATicketOrANumber() async throws {
        let url = try PostgresTestServer.freshDatabase()
        // The suite runs off the cooperative pool: blocking here holds no thread other tests need.
        let outcome = try Workload(url: url, callsPerDesk: Self.callsPerDesk, desks: Self.desks).run()
        #expect(outcome.errors.isEmpty, "\(outcome.errors.prefix(5))")
        try Self.expectDatabaseAgrees(url: url, with: outcome, desks: Self.desks, callsPerDesk: Self.callsPerDesk)
    }

    /// The server is killed (`pg_ctl restart -m immediate`) while the desks and kiosks run:
    /// every client reconnects and goes on, no acknowledged ticket or call is lost and none is
    /// doubled, and the change feed delivers every event exactly once across the restart.
    @Test func everyClientRecoversFromAServerCrash() async throws {
        // In the test's own task, so that the expectations inside belong to this test.
        try PostgresTestServer.whileCrashing { try recoversFromACrash() }
    }

    private func recoversFromACrash() throws {
        let url = try PostgresTestServer.freshDatabase(crashable: true)
        let calls = max(60, Self.callsPerDesk / 2)
        let workload = Workload(url: url, callsPerDesk: calls, desks: Self.desks)
        let watcher = try workload.open()
        let received = Mutex<[StoredEvent]>([])
        let start = try watcher.lastEventID()
        let subscription = try watcher.observe(after: start) { batch in received.withLock { $0 += batch } }
        defer { subscription.cancel() }
        let states = Mutex<[StoreReachability]>([])
        let reports = try #require(reachability(of: watcher)).observeReachability { state in states.withLock { $0.append(state) } }
        defer { reports.cancel() }
        let outcome = try workload.run(whenHalfDone: { try PostgresTestServer.restart() })
        #expect(outcome.restarted)
        #expect(outcome.errors.isEmpty, "\(outcome.errors.prefix(5))")
        try Self.expectDatabaseAgrees(url: url, with: outcome, desks: Self.desks, callsPerDesk: calls)
        let ids = try PostgresTestServer.psql("SELECT id FROM events WHERE id > \(start.rawValue) ORDER BY id", url: url)
            .split(separator: "\n").compactMap { Int64($0) }
        #expect(eventually(timeout: .seconds(10)) { received.withLock { $0.count } >= ids.count })
        #expect(received.withLock { $0.map(\.id.rawValue) } == ids)
        // The watcher's terminal said it was offline, then online again.
        #expect(eventually { states.withLock { $0 } == [.online, .reconnecting, .online] }, "\(states.withLock { $0 })")
    }

    /// The answer to COMMIT is lost (the connection drops right after the server committed):
    /// the retry finds the command's key and returns what was committed, so the kiosk shows
    /// the ticket that exists, and only one.
    @Test func aLostCommitAnswerIsSettledByTheCommandKey() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try #require(try openStore(url: url, options: Workload.options(desks: 1)) as? PostgresQueueStore)
        store.loseNextCommitReply.withLock { $0 = true }
        let ticket = try #require(try store.perform(.issue(service: "C"), at: Clock.at(0)).ticket)
        #expect(!store.loseNextCommitReply.withLock { $0 }, "the hook did not fire")
        #expect(try PostgresTestServer.psql("SELECT id || ' ' || code FROM tickets", url: url) == "\(ticket.id.rawValue) \(ticket.code)")
        #expect(try PostgresTestServer.psql("SELECT count(*) FROM events WHERE kind = 'ticketIssued'", url: url) == "1")
        #expect(try PostgresTestServer.psql("SELECT count(*) FROM command_keys", url: url) == "1")
    }

    static func expectDatabaseAgrees(url: String, with outcome: Workload.Outcome, desks: Int, callsPerDesk: Int) throws {
        func value(_ sql: String) throws -> String { try PostgresTestServer.psql(sql, url: url) }
        let calls = desks * callsPerDesk
        #expect(outcome.called.count == calls)
        #expect(Set(outcome.called.map(\.ticket)).count == calls, "a ticket reached two desks")
        // Called twice, or numbered twice, by the rows.
        #expect(try value("SELECT count(*) FROM (SELECT ticket_id FROM events WHERE kind = 'ticketCalled' GROUP BY ticket_id HAVING count(*) > 1) t") == "0")
        #expect(try value("SELECT count(*) FROM (SELECT 1 FROM tickets GROUP BY business_day, issued_service, sequence HAVING count(*) > 1) t") == "0")
        // Counts equal to events.
        #expect(try value("SELECT count(*) FROM tickets") == String(outcome.issued.count))
        #expect(try value("SELECT count(*) FROM events WHERE kind = 'ticketIssued'") == String(outcome.issued.count))
        #expect(try value("SELECT count(*) FROM events WHERE kind = 'ticketCalled'") == String(calls))
        #expect(try value("SELECT count(*) FROM tickets WHERE state = 'noShow'") == String(calls))
        // Every acknowledged ticket exists with the code the kiosk showed; every call with its desk.
        let rows = try value("SELECT id || ' ' || code FROM tickets ORDER BY id").split(separator: "\n").map(String.init)
        #expect(rows == outcome.issued.sorted { $0.id < $1.id }.map { "\($0.id.rawValue) \($0.code)" })
        let callRows = try value("SELECT ticket_id || ' ' || desk FROM events WHERE kind = 'ticketCalled' ORDER BY ticket_id")
            .split(separator: "\n").map(String.init)
        #expect(callRows == outcome.called.sorted { $0.ticket < $1.ticket }.map { "\($0.ticket.rawValue) \($0.desk.rawValue)" })
    }
}
