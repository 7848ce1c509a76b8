import Foundation

/// Runs blocking test work (minutes of store calls, a server crash) on a thread of its own and
/// waits for it without holding one of Swift's cooperative threads: there is one a core, and other
/// suites' async tests (the screen models, which await their store calls on that pool) starve
/// while long synchronous tests hold them all.
func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
