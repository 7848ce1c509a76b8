import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import XCTest
@testable import TesseraApp

/// A service that cannot give a ticket now is disabled before the tap, and says why under its
/// button, in its tooltip and in its accessible description (what a screen reader reads).
final class KioskUnavailableServiceTests: ScreenTestCase {
    private func change(_ store: ScriptedStore, _ code: ServiceCode, _ edit: (inout Service) -> Void) throws {
        var service = try XCTUnwrap(try store.configuration().services[code])
        edit(&service)
        _ = try store.perform(.setService(service), at: Date())
    }

    /// Opening hours that do not include now: from two hours ahead, for an hour.
    private func hoursLater(_ store: ScriptedStore) throws -> OpeningHours {
        let calendar = try store.configuration().calendar
        let now = calendar.localSecondsSinceMidnight(of: Instant(Date()))
        func at(_ seconds: Int) -> TimeOfDay {
            let local = (now + seconds) % (24 * 3600)
            return TimeOfDay(hour: local / 3600, minute: local % 3600 / 60)
        }
        return OpeningHours(opens: at(2 * 3600), closes: at(3 * 3600))
    }

    func testACappedAndAClosedForTheHourServiceAreDisabledWithTheirReasons() throws {
        let store = try ScriptedStore()
        try change(store, "C") { $0.dailyCap = 1 }
        _ = try store.perform(.issue(service: "C"), at: Date())
        let hours = try hoursLater(store)
        try change(store, "R") { $0.openingHours = hours }
        try MainActor.assumeIsolated {
            let kiosk = try KioskScreenTests.kiosk(store)
            let collect = try XCTUnwrap(kiosk.services.buttons["C"])
            let returns = try XCTUnwrap(kiosk.services.buttons["R"])
            let service = try XCTUnwrap(kiosk.services.buttons["S"])
            XCTAssertFalse(collect.button.isSensitive)
            XCTAssertEqual(collect.button.accessibleDescription, "No more tickets today")
            XCTAssertEqual(collect.button.tooltipText, "No more tickets today")
            XCTAssertFalse(returns.button.isSensitive)
            XCTAssertEqual(returns.button.accessibleDescription, kiosk.services.words.unavailable(.outsideOpeningHours("R", hours)))
            XCTAssertTrue(returns.button.accessibleDescription?.hasPrefix("Opens at ") ?? false)
            XCTAssertTrue(service.button.isSensitive)
            XCTAssertNil(service.button.accessibleDescription)
            XCTAssertEqual(kiosk.services.prompt.text, "Take a ticket", "one service still gives tickets")
            // Activated as assistive technology would: nothing is issued.
            _ = returns.button.activate()
            MainContext.drainPending()
            XCTAssertEqual(kiosk.model.phase, .choosing)
            XCTAssertEqual(try store.tickets(TicketFilter()).count, 1)
        }
    }

    /// Closed by staff, a service is shown as one outside its hours is: disabled, with "Closed".
    func testAServiceClosedByStaffIsDisabledWithClosedNotHidden() throws {
        let store = try ScriptedStore()
        _ = try store.perform(.closeService("R"), at: Date())
        try MainActor.assumeIsolated {
            let kiosk = try KioskScreenTests.kiosk(store)
            let returns = try XCTUnwrap(kiosk.services.buttons["R"], "the closed service keeps its button")
            XCTAssertTrue(returns.widget.isMapped)
            XCTAssertFalse(returns.button.isSensitive)
            XCTAssertEqual(returns.button.accessibleDescription, "Closed")
            XCTAssertEqual(returns.button.tooltipText, "Closed")
            XCTAssertTrue(try XCTUnwrap(kiosk.services.buttons["C"]).button.isSensitive)
            _ = returns.button.activate()
            MainContext.drainPending()
            XCTAssertEqual(kiosk.model.phase, .choosing)
            XCTAssertEqual(try store.tickets(TicketFilter()).count, 0)
        }
    }

    func testWhenNoServiceCanGiveATicketThePageSaysSo() throws {
        let store = try ScriptedStore()
        for code: ServiceCode in ["C", "R", "S"] { try change(store, code) { $0.dailyCap = 1 } }
        for code: ServiceCode in ["C", "R", "S"] { _ = try store.perform(.issue(service: code), at: Date()) }
        try MainActor.assumeIsolated {
            let kiosk = try KioskScreenTests.kiosk(store)
            XCTAssertEqual(kiosk.services.prompt.text, "Sorry, we are not giving out tickets right now.\nPlease ask a member of staff.")
            XCTAssertFalse(kiosk.services.buttons.values.contains { $0.button.isSensitive })
        }
    }
}
