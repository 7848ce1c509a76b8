import Localization
import QueueCore
import TesseraFeatures

extension ReportCharts {
    /// The headline figures as eight tiles in two rows: issued, served, no-shows, cancelled or
    /// closed at day end; average wait, longest wait (and whose), share within target, and how
    /// often the quoted wait was within its band.
    public static func drawHeadline(_ sheet: ReportSheet, on cairo: OpaquePointer, in rect: ChartRect,
                                    style: ChartStyle = .paper) {
        let canvas = ChartCanvas(cairo: cairo, style: style)
        let total = sheet.total
        let longest = total.longestWait
        let quotes = total.quoteAccuracy
        let tiles: [(String, String, String)] = [
            (localized("Issued"), "\(total.issued)", total.open > 0 ? localized("%d still open", total.open) : ""),
            (localized("Served"), "\(total.completed)", localized("%d called", total.called)),
            (localized("No-shows"), "\(total.noShows)", ""),
            (localized("Cancelled"), "\(total.cancelled)", localized("%d closed at day end", total.closedAtDayEnd)),
            (localized("Average wait"), minutes(seconds: total.waitingTime.meanSeconds), localized("issue to first call")),
            (localized("Longest wait"), minutes(milliseconds: longest?.milliseconds),
             longest.map { sheet.range.dayCount > 1 ? "\($0.code), \($0.day)" : $0.code } ?? ""),
            (localized("Within %d min", sheet.targetWaitMinutes), ReportMinutes.percent(total.withinTargetShare).ifEmpty("–"),
             localized("%1$d of %2$d called", total.withinTarget, total.called)),
            (localized("Estimate kept"), ReportMinutes.percent(quotes?.withinBand).ifEmpty("–"),
             quotes.map { localized("of %d quoted waits", $0.count) } ?? localized("no quoted waits")),
        ]
        let gap = 8.0
        let columns = 4
        let width = (rect.width - gap * Double(columns - 1)) / Double(columns)
        let height = (rect.height - gap) / 2
        for (index, tile) in tiles.enumerated() {
            let box = ChartRect(x: rect.x + Double(index % columns) * (width + gap), y: rect.y + Double(index / columns) * (height + gap),
                                width: width, height: height)
            canvas.fill(box, style.tile)
            let inner = box.inset(left: 8, right: 6)
            canvas.text(canvas.fitted(tile.0, width: inner.width, size: 8), x: inner.x, y: box.y + 13, size: 8,
                        colour: style.mutedText)
            canvas.text(tile.1, x: inner.x, y: box.y + 34, size: canvas.fittingSize(tile.1, width: inner.width, size: 18, bold: true),
                        bold: true)
            let note = canvas.fittingSize(tile.2, width: inner.width, size: 7.5)
            canvas.text(canvas.fitted(tile.2, width: inner.width, size: note), x: inner.x, y: box.maxY - 7, size: note,
                        colour: style.mutedText)
        }
    }

    private static func minutes(seconds: Double?) -> String {
        seconds.map { localized("%s min", ReportMinutes.text(seconds: $0)) } ?? "–"
    }

    private static func minutes(milliseconds: Int64?) -> String {
        milliseconds.map { localized("%s min", ReportMinutes.text(milliseconds: $0)) } ?? "–"
    }
}

extension String {
    func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
