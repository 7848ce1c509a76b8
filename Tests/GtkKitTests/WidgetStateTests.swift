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
            XCTAssertNil(cover.reportedAccessibleState(GTK_ACCESSIBLE_STATE_HIDDEN), "hidden before anything set it")
            cover.setAccessibleHidden(true)
            XCTAssertEqual(cover.reportedAccessibleState(GTK_ACCESSIBLE_STATE_HIDDEN), true)
            cover.setAccessibleHidden(false)
            XCTAssertEqual(cover.reportedAccessibleState(GTK_ACCESSIBLE_STATE_HIDDEN), false)

            cover.setAccessibleBusy(true)
            XCTAssertEqual(cover.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), true)
            cover.setAccessibleBusy(false)
            XCTAssertEqual(cover.reportedAccessibleState(GTK_ACCESSIBLE_STATE_BUSY), false)
        }
    }

    func testStateFlagsChangedPassesThePreviousFlags() {
        MainActor.assumeIsolated {
            let button = Button(label: "Recall")
            var seen: [WidgetStateFlags] = []
            button.onStateFlagsChanged { previous in seen.append(previous) }
            button.setStateFlags(.active)
            XCTAssertEqual(seen.count, 1)
            XCTAssertFalse(seen[0].contains(.active), "the flags before the press")
            button.unsetStateFlags(.active)
            XCTAssertEqual(seen.count, 2)
            XCTAssertTrue(seen[1].contains(.active), "the flags before the release")
        }
    }
}
