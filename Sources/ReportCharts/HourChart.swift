import Localization
import QueueCore
import TesseraFeatures

extension ReportCharts {
    /// Tickets issued and served in each hour (bars, left scale) and the average wait of the
    /// tickets issued in it (line, right scale, minutes) beside the target wait (dashed), from
    /// the first hour anyone was issued a ticket to the last. Every figure is in the hour the
    /// ticket was issued (`ReportFigures`), so the bars sum to the day's totals.
    public static func drawHours(_ sheet: ReportSheet, on cairo: OpaquePointer, in rect: ChartRect,
                                 style: ChartStyle = .paper) {
        let canvas = ChartCanvas(cairo: cairo, style: style)
        canvas.text(localized("Tickets and waits by hour of issue"), x: rect.x, y: rect.y + 11, size: 11, bold: true)
        let legendY = rect.y + 27
        var x = rect.x
        for (colour, label, isLine) in [(style.issued, localized("issued"), false), (style.served, localized("served"), false),
                                        (style.wait, localized("average wait (min)"), true),
                                        (style.target, localized("target %d min", sheet.targetWaitMinutes), true)] {
            if isLine {
                canvas.line([(x, legendY - 3), (x + 14, legendY - 3)], colour, width: 2, dashed: colour == style.target)
            } else {
                canvas.fill(ChartRect(x: x, y: legendY - 8, width: 10, height: 10), colour)
            }
            let labelX = x + (isLine ? 18 : 14)
            canvas.text(label, x: labelX, y: legendY, size: 8, colour: style.mutedText)
            x = labelX + canvas.width(of: label, size: 8) + 14
        }
        let plot = rect.inset(top: 50, left: 30, bottom: 18, right: 34)
        guard let firstHour = sheet.hours.first.flatMap({ Int($0.key.prefix(2)) }),
              let lastHour = sheet.hours.last.flatMap({ Int($0.key.prefix(2)) })
        else {
            canvas.text(localized("No tickets were issued."), x: plot.x + plot.width / 2, y: plot.y + plot.height / 2, size: 10,
                        colour: style.mutedText, alignment: .centre)
            return
        }
        let byHour = Dictionary(uniqueKeysWithValues: sheet.hours.compactMap { row in Int(row.key.prefix(2)).map { ($0, row.figures) } })
        let hours = Array(firstHour...lastHour)
        let countScale = Scale(maximum: Double(sheet.hours.map(\.figures.issued).max() ?? 0))
        let longestMean = sheet.hours.compactMap(\.figures.waitingTime.meanSeconds).max() ?? 0
        let minuteScale = Scale(maximum: max(longestMean / 60, Double(sheet.targetWaitMinutes)) * 1.1)
        drawAxes(canvas, plot: plot, counts: countScale, minutes: minuteScale)

        let slot = plot.width / Double(hours.count)
        let barWidth = min(18, slot * 0.36)
        var waitPoints: [(Double, Double)] = []
        for (index, hour) in hours.enumerated() {
            let centre = plot.x + slot * (Double(index) + 0.5)
            let figures = byHour[hour] ?? ReportFigures()
            for (offset, count, colour) in [(-barWidth, figures.issued, style.issued), (0, figures.completed, style.served)] {
                let height = plot.height * countScale.fraction(Double(count))
                canvas.fill(ChartRect(x: centre + offset, y: plot.maxY - height, width: barWidth, height: height), colour)
            }
            if let mean = figures.waitingTime.meanSeconds {
                waitPoints.append((centre, plot.maxY - plot.height * minuteScale.fraction(mean / 60)))
            }
            let label = ReportSheet.hourLabel(hour)
            let shown = slot >= canvas.width(of: label, size: 7) + 4 ? label : String(label.prefix(2))
            canvas.text(shown, x: centre, y: plot.maxY + 11, size: 7, colour: style.mutedText, alignment: .centre)
        }
        let targetY = plot.maxY - plot.height * minuteScale.fraction(Double(sheet.targetWaitMinutes))
        canvas.line([(plot.x, targetY), (plot.maxX, targetY)], style.target, width: 1, dashed: true)
        canvas.line(waitPoints, style.wait, width: 2)
        for point in waitPoints { canvas.dot(point.0, point.1, radius: 2.5, style.wait) }
    }

    /// Grid lines with the tickets' scale on the left and the minutes' on the right.
    private static func drawAxes(_ canvas: ChartCanvas, plot: ChartRect, counts: Scale, minutes: Scale) {
        for tick in counts.ticks {
            let y = plot.maxY - plot.height * counts.fraction(tick)
            canvas.line([(plot.x, y), (plot.maxX, y)], canvas.style.grid, width: 0.5)
            canvas.text(Scale.label(tick), x: plot.x - 4, y: y + 3, size: 7, colour: canvas.style.mutedText, alignment: .right)
        }
        for tick in minutes.ticks {
            let y = plot.maxY - plot.height * minutes.fraction(tick)
            canvas.text(Scale.label(tick), x: plot.maxX + 4, y: y + 3, size: 7, colour: canvas.style.wait)
        }
        canvas.line([(plot.x, plot.maxY), (plot.maxX, plot.maxY)], canvas.style.mutedText, width: 0.8)
        // The scales' names above them, inside the chart's rectangle.
        canvas.text(localized("tickets"), x: plot.x - 30, y: plot.y - 8, size: 7, colour: canvas.style.mutedText)
        canvas.text(localized("min"), x: plot.maxX + 34, y: plot.y - 8, size: 7, colour: canvas.style.wait, alignment: .right)
    }
}

/// An axis from 0 to a round number at or above the largest value, with 3 to 6 round ticks.
struct Scale {
    let top: Double
    let step: Double

    init(maximum: Double) {
        let wanted = max(maximum, 1) / 5
        var magnitude = 1.0
        while magnitude * 10 <= wanted { magnitude *= 10 }
        while magnitude > wanted { magnitude /= 10 }
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= wanted } ?? magnitude * 10
        self.step = max(step, 1)
        top = (max(maximum, 1) / self.step).rounded(.up) * self.step
    }

    var ticks: [Double] { stride(from: 0, through: top, by: step).map { $0 } }

    func fraction(_ value: Double) -> Double { top > 0 ? min(1, max(0, value / top)) : 0 }

    static func label(_ value: Double) -> String { "\(Int(value.rounded()))" }
}
