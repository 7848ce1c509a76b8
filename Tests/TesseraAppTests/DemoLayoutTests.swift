import Foundation
import GtkKit
import QueueStore
import QueueStoreTesting
import TesseraFeatures
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
        }
    }
}
