import Foundation
import QueueStoreTesting
import Synchronization
import Testing

/// The rule of the suite: no test blocks a cooperative thread. Suites that block run
/// `.offThePool` (`Tests/Support/QueueStoreTesting/OffThePool.swift`); while as many of their
/// jobs block as there are cooperative threads, work on those threads still runs at once.
@Suite(.offThePool, .serialized) struct OffThePoolTests {
    /// Jobs that block until released, and who released them.
    private final class Gate: Sendable {
        let width = ProcessInfo.processInfo.activeProcessorCount
        private let semaphore = DispatchSemaphore(value: 0)
        private let state = Mutex((blocked: 0, poolRan: false, releasedByWatchdog: false, released: false))

        func block() {
            state.withLock { $0.blocked += 1 }
            semaphore.wait()
        }

        var everyoneBlocked: Bool { state.withLock { $0.blocked >= width || $0.released } }

        func poolRan() { state.withLock { $0.poolRan = true } }

        func release(byWatchdog: Bool) {
            let first = state.withLock { state in
                defer { state.released = true }
                if !state.released { state.releasedByWatchdog = byWatchdog }
                return !state.released
            }
            if first { for _ in 0..<width { semaphore.signal() } }
        }

        var seen: (poolRan: Bool, releasedByWatchdog: Bool) { state.withLock { ($0.poolRan, $0.releasedByWatchdog) } }
    }

    @Test func blockingTestsLeaveTheCooperativeThreadsFree() async {
        let gate = Gate()
        // If the blocked jobs held the cooperative threads, nothing below could run: this thread
        // lets them go after 10 s, and says so.
        Thread { Thread.sleep(forTimeInterval: 10); gate.release(byWatchdog: true) }.start()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<gate.width {
                group.addTask { gate.block() }  // a child task: on this test's executor, like the test's own code
            }
            group.addTask {
                while !gate.everyoneBlocked { usleep(1_000) }
                if await Task.detached(operation: { 42 }).value == 42 { gate.poolRan() }  // needs a cooperative thread
                gate.release(byWatchdog: false)
            }
        }
        let seen = gate.seen
        #expect(seen.poolRan && !seen.releasedByWatchdog,
                "a task on the cooperative threads ran while \(gate.width) blocking jobs waited: \(seen)")
    }
}
