import Dispatch

/// Blocking work (a store call, which may wait up to its reconnect timeout for a lost server; a
/// printer) on a thread of its own, never on Swift's cooperative pool: that pool has one thread
/// a core, and a few store calls waiting for a PostgreSQL server left every other task of the
/// process waiting behind them (a model test saw a minute of it).
public enum Blocking {
    /// Runs `work` on a GCD serial queue of its own, which targets the overcommitting root
    /// queue: it gets a thread even while others block.
    public nonisolated(nonsending) static func run<Value: Sendable, Failure: Error>(
        _ work: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
            DispatchQueue(label: "app.tessera.blocking").async {
                continuation.resume(returning: Result(catching: work))
            }
        }
        return try result.get()
    }

    /// Starts `work` and does not wait for it.
    public static func start(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "app.tessera.blocking").async(execute: work)
    }
}
