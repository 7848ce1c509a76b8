import CGtk
import Glibc
import XCTest
@testable import GtkKit

/// Base for GTK tests: skips without a display, unless `CI` is set (then fails), and
/// initialises GTK once. XCTest runs these synchronously on the main thread; test bodies
/// enter the main actor with `MainActor.assumeIsolated`.
class GtkTestCase: XCTestCase {
    private nonisolated(unsafe) static var gtkReady: Bool?

    override func setUpWithError() throws {
        try super.setUpWithError()
        let problem = MainActor.assumeIsolated { () -> String? in
            if let ready = GtkTestCase.gtkReady { return ready ? nil : "GTK did not initialise" }
            let problem = Gtk.initializeForTesting()
            GtkTestCase.gtkReady = problem == nil
            return problem
        }
        if let problem {
            if Gtk.mustRunDisplayTests {
                XCTFail("CI is set and GTK tests must run, but: \(problem)")
                throw XCTSkip("failed above")
            }
            throw XCTSkip(problem)
        }
    }

    override func tearDown() {
        // Let GTK finish pending disposals so one test's leftovers never leak into the next.
        MainActor.assumeIsolated { MainContext.drainPending() }
        super.tearDown()
    }
}

/// Watches a GObject with a plain GLib weak pointer (`g_object_add_weak_pointer`),
/// independently of GtkKit's own liveness flag.
@MainActor final class FinalizationWatch {
    private let slot = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)

    init(_ object: UnsafeMutablePointer<GObject>) {
        slot.initialize(to: UnsafeMutableRawPointer(object))
        g_object_add_weak_pointer(object, slot)
    }

    /// True once GLib has finalized the object (and cleared the pointer).
    var isFinalized: Bool { slot.pointee == nil }

    isolated deinit {
        if let object = slot.pointee {
            g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
        }
        slot.deallocate()
    }
}

/// Emits a no-argument, no-return signal through `g_signal_emitv`, the way GTK does.
@MainActor func emitThroughGLib(_ signal: String, on object: NativeObject) {
    emitThroughGLib(signal, on: object.objectPointer)
}

/// A window shown on screen with `content`, drawn at least once.
@MainActor func presentedWindow(with content: Widget, width: Int32 = 320, height: Int32 = 200) -> Window {
    let window = Window()
    window.setDefaultSize(width: width, height: height)
    window.child = content
    var painted = false
    window.afterNextPaint { _ in painted = true }
    window.present()
    MainContext.iterate(until: { painted && content.isMapped && content.allocatedWidth > 0 })
    return window
}
