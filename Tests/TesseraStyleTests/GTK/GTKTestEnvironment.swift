import CGtk
import Foundation
import GtkKit
import TesseraStyle
import XCTest

/// Shared set-up for the GTK tests: one `gtk_init_check`, the default theme on the display,
/// and the rule that a missing display skips locally but fails in CI.
@MainActor enum GTKTestEnvironment {
    private static var isReady = false

    struct MissingDisplay: Error, CustomStringConvertible {
        var reason: String
        var description: String { "GTK tests must run in CI, but: \(reason)" }
    }

    /// Initializes GTK once; throws `XCTSkip` without a display (or fails when `CI` is set).
    static func prepare() throws {
        if isReady { return }
        if let problem = Gtk.initializeForTesting() {
            if Gtk.mustRunDisplayTests { throw MissingDisplay(reason: problem) }
            throw XCTSkip(problem)
        }
        MainQueueBridge.install()
        StyleProvider.shared.use(.standard)
        isReady = true
    }
}

/// A window for one test: undecorated (so its content starts at the surface origin), shown,
/// and painted at least once before the test goes on.
@MainActor final class TestWindow {
    let window = Window()
    let title: String

    init(_ child: Widget, title: String = "tessera-style-test-\(UUID().uuidString.prefix(8))") {
        self.title = title
        window.title = title
        window.isDecorated = false
        window.child = child
        window.present()
        XCTAssertTrue(MainContext.iterate(until: { self.window.isMapped }), "test window never mapped")
        XCTAssertTrue(window.waitForPaint(), "test window never painted")
    }

    func close() { window.destroy() }

    /// `widget`'s top-left corner in the window's surface coordinates
    /// (`gtk_widget_compute_point` + `gtk_native_get_surface_transform`).
    func surfacePoint(of widget: Widget) -> (x: Double, y: Double) {
        var origin = graphene_point_t(x: 0, y: 0), result = graphene_point_t(x: 0, y: 0)
        _ = gtk_widget_compute_point(widget.widgetPointer, window.widgetPointer, &origin, &result)
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(OpaquePointer(window.widgetPointer), &dx, &dy)
        return (Double(result.x) + dx, Double(result.y) + dy)
    }
}

/// Iterates the main loop until `condition` holds, failing the test at the deadline.
@MainActor func waitUntil(_ what: String, timeout: Duration = .seconds(5), file: StaticString = #filePath,
                          line: UInt = #line, _ condition: () -> Bool) {
    XCTAssertTrue(MainContext.iterate(until: condition, timeout: timeout), "timed out waiting until \(what)",
                  file: file, line: line)
}

/// `widget`'s border box in `ancestor`'s coordinates, rounded to whole pixels
/// (`gtk_widget_compute_bounds`; `allocatedWidth` is only the content box).
@MainActor func bounds(of widget: Widget, in ancestor: Widget) -> (x: Int, y: Int, width: Int, height: Int) {
    var rect = graphene_rect_t()
    _ = gtk_widget_compute_bounds(widget.widgetPointer, ancestor.widgetPointer, &rect)
    return (Int(rect.origin.x.rounded()), Int(rect.origin.y.rounded()),
            Int(rect.size.width.rounded()), Int(rect.size.height.rounded()))
}
