import CGtk
import XCTest
@testable import GtkKit

final class SignalTests: GtkTestCase {
    func testReplacedHandlerIsTheOneThatRuns() {
        MainActor.assumeIsolated {
            let button = Button(label: "C")
            var ran: [String] = []
            let connection = button.onClicked { _ in ran.append("first") }
            emitThroughGLib("clicked", on: button)
            let idBefore = connection.handlerID
            connection.replaceHandler { _ in ran.append("second") }
            emitThroughGLib("clicked", on: button)
            XCTAssertEqual(ran, ["first", "second"])
            XCTAssertEqual(connection.handlerID, idBefore, "replacing must not reconnect")
            XCTAssertTrue(connection.isConnected)
        }
    }

    func testHandlerThatDestroysItsOwnWindowDoesNotCrash() {
        MainActor.assumeIsolated {
            let button = Button(label: "Done")
            let window = presentedWindow(with: button)
            var clicked = false
            button.onClicked { clickedButton in
                clicked = true
                window.destroy()
                XCTAssertTrue(clickedButton === button)
            }
            // The real path: activation presses the button and emits `clicked` from GTK.
            XCTAssertTrue(button.activate())
            MainContext.iterate(until: { clicked && button.isDestroyed })
            XCTAssertTrue(clicked)
            XCTAssertTrue(window.isDestroyed)
            XCTAssertTrue(button.isDestroyed)
        }
    }

    func testHandlerMayDisconnectAndReplaceItselfWhileRunning() {
        MainActor.assumeIsolated {
            let button = Button()
            var calls = 0
            var connection: SignalConnection<Button.ClickHandler>?
            connection = button.onClicked { _ in
                calls += 1
                connection?.replaceHandler { _ in calls += 100 }
                connection?.disconnect()
            }
            emitThroughGLib("clicked", on: button)
            emitThroughGLib("clicked", on: button)
            XCTAssertEqual(calls, 1)
            XCTAssertNil(connection?.box, "GLib kept the box after disconnect")
        }
    }

    func testHandlerGetsAWrapperEvenAfterTheOriginalIsGone() {
        MainActor.assumeIsolated {
            let box = Box()
            var receivedLabel: String?
            do {
                let button = Button(label: "Returns")
                box.append(button)
                button.onClicked { clicked in receivedLabel = clicked.label }
            }
            guard let child = gtk_widget_get_first_child(box.widgetPointer) else {
                return XCTFail("the button is gone")
            }
            let handle = Button(borrowing: UnsafeMutableRawPointer(child))
            emitThroughGLib("clicked", on: handle)
            XCTAssertEqual(receivedLabel, "Returns")
        }
    }

    func testCloseRequestHandlerCanRefuseAndAllow() {
        MainActor.assumeIsolated {
            // `gtk_window_close` ignores windows that are not realized.
            let window = presentedWindow(with: Label("board"))
            let connection = window.onCloseRequest { _ in true }
            window.close()
            MainContext.drainPending()
            XCTAssertFalse(window.isDestroyed, "a refused close destroyed the window")
            connection.replaceHandler { _ in false }
            window.close()
            MainContext.iterate(until: { window.isDestroyed })
            XCTAssertTrue(window.isDestroyed)
            XCTAssertFalse(connection.isConnected)
        }
    }

    func testConnectingAnUnknownSignalLeavesNoBox() {
        MainActor.assumeIsolated {
            let label = Label()
            let baseline = ClosureBox.liveCount
            // GLib logs a critical for the unknown name; the box must not leak.
            let connection = label.connect("no-such-signal") {}
            XCTAssertFalse(connection.isConnected)
            XCTAssertEqual(ClosureBox.liveCount, baseline)
        }
    }
}
