import CGtk
import Foundation
import GtkKit
@testable import TesseraStyle
import XCTest

/// StyledButton's contract without real input: stable identity, classes, disabled reasons,
/// and the busy look that lets one piece of work run however often the button is tapped.
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

    func testBusyWorkRunsOnceHoweverOftenTheButtonIsClicked() {
        MainActor.assumeIsolated {
            let fixture = BusyFixture(label: "Printing…")
            defer { fixture.close() }
            let (work, button) = (fixture.work, fixture.button)

            button.button.emit("clicked")
            XCTAssertTrue(button.isBusy)
            for _ in 0..<5 { button.button.emit("clicked") }
            button.button.activate()  // the keyboard path; GTK finishes activation after 250 ms
            waitUntil("the keyboard activation was ignored too") { button.ignoredClickCount == 6 }
            XCTAssertEqual(work.starts, 1)
            XCTAssertEqual(button.button.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), true)
            XCTAssertTrue(button.button.hasCSSClass("tessera-loading"))
            XCTAssertTrue(button.cover.canTarget && button.cover.isSensitive, "the cover takes taps")
            XCTAssertTrue(button.spinner.isSpinning)
            XCTAssertEqual(button.coverLabel.text, "Printing…")

            work.finish()
            XCTAssertFalse(button.isBusy)
            XCTAssertEqual(button.button.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), false)
            XCTAssertFalse(button.button.hasCSSClass("tessera-loading"))
            XCTAssertFalse(button.cover.canTarget || button.cover.isSensitive)
            XCTAssertFalse(button.spinner.isSpinning)

            button.button.emit("clicked")
            XCTAssertEqual(work.starts, 2, "a tap after the work ended starts it again")
            work.finish()
        }
    }

    /// Real keys against a busy button: `RealInputTests.testKeysAreSwallowedOnlyWhileBusy`.
    func testBusyIgnoresClicksUntilItEnds() {
        MainActor.assumeIsolated {
            let button = StyledButton("Print")
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

/// A shown button whose taps start work that runs until the test finishes it.
@MainActor private final class BusyFixture {
    let button = StyledButton("Print")
    let work: BusyWork
    let window: TestWindow

    init(label: String? = nil) {
        window = TestWindow(button.widget)
        work = BusyWork(on: button, label: label)
    }

    func close() { window.close() }
}
