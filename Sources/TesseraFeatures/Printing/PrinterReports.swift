import QueueCore
import QueueStore

extension PrinterReport {
    /// How many of the newest printer reports are read: a few kiosks each report only changes,
    /// so this reaches back far beyond every kiosk's last word.
    static let window = 64

    /// What each kiosk's printer last reported, by kiosk name (empty: no kiosk with a printer
    /// ever reported), read by desks and the board on each change-feed batch through the
    /// store's index on event kinds. A report without a name comes from a kiosk that predates
    /// names: it counts only while no named report is newer (after an upgrade the kiosk names
    /// itself and its old report would otherwise stand for ever).
    public static func current(in store: any QueueStore) throws(StoreError) -> [PrinterReport] {
        var reports: [PrinterReport] = []
        var named = false
        for stored in try store.latestEvents(of: .printerReported, limit: window) {
            guard let report = PrinterReport(stored.event.details) else { continue }
            if report.terminal == nil, named { continue }
            named = named || report.terminal != nil
            if !reports.contains(where: { $0.terminal == report.terminal }) { reports.append(report) }
        }
        return reports.sorted { ($0.terminal ?? "") < ($1.terminal ?? "") }
    }

    /// The kiosk a copy is asked of when nobody names one, for the desk and `tessera queue
    /// reprint` alike: the first by name whose printer can print, so staff can predict it (nil:
    /// an unnamed kiosk from an older build, which every kiosk then answers, or none can print).
    public static func reprintKiosk(among reports: [PrinterReport]) -> String? {
        reports.first { $0.condition.canPrint }?.terminal
    }
}
