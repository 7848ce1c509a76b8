import CGtk
import XCTest
@testable import GtkKit

final class EventControllerTests: GtkTestCase {
    func testKeyControllerSeesKeyPressesAndCanStopThem() {
        MainActor.assumeIsolated {
            let box = Box()
            let keys = EventControllerKey()
            box.addController(keys)
            var seen: [String] = []
            let first = keys.onKeyPressed { keyval, keycode, modifiers in
                seen.append("first \(keyval) \(keycode) \(modifiers.rawValue)")
                return false
            }
            keys.onKeyPressed { keyval, _, _ in
                seen.append("second \(keyval)")
                return false
            }
            let modifiers: ModifierType = [.shift, .control]
            XCTAssertFalse(pressKey(on: keys, keyval: UInt32(GDK_KEY_Return), keycode: 36, modifiers: modifiers))
            XCTAssertEqual(seen, ["first \(GDK_KEY_Return) 36 \(modifiers.rawValue)", "second \(GDK_KEY_Return)"])

            first.replaceHandler { keyval, _, _ in
                seen.append("stopped \(keyval)")
                return true
            }
            XCTAssertTrue(pressKey(on: keys, keyval: UInt32(GDK_KEY_space), keycode: 65, modifiers: []),
                          "returning true did not stop the key")
            XCTAssertEqual(seen.dropFirst(2), ["stopped \(GDK_KEY_space)"],
                           "a handler after the one that stopped the key ran")
        }
    }

    func testPropagationPhaseRoundTrips() {
        MainActor.assumeIsolated {
            let keys = EventControllerKey()
            XCTAssertEqual(keys.propagationPhase, .bubble, "GTK's default")
            for phase in [PropagationPhase.capture, .target, .none, .bubble] {
                keys.propagationPhase = phase
                XCTAssertEqual(keys.propagationPhase, phase)
            }
        }
    }

    func testClickGestureReportsPressesAndReleasesWithItsArguments() {
        MainActor.assumeIsolated {
            let box = Box()
            let gesture = GestureClick()
            XCTAssertEqual(gesture.button, 1, "GTK's default: the primary button")
            gesture.button = 0
            XCTAssertEqual(gesture.button, 0)
            box.addController(gesture)
            var events: [String] = []
            gesture.onPressed { received, count, x, y in
                XCTAssertTrue(received === gesture)
                events.append("pressed \(count) \(x) \(y)")
            }
            gesture.onReleased { _, count, x, y in events.append("released \(count) \(x) \(y)") }
            emitThroughGLib("pressed", on: gesture.objectPointer, [.int(2), .double(10.5), .double(20.25)])
            emitThroughGLib("released", on: gesture.objectPointer, [.int(2), .double(11), .double(21)])
            XCTAssertEqual(events, ["pressed 2 10.5 20.25", "released 2 11.0 21.0"])
            // No pointer is down: there is no sequence to claim, and GTK says so.
            XCTAssertFalse(gesture.isActive)
            XCTAssertFalse(gesture.claim())
        }
    }

    func testGestureAndItsHandlersAreReleasedWhenTheWidgetIsDestroyed() {
        MainActor.assumeIsolated {
            let baseline = ClosureBox.liveCount
            weak var weakGesture: GestureClick?
            var watch: FinalizationWatch?
            do {
                let window = Window()
                let box = Box()
                window.child = box
                let gesture = GestureClick()
                // Handlers that capture their own gesture strongly: GtkKit must still free them.
                gesture.onPressed { _, _, _, _ in _ = gesture.button }
                gesture.onReleased { _, _, _, _ in _ = gesture.button }
                box.addController(gesture)
                XCTAssertTrue(gesture.isAttached)
                XCTAssertFalse(gesture.ownsReference, "the widget should own the controller now")
                XCTAssertEqual(ClosureBox.liveCount, baseline + 2)
                weakGesture = gesture
                watch = FinalizationWatch(gesture.objectPointer)
                window.destroy()
            }
            MainContext.iterate(until: { watch?.isFinalized == true && ClosureBox.liveCount == baseline })
            XCTAssertEqual(watch?.isFinalized, true, "the GtkGestureClick was not finalized")
            XCTAssertEqual(ClosureBox.liveCount, baseline, "the gesture's handler boxes leaked")
            XCTAssertNil(weakGesture, "the GestureClick wrapper is still alive")
        }
    }

    func testControllerLivesAsLongAsItsWidgetNotItsWrapper() {
        MainActor.assumeIsolated {
            let baseline = ClosureBox.liveCount
            var watch: FinalizationWatch?
            var pointer: UnsafeMutablePointer<GObject>?
            var presses: [UInt32] = []
            do {
                let box = Box()
                do {
                    let gesture = GestureClick()
                    gesture.button = 3
                    gesture.onPressed { received, _, _, _ in presses.append(received.button) }
                    box.addController(gesture)
                    pointer = gesture.objectPointer
                    watch = FinalizationWatch(gesture.objectPointer)
                }
                XCTAssertEqual(watch?.isFinalized, false, "the controller died with its wrapper")
                // The handler gets a fresh wrapper around the same gesture.
                if let pointer { emitThroughGLib("pressed", on: pointer, [.int(1), .double(0), .double(0)]) }
                XCTAssertEqual(presses, [3])
            }
            // The box was never parented: it dies with its wrapper, and takes the controller along.
            MainContext.iterate(until: { watch?.isFinalized == true })
            XCTAssertEqual(watch?.isFinalized, true)
            XCTAssertEqual(ClosureBox.liveCount, baseline)
        }
    }

    func testUnattachedControllerDiesWithItsWrapperAndAddsOnlyOnce() {
        MainActor.assumeIsolated {
            var loose: FinalizationWatch?
            do {
                let keys = EventControllerKey()
                XCTAssertTrue(keys.ownsReference, "a new controller's full reference is not owned")
                XCTAssertFalse(keys.isAttached)
                loose = FinalizationWatch(keys.objectPointer)
            }
            XCTAssertEqual(loose?.isFinalized, true, "an unattached controller leaked")

            var twice: FinalizationWatch?
            do {
                let first = Box(), second = Box()
                let keys = EventControllerKey()
                first.addController(keys)
                second.addController(keys)  // ignored with a warning: one widget per controller
                twice = FinalizationWatch(keys.objectPointer)
            }
            XCTAssertEqual(twice?.isFinalized, true, "adding a controller twice left a reference behind")
        }
    }
}

/// `key-pressed` as GTK emits it: keyval, keycode and modifiers through GLib's marshaller,
/// and its accumulator stopping at the first handler that returns true.
@MainActor private func pressKey(on controller: EventControllerKey, keyval: UInt32, keycode: UInt32,
                                 modifiers: ModifierType) -> Bool {
    emitThroughGLib("key-pressed", on: controller.objectPointer,
                    [.uint(keyval), .uint(keycode), .flags(modifiers.rawValue, gdk_modifier_type_get_type())],
                    returnsBoolean: true)
}
