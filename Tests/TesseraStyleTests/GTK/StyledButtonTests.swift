import CGtk
import Foundation
import GtkKit
@testable import TesseraStyle
import XCTest

/// StyledButton's contract without real input: stable identity, classes, disabled reasons,
/// and the loading action's once-only, timeout, error and cancel behaviour.
final class StyledButtonTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GTKTestEnvironment.prepare() }
    }

    func testModifiersToggleClassesOnTheSameWidgets() {
        MainActor.assumeIsolated {
            let button = StyledButton("Call next", context: .kiosk)
            let window = TestWindow(button.widget)
            defer { window.close() }
            let gtkButton = button.button.widgetPointer
            let parent = gtk_widget_get_parent(gtkButton)
            XCTAssertEqual(Set(button.button.cssClasses).intersection(["tessera-button", "tessera-primary", "tessera-kiosk"]).count, 3)

            let same = button.style(.destructive).context(.desk).disabled(true, reason: "Closed").disabled(false)
            XCTAssertTrue(same === button, "modifiers return the button itself")
            button.label = "Call next (2)"
            button.setBusy(true)
            button.setBusy(false)
            XCTAssertEqual(button.button.widgetPointer, gtkButton)
            XCTAssertEqual(gtk_widget_get_parent(gtkButton), parent, "never re-parented")
            let classes = Set(button.button.cssClasses)
            XCTAssertTrue(classes.isSuperset(of: ["tessera-button", "tessera-destructive", "tessera-desk"]))
            XCTAssertTrue(classes.isDisjoint(with: ["tessera-primary", "tessera-kiosk", "tessera-loading"]))
            XCTAssertEqual(button.button.label, "Call next (2)")
        }
    }

    func testDisabledWithAReasonShowsItEverywhere() {
        MainActor.assumeIsolated {
            let button = StyledButton("Call next")
            var clicks = 0
            button.onClicked { clicks += 1 }
            let window = TestWindow(button.widget)
            defer { window.close() }
            button.disabled(true, reason: "No ticket is waiting")
            XCTAssertFalse(button.button.isSensitive)
            XCTAssertEqual(button.button.tooltipText, "No ticket is waiting")
            XCTAssertEqual(button.button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), "No ticket is waiting")
            XCTAssertTrue(button.caption.isVisible)
            XCTAssertEqual(button.caption.text, "No ticket is waiting")
            button.button.activate()  // what Enter or Space would do; GTK finishes activation after 250 ms
            XCTAssertFalse(MainContext.iterate(until: { clicks > 0 }, timeout: .milliseconds(600)),
                           "a disabled button must not click")

            button.disabled(false)
            XCTAssertTrue(button.button.isSensitive)
            XCTAssertNil(button.button.tooltipText)
            XCTAssertNil(button.button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
            XCTAssertFalse(button.caption.isVisible)
        }
    }

    func testAnInsensitiveContainerDisablesEveryButtonInIt() {
        MainActor.assumeIsolated {
            let row = Box(orientation: .horizontal, spacing: 8)
            let buttons = builtInButtonStyles.map { StyledButton("Go", style: $0) }
            buttons.forEach { row.append($0.widget) }
            let window = TestWindow(row)
            defer { window.close() }
            row.isSensitive = false
            window.window.waitForPaint()
            for button in buttons {
                XCTAssertTrue(button.button.isSensitive, "its own flag is untouched")
                XCTAssertFalse(button.button.isEffectivelySensitive)
                XCTAssertTrue(button.button.stateFlags.contains(.insensitive))
                // Drawn in the disabled colours, through GTK's :disabled (after the transition).
                let box = bounds(of: button.button, in: button.widget)
                let tokens = button.style.tokens(from: .standard)
                var seen = ThemeColor.black
                let reached = MainContext.iterate(until: {
                    button.widget.waitForPaint()
                    let image = try? RenderedImage(of: button.widget)
                    seen = image?.color(x: box.x + tokens.borderWidth + 3, y: box.y + box.height / 2) ?? seen
                    return seen == tokens.disabled.background
                })
                XCTAssertTrue(reached, "\(button.style.name): \(seen) is not \(tokens.disabled.background)")
            }
            row.isSensitive = true
            XCTAssertTrue(buttons.allSatisfy { $0.button.isEffectivelySensitive })
        }
    }

    func testALoadingActionRunsOnceHoweverOftenItIsClicked() {
        MainActor.assumeIsolated {
            let fixture = LoadingFixture(label: "Printing…")
            defer { fixture.close() }
            let (gate, button) = (fixture.gate, fixture.button)

            button.button.emit("clicked")
            XCTAssertTrue(button.isLoading)
            for _ in 0..<5 { button.button.emit("clicked") }
            button.button.activate()  // the keyboard path
            waitUntil("the action started") { gate.isWaiting }
            XCTAssertEqual(gate.starts, 1)
            XCTAssertGreaterThanOrEqual(button.ignoredClickCount, 5)
            XCTAssertEqual(button.button.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), true)
            XCTAssertTrue(button.button.hasCSSClass("tessera-loading"))
            XCTAssertTrue(button.cover.canTarget && button.cover.isSensitive, "the cover takes taps")
            XCTAssertTrue(button.spinner.isSpinning)
            XCTAssertEqual(button.coverLabel.text, "Printing…")

            gate.open()
            waitUntil("the button is back to normal") { !button.isLoading }
            XCTAssertEqual(button.button.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), false)
            XCTAssertFalse(button.button.hasCSSClass("tessera-loading"))
            XCTAssertFalse(button.cover.canTarget || button.cover.isSensitive)
            XCTAssertFalse(button.spinner.isSpinning)
            XCTAssertTrue(fixture.errors.isEmpty)
            XCTAssertNil(button.errorMessage)

            button.button.emit("clicked")
            waitUntil("a second tap runs it again") { gate.starts == 2 }
            gate.open()
            waitUntil("second run ended") { !button.isLoading }
        }
    }

    func testAFailureIsShownUnderTheButtonAndHandedToTheCaller() {
        MainActor.assumeIsolated {
            let fixture = LoadingFixture()
            defer { fixture.close() }
            let (gate, button) = (fixture.gate, fixture.button)
            fixture.start()
            gate.fail("Printer offline")
            waitUntil("the run ended") { !button.isLoading }
            XCTAssertEqual(fixture.errors.compactMap { $0 as? ActionGate.Failure }, [.init(message: "Printer offline")])
            XCTAssertTrue(button.errorLabel.isVisible)
            XCTAssertEqual(button.errorLabel.text, button.errorMessage)
            XCTAssertTrue(button.errorMessage?.contains("Printer offline") == true)
            XCTAssertEqual(button.button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), button.errorMessage)

            button.performAction()  // a new attempt clears the old message
            XCTAssertFalse(button.errorLabel.isVisible)
            XCTAssertNil(button.errorMessage)
            waitUntil("second start") { gate.isWaiting }
            gate.open()
            waitUntil("second run ended") { !button.isLoading }
        }
    }

    func testATimeoutEndsTheRunAndCancelsTheAction() {
        MainActor.assumeIsolated {
            let fixture = LoadingFixture(timeout: .milliseconds(100))
            defer { fixture.close() }
            let (gate, button) = (fixture.gate, fixture.button)
            button.performAction()
            waitUntil("the timeout ended the run") { !button.isLoading }
            XCTAssertEqual(fixture.errors.compactMap { $0 as? LoadingError }, [.timedOut(after: .milliseconds(100))])
            waitUntil("the action saw the cancellation") { gate.sawCancellation }
            XCTAssertTrue(button.errorLabel.isVisible)
            XCTAssertEqual(button.button.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), false)
            XCTAssertEqual(fixture.errors.count, 1, "the cancelled action's late error is ignored")
        }
    }

    func testCancellingEndsTheRunWithoutAnErrorMessage() {
        MainActor.assumeIsolated {
            let fixture = LoadingFixture()
            defer { fixture.close() }
            let (gate, button) = (fixture.gate, fixture.button)
            fixture.start()
            button.cancelLoading()
            XCTAssertFalse(button.isLoading)
            XCTAssertEqual(fixture.errors.compactMap { $0 as? LoadingError }, [.cancelled])
            XCTAssertFalse(button.errorLabel.isVisible)
            waitUntil("the action saw the cancellation") { gate.sawCancellation }
            XCTAssertEqual(fixture.errors.count, 1)
        }
    }

    func testAnActionThatCancelsItselfEndsQuietly() {
        MainActor.assumeIsolated {
            var errors: [any Error] = []
            let button = StyledButton("Print").loading(onError: { errors.append($0) }) { throw CancellationError() }
            let window = TestWindow(button.widget)
            defer { window.close() }
            button.performAction()
            waitUntil("the run ended") { !button.isLoading }
            XCTAssertTrue(errors.first is CancellationError)
            XCTAssertNil(button.errorMessage)
            XCTAssertFalse(button.errorLabel.isVisible)
        }
    }

    /// Real keys against a loading button: `RealInputTests.testKeysAreSwallowedOnlyWhileLoading`.
    func testBusyWithoutAnActionIgnoresClicks() {
        MainActor.assumeIsolated {
            let button = StyledButton("Print")
            // Busy without an action: the same cover and input rules as a running action.
            var clicks = 0
            button.onClicked { clicks += 1 }
            let window = TestWindow(button.widget)
            defer { window.close() }
            button.setBusy(true, label: "Working…")
            button.button.emit("clicked")
            XCTAssertEqual(clicks, 0)
            XCTAssertEqual(button.ignoredClickCount, 1)
            button.setBusy(false)
            button.button.emit("clicked")
            XCTAssertEqual(clicks, 1)
        }
    }
}

/// A shown button whose loading action waits on a gate, and the errors it reported.
@MainActor private final class LoadingFixture {
    let gate = ActionGate()
    var errors: [any Error] = []
    let button: StyledButton
    let window: TestWindow

    init(label: String? = nil, timeout: Duration = .seconds(30)) {
        button = StyledButton("Print")
        window = TestWindow(button.widget)
        button.loading(label, timeout: timeout, onError: { [unowned self] in errors.append($0) }) { [gate] in
            try await gate.wait()
        }
    }

    /// Starts the action as a tap would and waits until it runs.
    func start(file: StaticString = #filePath, line: UInt = #line) {
        button.performAction()
        waitUntil("the action started", file: file, line: line) { gate.isWaiting }
    }

    func close() { window.close() }
}

