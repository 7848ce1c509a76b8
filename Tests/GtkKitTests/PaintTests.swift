import CGtk
import XCTest
@testable import GtkKit

final class PaintTests: GtkTestCase {
    func testWaitForPaintQueuesADrawAndWaitsForTheFrame() {
        MainActor.assumeIsolated {
            let label = Label("Now serving C012")
            let window = presentedWindow(with: label)
            defer { window.destroy() }
            let framesBefore = window.frameClock?.frameCounter ?? 0
            XCTAssertTrue(label.waitForPaint(), "queueDraw did not lead to a painted frame")
            XCTAssertGreaterThan(window.frameClock?.frameCounter ?? 0, framesBefore)
        }
    }

    func testWaitForPaintOfAWidgetThatCannotPaintGivesUp() {
        MainActor.assumeIsolated {
            let offScreen = Label("never shown")
            XCTAssertFalse(offScreen.waitForPaint(timeout: .milliseconds(100)), "an unrealized widget painted")
            let window = Window()
            window.destroy()
            XCTAssertFalse(window.waitForPaint(), "a destroyed window painted")
        }
    }
}
