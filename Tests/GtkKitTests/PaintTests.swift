import CGtk
import Glibc
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

    /// `iterate`'s heartbeat must not starve GTK's layout and paint: GLib dispatches only the
    /// most urgent ready sources per iteration, and with a condition slower than the 10 ms
    /// heartbeat, a default-priority heartbeat is due on every iteration.
    func testPaintRunsWhileIteratingWithASlowCondition() {
        MainActor.assumeIsolated {
            let label = Label("Call next")
            let window = presentedWindow(with: label)
            defer { window.destroy() }
            var painted = false
            window.afterNextPaint { _ in painted = true }
            label.queueDraw()
            let slowCondition = {
                usleep(20_000)  // stands for a condition that does real work, e.g. reads pixels
                return painted
            }
            XCTAssertTrue(MainContext.iterate(until: slowCondition, timeout: .seconds(3)),
                          "no frame was painted while iterating with a slow condition")
        }
    }
}
