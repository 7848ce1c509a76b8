import CGtk
import Foundation
import XCTest
@testable import GtkKit

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

    func testEveryShippedStylesheetLoadsWithoutErrors() throws {
        let resources = repositoryRoot().appendingPathComponent("Resources")
        let files = stylesheets(under: resources)
        // There may be none yet; the glob itself must still work on the real directory.
        if FileManager.default.fileExists(atPath: resources.path) {
            XCTAssertNotNil(FileManager.default.enumerator(atPath: resources.path))
        }
        try MainActor.assumeIsolated {
            for file in files {
                let css = try String(contentsOf: file, encoding: .utf8)
                let errors = CssProvider().load(css)
                XCTAssertEqual(errors, [], "\(file.path): \(errors.map(\.description).joined(separator: "; "))")
            }
        }
    }

    func testStylesheetGlobFindsNestedFiles() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gtkkit-css-glob-\(getpid())", isDirectory: true)
        let nested = directory.appendingPathComponent("themes/dark", isDirectory: true)
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "a {}".write(to: directory.appendingPathComponent("app.css"), atomically: true, encoding: .utf8)
        try "b {}".write(to: nested.appendingPathComponent("brand.css"), atomically: true, encoding: .utf8)
        try "c".write(to: nested.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        XCTAssertEqual(stylesheets(under: directory).map(\.lastPathComponent).sorted(), ["app.css", "brand.css"])
    }
}

/// The minimum width GTK measures for `widget` (`gtk_widget_measure`).
@MainActor private func minimumWidth(_ widget: Widget) -> Int32 {
    var minimum: Int32 = 0, natural: Int32 = 0
    gtk_widget_measure(widget.widgetPointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
    return minimum
}

/// The package root, found from this file's path (`Tests/GtkKitTests/…`).
private func repositoryRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Every `*.css` file below `directory`, at any depth (`Resources/**/*.css`).
private func stylesheets(under directory: URL) -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
        return []
    }
    return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "css" }
}
