import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import XCTest
@testable import TesseraApp

/// The fake printer runs out of paper: within 2 s the kiosk tells the customer and a desk on
/// its own connection (as another process would be) shows "Kiosk 'Door' printer: out of paper"; both
/// clear when the paper is back. Real GLib timers and the real change feed; GTK's labels checked.
final class PrinterStatusScreenTests: ScreenTestCase {
    func testPaperOutShowsOnTheKioskAndTheDeskWithinTwoSecondsAndClears() throws {
        let kioskStore = try ScriptedStore()
        let deskStore = try openStore(url: kioskStore.directory.appendingPathComponent("queue.db").path)
        let fake = try FakePrinter(.tcp)
        try MainActor.assumeIsolated {
            MainQueueBridge.install()
            var settings = KioskSettings()
            settings.printer = try PrinterAddress.parse(fake.address).get()
            settings.name = "Door"
            var kiosk: KioskScreen?
            Task { kiosk = try await KioskScreen.make(store: kioskStore, time: GLibTimeSource(), settings: Self.settings(settings)) }
            XCTAssertTrue(MainContext.iterate(until: { kiosk != nil }, timeout: .seconds(10)))
            let screen = try XCTUnwrap(kiosk)
            let ada = StaffMember(id: 1, name: "Ada")
            _ = try kioskStore.perform(.registerStaff(ada), at: Date())
            let deskModel = DeskModel(desk: 1, store: deskStore, time: GLibTimeSource())
            var following = false
            Task {
                try await deskModel.follow()
                await deskModel.signIn(ada)
                following = true
            }
            XCTAssertTrue(MainContext.iterate(until: { following }, timeout: .seconds(10)))
            let desk = DeskScreen(model: deskModel)
            for root in [screen.root as Widget, desk.root] {
                let window = Window()
                window.child = root
                window.present()
                Self.windows.append(window)
            }
            XCTAssertTrue(MainContext.iterate(until: { screen.model.printerCondition == .ready }, timeout: .seconds(10)))
            XCTAssertFalse(screen.services.notice.isVisible)
            XCTAssertFalse(desk.printerAlert.isVisible)

            fake.set("paper-out")
            let start = ContinuousClock.now
            XCTAssertTrue(MainContext.iterate(until: {
                screen.services.notice.isVisible && screen.services.notice.text.contains("run out of paper")
                    && desk.printerAlert.isVisible && desk.printerAlert.text == "Kiosk 'Door' printer: out of paper"
            }, timeout: .seconds(2)), "kiosk: \(screen.services.notice.text); desk: \(desk.printerAlert.text)")
            print("paper out shown on kiosk and desk after \(ContinuousClock.now - start)")

            fake.set("ready")
            XCTAssertTrue(MainContext.iterate(until: { !screen.services.notice.isVisible && !desk.printerAlert.isVisible },
                                              timeout: .seconds(2)))
            screen.model.stopFollowing()
        }
    }

    private static func settings(_ kiosk: KioskSettings) -> TesseraSettings {
        var settings = TesseraSettings()
        settings.kiosk = kiosk
        return settings
    }
}
