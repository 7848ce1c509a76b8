import FoundationEssentials
import Localization
import QueueCore
import QueueStore

/// The admin page's figures: today's or the last seven business days' report (`ReportSheet`,
/// the same one `tessera queue report` prints), read again after every change in the store, and
/// saved for a manager as the one-page PDF and the CSV, side by side in `folder`.
@MainActor public final class AdminFigures {
    /// The days the page shows.
    public enum Span: Sendable, Equatable {
        case today
        case lastSevenDays
    }

    public private(set) var span = Span.today
    public private(set) var sheet: ReportSheet?
    public private(set) var message: AdminMessage?
    public var onChange: (@MainActor () -> Void)?

    private let store: any QueueStore
    private let time: any TimeSource
    private let targetWaitMinutes: Int
    private let folder: String
    /// Writes a sheet as the one-page PDF (the chart module's, which this layer cannot see).
    private let writePDF: @Sendable (ReportSheet, String) throws -> Void

    public init(store: any QueueStore, time: any TimeSource, targetWaitMinutes: Int, folder: String,
                writePDF: @escaping @Sendable (ReportSheet, String) throws -> Void) {
        self.store = store
        self.time = time
        self.targetWaitMinutes = targetWaitMinutes
        self.folder = folder
        self.writePDF = writePDF
    }

    public func show(_ span: Span) async {
        self.span = span
        await reload()
    }

    public func reload() async {
        let (store, now, target, span) = (store, time.now(), targetWaitMinutes, span)
        do {
            sheet = try await Blocking.run { () throws(StoreError) -> ReportSheet in
                let today = try store.configuration().calendar.businessDay(containing: Instant(now))
                let first = span == .today ? today : BusinessDay(daysSinceEpoch: today.daysSinceEpoch - 6)
                return try ReportSheet.load(from: store, range: ReportRange(first: first, last: today)!, targetWaitMinutes: target)
            }
        } catch {
            message = .refused(QueueWords.describe(error))
        }
        onChange?()
    }

    /// Writes `tessera-report-FIRST[_LAST].pdf` and `.csv` into the folder; says where.
    @discardableResult
    public func save() async -> Bool {
        guard let sheet else { return false }
        let (folder, writePDF) = (folder, writePDF)
        let range = sheet.range
        let name = range.first == range.last ? "tessera-report-\(range.first)" : "tessera-report-\(range.first)_\(range.last)"
        let base = folder + "/" + name
        let saved: Bool
        do {
            try await Blocking.run {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try writePDF(sheet, base + ".pdf")
                try Data(ReportCSV.text(sheet).utf8).write(to: URL(fileURLWithPath: base + ".csv"))
            }
            message = .done(localized("Saved %1$s.pdf and %1$s.csv", base))
            saved = true
        } catch {
            message = .refused(localized("The report could not be saved in %1$s: %2$s", folder, "\(error)"))
            saved = false
        }
        onChange?()
        return saved
    }

    /// Where the page saves reports when nothing else is said: the user's data folder
    /// (`$XDG_DATA_HOME/tessera/reports`, by default `~/.local/share/tessera/reports`).
    public nonisolated static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share")
        return data + "/tessera/reports"
    }
}
