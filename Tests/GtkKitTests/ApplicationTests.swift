import CGtk
import XCTest
@testable import GtkKit

final class ApplicationTests: GtkTestCase {
    func testOptionsAreParsedByGLib() {
        MainActor.assumeIsolated {
            let app = Application(id: "app.tessera.Kiosk.OptionsTest", flags: [.nonUnique])
            app.addMainOption(CommandOption(name: "desk", kind: .integer, argument: "N", help: "Desk number"))
            app.addMainOption(CommandOption(name: "database", kind: .string, argument: "URL", help: "Store URL"))
            app.addMainOption(CommandOption(name: "windowed", short: "w", kind: .flag, help: "Not fullscreen"))
            app.addMainOption(CommandOption(name: "json", kind: .flag, help: "JSON output"))
            app.acceptPositionalArguments("ROLE")
            var parsed: ParsedCommandLine?
            app.onHandleLocalOptions { _, options in
                parsed = options
                return 0
            }
            let status = app.run(["tessera", "kiosk", "--desk", "3", "-w", "--database", "sqlite:///tmp/q.db"])
            XCTAssertEqual(status, 0)
            XCTAssertEqual(parsed?.integers["desk"], 3)
            XCTAssertEqual(parsed?.strings["database"], "sqlite:///tmp/q.db")
            XCTAssertEqual(parsed?.flags, ["windowed"])
            XCTAssertEqual(parsed?.positional, ["kiosk"])
        }
    }

    func testReturningNilContinuesToActivate() {
        MainActor.assumeIsolated {
            let app = Application(id: "app.tessera.Kiosk.ActivateTest", flags: [.nonUnique])
            var activated = false
            var windowTitle: String?
            app.onHandleLocalOptions { _, _ in nil }
            app.onActivate { app in
                activated = true
                let window = ApplicationWindow(application: app)
                window.title = "Tessera"
                windowTitle = window.title
                // Quit from the loop once the window is up: this also exercises the bridge.
                Task { @MainActor in
                    window.destroy()
                    app.quit()
                }
            }
            // A watchdog so a broken bridge fails the test instead of hanging it.
            var timedOut = false
            let watchdog = MainContext.timeout(milliseconds: 5_000) {
                timedOut = true
                app.quit()
                return false
            }
            let status = app.run(["tessera"])
            watchdog.cancel()
            XCTAssertFalse(timedOut, "the main-actor task that quits never ran under g_application_run")
            XCTAssertEqual(status, 0)
            XCTAssertTrue(activated)
            XCTAssertEqual(windowTitle, "Tessera")
        }
    }
}
