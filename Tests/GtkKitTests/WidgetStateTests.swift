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
    // The C call is variadic; the shim gives it a fixed boolean argument.
    guard let mismatch = tessera_test_accessible_check_boolean_state(accessible, state, 1) else { return true }
    g_free(mismatch)
    return false
}
