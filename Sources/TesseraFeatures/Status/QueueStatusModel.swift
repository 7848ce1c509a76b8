import FoundationEssentials
import QueueStore

/// The queue at a glance, live: waiting counts per service and what every desk holds, re-read
/// whenever any process commits a change (the store's change feed). The demo's waiting line
/// shows it; the board will too.
@MainActor public final class QueueStatusModel {
    /// The newest status read so far; nil until the first read.
    public private(set) var status: QueueStatus? {
        didSet { if status != oldValue { onChange?() } }
    }
    public var onChange: (@MainActor () -> Void)?

    private let store: any QueueStore
    private let time: any TimeSource
    private var subscription: ChangeSubscription?

    public init(store: any QueueStore, time: any TimeSource) {
        self.store = store
        self.time = time
    }

    /// Reads the status now and after every change from now on. Subscribing touches the
    /// database, so it happens off the main thread.
    public func follow() async throws {
        let store = store
        subscription = try await Task.detached {
            try store.observe(after: store.lastEventID()) { _ in
                Task { @MainActor [weak self] in self?.refresh() }
            }
        }.value
        refresh()
    }

    public func stop() {
        subscription?.cancel()
        subscription = nil
    }

    private func refresh() {
        let store = store
        let instant = time.now()
        Task { [weak self] in
            guard let status = try? await Task.detached(operation: { try store.status(at: instant) }).value,
                  let self else { return }
            // Reads may finish out of order: an older one never replaces a newer one.
            if let shown = self.status, status.lastEventID < shown.lastEventID { return }
            self.status = status
        }
    }
}
