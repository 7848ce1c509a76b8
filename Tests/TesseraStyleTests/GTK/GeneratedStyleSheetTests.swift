import CGtk
import Foundation
import GtkKit
@testable import TesseraStyle
import KeyFileFormat
import XCTest

/// Every stylesheet TesseraStyle can generate must load in GTK 4.8 without one parsing error.
final class GeneratedStyleSheetTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GTKTestEnvironment.prepare() }
    }

    func testDefaultHighContrastAndSampleBrandSheetsParseWithoutErrors() throws {
        let sample = ThemeLoader.load(path: RepositoryFiles.sampleTheme)
        XCTAssertEqual(sample.errors, [])
        MainActor.assumeIsolated {
            for theme in [Theme.standard, .highContrast, sample.theme] {
                let errors = CssProvider().load(StyleSheet(theme: theme).css)
                XCTAssertEqual(errors, [], "GTK rejected the \(theme.name) sheet")
            }
        }
    }

    /// The check above can fail: the same parser reports a sheet that breaks GTK 4.8's rules.
    func testTheParserReportsWhatGtk48Rejects() {
        MainActor.assumeIsolated {
            let broken = StyleSheet(theme: .standard).css + "\nbutton { --accent: red; color: var(--accent) }\n"
            let errors = CssProvider().load(broken)
            XCTAssertFalse(errors.isEmpty)
            XCTAssertTrue(errors.allSatisfy { $0.line > 200 }, "errors point at the appended rule: \(errors)")
        }
    }

    func testTheAppProviderLoadedTheDefaultSheetCleanly() {
        MainActor.assumeIsolated {
            XCTAssertEqual(StyleProvider.shared.parseErrors, [])
            XCTAssertGreaterThanOrEqual(StyleProvider.shared.loadCount, 1)
        }
    }

    /// Our line-tracking key-file reader agrees with GLib's own `GKeyFile` on the sample.
    func testTheSampleReadsTheSameThroughGKeyFile() throws {
        let text = try String(contentsOfFile: RepositoryFiles.sampleTheme, encoding: .utf8)
        let (ours, errors) = KeyFile.parse(text)
        XCTAssertEqual(errors, [])
        let keyFile = g_key_file_new()
        defer { g_key_file_free(keyFile) }
        var error: UnsafeMutablePointer<GError>?
        XCTAssertEqual(g_key_file_load_from_file(keyFile, RepositoryFiles.sampleTheme, G_KEY_FILE_NONE, &error), 1)
        g_clear_error(&error)
        XCTAssertFalse(ours.entries.isEmpty)
        for entry in ours.entries {
            let value = g_key_file_get_string(keyFile, entry.group, entry.key, nil)
            defer { g_free(value) }
            XCTAssertEqual(value.map { String(cString: $0) }, entry.value, "[\(entry.group)] \(entry.key)")
        }
    }
}
