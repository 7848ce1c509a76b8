import GtkKit
import QueueStore

/// A line under the demo's kiosk with the waiting count per service, live: it follows the
/// store's change feed, so a ticket issued from another process (`tessera queue issue C`)
/// shows here within a fraction of a second.
@MainActor final class WaitingStrip {
    let root = Label()
    private let connection: QueueConnection
    private var subscription: ChangeSubscription?

    init(connection: QueueConnection) throws {
        self.connection = connection
        root.margins = EdgeInsets(all: 16)
        root.addCSSClass("dim-label")
        subscription = try connection.observeChanges { [weak self] in self?.refresh() }
        refresh()
    }

    private func refresh() {
        Task { [weak self, connection] in
            guard let status = try? await connection.status() else { return }
            self?.root.text = "Waiting now — " + status.services
                .map { "\($0.name): \($0.waiting)" }
                .joined(separator: "   ")
        }
    }
}
