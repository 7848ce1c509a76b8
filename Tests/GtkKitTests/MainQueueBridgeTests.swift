import CGtk
import Dispatch
import Glibc
import XCTest
@testable import GtkKit

/// What the concurrency test observed, on the main actor.
@MainActor private final class Observations {
    var taskRan = false
    var sleepFinished = false
    var mainQueueRan = false
    var mainActorRunRan = false
    var threadsSeen: Set<pthread_t> = []

    var all: Bool { taskRan && sleepFinished && mainQueueRan && mainActorRunRan }

    func record() { threadsSeen.insert(pthread_self()) }
}

/// Guards libdispatch's private main-queue SPI: this fails if the bridge stops delivering
/// (a toolchain upgrade) or is not installed.
final class MainQueueBridgeTests: GtkTestCase {
    func testSwiftConcurrencyRunsWhileTheGLibLoopRuns() {
        MainActor.assumeIsolated {
            MainQueueBridge.install()
            XCTAssertTrue(MainQueueBridge.isInstalled)
            let seen = Observations()

            Task { @MainActor in
                seen.record()
                seen.taskRan = true
            }
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(20))
                seen.record()
                seen.sleepFinished = true
            }
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    seen.record()
                    seen.mainQueueRan = true
                }
            }
            Task.detached {
                await MainActor.run {
                    seen.record()
                    seen.mainActorRunRan = true
                }
            }

            // Only GLib's loop runs here (`g_main_context_iteration`), never the dispatch
            // main queue directly: without the bridge nothing above can run.
            MainContext.iterate(until: { seen.all }, timeout: .seconds(5))
            XCTAssertTrue(seen.taskRan, "Task { @MainActor } did not run under the GLib loop")
            XCTAssertTrue(seen.sleepFinished, "Task.sleep did not resume under the GLib loop")
            XCTAssertTrue(seen.mainQueueRan, "DispatchQueue.main.async did not run under the GLib loop")
            XCTAssertTrue(seen.mainActorRunRan, "await MainActor.run did not run under the GLib loop")
            XCTAssertEqual(seen.threadsSeen, [pthread_self()], "main-actor work ran off the main thread")
        }
    }

    func testInstallIsIdempotent() {
        MainActor.assumeIsolated {
            MainQueueBridge.install()
            MainQueueBridge.install()
            var runs = 0
            DispatchQueue.main.async { MainActor.assumeIsolated { runs += 1 } }
            MainContext.iterate(until: { runs > 0 })
            MainContext.drainPending()
            XCTAssertEqual(runs, 1, "a block ran twice or never")
        }
    }
}

final class MainContextTests: GtkTestCase {
    func testIdleRunsOnceAndReleasesItsBox() {
        MainActor.assumeIsolated {
            let baseline = ClosureBox.liveCount
            var runs = 0
            let source = MainContext.idle { runs += 1 }
            XCTAssertTrue(source.isActive)
            MainContext.iterate(until: { !source.isActive })
            MainContext.drainPending()
            XCTAssertEqual(runs, 1)
            XCTAssertEqual(ClosureBox.liveCount, baseline)
        }
    }

    func testTimeoutRepeatsUntilItSaysStop() {
        MainActor.assumeIsolated {
            var ticks = 0
            let source = MainContext.timeout(milliseconds: 1) {
                ticks += 1
                return ticks < 3
            }
            MainContext.iterate(until: { !source.isActive })
            XCTAssertEqual(ticks, 3)
        }
    }

    func testCancelledSourceNeverRunsAndReleasesItsBox() {
        MainActor.assumeIsolated {
            let baseline = ClosureBox.liveCount
            var ran = false
            let source = MainContext.timeout(milliseconds: 1) { ran = true; return true }
            source.cancel()
            XCTAssertFalse(source.isActive)
            source.cancel()  // twice is harmless
            MainContext.drainPending()
            XCTAssertFalse(ran)
            XCTAssertEqual(ClosureBox.liveCount, baseline)
        }
    }

    func testIterateGivesUpAtItsDeadline() {
        MainActor.assumeIsolated {
            XCTAssertFalse(MainContext.iterate(until: { false }, timeout: .milliseconds(50)))
        }
    }
}
