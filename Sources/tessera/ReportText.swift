import Localization
import QueueCore
import TesseraFeatures

/// `queue report` as text: the headline figures in sentences, then one table of every
/// breakdown, waits in minutes.
enum ReportText {
    static func text(_ sheet: ReportSheet) -> String {
        let total = sheet.total
        var lines = [localized("Report for %1$s, %2$s (target wait %3$d min)", sheet.storeName, sheet.range.description,
                               sheet.targetWaitMinutes)]
        lines.append(localized("Issued %1$d, called %2$d, served %3$d, no-shows %4$d, cancelled %5$d, closed at day end %6$d, open %7$d",
                               total.issued, total.called, total.completed, total.noShows, total.cancelled, total.closedAtDayEnd,
                               total.open))
        if let longest = total.longestWait {
            lines.append(localized("Average wait %1$s min, longest %2$s min (%3$s on %4$s); %5$s called within %6$d min",
                                   ReportMinutes.text(seconds: total.waitingTime.meanSeconds),
                                   ReportMinutes.text(milliseconds: longest.milliseconds), longest.code, longest.day,
                                   ReportMinutes.percent(total.withinTargetShare), sheet.targetWaitMinutes))
        }
        if let quotes = total.quoteAccuracy {
            lines.append(localized("Quoted waits: %1$d compared, median error %2$s min, %3$s within the band, %4$s under-estimated",
                                   quotes.count, ReportMinutes.text(seconds: quotes.medianAbsoluteError),
                                   ReportMinutes.percent(quotes.withinBand), ReportMinutes.percent(quotes.underEstimated)))
        }
        // The columns' names stay the command's own tokens, as the CSV's do: scripts read them.
        let header = ["group", "key", "name", "issued", "called", "served", "no-shows", "cancelled", "day-end", "open",
                      "wait min", "longest min", "in target", "service min", "quoted", "quote error min", "in band", "under",
                      "bias min"]
        var table = [header]
        for group in ReportSheet.Group.allCases {
            table += sheet.rows(group).map { [group.rawValue, $0.key.isEmpty ? "-" : $0.key, $0.name] + columns($0.figures) }
        }
        table.append(["total", "-", sheet.storeName] + columns(total))
        return (lines + [""] + alignedLines(table)).joined(separator: "\n")
    }

    private static func columns(_ figures: ReportFigures) -> [String] {
        // The quote columns (see QuoteAccuracy): the band is ±max(20 %, 2 min), under is > 20 % under.
        let quotes = figures.quoteAccuracy
        let minutes = { (seconds: Double?) in ReportMinutes.text(seconds: seconds) }
        return ["\(figures.issued)", "\(figures.called)", "\(figures.completed)", "\(figures.noShows)", "\(figures.cancelled)",
                "\(figures.closedAtDayEnd)", "\(figures.open)", minutes(figures.waitingTime.meanSeconds),
                ReportMinutes.text(milliseconds: figures.longestWait?.milliseconds), ReportMinutes.percent(figures.withinTargetShare),
                minutes(figures.serviceTime.meanSeconds), "\(figures.quotes.count)", minutes(quotes?.medianAbsoluteError),
                ReportMinutes.percent(quotes?.withinBand), ReportMinutes.percent(quotes?.underEstimated), minutes(quotes?.meanBias)]
    }
}
