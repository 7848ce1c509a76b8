import Localization
import QueueCore
import TesseraFeatures

extension ReportCharts {
    /// The rows of a breakdown as a small table: issued, served, no-shows, cancelled, average
    /// and longest wait, share within target; as many rows as fit, then a count of the rest.
    public static func drawFigures(_ rows: [ReportSheet.Row], title: String, on cairo: OpaquePointer, in rect: ChartRect,
                                   style: ChartStyle = .paper) {
        let canvas = ChartCanvas(cairo: cairo, style: style)
        canvas.text(canvas.fitted(title, width: rect.width, size: 11, bold: true), x: rect.x, y: rect.y + 11, size: 11, bold: true)
        let headers = [localized("issued"), localized("served"), localized("no-shows"), localized("cancelled"),
                       localized("average wait (min)"), localized("longest (min)"), localized("within target")]
        let nameWidth = min(rect.width * 0.25, 140)
        let column = (rect.width - nameWidth) / Double(headers.count)
        let lineHeight = 13.0
        // Headers wrap onto two lines at most, bottom-aligned above the numbers.
        let headerLines = headers.map { Array(canvas.wrapped($0, width: column - 6, size: 7.5).prefix(2)) }
        var y = rect.y + 24 + 9 * Double(headerLines.map(\.count).max() ?? 1)
        for (index, lines) in headerLines.enumerated() {
            let right = rect.x + nameWidth + column * Double(index + 1) - 4
            for (number, line) in lines.enumerated() {
                canvas.text(canvas.fitted(line, width: column - 6, size: 7.5), x: right, y: y - 9 * Double(lines.count - 1 - number),
                            size: 7.5, colour: style.mutedText, alignment: .right)
            }
        }
        canvas.line([(rect.x, y + 4), (rect.maxX, y + 4)], style.grid, width: 0.8)
        let capacity = max(0, Int((rect.maxY - y - 4) / lineHeight))
        let shown = rows.count > capacity ? Array(rows.prefix(max(0, capacity - 1))) : rows
        for row in shown {
            y += lineHeight
            let figures = row.figures
            canvas.text(canvas.fitted(row.name, width: nameWidth - 6, size: 8), x: rect.x, y: y, size: 8)
            let cells = ["\(figures.issued)", "\(figures.completed)", "\(figures.noShows)", "\(figures.cancelled)",
                         ReportMinutes.text(seconds: figures.waitingTime.meanSeconds).ifEmpty("–"),
                         ReportMinutes.text(milliseconds: figures.longestWait?.milliseconds).ifEmpty("–"),
                         ReportMinutes.percent(figures.withinTargetShare).ifEmpty("–")]
            for (index, cell) in cells.enumerated() {
                canvas.text(cell, x: rect.x + nameWidth + column * Double(index + 1) - 4, y: y, size: 8, alignment: .right)
            }
        }
        if shown.count < rows.count {
            canvas.text(localizedPlural("and %d more (see the CSV)", "and %d more (see the CSV)", count: rows.count - shown.count),
                        x: rect.x, y: y + lineHeight, size: 8, colour: style.mutedText)
        }
    }
}
