import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import TesseraStyle
import XCTest
@testable import TesseraApp

/// The desk's "Reprint ticket" button as GTK shows it (sensitivity, accessible description, the
/// printer alert's text), and what one press leaves in the database, read on a connection of its
/// own as the kiosk (another process) would read it.
final class DeskReprintScreenTests: ScreenTestCase {
    func testOnePressRecordsExactlyOneReprintOfTheCurrentTicketAndDisabledItSaysWhy() throws {
        let store = try ScriptedStore()
        let kiosk = try openStore(url: store.directory.appendingPathComponent("queue.db").path)
        try MainActor.assumeIsolated {
            _ = try kiosk.perform(.reportPrinter(.ready, terminal: "Door"), at: Date())
            let ticket = try XCTUnwrap(try kiosk.perform(.issue(service: "C"), at: Date()).ticket)
            let desk = try DeskScreenTests.desk(store)
            let reprint = try XCTUnwrap(desk.buttons["Reprint ticket"])
            XCTAssertTrue(reprint.button.hasCSSClass(SecondaryButtonStyle().cssClass))
            XCTAssertFalse(reprint.button.isSensitive)
            XCTAssertEqual(reprint.button.accessibleDescription, "This desk has no ticket; call one first.")

            let callNext = try XCTUnwrap(desk.buttons["Call next"]).button
            XCTAssertTrue(MainContext.iterate(until: { callNext.isSensitive }, timeout: .seconds(10)))
            XCTAssertTrue(callNext.activate())
            XCTAssertTrue(MainContext.iterate(until: { reprint.button.isSensitive }, timeout: .seconds(10)))

            // A copy is one of the rarer actions, under More actions.
            XCTAssertTrue(desk.panel.moreToggle.button.activate())
            XCTAssertTrue(MainContext.iterate(until: { reprint.widget.isMapped }, timeout: .seconds(10)))
            XCTAssertTrue(reprint.button.activate())
            XCTAssertTrue(MainContext.iterate(until: { desk.model.pending == nil && (try? Self.reprints(kiosk))?.isEmpty == false },
                                              timeout: .seconds(10)))
            let requests = try Self.reprints(kiosk)
            XCTAssertEqual(requests.count, 1, "one press, one copy")
            XCTAssertEqual(requests.first?.ticket, ticket.id)
            XCTAssertEqual(requests.first?.staff, 1)
            XCTAssertEqual(requests.first?.details, .ticketReprintRequested(terminal: "Door"), "asked of the kiosk with the printer")
            XCTAssertTrue(MainContext.iterate(until: { desk.panel.notice.isVisible }, timeout: .seconds(10)))
            XCTAssertEqual(desk.panel.notice.text, "Printing a copy at kiosk “Door”", "staff see where the copy comes out")
            // Next to the button pressed: just below it, not at the foot of the page.
            var placed: (notice: (x: Double, y: Double, width: Double, height: Double),
                         button: (x: Double, y: Double, width: Double, height: Double))?
            XCTAssertTrue(MainContext.iterate(until: {
                guard let notice = desk.panel.notice.bounds(in: desk.root), let button = reprint.widget.bounds(in: desk.root) else { return false }
                placed = (notice, button)
                return true
            }, timeout: .seconds(10)))
            if let (notice, button) = placed {
                let gap = notice.y - (button.y + button.height)
                XCTAssertTrue(gap >= 0 && gap <= 48, "the notice starts \(gap) px below the Reprint button")
                // Above the lists, which fill the rest of the page: not at its foot.
                let lists = try XCTUnwrap(desk.lists.root.bounds(in: desk.root))
                XCTAssertLessThan(notice.y + notice.height, lists.y + lists.height / 2, "the notice is above the lists' middle")
            }
            if let directory = ProcessInfo.processInfo.environment["TESSERA_SCREENSHOTS"] {
                try desk.root.snapshotPNG(to: directory + "/desk-reprint-notice.png")
            }

            _ = try kiosk.perform(.reportPrinter(.paperOut, terminal: "Door"), at: Date())
            XCTAssertTrue(MainContext.iterate(until: { !reprint.button.isSensitive }, timeout: .seconds(10)))
            XCTAssertEqual(reprint.button.accessibleDescription, "The kiosk printer cannot print a copy now.")
            XCTAssertTrue(desk.printerAlert.isVisible)
            XCTAssertEqual(desk.printerAlert.text, "Kiosk 'Door' printer: out of paper")
            XCTAssertEqual(try Self.reprints(kiosk).count, 1)
        }
    }

    /// The reprint requests in the database, oldest first.
    private static func reprints(_ store: any QueueStore) throws -> [Event] {
        try store.events(after: .none, limit: 1000).map(\.event).filter { if case .ticketReprintRequested = $0.details { true } else { false } }
    }
}
