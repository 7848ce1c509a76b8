import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import XCTest
@testable import TesseraApp

/// The board's header as GTK shows it: offline while the store reports its server lost (the
/// way a PostgreSQL store does), the store's name again once it is back, and a printer alert that
/// names each kiosk that cannot print.
final class BoardHeaderScreenTests: ScreenTestCase {
    func testTheHeaderSaysOfflineWhileTheStoreReconnectsAndNotOnceItIsBack() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let screen = try BoardScreenTests.board(store)
            let name = try store.configuration().storeName
            XCTAssertFalse(name.isEmpty)
            XCTAssertEqual(screen.storeName.text, name)

            store.setReachability(.reconnecting)
            XCTAssertTrue(MainContext.iterate(until: { screen.storeName.text == "\(name) · offline, reconnecting…" },
                                              timeout: .seconds(5)), "header: \(screen.storeName.text)")
            XCTAssertTrue(screen.storeName.isVisible && screen.storeName.isMapped)

            store.setReachability(.online)
            XCTAssertTrue(MainContext.iterate(until: { screen.storeName.text == name }, timeout: .seconds(5)),
                          "header: \(screen.storeName.text)")
            screen.model.stop()
        }
    }

    func testThePrinterAlertNamesEveryKioskThatCannotPrintUntilEachPrintsAgain() throws {
        let store = try ScriptedStore()
        try MainActor.assumeIsolated {
            let screen = try BoardScreenTests.board(store)
            XCTAssertFalse(screen.printerAlert.isVisible)
            _ = try store.perform(.reportPrinter(.coverOpen, terminal: "Door"), at: Date())
            _ = try store.perform(.reportPrinter(.paperOut, terminal: "Back"), at: Date())
            let both = "Kiosk 'Back' printer: out of paper · Kiosk 'Door' printer: cover open"
            XCTAssertTrue(MainContext.iterate(until: { screen.printerAlert.isVisible && screen.printerAlert.text == both },
                                              timeout: .seconds(5)), "alert: \(screen.printerAlert.text)")
            _ = try store.perform(.reportPrinter(.ready, terminal: "Back"), at: Date())
            XCTAssertTrue(MainContext.iterate(until: { screen.printerAlert.text == "Kiosk 'Door' printer: cover open" },
                                              timeout: .seconds(5)), "the other kiosk's alert stays: \(screen.printerAlert.text)")
            _ = try store.perform(.reportPrinter(.ready, terminal: "Door"), at: Date())
            XCTAssertTrue(MainContext.iterate(until: { !screen.printerAlert.isVisible }, timeout: .seconds(5)))
            screen.model.stop()
        }
    }
}
