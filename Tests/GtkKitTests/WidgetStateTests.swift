import CGtk
import Glibc
import XCTest
@testable import GtkKit

final class WidgetStateTests: GtkTestCase {
    func testStateFlagsRoundTripAndFollowGTK() {
        MainActor.assumeIsolated {
            let button = Button(label: "Recall")
            XCTAssertTrue(button.stateFlags.isDisjoint(with: [.hover, .active, .checked]))
            button.setStateFlags([.hover, .active])
            XCTAssertTrue(button.stateFlags.isSuperset(of: [.hover, .active]))
            button.unsetStateFlags(.hover)
            XCTAssertFalse(button.stateFlags.contains(.hover))
            XCTAssertTrue(button.stateFlags.contains(.active))
            button.setStateFlags(.checked, clear: true)
            XCTAssertTrue(button.stateFlags.contains(.checked))
            XCTAssertFalse(button.stateFlags.contains(.active), "clear did not turn the other flags off")
            // GTK's own flags read back too: sensitivity is `:disabled`.
            button.isSensitive = false
            XCTAssertTrue(button.stateFlags.contains(.insensitive))
        }
    }

    func testStateFlagsOfADestroyedWidgetAreEmpty() {
        MainActor.assumeIsolated {
            let window = Window()
            window.setStateFlags(.hover)
            window.destroy()
            XCTAssertEqual(window.stateFlags, [])
            window.setStateFlags(.active)  // ignored with a warning, no crash
        }
    }

    func testAccessibleHiddenAndBusyStatesReachGTK() {
        MainActor.assumeIsolated {
            let cover = Box()
            XCTAssertNil(accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, of: cover), "hidden before anything set it")
            cover.setAccessibleHidden(true)
            XCTAssertEqual(accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, of: cover), true)
            cover.setAccessibleHidden(false)
            XCTAssertEqual(accessibleState(GTK_ACCESSIBLE_STATE_HIDDEN, of: cover), false)

            cover.setAccessibleBusy(true)
            XCTAssertEqual(accessibleState(GTK_ACCESSIBLE_STATE_BUSY, of: cover), true)
            XCTAssertTrue(cover.isAccessibleBusy)
            cover.setAccessibleBusy(false)
            XCTAssertEqual(accessibleState(GTK_ACCESSIBLE_STATE_BUSY, of: cover), false)
        }
    }
}

/// A boolean accessible state as GTK's accessibility layer holds it, `nil` if never set
/// (`gtk_test_accessible_has_state`, `gtk_test_accessible_check_state`). GTK 4.8 has no
/// getter outside its testing API.
@MainActor private func accessibleState(_ state: GtkAccessibleState, of widget: Widget) -> Bool? {
    let accessible = widget.widgetPointer.opaque
    guard Bool(gboolean: gtk_test_accessible_has_state(accessible, state)) else { return nil }
    // `gtk_test_accessible_check_state` is variadic, which Swift cannot call directly. For a
    // boolean state its one variadic argument is a gboolean, which the x86-64 SysV and Linux
    // AArch64 ABIs pass exactly like a fixed `int` argument, so a fixed-argument pointer to
    // it is a faithful call. It returns NULL when the state has the expected value.
    typealias CheckState = @convention(c) (OpaquePointer, GtkAccessibleState, gboolean) -> UnsafeMutablePointer<CChar>?
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "gtk_test_accessible_check_state") else {
        XCTFail("gtk_test_accessible_check_state not found")
        return nil
    }
    let check = unsafeBitCast(symbol, to: CheckState.self)
    guard let mismatch = check(accessible, state, 1) else { return true }
    g_free(mismatch)
    return false
}
