import Localization
import QueueCore
import TesseraFeatures

/// The report's charts, drawn on any `cairo_t` (a PDF page, a GtkDrawingArea's draw function):
/// Cairo calls only, no GTK. Each draws inside `rect` and leaves the context's state as it was.
public enum ReportCharts {
    /// The share of called tickets called within the target wait, one bar per row of a
    /// breakdown (`sheet.services`, `.desks`, `.staff`), with "83% of 24" beside it. Rows with
    /// no call (the desk row of tickets never called) have no share and are left out; when more
    /// rows than fit, the busiest are drawn and the rest counted in a last line.
    /// The height `drawWithinTarget` needs to draw `rows` without leaving any out.
    public static func withinTargetHeight(_ rows: [ReportSheet.Row]) -> Double {
        22 + Double(max(1, rows.count { $0.figures.called > 0 })) * rowHeight + 6
    }

    static let rowHeight = 17.0

    public static func drawWithinTarget(_ rows: [ReportSheet.Row], title: String, on cairo: OpaquePointer, in rect: ChartRect,
                                        style: ChartStyle = .paper) {
        let canvas = ChartCanvas(cairo: cairo, style: style)
        canvas.text(canvas.fitted(title, width: rect.width, size: 11, bold: true), x: rect.x, y: rect.y + 11, size: 11, bold: true)
        let called = rows.filter { $0.figures.called > 0 }
        let area = rect.inset(top: 22)
        guard !called.isEmpty else {
            canvas.text(localized("No tickets were called."), x: area.x, y: area.y + 14, size: 9, colour: style.mutedText)
            return
        }
        let capacity = max(1, Int(area.height / rowHeight))
        var shown = called
        var hidden = 0
        if called.count > capacity {
            let busiest = Set(called.sorted { $0.figures.called > $1.figures.called }.prefix(capacity - 1).map(\.key))
            shown = called.filter { busiest.contains($0.key) }
            hidden = called.count - shown.count
        }
        let nameWidth = min(area.width * 0.36, 140)
        let figureWidth = canvas.width(of: "100% of 9999", size: 8) + 6
        let barX = area.x + nameWidth + 6
        let barWidth = max(10, area.width - nameWidth - 6 - figureWidth)
        for (index, row) in shown.enumerated() {
            let top = area.y + Double(index) * rowHeight
            let baseline = top + 11
            canvas.text(canvas.fitted(row.name, width: nameWidth, size: 8.5), x: area.x, y: baseline, size: 8.5)
            let share = row.figures.withinTargetShare ?? 0
            let bar = ChartRect(x: barX, y: top + 2, width: barWidth, height: 11)
            canvas.fill(bar, style.track)
            canvas.fill(ChartRect(x: bar.x, y: bar.y, width: bar.width * share, height: bar.height),
                        row.colour.flatMap(ChartColour.init(hex:)) ?? style.share)
            canvas.text(localized("%1$s of %2$d", ReportMinutes.percent(share), row.figures.called), x: bar.maxX + 5, y: baseline,
                        size: 8, colour: style.mutedText)
        }
        if hidden > 0 {
            canvas.text(localizedPlural("and %d more (see the CSV)", "and %d more (see the CSV)", count: hidden),
                        x: area.x, y: area.y + Double(shown.count) * rowHeight + 11, size: 8, colour: style.mutedText)
        }
    }
}
