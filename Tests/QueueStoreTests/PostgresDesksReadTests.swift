import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// The shared path reads only the desk row it locks (PostgresEngine.performShared): a decision
/// that would change any other desk must be refused, never written without that desk (evolve's
/// `desks[n]?.…` does nothing for a desk it was not given: a lost write). Real server.
@Suite(.offThePool, .enabled(if: PostgresTestServer.isEnabled), .serialized)
struct PostgresDesksReadTests {
    @Test func anEventChangingADeskThatWasNotReadIsRefused() throws {
        let url = try PostgresTestServer.freshDatabase()
        let engine = PostgresEngine(connection: try PostgresConnection(url: url, target: "desk 1"))
        let called = Event(ticket: TicketID(rawValue: 1), desk: DeskNumber(rawValue: 2), time: Clock.at(0),
                           details: .ticketCalled(day: BusinessDay(year: 2026, month: 1, day: 5)))
        #expect(throws: StoreError.self) { try engine.checkDesksRead(called, in: QueueState()) }
    }

    /// Two desks working side by side: every desk row ends as QueueCore says, each written by
    /// a transaction that read only that desk.
    @Test func eachDeskRowIsWrittenByTheCommandsThatReadIt() throws {
        let url = try PostgresTestServer.freshDatabase()
        let store = try openStore(url: url, options: Workload.options(desks: 2))
        for second in [0.0, 1, 2] { _ = try store.perform(.issue(service: "C"), at: Clock.at(second)) }
        let first = try #require(try store.perform(.callNext(desk: 1), at: Clock.at(3)).ticket)
        let second = try #require(try store.perform(.callNext(desk: 2), at: Clock.at(4)).ticket)
        #expect(try holding(url) == "1:\(first.id.rawValue) 2:\(second.id.rawValue)")
        _ = try store.perform(.noShow(ticket: first.id), at: Clock.at(5))
        #expect(try holding(url) == "1:- 2:\(second.id.rawValue)")
        _ = try store.perform(.start(ticket: second.id), at: Clock.at(6))
        _ = try store.perform(.complete(ticket: second.id), at: Clock.at(7))
        #expect(try holding(url) == "1:- 2:-")
    }

    /// Each desk row's current ticket, as the database holds it: "1:12 2:-".
    private func holding(_ url: String) throws -> String {
        try PostgresTestServer.psql("""
            SELECT string_agg(number || ':' || coalesce(data::json->>'currentTicket', '-'), ' ' ORDER BY number) FROM desks
            """, url: url)
    }
}
