import QueueCore

/// The report as `queue report --json` prints it: the range and target, the total, and each
/// breakdown as a list of rows in `ReportSheet`'s order (`{"key", "name", "figures"}`; the key
/// is empty for tickets never called, or called with no staff member named).
public struct ReportJSON: Encodable, Sendable {
    public struct Row: Encodable, Sendable {
        let key: String
        let name: String
        let colour: String?
        let figures: ReportFigures
    }

    let store: String
    let from: BusinessDay
    let to: BusinessDay
    let targetWaitMinutes: Int
    let total: ReportFigures
    let days: [Row]
    let hours: [Row]
    let services: [Row]
    let desks: [Row]
    let staff: [Row]

    public init(_ sheet: ReportSheet) {
        let rows = { (group: ReportSheet.Group) in
            sheet.rows(group).map { Row(key: $0.key, name: $0.name, colour: $0.colour, figures: $0.figures) }
        }
        store = sheet.storeName
        from = sheet.range.first
        to = sheet.range.last
        targetWaitMinutes = sheet.targetWaitMinutes
        total = sheet.total
        days = rows(.day)
        hours = rows(.hour)
        services = rows(.service)
        desks = rows(.desk)
        staff = rows(.staff)
    }
}
