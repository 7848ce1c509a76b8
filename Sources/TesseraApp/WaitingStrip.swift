import GtkKit
import QueueStore

/// A line under the demo's kiosk with the waiting count per service, live: it follows the
/// store's change feed, so a ticket issued from another process (`tessera queue issue C`)
/// shows here within a fraction of a second.
@MainActor final class WaitingStrip {
    let root = Label()
    private let connection: QueueConnection
    private var subscription: ChangeSubscription?

    init(connection: QueueConnection) {
        self.connection = connection
        root.margins = EdgeInsets(all: 16)
        root.addCSSClass("dim-label")
        refresh()
    }

    /// Follows the store's change feed from now on (subscribing touches the database, so it
    /// happens off the GTK thread).
    func follow() async throws {
        subscription = try await connection.observeChanges { [weak self] in self?.refresh() }
        refresh()
    }

    /// The newest status shown so far: a slower, older read never overwrites a newer one.
    private var shownEventID: EventID?

    private func refresh() {
        Task { [weak self, connection] in
            guard let status = try? await connection.status(), let self else { return }
            if let shown = shownEventID, status.lastEventID < shown { return }
            shownEventID = status.lastEventID
            root.text = "Waiting now — " + status.services
                .map { "\($0.name): \($0.waiting)" }
                .joined(separator: "   ")
        }
    }
}
