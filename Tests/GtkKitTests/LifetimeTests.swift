import CGtk
import XCTest
@testable import GtkKit

final class LifetimeTests: GtkTestCase {
    func testWrapperAndSignalBoxesAreFreedAfterTheirWindowIsDestroyed() {
        MainActor.assumeIsolated {
            weak var weakButton: Button?
            weak var weakBox: ClosureBox?
            var watch: FinalizationWatch?
            do {
                let window = Window()
                let button = Button(label: "Issue")
                window.child = button
                // The handler captures its own button strongly: the classic cycle.
                let connection = button.onClicked { _ in _ = button.label }
                weakButton = button
                weakBox = connection.box
                watch = FinalizationWatch(button.objectPointer)
                XCTAssertNotNil(weakBox)
                window.destroy()
            }
            MainContext.iterate(until: { watch?.isFinalized == true && weakBox == nil && weakButton == nil })
            XCTAssertEqual(watch?.isFinalized, true, "the GtkButton was not finalized")
            XCTAssertNil(weakBox, "the clicked handler's box is still alive")
            XCTAssertNil(weakButton, "the Button wrapper is still alive")
        }
    }

    func testThousandConnectDisconnectCyclesLeaveNoBoxAlive() {
        MainActor.assumeIsolated {
            let button = Button(label: "Call next")
            let baseline = ClosureBox.liveCount
            var clicks = 0, connectedCounts: Set<Int> = [], stillConnected = 0
            for _ in 0..<1_000 {
                let connection = button.onClicked { _ in clicks += 1 }
                connectedCounts.insert(ClosureBox.liveCount)
                connection.disconnect()
                if connection.isConnected { stillConnected += 1 }
            }
            XCTAssertEqual(connectedCounts, [baseline + 1], "each connection should hold exactly one box")
            XCTAssertEqual(stillConnected, 0)
            emitThroughGLib("clicked", on: button)
            XCTAssertEqual(clicks, 0, "a disconnected handler ran")
            XCTAssertEqual(ClosureBox.liveCount, baseline, "boxes leaked")
        }
    }

    func testUnparentedWidgetDiesWithItsWrapper() {
        MainActor.assumeIsolated {
            var watch: FinalizationWatch?
            do {
                let label = Label("alone")
                watch = FinalizationWatch(label.objectPointer)
                XCTAssertTrue(label.ownsReference, "a new widget's floating reference was not sunk")
            }
            XCTAssertEqual(watch?.isFinalized, true)
        }
    }

    func testParentOwnsChildAfterWrapperIsDropped() {
        MainActor.assumeIsolated {
            let box = Box()
            var watch: FinalizationWatch?
            do {
                let label = Label("kept by the box")
                box.append(label)
                XCTAssertFalse(label.ownsReference)
                watch = FinalizationWatch(label.objectPointer)
            }
            XCTAssertEqual(watch?.isFinalized, false, "the box's child died with its wrapper")
            _ = box  // the box (and so the label) is released at the end of the scope
        }
    }

    func testRemovedChildSurvivesAndCanBeAddedElsewhere() {
        MainActor.assumeIsolated {
            let first = Box(), second = Box()
            let label = Label("moving")
            first.append(label)
            first.remove(label)
            XCTAssertFalse(label.isDestroyed)
            XCTAssertTrue(label.ownsReference)
            second.append(label)
            XCTAssertFalse(label.isDestroyed)
            XCTAssertFalse(label.ownsReference)
            XCTAssertEqual(label.text, "moving")
        }
    }

    func testReplacedSingleChildSurvives() {
        MainActor.assumeIsolated {
            let button = Button()
            let first = Label("one"), second = Label("two")
            button.child = first
            XCTAssertTrue(button.child === first)
            button.child = second
            XCTAssertFalse(first.isDestroyed, "the replaced child was destroyed")
            XCTAssertTrue(first.ownsReference)
            XCTAssertTrue(button.child === second)
        }
    }

    func testWrapperOfDestroyedWidgetIsInert() {
        MainActor.assumeIsolated {
            let window = Window()
            let label = Label("gone soon")
            window.child = label
            window.destroy()
            MainContext.iterate(until: { label.isDestroyed })
            XCTAssertTrue(label.isDestroyed)
            XCTAssertTrue(window.isDestroyed)
            XCTAssertEqual(label.text, "", "a destroyed label should read as empty")
            label.text = "ignored"  // must not touch freed memory
            window.destroy()        // twice is harmless
        }
    }

    func testWindowsAreOwnedByGTKNotByTheirWrapper() {
        MainActor.assumeIsolated {
            var watch: FinalizationWatch?
            var window: Window? = Window()
            watch = window.map { FinalizationWatch($0.objectPointer) }
            XCTAssertEqual(window?.ownsReference, false)
            let handle = window
            window = nil
            XCTAssertEqual(watch?.isFinalized, false, "dropping the wrapper must not close a window")
            handle?.destroy()
            MainContext.iterate(until: { watch?.isFinalized == true })
            XCTAssertEqual(watch?.isFinalized, true)
        }
    }
}
