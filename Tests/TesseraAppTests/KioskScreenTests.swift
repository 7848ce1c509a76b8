import Foundation
import GtkKit
import QueueCore
import QueueStore
import XCTest
@testable import TesseraApp

/// The kiosk's promises around a ticket that is committed: it is always shown, never shown as
/// a failure, and never joined by a second ticket from an impatient tap.
final class KioskScreenTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        try requireDisplay()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-kiosk-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    @MainActor private static func makeKiosk(_ store: ScriptedStore, timeout: Duration = .seconds(45)) throws -> KioskScreen {
        let services = try store.configuration().services.values.sorted { $0.code < $1.code }
        return KioskScreen(connection: QueueConnection(store: store), services: services, issueTimeout: timeout)
    }

    private func codes(_ store: ScriptedStore) throws -> [String] {
        try store.tickets(TicketFilter()).map(\.code)
    }

    func testACommitThatOutlivesTheButtonsTimeoutIsShownAndBlocksASecondTicket() throws {
        let store = try ScriptedStore(directory: directory)
        try MainActor.assumeIsolated {
            let kiosk = try Self.makeKiosk(store, timeout: .milliseconds(200))
            let collect = try XCTUnwrap(kiosk.buttons[ServiceCode("C")])
            let returns = try XCTUnwrap(kiosk.buttons[ServiceCode("R")])
            store.holdAfterCommit()
            collect.performAction()
            XCTAssertTrue(MainContext.iterate(until: { collect.errorMessage != nil }, timeout: .seconds(10)),
                          "the button gives up after its timeout")
            XCTAssertTrue(returns.isDisabled, "no other service while the store has not answered")
            XCTAssertTrue(collect.isDisabled, "nor the same one again")
            collect.performAction()
            returns.performAction()
            store.release()
            XCTAssertTrue(MainContext.iterate(until: { kiosk.root.visibleChildName == "ticket" }, timeout: .seconds(10)),
                          "the committed ticket is shown when the store answers")
            XCTAssertEqual(kiosk.ticketCode.text, "C001")
            XCTAssertFalse(collect.isDisabled || returns.isDisabled, "the buttons come back")
        }
        XCTAssertEqual(try codes(store), ["C001"], "one ticket, however often it was tapped")
        XCTAssertEqual(store.performCount, 1)
    }

    func testAReadFailingAfterTheCommitStillShowsTheTicket() throws {
        let store = try ScriptedStore(directory: directory)
        try MainActor.assumeIsolated {
            let kiosk = try Self.makeKiosk(store)
            let collect = try XCTUnwrap(kiosk.buttons[ServiceCode("C")])
            store.failReads()
            collect.performAction()
            XCTAssertTrue(MainContext.iterate(until: { kiosk.root.visibleChildName == "ticket" }, timeout: .seconds(10)))
            XCTAssertEqual(kiosk.ticketCode.text, "C001")
            XCTAssertNil(collect.errorMessage, "a committed ticket is never reported as a failure")
            XCTAssertFalse(kiosk.ticketAhead.isVisible, "people ahead is left out when it cannot be read")
        }
    }

    func testASecondServiceCannotIssueWhileTheFirstIsInFlight() throws {
        let store = try ScriptedStore(directory: directory)
        try MainActor.assumeIsolated {
            let kiosk = try Self.makeKiosk(store)
            let collect = try XCTUnwrap(kiosk.buttons[ServiceCode("C")])
            let returns = try XCTUnwrap(kiosk.buttons[ServiceCode("R")])
            store.holdAfterCommit()
            collect.performAction()
            XCTAssertTrue(MainContext.iterate(until: { store.performCount == 1 }, timeout: .seconds(10)))
            XCTAssertTrue(returns.isDisabled)
            returns.performAction()
            store.release()
            XCTAssertTrue(MainContext.iterate(until: { kiosk.root.visibleChildName == "ticket" }, timeout: .seconds(10)))
            XCTAssertEqual(kiosk.ticketCode.text, "C001")
        }
        XCTAssertEqual(try codes(store), ["C001"])
    }
}

/// GTK tests skip without a display, except in CI, where they must run.
private func requireDisplay() throws {
    guard let problem = MainActor.assumeIsolated({ Gtk.initializeForTesting() }) else { return }
    if Gtk.mustRunDisplayTests { XCTFail("CI is set and GTK tests must run, but: \(problem)") }
    throw XCTSkip(problem)
}
