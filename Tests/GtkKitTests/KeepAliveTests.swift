import CGtk
import XCTest
@testable import GtkKit

/// `Widget.keepAlive(_:)`: a controller lives as long as GTK keeps its widget, and no longer.
final class KeepAliveTests: GtkTestCase {
    /// A Swift controller of a widget: it holds the widget's wrapper, as a screen's button does.
    @MainActor private final class Controller {
        let box = Box()
        init() { box.keepAlive(self) }
    }

    func testAShownWidgetKeepsItsControllerUntilTheWindowIsDestroyed() {
        MainActor.assumeIsolated {
            let window = Window()
            weak var weakController: Controller?
            var watch: FinalizationWatch?
            do {
                let controller = Controller()
                window.child = controller.box
                weakController = controller
                watch = FinalizationWatch(controller.box.objectPointer)
                XCTAssertTrue(controller.box.isKeepingAlive(controller))
            }
            XCTAssertNotNil(weakController, "the controller died while its widget is in a window")
            window.destroy()
            MainContext.iterate(until: { weakController == nil && watch?.isFinalized == true })
            XCTAssertEqual(watch?.isFinalized, true, "the widget was not finalized")
            XCTAssertNil(weakController, "the controller outlived its widget")
        }
    }

    func testAnUnparentedWidgetDoesNotKeepItsController() {
        MainActor.assumeIsolated {
            weak var weakController: Controller?
            var watch: FinalizationWatch?
            do {
                let controller = Controller()
                weakController = controller
                watch = FinalizationWatch(controller.box.objectPointer)
                XCTAssertFalse(controller.box.isKeepingAlive(controller), "a strong hold here is a cycle")
            }
            XCTAssertNil(weakController, "controller → wrapper → widget → controller leaked")
            XCTAssertEqual(watch?.isFinalized, true)
        }
    }

    func testTheHoldFollowsTheParent() {
        MainActor.assumeIsolated {
            let first = Box(), second = Box()
            weak var weakController: Controller?
            let box: Box
            do {
                let controller = Controller()
                weakController = controller
                box = controller.box
                first.append(box)
            }
            XCTAssertNotNil(weakController, "the parent's widget keeps the controller")
            XCTAssertTrue(weakController.map(box.isKeepingAlive) ?? false)
            // Taken back through GtkKit: the wrapper owns the widget again, nothing holds the
            // controller, so it goes; the widget survives in the test's wrapper.
            first.remove(box)
            XCTAssertNil(weakController, "a removed widget still held its controller")
            XCTAssertFalse(box.isDestroyed)

            let controller = Controller()
            second.append(controller.box)
            XCTAssertTrue(controller.box.isKeepingAlive(controller))
            second.remove(controller.box)
            XCTAssertFalse(controller.box.isKeepingAlive(controller))
            second.append(controller.box)
            XCTAssertTrue(controller.box.isKeepingAlive(controller), "adopted again, held again")
        }
    }

    func testAWindowKeepsItsControllerUntilItIsDestroyed() {
        MainActor.assumeIsolated {
            @MainActor final class WindowController {
                let window = Window()
                init() { window.keepAlive(self) }
            }
            weak var weakController: WindowController?
            var window: Window?
            do {
                let controller = WindowController()
                weakController = controller
                window = controller.window
            }
            XCTAssertNotNil(weakController, "a window belongs to GTK, and so does its controller")
            window?.destroy()
            MainContext.iterate(until: { weakController == nil })
            XCTAssertNil(weakController)
        }
    }

    func testAddingTheSameOwnerTwiceHoldsItOnce() {
        MainActor.assumeIsolated {
            let parent = Box()
            weak var weakController: Controller?
            let box: Box
            do {
                let controller = Controller()
                controller.box.keepAlive(controller)
                parent.append(controller.box)
                weakController = controller
                box = controller.box
            }
            XCTAssertNotNil(weakController)
            parent.remove(box)
            XCTAssertNil(weakController, "a second entry still held the controller")
        }
    }
}
