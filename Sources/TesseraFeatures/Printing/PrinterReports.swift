import QueueCore
import QueueStore

extension PrinterReport {
    /// What a kiosk's printer last reported (nil: no kiosk with a printer ever did), read by
    /// desks and the board on each change-feed batch through the store's index on event kinds.
    static func latest(in store: any QueueStore) throws(StoreError) -> PrinterReport? {
        try store.latestEvent(of: .printerReported).flatMap { PrinterReport($0.event.details) }
    }
}
