import CGtk
import XCTest
@testable import GtkKit

final class WidgetTests: GtkTestCase {
    func testCSSClassesAreAddedAndRemoved() {
        MainActor.assumeIsolated {
            let button = Button(label: "C")
            button.addCSSClass("tessera-primary")
            XCTAssertTrue(button.hasCSSClass("tessera-primary"))
            XCTAssertTrue(button.cssClasses.contains("tessera-primary"))
            button.removeCSSClass("tessera-primary")
            XCTAssertFalse(button.hasCSSClass("tessera-primary"))
            button.cssClasses = ["a", "b"]
            XCTAssertEqual(button.cssClasses, ["a", "b"])
        }
    }

    func testCommonPropertiesRoundTrip() {
        MainActor.assumeIsolated {
            let label = Label("x")
            XCTAssertEqual(label.typeName, "GtkLabel")
            label.isSensitive = false
            XCTAssertFalse(label.isSensitive)
            label.canTarget = false
            XCTAssertFalse(label.canTarget)
            label.canFocus = true
            XCTAssertTrue(label.canFocus)
            label.tooltipText = "Help"
            XCTAssertEqual(label.tooltipText, "Help")
            label.hexpand = true
            label.vexpand = true
            XCTAssertTrue(label.hexpand && label.vexpand)
            label.halign = .end
            label.valign = .center
            XCTAssertEqual(label.halign, .end)
            XCTAssertEqual(label.valign, .center)
            label.margins = EdgeInsets(top: 1, bottom: 2, start: 3, end: 4)
            XCTAssertEqual(label.margins, EdgeInsets(top: 1, bottom: 2, start: 3, end: 4))
            label.setSizeRequest(width: 40, height: 50)
            XCTAssertEqual(label.sizeRequest.width, 40)
            XCTAssertEqual(label.sizeRequest.height, 50)
            label.name = "ticket-number"
            XCTAssertEqual(label.name, "ticket-number")
            label.isVisible = false
            XCTAssertFalse(label.isVisible)
        }
    }

    func testInsensitiveContainerDisablesItsChildren() {
        MainActor.assumeIsolated {
            let box = Box()
            let button = Button(label: "Call next")
            box.append(button)
            box.isSensitive = false
            XCTAssertTrue(button.isSensitive)
            XCTAssertFalse(button.isEffectivelySensitive)
        }
    }

    func testAccessibleLabelDescriptionAndBusyStateReachGTK() {
        MainActor.assumeIsolated {
            let button = Button(label: "C")
            XCTAssertEqual(button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_LABEL), "C", "GTK names a button by its text")
            XCTAssertNil(button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION))
            button.accessibleLabel = "Click and Collect"
            button.accessibleDescription = "Take a ticket"
            XCTAssertEqual(button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_LABEL), "Click and Collect")
            XCTAssertEqual(button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), "Take a ticket")
            button.setAccessibleBusy(true)
            XCTAssertEqual(button.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), true)
            button.accessibleLabel = nil
            XCTAssertNil(button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_LABEL), "reset, not set to empty")
            XCTAssertEqual(button.reportedAccessibleText(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION), "Take a ticket")
        }
    }

    func testStackPagesAndVisibleChild() {
        MainActor.assumeIsolated {
            let stack = Stack()
            stack.addNamed(Label("start"), name: "start")
            stack.addNamed(Label("ticket"), name: "ticket", title: "Ticket")
            XCTAssertTrue(stack.hasPage(named: "ticket"))
            XCTAssertFalse(stack.hasPage(named: "missing"))
            XCTAssertEqual(stack.visibleChildName, "start")
            stack.transition = .crossfade
            stack.transitionDuration = 0
            XCTAssertEqual(stack.transition, .crossfade)
            stack.visibleChildName = "ticket"
            XCTAssertEqual(stack.visibleChildName, "ticket")
            stack.setVisibleChild(name: "start", transition: .none)
            XCTAssertEqual(stack.visibleChildName, "start")
        }
    }

    func testGridBoxOverlayAndLeafWidgets() {
        MainActor.assumeIsolated {
            let grid = Grid()
            grid.rowSpacing = 4
            grid.columnSpacing = 6
            grid.columnHomogeneous = true
            let cell = Button(label: "R")
            grid.attach(cell, column: 2, row: 1)
            XCTAssertTrue(gtk_widget_get_parent(cell.widgetPointer) == grid.widgetPointer)
            XCTAssertEqual(grid.rowSpacing, 4)
            XCTAssertEqual(grid.columnSpacing, 6)
            XCTAssertTrue(grid.columnHomogeneous)

            let box = Box(orientation: .horizontal, spacing: 8)
            XCTAssertEqual(box.orientation, .horizontal)
            XCTAssertEqual(box.spacing, 8)

            let overlay = Overlay()
            let button = Button(label: "S")
            let spinner = Spinner()
            overlay.child = button
            overlay.addOverlay(spinner)
            overlay.setMeasureOverlay(spinner, false)
            XCTAssertTrue(overlay.child === button)
            XCTAssertTrue(gtk_widget_get_parent(spinner.widgetPointer) == overlay.widgetPointer)
            spinner.isSpinning = true
            XCTAssertTrue(spinner.isSpinning)
            overlay.removeOverlay(spinner)
            XCTAssertFalse(spinner.isDestroyed)

            let image = Image(iconName: "printer-symbolic")
            XCTAssertEqual(image.iconName, "printer-symbolic")
            image.pixelSize = 48
            XCTAssertEqual(image.pixelSize, 48)
            let separator = Separator(orientation: .vertical)
            XCTAssertFalse(separator.isDestroyed)

            let label = Label("a")
            label.text = "C012"
            label.wraps = true
            label.justification = .center
            XCTAssertEqual(label.text, "C012")
            XCTAssertTrue(label.wraps)
            XCTAssertEqual(label.justification, .center)
        }
    }

    func testButtonLabelReplacesChildButKeepsItsWrapperUsable() {
        MainActor.assumeIsolated {
            let button = Button()
            let content = Label("inside")
            button.child = content
            button.label = "Text"
            XCTAssertEqual(button.label, "Text")
            XCTAssertNil(button.child)
            XCTAssertFalse(content.isDestroyed)
        }
    }

    func testAfterNextPaintRunsOnceForAPresentedWindow() {
        MainActor.assumeIsolated {
            let window = Window()
            var paints = 0
            var frameTime: Int64 = 0
            window.afterNextPaint { clock in
                paints += 1
                frameTime = clock.frameTime
            }
            window.present()
            MainContext.iterate(until: { paints > 0 })
            window.child = Label("repaint")  // forces another frame
            MainContext.iterate(until: { false }, timeout: .milliseconds(100))
            XCTAssertEqual(paints, 1)
            XCTAssertGreaterThan(frameTime, 0)
            window.destroy()
        }
    }
}
