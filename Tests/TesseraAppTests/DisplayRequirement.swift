import GtkKit
import XCTest

/// GTK tests skip without a display, except in CI, where they must run.
func requireDisplay() throws {
    guard let problem = MainActor.assumeIsolated({ Gtk.initializeForTesting() }) else { return }
    if Gtk.mustRunDisplayTests { XCTFail("CI is set and GTK tests must run, but: \(problem)") }
    throw XCTSkip(problem)
}

/// A screen test: needs a display (see `requireDisplay`), and destroys every window it opened
/// (added to `windows`) after each test.
class ScreenTestCase: XCTestCase {
    @MainActor static var windows: [Window] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        try requireDisplay()
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            Self.windows.forEach { $0.destroy() }
            Self.windows = []
        }
        super.tearDown()
    }
}
