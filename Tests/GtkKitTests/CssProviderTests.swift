import CGtk
import XCTest
@testable import GtkKit

/// Tessera ships no `.css` file: its stylesheets are generated from themes, and
/// `GeneratedStyleSheetTests` (TesseraStyleTests) loads every one through `CssProvider`.
final class CssProviderTests: GtkTestCase {
    func testParsingErrorReportsLineAndColumn() {
        MainActor.assumeIsolated {
            let provider = CssProvider()
            let css = """
                label { color: red; }
                button {
                  colr: blue;
                }
                """
            let errors = provider.load(css)
            XCTAssertEqual(errors.count, 1, "\(errors)")
            XCTAssertEqual(errors.first?.line, 3)
            XCTAssertEqual(errors.first?.column, 3)
            XCTAssertFalse(errors.first?.message.isEmpty ?? true)
        }
    }

    func testValidStylesheetHasNoErrorsAndKeepsItsRules() {
        MainActor.assumeIsolated {
            let provider = CssProvider()
            XCTAssertEqual(provider.load(".tessera-probe { min-width: 10px; }"), [])
            XCTAssertTrue(provider.serialized.contains(".tessera-probe"))
            // A reload replaces the rules and the error list.
            XCTAssertEqual(provider.load("label { colour: red; }").count, 1)
            XCTAssertEqual(provider.load("label { color: red; }"), [])
        }
    }

    func testProviderOnTheDisplayStylesWidgets() {
        MainActor.assumeIsolated {
            let provider = CssProvider()
            XCTAssertEqual(provider.load(".tessera-probe-wide { min-width: 321px; }"), [])
            let label = Label("x")
            label.addCSSClass("tessera-probe-wide")
            label.halign = .start
            // Styles are computed for widgets in a shown window, frame by frame.
            let window = presentedWindow(with: label)
            defer { window.destroy() }
            XCTAssertLessThan(minimumWidth(label), 321)
            CssProvider.addToDisplay(provider)
            MainContext.iterate(until: { label.allocatedWidth >= 321 })
            XCTAssertGreaterThanOrEqual(minimumWidth(label), 321)
            XCTAssertGreaterThanOrEqual(label.allocatedWidth, 321)
            CssProvider.removeFromDisplay(provider)
            MainContext.iterate(until: { label.allocatedWidth < 321 })
            XCTAssertLessThan(minimumWidth(label), 321)
        }
    }
}

/// The minimum width GTK measures for `widget` (`gtk_widget_measure`).
@MainActor private func minimumWidth(_ widget: Widget) -> Int32 {
    var minimum: Int32 = 0, natural: Int32 = 0
    gtk_widget_measure(widget.widgetPointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    return minimum
}
