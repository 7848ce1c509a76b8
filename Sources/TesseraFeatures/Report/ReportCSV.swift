import QueueCore

/// The report as one CSV table (RFC 4180: comma-separated, CRLF line ends, a field with a comma,
/// quote or line break in double quotes, a quote doubled), which a spreadsheet opens as it is.
///
/// The header row names the columns, always these, in this order:
/// `from,to,group,key,name,issued,called,served,no_shows,cancelled,closed_at_day_end,open,`
/// `mean_wait_minutes,longest_wait_minutes,within_target,within_target_share,mean_service_minutes,`
/// `quoted,quote_median_abs_error_minutes,quote_within_band,quote_under_estimated,quote_mean_bias_minutes`.
/// `from`/`to` are the range (the same on every row); `group` is `total` (one row, first), then
/// `day`, `hour`, `service`, `desk`, `staff`; `key` is the day, `09:00`, the service code, the
/// desk number or the staff id (empty for tickets never called, or called with no staff member);
/// counts are `ReportFigures`'; the rows of each group sum to the total row. Minutes have one
/// decimal, shares two (0.83); a figure with nothing to measure is empty.
public enum ReportCSV {
    public static let header = [
        "from", "to", "group", "key", "name", "issued", "called", "served", "no_shows", "cancelled", "closed_at_day_end",
        "open", "mean_wait_minutes", "longest_wait_minutes", "within_target", "within_target_share", "mean_service_minutes",
        "quoted", "quote_median_abs_error_minutes", "quote_within_band", "quote_under_estimated", "quote_mean_bias_minutes",
    ]

    public static func text(_ sheet: ReportSheet) -> String {
        let range = [sheet.range.first.description, sheet.range.last.description]
        var lines = [header]
        lines.append(range + ["total", "", sheet.storeName] + columns(sheet.total))
        for group in ReportSheet.Group.allCases {
            for row in sheet.rows(group) { lines.append(range + [group.rawValue, row.key, row.name] + columns(row.figures)) }
        }
        return lines.map { $0.map(field).joined(separator: ",") }.joined(separator: "\r\n") + "\r\n"
    }

    /// A field as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + String(text.flatMap { $0 == "\"" ? "\"\"" : String($0) }) + "\""
    }

    private static func columns(_ figures: ReportFigures) -> [String] {
        // The quote columns (see QuoteAccuracy): the band is ±max(20 %, 2 min), under is > 20 % under.
        let quotes = figures.quoteAccuracy
        let minutes = { (seconds: Double?) in ReportMinutes.text(seconds: seconds) }
        return ["\(figures.issued)", "\(figures.called)", "\(figures.completed)", "\(figures.noShows)", "\(figures.cancelled)",
                "\(figures.closedAtDayEnd)", "\(figures.open)", minutes(figures.waitingTime.meanSeconds),
                ReportMinutes.text(milliseconds: figures.longestWait?.milliseconds), "\(figures.withinTarget)",
                ReportMinutes.decimal(figures.withinTargetShare), minutes(figures.serviceTime.meanSeconds),
                "\(figures.quotes.count)", minutes(quotes?.medianAbsoluteError), ReportMinutes.decimal(quotes?.withinBand),
                ReportMinutes.decimal(quotes?.underEstimated), minutes(quotes?.meanBias)]
    }
}
