import Dispatch
import Foundation
import Synchronization
import Testing

/// `@Suite(.offThePool)`: the suite's tests run on GCD's threads, not on Swift's cooperative
/// ones. For tests that block (a process to finish, a PostgreSQL server to answer, a file lock,
/// `eventually`'s polling): `swift test` runs every suite at once, and the cooperative pool has
/// one thread a core, two here. Tests that block there leave none for what other tests wait
/// for (a model's task starting, a `Task.sleep` waking), which then waited 30–40 s.
public struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        // Only around each test case: the suite as a whole runs nothing of its own.
        guard testCase != nil else { return try await function() }
        await TestSlots.shared.acquire()
        defer { TestSlots.shared.release() }
        try await withTaskExecutorPreference(BlockingTestExecutor()) { try await function() }
    }
}

/// How many `.offThePool` tests run at once: one a core, as many as the cooperative pool would
/// have run. Unbounded, GCD would start every blocking test of the run together (hundreds of
/// threads and processes on two cores), and each would take minutes instead of seconds.
final class TestSlots: Sendable {
    static let shared = TestSlots(count: ProcessInfo.processInfo.activeProcessorCount)

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }
    private let state: Mutex<State>

    init(count: Int) { state = Mutex(State(free: max(1, count))) }

    /// Waits, without holding a thread, until a slot is free, and takes it.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.free > 0 {
                    state.free -= 1
                    return true
                }
                state.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Gives the slot to the next waiting test, or back.
    func release() {
        let next = state.withLock { state in
            if state.waiting.isEmpty {
                state.free += 1
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}

extension Trait where Self == OffThePool {
    public static var offThePool: Self { OffThePool() }
}

/// Runs a test's jobs on a concurrent GCD queue of its own: GCD adds threads while others
/// block, where the cooperative pool never does.
public final class BlockingTestExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "app.tessera.tests.off-the-pool", attributes: .concurrent)

    public init() {}

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
