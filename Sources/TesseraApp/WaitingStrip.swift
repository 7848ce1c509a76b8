import GtkKit
import TesseraFeatures

/// A line under the demo's kiosk with the waiting count per service, live: bound to a
/// `QueueStatusModel`, so a ticket issued from another process (`tessera queue issue C`)
/// shows here within a fraction of a second.
@MainActor final class WaitingStrip {
    let root = Label()
    private let model: QueueStatusModel

    init(model: QueueStatusModel) {
        self.model = model
        root.margins = EdgeInsets(all: 16)
        // Full text colour: GTK's dim-label (55 % opacity) is 3.15:1 on the window background,
        // under the 4.5:1 a customer's text needs.
        model.onChange = { [weak self] in self?.update() }
        update()
    }

    private func update() {
        guard let status = model.status else { return }
        root.text = "Waiting now — " + status.services.map { "\($0.name): \($0.waiting)" }.joined(separator: "   ")
    }
}
