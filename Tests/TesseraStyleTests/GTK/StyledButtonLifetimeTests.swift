import CGtk
import Foundation
import GtkKit
@testable import TesseraStyle
import XCTest

/// A `StyledButton` lives exactly as long as its widget: a screen may drop it once the widget
/// is shown, and it is freed when GTK destroys the widget.
final class StyledButtonLifetimeTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try GTKTestEnvironment.prepare()
            try XInput.requireX11()
        }
    }

    override func tearDown() {
        _ = try? MainActor.assumeIsolated { try XInput.run("xdotool", ["mouseup", "1"]) }
    }

    func testADroppedButtonStillClicksAndShowsItsWorkWhileShown() throws {
        try MainActor.assumeIsolated {
            let column = Box(orientation: .vertical, spacing: 0)
            column.margins = EdgeInsets(all: 20)
            let window = TestWindow(column)
            defer { window.close() }
            let work: BusyWork
            var clicks = 0
            weak var weakButton: StyledButton?
            // Only GTK's side is kept: the GtkButton's wrapper, a handle that owns nothing.
            let gtkButton: Button
            do {
                let button = StyledButton("Take a ticket", context: .kiosk)
                work = BusyWork(on: button, label: "Printing…") { clicks += 1 }
                column.append(button.widget)
                weakButton = button
                gtkButton = button.button
            }
            XCTAssertNotNil(weakButton, "the screen dropped its StyledButton and it died")
            XCTAssertTrue(window.window.waitForPaint())

            let point = try screenPoint(inside: gtkButton, of: window)
            try XInput.run("xdotool", ["mousemove", "\(point.x)", "\(point.y)", "click", "1"])
            waitUntil("the click reached the handler") { clicks == 1 }
            waitUntil("the work started") { work.isRunning }
            XCTAssertTrue(gtkButton.hasCSSClass(CSSClass.loading), "GTK shows the busy look")
            XCTAssertEqual(gtkButton.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), true)
            work.finish()
            waitUntil("the run ended") { !gtkButton.hasCSSClass(CSSClass.loading) }
            XCTAssertEqual(gtkButton.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), false)
            XCTAssertEqual(work.starts, 1)
        }
    }

    func testTheButtonIsFreedWhenItsWidgetIsDestroyed() {
        MainActor.assumeIsolated {
            let window = TestWindow(Box(orientation: .vertical, spacing: 0))
            weak var weakButton: StyledButton?
            let gtkButton: Button
            do {
                let button = StyledButton("Call next")
                window.window.child = button.widget
                weakButton = button
                gtkButton = button.button
                button.setBusy(true, label: "Calling…")  // a busy look must not keep it alive either
            }
            XCTAssertNotNil(weakButton)
            window.close()
            waitUntil("GTK finalized the button") { gtkButton.isDestroyed }
            waitUntil("the StyledButton was freed with it") { weakButton == nil }
        }
    }

    func testAButtonNeverShownDiesWithItsLastReference() {
        MainActor.assumeIsolated {
            weak var weakButton: StyledButton?
            let gtkButton: Button
            do {
                let button = StyledButton("Recall").onClicked {}
                weakButton = button
                gtkButton = button.button
            }
            XCTAssertNil(weakButton, "StyledButton → widget → StyledButton is a cycle")
            XCTAssertTrue(gtkButton.isDestroyed, "its widgets leaked")
        }
    }

}

/// Screen coordinates of a point in `button`'s left padding, vertically centred.
@MainActor private func screenPoint(inside button: Button, of window: TestWindow) throws -> (x: Int, y: Int) {
    let origin = try XInput.windowOrigin(title: window.title)
    let corner = window.surfacePoint(of: button)
    let box = bounds(of: button, in: button)
    return (origin.x + Int(corner.x) + 12, origin.y + Int(corner.y) + box.height / 2)
}
