import Foundation
import GtkKit
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import TesseraStyle
import XCTest
@testable import TesseraApp

/// `tessera demo` in its 1280×800 window: the kiosk, the desk and the board side by side, each
/// a third. A screen that needs more than its third widens the window past the screen, and the
/// board is cut off at the right (GTK's own measure says how much each needs).
final class DemoLayoutTests: ScreenTestCase {
    func testTheThreeScreensFitA1280PixelWindow() throws {
        let scripted = try ScriptedStore()
        let store = try openStore(url: scripted.directory.appendingPathComponent("queue.db").path)
        try MainActor.assumeIsolated {
            MainQueueBridge.install()
            // The app's own stylesheet, as `tessera demo` loads it: its buttons' padding counts.
            StyleProvider.shared.use(themeNamed: "default")
            var demo: DemoLayout?
            var failure: (any Error)?
            Task {
                do { demo = try await DemoLayout.open(store: store, settings: TesseraSettings(), time: GLibTimeSource()) } catch { failure = error }
            }
            XCTAssertTrue(MainContext.iterate(until: { demo != nil || failure != nil }, timeout: .seconds(10)))
            let layout = try XCTUnwrap(demo, "\(String(describing: failure))")
            let needs = "kiosk \(layout.kiosk.root.minimumWidth), desk \(layout.desk.root.minimumWidth), "
                + "board \(layout.board.root.minimumWidth) px"
            XCTAssertLessThanOrEqual(layout.root.minimumWidth, 1280, needs)
            // And once it is on screen, signed in, with a ticket waiting and the board laid out.
            let window = Window()
            window.setDefaultSize(width: 1280, height: 800)
            window.child = layout.root
            window.present()
            Self.windows.append(window)
            _ = try store.perform(.issue(service: "C"), at: Date())
            let member = try XCTUnwrap(try staffCredentials(of: store)?.activeStaff().first?.member)
            var signedIn = false
            Task { await layout.desk.desk.signIn(member); signedIn = true }
            XCTAssertTrue(MainContext.iterate(until: { signedIn && layout.desk.deskScreen.root.isMapped }, timeout: .seconds(10)))
            // The board lays itself out once a second: give it the time to, then ask GTK.
            _ = MainContext.iterate(until: { layout.root.minimumWidth <= 1280 && layout.root.allocatedWidth <= 1280 },
                                    timeout: .seconds(5))
            let shown = "kiosk \(layout.kiosk.root.minimumWidth), desk \(layout.desk.root.minimumWidth), "
                + "board \(layout.board.root.minimumWidth) px"
            XCTAssertLessThanOrEqual(layout.root.minimumWidth, 1280, shown)
            XCTAssertLessThanOrEqual(layout.root.allocatedWidth, 1280, "the window as laid out: \(shown)")
        }
    }
}
