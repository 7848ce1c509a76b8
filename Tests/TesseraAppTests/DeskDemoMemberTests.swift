import Foundation
import GtkKit
import QueueCore
import QueueStore
import QueueStoreTesting
import TesseraFeatures
import XCTest
@testable import TesseraApp

/// The demo member ("Demo", PIN 1234) exists only in `tessera demo`: a production desk on a store
/// with no staff adds nobody and says how to add staff.
final class DeskDemoMemberTests: ScreenTestCase {
    @MainActor private static func openDesk(_ store: any QueueStore, demo: Bool) throws -> DeskPage {
        MainQueueBridge.install()
        var page: DeskPage?
        var failure: (any Error)?
        Task {
            do {
                page = try await DeskPage.open(desk: DeskNumber(rawValue: 1), store: store, time: GLibTimeSource(),
                                               settings: StaffSettings(), admin: AdminOptions(TesseraSettings()), demo: demo)
            } catch { failure = error }
        }
        XCTAssertTrue(MainContext.iterate(until: { page != nil || failure != nil }, timeout: .seconds(10)))
        let desk = try XCTUnwrap(page, "\(String(describing: failure))")
        let window = Window()
        window.child = desk.root
        window.present()
        Self.windows.append(window)
        XCTAssertTrue(MainContext.iterate(until: { desk.root.isMapped }, timeout: .seconds(10)))
        return desk
    }

    func testAProductionDeskWithNoStaffAddsNoDemoMemberAndSaysHowToAddStaff() throws {
        let scripted = try ScriptedStore()
        let store = try openStore(url: scripted.directory.appendingPathComponent("queue.db").path)
        try MainActor.assumeIsolated {
            let desk = try Self.openDesk(store, demo: false)
            XCTAssertEqual(try staffCredentials(of: store)?.activeStaff().map(\.member.name), [], "nobody was added")
            XCTAssertFalse(desk.signInScreen.hint.isVisible, "no demo PIN is shown")
            XCTAssertFalse(desk.signInScreen.hint.text.contains("1234"))
            XCTAssertTrue(MainContext.iterate(until: { desk.signInScreen.message.text.contains("tessera staff add") },
                                              timeout: .seconds(10)), "it says how to add staff: \(desk.signInScreen.message.text)")
            XCTAssertTrue(desk.signInScreen.message.isVisible)
        }
    }

    func testTheDemoDeskAddsTheDemoMemberAndShowsItsPin() throws {
        let scripted = try ScriptedStore()
        let store = try openStore(url: scripted.directory.appendingPathComponent("queue.db").path)
        try MainActor.assumeIsolated {
            let desk = try Self.openDesk(store, demo: true)
            XCTAssertEqual(try staffCredentials(of: store)?.activeStaff().map(\.member.name), ["Demo"])
            XCTAssertTrue(desk.signInScreen.hint.isVisible)
            XCTAssertTrue(desk.signInScreen.hint.text.contains("PIN 1234"), desk.signInScreen.hint.text)
        }
    }
}
