import GtkKit
import XCTest

/// GTK tests skip without a display, except in CI, where they must run.
func requireDisplay() throws {
    guard let problem = MainActor.assumeIsolated({ Gtk.initializeForTesting() }) else { return }
    if Gtk.mustRunDisplayTests { XCTFail("CI is set and GTK tests must run, but: \(problem)") }
    throw XCTSkip(problem)
}
