import Foundation
import GtkKit
@testable import TesseraStyle
import XCTest

/// Real pointer and keyboard input through the X server: the press survives updates, a
/// busy button lets its work run once, a disabled button ignores clicks and keys.
final class RealInputTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try GTKTestEnvironment.prepare()
            try XInput.requireX11()
            StyleProvider.shared.use(.standard)
        }
    }

    override func tearDown() {
        // Never leave a button held down for the next test.
        _ = try? MainActor.assumeIsolated { try XInput.run("xdotool", ["mouseup", "1"]) }
    }

    /// A screen of two buttons and a counter of the presses and key presses GTK received.
    @MainActor private final class Screen {
        let held = StyledButton("Call next")
        let other = StyledButton("Recall", style: .secondary)
        let column = Box(orientation: .vertical, spacing: 16)
        let window: TestWindow
        var clicks = 0
        var presses = 0
        var keys = 0

        init() {
            column.margins = EdgeInsets(all: 20)
            column.append(held.widget)
            column.append(other.widget)
            window = TestWindow(column)
            held.onClicked { [unowned self] in clicks += 1 }
            countInput()
        }

        /// Counts every press (any button) and key press on its way down through the window,
        /// without claiming or stopping anything.
        private func countInput() {
            let pressCounter = GestureClick()
            pressCounter.button = 0
            pressCounter.propagationPhase = .capture
            pressCounter.onPressed { [unowned self] _, _, _, _ in presses += 1 }
            window.window.addController(pressCounter)
            let keyCounter = EventControllerKey()
            keyCounter.propagationPhase = .capture
            keyCounter.onKeyPressed { [unowned self] _, _, _ in
                keys += 1
                return false
            }
            window.window.addController(keyCounter)
        }

        /// Screen coordinates of a point inside `button`'s left padding (no text there),
        /// vertically centred.
        func paddingPoint(of button: StyledButton) throws -> (x: Int, y: Int) {
            let origin = try XInput.windowOrigin(title: window.title)
            let corner = window.surfacePoint(of: button.button)
            let box = bounds(of: button.button, in: button.button)
            let border = button.style.tokens(from: .standard).borderWidth
            return (origin.x + Int(corner.x) + border + 6, origin.y + Int(corner.y) + box.height / 2)
        }
    }

    func testAPressSurvivesTwentyUpdatesAndClicksOnceOnRelease() throws {
        try MainActor.assumeIsolated {
            let screen = Screen()
            defer { screen.window.close() }
            let point = try screen.paddingPoint(of: screen.held)
            let tokens = Theme.standard.primary
            waitForScreen(tokens.normal.background, x: point.x, y: point.y, "before the press")

            try XInput.run("xdotool", ["mousemove", "\(point.x)", "\(point.y)", "mousedown", "1"])
            waitUntil("GTK sees the press") { screen.held.button.stateFlags.contains(.active) }
            waitForScreen(tokens.pressed.background, x: point.x, y: point.y, "pressed")

            for update in 1...20 {
                screen.held.label = "Call next (\(update))"
                if update.isMultiple(of: 2) {
                    screen.held.button.addCSSClass("tessera-test-marker")
                } else {
                    screen.held.button.removeCSSClass("tessera-test-marker")
                }
                screen.other.setBusy(update.isMultiple(of: 3), label: "Printing…")
                screen.other.disabled(update.isMultiple(of: 4), reason: "Closed")
                XCTAssertTrue(screen.window.window.waitForPaint())
                XCTAssertTrue(screen.held.button.stateFlags.contains(.active), "update \(update) dropped the press")
                XCTAssertEqual(try XInput.screenPixel(x: point.x, y: point.y), tokens.pressed.background,
                               "update \(update): the screen lost the pressed look")
                XCTAssertEqual(screen.clicks, 0, "no click while the button is held")
            }
            // The rendered widget agrees with the screen.
            let image = try RenderedImage(of: screen.held.button)
            XCTAssertEqual(image.color(x: tokens.borderWidth + 6, y: image.height / 2), tokens.pressed.background)

            try XInput.run("xdotool", ["mouseup", "1"])
            waitUntil("clicked on release") { screen.clicks == 1 }
            waitForScreen(tokens.hover.background, x: point.x, y: point.y, "released, pointer still over it")
            XCTAssertFalse(screen.held.button.stateFlags.contains(.active))
            XCTAssertEqual(screen.clicks, 1, "clicked fires exactly once")
            XCTAssertEqual(screen.held.button.label, "Call next (20)")
        }
    }

    func testFiveRapidClicksOnABusyButtonRunItsWorkOnce() throws {
        try MainActor.assumeIsolated {
            let screen = Screen()
            defer { screen.window.close() }
            let work = BusyWork(on: screen.held, label: "Printing…") { [unowned screen] in screen.clicks += 1 }
            let point = try screen.paddingPoint(of: screen.held)

            try XInput.run("xdotool", ["mousemove", "\(point.x)", "\(point.y)", "click", "--repeat", "5", "--delay", "40", "1"])
            waitUntil("GTK received all five presses") { screen.presses == 5 }
            waitUntil("the work started") { work.isRunning }
            screen.window.window.waitForPaint()
            XCTAssertEqual(work.starts, 1, "the work runs once")
            XCTAssertEqual(screen.clicks, 1, "only the first tap clicked")
            // GTK picks the widget under a pointer that has not moved when a button is
            // released, before it delivers the release: the first release picks the button
            // (the cover is not targetable yet), then clicks and turns busy. So the second
            // press still lands on the button, which clicks and is ignored; its release picks
            // the cover, which takes the last three.
            XCTAssertEqual(screen.held.ignoredClickCount, 1, "the second tap, on the button")
            XCTAssertEqual(screen.held.absorbedPressCount, 3, "the cover took the last three taps")
            XCTAssertTrue(screen.held.isBusy)
            waitForScreen(Theme.standard.primary.loading.background, x: point.x, y: point.y, "busy look")

            work.finish()
            waitUntil("back to normal") { !screen.held.isBusy }
            // The mouse has not moved: GTK must re-target it from the cover to the button.
            try XInput.run("xdotool", ["click", "1"])
            waitUntil("a tap after the busy look runs it again") { work.starts == 2 }
            XCTAssertEqual(screen.clicks, 2)
            work.finish()
            waitUntil("second run ended") { !screen.held.isBusy }
        }
    }

    func testKeysAreSwallowedOnlyWhileBusy() throws {
        try MainActor.assumeIsolated {
            let screen = Screen()
            defer { screen.window.close() }
            let work = BusyWork(on: screen.held, label: "Printing…") { [unowned screen] in screen.clicks += 1 }
            // Key presses that get past the StyledButton's guard to the GtkButton itself.
            var keysAtButton = 0
            let probe = EventControllerKey()
            probe.propagationPhase = .capture
            probe.onKeyPressed { _, _, _ in
                keysAtButton += 1
                return false
            }
            screen.held.button.addController(probe)
            let window = try XInput.windowID(title: screen.window.title)
            try XInput.run("xdotool", ["windowfocus", "--sync", window])
            XCTAssertTrue(screen.held.button.grabFocus())

            try XInput.run("xdotool", ["key", "--window", window, "Return"])
            waitUntil("Enter on a resting button starts the work") { work.isRunning }
            XCTAssertEqual(screen.clicks, 1)
            XCTAssertEqual(keysAtButton, 1)

            let keysBefore = screen.keys
            try XInput.run("xdotool", ["key", "--window", window, "Return", "space", "KP_Enter"])
            waitUntil("GTK received Enter, Space and keypad Enter") { screen.keys == keysBefore + 3 }
            XCTAssertEqual(keysAtButton, 1, "a key reached the busy button")
            XCTAssertFalse(screen.held.button.stateFlags.contains(.active), "a key started an activation")
            XCTAssertEqual(screen.held.ignoredClickCount, 0, "a key activated the busy button")

            work.finish()
            waitUntil("back to normal") { !screen.held.isBusy }
            XCTAssertEqual(work.starts, 1, "a key pressed while busy ran the work again")
            XCTAssertEqual(screen.clicks, 1)
            try XInput.run("xdotool", ["key", "--window", window, "space"])
            waitUntil("Space on a resting button runs it again") { work.starts == 2 }
            XCTAssertEqual(screen.clicks, 2)
            work.finish()
            waitUntil("second run ended") { !screen.held.isBusy }
        }
    }

    func testADisabledButtonIgnoresClicksEnterAndSpace() throws {
        try MainActor.assumeIsolated {
            let screen = Screen()
            defer { screen.window.close() }
            let point = try screen.paddingPoint(of: screen.held)
            let window = try XInput.windowID(title: screen.window.title)
            try XInput.run("xdotool", ["mousemove", "\(point.x)", "\(point.y)", "windowfocus", "--sync", window])

            // Control: enabled, the same input clicks.
            XCTAssertTrue(screen.held.button.grabFocus())
            try XInput.run("xdotool", ["key", "--window", window, "Return"])
            waitUntil("Enter clicks an enabled button") { screen.clicks == 1 }
            try XInput.run("xdotool", ["click", "1"])
            waitUntil("a click clicks an enabled button") { screen.clicks == 2 }

            screen.held.disabled(true, reason: "No ticket is waiting")
            XCTAssertTrue(screen.window.window.waitForPaint())
            let pressesBefore = screen.presses, keysBefore = screen.keys
            try XInput.run("xdotool", ["click", "1"])
            try XInput.run("xdotool", ["key", "--window", window, "Return", "space", "KP_Enter"])
            waitUntil("GTK received the click") { screen.presses == pressesBefore + 1 }
            waitUntil("GTK received the keys") { screen.keys == keysBefore + 3 }
            // Keyboard activation would finish within 250 ms; give it well over that.
            XCTAssertFalse(MainContext.iterate(until: { screen.clicks > 2 }, timeout: .milliseconds(800)))
            XCTAssertEqual(screen.clicks, 2, "a disabled button ignores clicks and keys")
            waitForScreen(Theme.standard.primary.disabled.background, x: point.x, y: point.y, "disabled look")
        }
    }
}
