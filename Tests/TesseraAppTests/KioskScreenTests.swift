import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import TesseraStyle
import XCTest
@testable import TesseraApp

/// The kiosk screen shows its model's phases on widgets that always exist; every check asks
/// GTK (sensitivity, CSS classes, label text, the visible page), not the wrappers.
final class KioskScreenTests: ScreenTestCase {
    @MainActor private static func makeKiosk(_ store: ScriptedStore) async throws -> KioskScreen {
        KioskScreen(model: try await KioskModel.load(store: store, time: GLibTimeSource()))
    }

    /// The kiosk in a window on screen: GTK activates only a realized button (after its
    /// pressed look, as for a key press).
    @MainActor static func kiosk(_ store: ScriptedStore) throws -> KioskScreen {
        // The app installs it in Application.run; the model's tasks reach the main actor through it.
        MainQueueBridge.install()
        var screen: KioskScreen?
        Task { screen = try await makeKiosk(store) }
        XCTAssertTrue(MainContext.iterate(until: { screen != nil }, timeout: .seconds(10)))
        let kiosk = try XCTUnwrap(screen)
        let window = Window()
        window.child = kiosk.root
        window.present()
        windows.append(window)
        XCTAssertTrue(MainContext.iterate(until: { kiosk.root.isMapped }, timeout: .seconds(10)))
        return kiosk
    }

    func testATapShowsBusyOnItsButtonDisablesTheOthersAndThenShowsTheTicket() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let kiosk = try Self.kiosk(store)
            let collect = try XCTUnwrap(kiosk.services.buttons["C"]).button
            let returns = try XCTUnwrap(kiosk.services.buttons["R"]).button
            store.holdAfterCommit()
            XCTAssertTrue(collect.activate())
            XCTAssertTrue(MainContext.iterate(until: { collect.hasCSSClass(CSSClass.loading) }, timeout: .seconds(5)),
                          "the tapped button shows the spinner")
            XCTAssertFalse(returns.isSensitive, "no other service while the store has not answered")
            _ = collect.activate()
            _ = returns.activate()
            store.release()
            XCTAssertTrue(MainContext.iterate(until: { kiosk.root.visibleChildName == "ticket" }, timeout: .seconds(10)))
            XCTAssertEqual(kiosk.ticket.code.text, "C001")
            XCTAssertEqual(kiosk.ticket.ahead.text, "You are next")
            XCTAssertFalse(collect.hasCSSClass(CSSClass.loading))
            XCTAssertFalse(collect.isSensitive || returns.isSensitive, "nothing to tap behind the ticket")
            // Done, once the tap that asked for the ticket is surely over.
            XCTAssertTrue(MainContext.iterate(until: { kiosk.ticket.done.button.activate() && kiosk.model.phase == .returning },
                                              timeout: .seconds(5)))
            // Through the whole cross-fade back, and the tap guard after it, no button takes a tap.
            var sawFade = false
            XCTAssertTrue(MainContext.iterate(until: {
                if kiosk.model.phase == .returning {
                    sawFade = sawFade || kiosk.root.isTransitionRunning
                    XCTAssertFalse(collect.isSensitive || returns.isSensitive, "a button took taps before the services were back")
                    return false
                }
                return true
            }, timeout: .seconds(5)))
            XCTAssertTrue(sawFade, "the return cross-fades")
            XCTAssertFalse(kiosk.root.isTransitionRunning)
            XCTAssertEqual(kiosk.model.phase, .choosing)
            XCTAssertTrue(collect.isSensitive && returns.isSensitive, "the next customer can choose")
        }
        XCTAssertEqual(try store.tickets(TicketFilter()).map(\.code), ["C001"])
        XCTAssertEqual(store.performCount, 1)
    }

    func testAFailureIsSaidUnderTheButtonsAndTheyWorkAgain() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let kiosk = try Self.kiosk(store)
            let returns = try XCTUnwrap(kiosk.services.buttons["R"]).button
            store.failPerform()
            XCTAssertTrue(returns.activate())
            XCTAssertTrue(MainContext.iterate(until: { kiosk.services.notice.isVisible }, timeout: .seconds(10)))
            XCTAssertEqual(kiosk.services.notice.text, kiosk.services.words.refusal(.unavailable, service: "Returns"))
            XCTAssertEqual(kiosk.root.visibleChildName, "services")
            XCTAssertTrue(returns.isSensitive)
            XCTAssertFalse(returns.hasCSSClass(CSSClass.loading))
        }
    }

    /// A service closed while a finger is on its button keeps the button as it was until the
    /// finger lifts; then it stays, disabled as closed. GTK's pressed state (`:active`) is what
    /// the screen checks, set here as a press would.
    func testAButtonIsNotChangedWhileItIsPressed() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let kiosk = try Self.kiosk(store)
            let follow = Task { try await kiosk.model.follow() }
            XCTAssertTrue(MainContext.iterate(until: { kiosk.model.followsStore }, timeout: .seconds(10)))
            _ = follow
            let returns = try XCTUnwrap(kiosk.services.buttons["R"])
            returns.button.setStateFlags(.active)
            _ = try store.perform(.closeService("R"), at: Date())
            XCTAssertTrue(MainContext.iterate(until: { kiosk.model.services.first { $0.code == "R" }?.availability == .closed },
                                              timeout: .seconds(10)), "the model hears of the close")
            MainContext.drainPending()
            XCTAssertNil(returns.button.accessibleDescription, "the pressed button stays as it was")
            XCTAssertTrue(returns.widget.isMapped)
            returns.button.unsetStateFlags(.active)
            XCTAssertTrue(MainContext.iterate(until: { returns.button.accessibleDescription == "Closed" }, timeout: .seconds(10)),
                          "and says it is closed once the press ends")
            XCTAssertTrue(kiosk.services.buttons["R"] === returns && returns.widget.isMapped, "the same button, still shown")
            kiosk.model.stopFollowing()
        }
    }

    func testAKioskStartedWithEveryServiceClosedSaysSo() throws {
        let store = try ScriptedStore()
        for code: ServiceCode in ["C", "R", "S"] { _ = try store.perform(.closeService(code), at: Date()) }
        try MainActor.assumeIsolated {
            let kiosk = try Self.kiosk(store)
            XCTAssertEqual(kiosk.services.prompt.text, kiosk.services.words.noServices)
            XCTAssertEqual(Set(kiosk.services.buttons.keys), ["C", "R", "S"], "each service keeps its button")
            XCTAssertTrue(kiosk.services.buttons.values.allSatisfy { $0.button.accessibleDescription == "Closed" },
                          "each disabled as closed")
        }
    }
}
