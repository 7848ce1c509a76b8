/// Lets a test decide when a loading action finishes: the action awaits `wait()`, the test
/// calls `open()` or `fail(_:)`. Counts how often the action started.
@MainActor final class ActionGate {
    private var continuation: CheckedContinuation<Void, any Error>?
    private(set) var starts = 0
    private(set) var sawCancellation = false

    struct Failure: Error, Equatable { var message: String }

    /// The action body.
    func wait() async throws {
        starts += 1
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { self.continuation = $0 }
            } onCancel: {
                Task { @MainActor in self.cancel() }
            }
        } catch is CancellationError {
            sawCancellation = true
            throw CancellationError()
        }
    }

    var isWaiting: Bool { continuation != nil }

    func open() { resume(with: .success(())) }
    func fail(_ message: String) { resume(with: .failure(Failure(message: message))) }
    private func cancel() { resume(with: .failure(CancellationError())) }

    private func resume(with result: Result<Void, any Error>) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(with: result)
    }
}
