import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import TesseraStyle
import XCTest
@testable import TesseraApp

/// The desk screen shows its model on widgets that always exist; every check asks GTK
/// (sensitivity, accessible description, CSS classes, label text), not the wrappers.
final class DeskScreenTests: ScreenTestCase {
    /// Desk 1 signed in as Ada (or `staffName`), following the store, in a window on screen.
    @MainActor static func desk(_ store: ScriptedStore, time: any TimeSource = GLibTimeSource(),
                                staffName: String = "Ada", windowSize: (width: Int32, height: Int32)? = nil) throws -> DeskScreen {
        MainQueueBridge.install()
        let ada = StaffMember(id: 1, name: staffName)
        _ = try store.perform(.registerStaff(ada), at: Date())
        let model = DeskModel(desk: 1, store: store, time: time)
        var ready = false
        Task {
            try await model.follow()
            await model.signIn(ada)
            ready = true
        }
        XCTAssertTrue(MainContext.iterate(until: { ready }, timeout: .seconds(10)))
        let screen = DeskScreen(model: model)
        let window = Window()
        if let windowSize { window.setDefaultSize(width: windowSize.width, height: windowSize.height) }
        window.child = screen.root
        window.present()
        windows.append(window)
        XCTAssertTrue(MainContext.iterate(until: { screen.root.isMapped }, timeout: .seconds(10)))
        return screen
    }

    func testADisabledButtonSaysWhyAndATicketFromElsewhereEnablesCallNext() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let desk = try Self.desk(store)
            let callNext = try XCTUnwrap(desk.buttons["Call next"]).button
            let start = try XCTUnwrap(desk.buttons["Start"]).button
            XCTAssertFalse(callNext.isSensitive)
            XCTAssertEqual(callNext.accessibleDescription, "Nobody is waiting for Click & Collect, Returns or Customer Service.")
            XCTAssertEqual(start.accessibleDescription, "This desk has no ticket; call one first.")
            _ = try store.perform(.issue(service: "R"), at: Date())
            XCTAssertTrue(MainContext.iterate(until: { callNext.isSensitive }, timeout: .seconds(10)),
                          "the change feed enables Call next without a refresh")
            let row = try XCTUnwrap(desk.lists.rows.first)
            XCTAssertTrue(row.button.isVisible)
            XCTAssertTrue(try XCTUnwrap(row.button.accessibleLabel).hasPrefix("Call R001, Returns"), "\(row.button.accessibleLabel ?? "")")
        }
    }

    func testWhileTheStoreAnswersTheButtonLoadsAndNothingElseCanBePressed() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            _ = try store.perform(.issue(service: "C"), at: Date())
            let desk = try Self.desk(store)
            let callNext = try XCTUnwrap(desk.buttons["Call next"]).button
            XCTAssertTrue(MainContext.iterate(until: { callNext.isSensitive }, timeout: .seconds(10)))
            let waiting = try XCTUnwrap(desk.lists.rows.first).button
            let performsBefore = store.performCount
            store.holdAfterCommit()
            XCTAssertTrue(callNext.activate())
            XCTAssertTrue(MainContext.iterate(until: { callNext.hasCSSClass(CSSClass.loading) }, timeout: .seconds(5)))
            XCTAssertFalse(waiting.isSensitive, "no second action while the first waits for the store")
            store.release()
            XCTAssertTrue(MainContext.iterate(until: { desk.model.snapshot?.current?.code == "C001" && !callNext.hasCSSClass(CSSClass.loading) },
                                              timeout: .seconds(10)))
            XCTAssertEqual(store.performCount, performsBefore + 1, "one call")
        }
    }

    func testLiveUpdatesRelabelTheListButtonsAndNeverReplaceThem() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let desk = try Self.desk(store)
            let before = desk.buttons.mapValues { $0.button.widgetPointer }
            for _ in 0..<3 { _ = try store.perform(.issue(service: "S"), at: Date()) }
            XCTAssertTrue(MainContext.iterate(until: { desk.lists.rows.count == 3 && desk.lists.rows[2].button.isVisible },
                                              timeout: .seconds(10)))
            let rows = desk.lists.rows.map(\.button.widgetPointer)
            XCTAssertTrue(desk.lists.rows[2].button.accessibleLabel?.hasPrefix("Call S003") ?? false)
            // S001 is called: the rows are relabelled, the same three GTK buttons.
            desk.model.press(.callNext)
            XCTAssertTrue(MainContext.iterate(until: { desk.lists.rows[0].button.accessibleLabel?.hasPrefix("Call S002") ?? false },
                                              timeout: .seconds(10)))
            XCTAssertFalse(desk.lists.rows[2].button.isVisible)
            XCTAssertEqual(desk.lists.rows.map(\.button.widgetPointer), rows, "the same rows: a finger on one keeps its press")
            XCTAssertEqual(desk.buttons.mapValues { $0.button.widgetPointer }, before,
                           "the same GTK buttons: a finger on one keeps its press")
        }
    }

    func testMinutesAtTheDeskAreCountedOnTheModelsClock() throws {
        let store = try ScriptedStore()
        // Two hours behind the system clock: read from it, the ticket would be "120 min" old.
        let clock = FixedClock(instant: Date(timeIntervalSince1970: (Date().timeIntervalSince1970 - 7200).rounded(.down)))
        _ = try store.perform(.issue(service: "C"), at: clock.instant)
        try MainActor.assumeIsolated {
            let desk = try Self.desk(store, time: clock)
            desk.model.press(.callNext)
            XCTAssertTrue(MainContext.iterate(until: { desk.model.snapshot?.current?.code == "C001" }, timeout: .seconds(10)))
            XCTAssertTrue(desk.panel.detail.text.hasSuffix("under a minute"), desk.panel.detail.text)
        }
    }

    func testNamesWithMarkupCharactersShowLiterallyInTheHeading() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let name = #"Bo & <Lee> "Jo's""#
            let desk = try Self.desk(store, staffName: name)
            XCTAssertEqual(desk.staffLine.text, name)
        }
    }

    /// Eight buttons are off with no ticket at the desk: each reason is said once, in the one
    /// line for them, and under no button.
    func testEveryReasonIsSaidOnceInOnePlace() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let desk = try Self.desk(store)
            XCTAssertTrue(MainContext.iterate(until: { desk.panel.reasons.isVisible }, timeout: .seconds(10)))
            let lines = desk.panel.reasons.text.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines, ["Nobody is waiting for Click & Collect, Returns or Customer Service.",
                                   "This desk has no ticket; call one first."])
            let captions = desk.buttons.values.filter { $0.caption.isVisible }.map(\.label)
            XCTAssertEqual(captions, [], "no reason under a button")
        }
    }
}

extension DeskScreenTests {
    /// The demo gives the desk a third of a 1280 px window: with a customer at the desk and a long
    /// service name waiting, nothing in it may need more (it would widen the window past the
    /// screen, and cut the board off).
    func testTheDeskFitsAThirdOfA1280PixelWindow() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            var service = try XCTUnwrap(try store.configuration().services["R"])
            service.name = "Returns, exchanges and refunds for large household appliances"
            _ = try store.perform(.setService(service), at: Date())
            for code in ["C", "R", "R", "S"] { _ = try store.perform(.issue(service: ServiceCode(rawValue: code)), at: Date()) }
            // The app's own stylesheet: its buttons' padding counts.
            StyleProvider.shared.use(themeNamed: "default")
            let desk = try Self.desk(store, windowSize: (1280 / 3, 800))
            desk.model.press(.callNext)
            XCTAssertTrue(MainContext.iterate(until: { desk.model.snapshot?.current != nil && desk.lists.rows.filter(\.button.isVisible).count == 3 },
                                              timeout: .seconds(10)))
            let parts: [(String, Widget)] = [("panel", desk.panel.root), ("lists", desk.lists.root),
                                             ("rows", desk.lists.rows[0].button), ("header", desk.heading)]
            let widths = parts.map { "\($0.0) \($0.1.minimumWidth)" }.joined(separator: ", ")
            XCTAssertLessThanOrEqual(desk.root.minimumWidth, 1280 / 3, "the desk needs \(desk.root.minimumWidth) px (\(widths))")
        }
    }
}
