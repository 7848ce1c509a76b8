import CGtk
import Foundation
@testable import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import XCTest
@testable import TesseraApp

/// A kiosk runs ticket after ticket all day: a cycle (tap, ticket page, Done, the services back)
/// leaves nothing behind on the GTK side. Counted from outside the screen: GTK's widget tree
/// under the kiosk, and the closures GLib holds for signal handlers and timers (GtkKit's live
/// box count). `make bench`'s kiosk_soak measures the whole process over 2,000 cycles.
final class KioskCycleTests: ScreenTestCase {
    /// Widgets below `widget`, as GTK links them.
    private static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            count += 1 + descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    @MainActor private static func cycle(_ kiosk: KioskScreen, service: ServiceCode) throws {
        let button = try XCTUnwrap(kiosk.services.buttons[service]).button
        XCTAssertTrue(MainContext.iterate(until: { button.isSensitive }, timeout: .seconds(10)), "the services take taps")
        XCTAssertTrue(button.activate())
        XCTAssertTrue(MainContext.iterate(until: { kiosk.root.visibleChildName == "ticket" }, timeout: .seconds(10)))
        // Done, once the tap that asked for the ticket is over (the tap guard).
        XCTAssertTrue(MainContext.iterate(until: { kiosk.ticket.done.button.activate() && kiosk.model.phase == .returning },
                                          timeout: .seconds(5)))
        XCTAssertTrue(MainContext.iterate(until: { kiosk.model.phase == .choosing }, timeout: .seconds(5)))
    }

    func testTicketCyclesLeaveNoWidgetsOrClosuresBehind() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let kiosk = try KioskScreenTests.kiosk(store)
            let follow = Task { try await kiosk.model.follow() }
            XCTAssertTrue(MainContext.iterate(until: { kiosk.model.followsStore }, timeout: .seconds(10)))
            _ = follow
            defer { kiosk.model.stopFollowing() }
            // The first cycle may create what lives for the screen's life (the ticket page's layout).
            try Self.cycle(kiosk, service: "C")
            MainContext.drainPending()
            let widgets = Self.descendants(of: kiosk.root.widgetPointer)
            let boxes = ClosureBox.liveCount
            for (index, service) in (["R", "S", "C", "R", "S"] as [ServiceCode]).enumerated() {
                try Self.cycle(kiosk, service: service)
                // Timers and reads of the cycle end a moment after the page is back: poll, don't sleep.
                XCTAssertTrue(MainContext.iterate(until: { ClosureBox.liveCount <= boxes }, timeout: .seconds(5)),
                              "cycle \(index + 2): \(ClosureBox.liveCount) closures live, \(boxes) after the first")
                XCTAssertEqual(Self.descendants(of: kiosk.root.widgetPointer), widgets, "cycle \(index + 2)")
            }
            XCTAssertEqual(try store.tickets(TicketFilter()).count, 6)
        }
    }
}
