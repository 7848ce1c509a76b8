import Foundation
import QueueStore
import Synchronization

/// Runs blocking test work (minutes of store calls, a server crash) on a thread of its own and
/// waits for it without holding one of Swift's cooperative threads: there is one a core, and other
/// suites' async tests (the screen models, which await their store calls on that pool) starve
/// while long synchronous tests hold them all.
func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A store command started on a thread of its own, so that a test can watch whether it waits
/// (for another connection's lock) while the test goes on.
final class PendingCommand: Sendable {
    private let result = Mutex<Result<CommandResult, StoreError>?>(nil)

    init(_ work: @escaping @Sendable () throws(StoreError) -> CommandResult) {
        Thread { [self] in
            let outcome = Result { () throws(StoreError) in try work() }
            result.withLock { $0 = outcome }
        }.start()
    }

    /// Nil while the command runs.
    var outcome: Result<CommandResult, StoreError>? { result.withLock { $0 } }
    var isFinished: Bool { outcome != nil }
}
