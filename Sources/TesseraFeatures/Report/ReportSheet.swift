import Localization
import QueueCore
import QueueStore

/// QueueCore's report with what people read beside the figures (the store's name, service, desk
/// and staff names, the target wait), as ordered rows: what `queue report` prints as text, CSV,
/// JSON and PDF, and what a screen draws with `ReportCharts`. Every breakdown's rows sum to
/// `total` (`QueueReport`'s rule: each ticket is in one row of each).
public struct ReportSheet: Sendable {
    /// The breakdowns, in the order they are printed.
    public enum Group: String, Sendable, CaseIterable {
        case day, hour, service, desk, staff
    }

    /// One row of a breakdown: its key as scripts use it (`C`, `2`, `09:00`, a staff id, a day;
    /// empty for the row of never-called tickets), the name people read, and its figures.
    public struct Row: Sendable {
        public var group: Group
        public var key: String
        public var name: String
        /// The service's `#RRGGBB` colour; nil for other groups.
        public var colour: String?
        public var figures: ReportFigures
    }

    public var storeName: String
    public var range: ReportRange
    public var targetWaitMinutes: Int
    public var total: ReportFigures
    public var days: [Row]
    /// Only hours in which tickets were issued.
    public var hours: [Row]
    public var services: [Row]
    public var desks: [Row]
    public var staff: [Row]

    public init(report: QueueReport, configuration: StoreConfiguration, desks deskList: [Desk]) {
        storeName = configuration.storeName
        range = report.range
        targetWaitMinutes = Int(report.targetWaitMilliseconds / 60_000)
        total = report.total
        days = report.byDay.sorted { $0.key < $1.key }.map {
            Row(group: .day, key: $0.key.description, name: $0.key.description, figures: $0.value)
        }
        hours = report.byHour.sorted { $0.key < $1.key }.map {
            Row(group: .hour, key: Self.hourLabel($0.key), name: Self.hourLabel($0.key), figures: $0.value)
        }
        services = report.byService.sorted { $0.key < $1.key }.map { code, figures in
            // A service removed since keeps its code as its name.
            let service = configuration.services[code]
            return Row(group: .service, key: code.rawValue, name: service?.name ?? code.rawValue, colour: service?.colour,
                       figures: figures)
        }
        let deskNames = Dictionary(deskList.map { ($0.number, $0.name) }, uniquingKeysWith: { first, _ in first })
        desks = report.byDesk.sorted { ($0.key?.rawValue ?? Int.max) < ($1.key?.rawValue ?? Int.max) }.map { number, figures in
            guard let number else { return Row(group: .desk, key: "", name: localized("not called"), figures: figures) }
            return Row(group: .desk, key: "\(number.rawValue)", name: deskNames[number] ?? Desk.defaultName(number),
                       figures: figures)
        }
        staff = report.byStaff.sorted { ($0.key?.rawValue ?? Int.max) < ($1.key?.rawValue ?? Int.max) }.map { id, figures in
            guard let id else { return Row(group: .staff, key: "", name: localized("no staff member"), figures: figures) }
            return Row(group: .staff, key: "\(id.rawValue)", name: report.staffNames[id] ?? localized("staff %d", id.rawValue),
                       figures: figures)
        }
    }

    /// The sheet for `range` from `store`, in one read of the report and one of the names.
    public static func load(from store: any QueueStore, range: ReportRange, targetWaitMinutes: Int) throws(StoreError)
        -> ReportSheet
    {
        let report = try store.report(range, targetWaitMilliseconds: Int64(targetWaitMinutes) * 60_000)
        return ReportSheet(report: report, configuration: try store.configuration(), desks: try store.desks())
    }

    /// The rows of one breakdown.
    public func rows(_ group: Group) -> [Row] {
        switch group {
        case .day: days
        case .hour: hours
        case .service: services
        case .desk: desks
        case .staff: staff
        }
    }

    /// `09:00` for hour 9.
    public static func hourLabel(_ hour: Int) -> String { hour < 10 ? "0\(hour):00" : "\(hour):00" }
}

/// Durations as people read them in the report: minutes.
public enum ReportMinutes {
    /// Milliseconds as minutes with one decimal (`6.5`); empty for nil.
    public static func text(milliseconds: Int64?) -> String {
        guard let milliseconds else { return "" }
        let tenths = (abs(milliseconds) + 3000) / 6000  // rounded to the nearest tenth of a minute
        return (milliseconds < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }

    /// Seconds (a mean) as minutes with one decimal; empty for nil.
    public static func text(seconds: Double?) -> String {
        seconds.map { text(milliseconds: Int64(($0 * 1000).rounded())) } ?? ""
    }

    /// A share (0…1) with two decimals, `0.83`, as spreadsheets read it; empty for nil.
    public static func decimal(_ share: Double?) -> String {
        guard let share else { return "" }
        let hundredths = Int((share * 100).rounded())
        return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
    }

    /// A share (0…1) as a whole percentage, `83%`; empty for nil.
    public static func percent(_ share: Double?) -> String {
        share.map { "\(Int(($0 * 100).rounded()))%" } ?? ""
    }
}
