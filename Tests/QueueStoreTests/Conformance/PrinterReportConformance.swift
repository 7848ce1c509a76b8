import Foundation
import QueueStoreTesting
import QueueCore
import QueueStore
import Testing

/// The printer reports of several kiosks, on both stores: the newest of a kind first, as many as
/// asked for, each with the kiosk that sent it.
@Suite(.offThePool) struct PrinterReportConformance {
    @Test(arguments: StoreFactory.all)
    func theNewestReportsOfAKindComeNewestFirstWithTheirKiosk(factory: StoreFactory) throws {
        let store = try factory.make().store
        #expect(try store.latestEvents(of: .printerReported, limit: 10).isEmpty)
        _ = try store.perform(.reportPrinter(.ready, terminal: "Door"), at: Clock.at(0))
        _ = try store.perform(.reportPrinter(.ready, terminal: "Back"), at: Clock.at(1))
        _ = try store.issue("C", at: Clock.at(2))
        _ = try store.perform(.reportPrinter(.paperOut, terminal: "Door"), at: Clock.at(3))
        let reports = try store.latestEvents(of: .printerReported, limit: 10).map(\.event.details)
        #expect(reports == [.printerReported(.paperOut, terminal: "Door"), .printerReported(.ready, terminal: "Back"),
                            .printerReported(.ready, terminal: "Door")])
        #expect(try store.latestEvents(of: .printerReported, limit: 2).count == 2)
        #expect(try store.latestEvent(of: .printerReported)?.event.details == .printerReported(.paperOut, terminal: "Door"))
        #expect(try store.latestEvent(of: .ticketReprintRequested) == nil)
    }
}
