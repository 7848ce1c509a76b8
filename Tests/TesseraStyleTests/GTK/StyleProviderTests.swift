import Foundation
import GtkKit
@testable import TesseraStyle
import XCTest

/// One provider, loaded once; only a theme change reloads it.
final class StyleProviderTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try GTKTestEnvironment.prepare() }
    }

    override func tearDown() {
        MainActor.assumeIsolated { _ = StyleProvider.shared.use(.standard) }
    }

    func testReloadsOnlyWhenTheThemeChanges() {
        MainActor.assumeIsolated {
            let provider = StyleProvider.shared
            provider.use(.standard)
            let start = provider.loadCount
            provider.use(.standard)
            XCTAssertEqual(provider.loadCount, start, "same theme: no reload")
            provider.use(.highContrast)
            XCTAssertEqual(provider.loadCount, start + 1)
            XCTAssertEqual(provider.theme, .highContrast)
            provider.use(.standard)
            XCTAssertEqual(provider.loadCount, start + 2)
        }
    }

    func testButtonStateChangesNeverLoadAProvider() {
        MainActor.assumeIsolated {
            let provider = StyleProvider.shared
            provider.use(.standard)
            let button = StyledButton("Call next")
            let window = TestWindow(button.widget)
            defer { window.close() }
            let start = provider.loadCount
            for round in 0..<50 {
                if round.isMultiple(of: 2) { button.style(.secondary) } else { button.style(.destructive) }
                button.style(.primary)
                button.context(.kiosk).context(.desk)
                button.disabled(true, reason: "Closed").disabled(false)
                button.setBusy(true, label: "Printing…")
                button.setBusy(false)
                button.label = "Call next \(round)"
            }
            window.window.waitForPaint()
            XCTAssertEqual(provider.loadCount, start)
        }
    }

    func testABadThemeFileIsReportedAndTheDefaultIsUsed() throws {
        let path = NSTemporaryDirectory() + "bad-\(UUID().uuidString).theme"
        try "[primary]\npressed-background=#zzz\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        MainActor.assumeIsolated {
            let result = StyleProvider.shared.use(themeNamed: path)
            XCTAssertEqual(result.errors.map(\.description),
                           ["\(path):2: [primary] pressed-background: “#zzz” is not a colour; use #rgb or #rrggbb"])
            XCTAssertEqual(StyleProvider.shared.theme, .standard)
            XCTAssertEqual(StyleProvider.shared.parseErrors, [])
        }
    }
}
