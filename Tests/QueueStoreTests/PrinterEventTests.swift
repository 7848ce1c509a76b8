import Foundation
import QueueCore
import QueueStoreTesting
import Testing
@testable import QueueStore

/// Format 4's printer events: recorded like any event, found through their own index, and
/// a reprint names a ticket that exists.
@Suite(.offThePool) struct PrinterEventTests {
    let scratch = ScratchDirectory()

    @Test func theNewestPrinterReportIsFoundByItsTypeThroughAnIndex() throws {
        let store = try SQLiteQueueStore(location: scratch.location())
        let now = Date(timeIntervalSince1970: 1_796_029_200)
        #expect(try store.latestEvent(of: .printerReported) == nil)
        _ = try store.perform(.reportPrinter(.paperOut), at: now)
        let issued = try #require(try store.perform(.issue(service: "C"), at: now).ticket)
        _ = try store.perform(.reportPrinter(.ready), at: now)
        _ = try store.perform(.reprint(ticket: issued.id), at: now)
        #expect(try store.latestEvent(of: .printerReported)?.event.details == .printerReported(.ready))
        let reprint = try #require(try store.latestEvent(of: .ticketReprintRequested))
        #expect(reprint.event.ticket == issued.id)
        #expect(try store.ticket(issued.id) == issued, "a reprint changes no ticket")
        #expect(throws: StoreError.refused(.ticketNotFound(TicketID(rawValue: 999)))) {
            try store.perform(.reprint(ticket: TicketID(rawValue: 999)), at: now)
        }
        let connection = try SQLiteConnection(location: scratch.location(), create: false)
        let plan = try connection.query("EXPLAIN QUERY PLAN SELECT id, data FROM events WHERE kind = ?1 ORDER BY id DESC LIMIT ?2",
                                        [.text("printerReported"), .integer(50)]) { $0.text(3) }.joined(separator: " | ")
        #expect(plan.contains("USING INDEX events_by_kind") && !plan.contains("TEMP B-TREE"), "\(plan)")
        #expect(try Migrations.format(connection) >= 4)
    }
}
