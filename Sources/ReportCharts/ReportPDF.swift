import CCairo
import Localization
import QueueCore
import TesseraFeatures

/// The report as one A4 page for a manager: a title with the store and the range, the
/// headline figures, tickets and waits by hour, and the share called within the target wait
/// per service, desk and staff member (`ReportCharts`), through cairo's PDF surface.
public enum ReportPDF {
    /// A4 in PostScript points.
    public static let pageWidth = 595.276
    public static let pageHeight = 841.89

    /// Writes the page to `path` (replacing any file there).
    public static func write(_ sheet: ReportSheet, to path: String) throws(ReportPDFError) {
        guard let surface = cairo_pdf_surface_create(path, pageWidth, pageHeight) else { throw ReportPDFError(CAIRO_STATUS_NO_MEMORY) }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface))
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title(sheet))
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "Tessera")
        guard let cairo = cairo_create(surface) else { throw ReportPDFError(CAIRO_STATUS_NO_MEMORY) }
        drawPage(sheet, on: cairo, width: pageWidth, height: pageHeight)
        cairo_show_page(cairo)
        let drawn = cairo_status(cairo)
        cairo_destroy(cairo)
        try check(drawn)
        cairo_surface_finish(surface)
        try check(cairo_surface_status(surface))
    }

    /// The whole page on any context `width` × `height` (a PDF page, or a preview on screen).
    public static func drawPage(_ sheet: ReportSheet, on cairo: OpaquePointer, width: Double, height: Double,
                                style: ChartStyle = .paper) {
        let canvas = ChartCanvas(cairo: cairo, style: style)
        canvas.fill(ChartRect(x: 0, y: 0, width: width, height: height), style.background)
        let margin = 40.0
        let page = ChartRect(x: margin, y: margin, width: width - 2 * margin, height: height - 2 * margin)
        canvas.text(canvas.fitted(title(sheet), width: page.width, size: 17, bold: true), x: page.x, y: page.y + 16, size: 17,
                    bold: true)
        let target = localized("Target wait %d min: a ticket counts within target when it was called that soon after it was issued.",
                               sheet.targetWaitMinutes)
        canvas.text(canvas.fitted(target, width: page.width, size: 8.5), x: page.x, y: page.y + 33, size: 8.5, colour: style.mutedText)
        ReportCharts.drawHeadline(sheet, on: cairo, in: ChartRect(x: page.x, y: page.y + 46, width: page.width, height: 110),
                                  style: style)
        ReportCharts.drawHours(sheet, on: cairo, in: ChartRect(x: page.x, y: page.y + 176, width: page.width, height: 230),
                               style: style)
        // The share charts as tall as their rows, services beside desks, staff below; any
        // rows past the page's end are counted in a chart's last line.
        let column = (page.width - 24) / 2
        let within = { (by: String) in localized("Called within %1$d min, by %2$s", sheet.targetWaitMinutes, by) }
        let top = page.y + 426
        let firstRow = min(max(ReportCharts.withinTargetHeight(sheet.services), ReportCharts.withinTargetHeight(sheet.desks)), 160)
        ReportCharts.drawWithinTarget(sheet.services, title: within(localized("service")), on: cairo,
                                      in: ChartRect(x: page.x, y: top, width: column, height: firstRow), style: style)
        ReportCharts.drawWithinTarget(sheet.desks, title: within(localized("desk")), on: cairo,
                                      in: ChartRect(x: page.x + column + 24, y: top, width: column, height: firstRow), style: style)
        let staffTop = top + firstRow + 14
        let footTop = page.maxY - 30
        let staffHeight = min(ReportCharts.withinTargetHeight(sheet.staff), 22 + 8 * 17 + 6, footTop - staffTop)
        ReportCharts.drawWithinTarget(sheet.staff, title: within(localized("staff member")), on: cairo,
                                      in: ChartRect(x: page.x, y: staffTop, width: page.width, height: staffHeight), style: style)
        // The figures behind the charts: per day for a range, per service for one day.
        let tableTop = staffTop + staffHeight + 14
        if footTop - tableTop > 60 {
            let byDay = sheet.range.dayCount > 1
            ReportCharts.drawFigures(byDay ? sheet.days : sheet.services,
                                     title: byDay ? localized("Figures by day") : localized("Figures by service"), on: cairo,
                                     in: ChartRect(x: page.x, y: tableTop, width: page.width, height: footTop - tableTop), style: style)
        }
        let rule = localized("Each ticket counts once: in the hour it was issued, for the service it was issued for, at the desk and with the staff member of its latest call.")
        let ruleLines = canvas.wrapped(rule, width: page.width, size: 7)
        for (index, line) in ruleLines.enumerated() {
            canvas.text(line, x: page.x, y: page.maxY - 4 - Double(ruleLines.count - 1 - index) * 9, size: 7, colour: style.mutedText)
        }
    }

    /// "Queue report: Store, 2026-03-02 to 2026-03-06".
    static func title(_ sheet: ReportSheet) -> String {
        localized("Queue report: %1$s, %2$s", sheet.storeName, sheet.range.description)
    }

    private static func check(_ status: cairo_status_t) throws(ReportPDFError) {
        guard status == CAIRO_STATUS_SUCCESS else { throw ReportPDFError(status) }
    }
}

/// Cairo could not write the PDF (the file's directory is missing or not writable, the disk
/// is full…): its own words.
public struct ReportPDFError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ status: cairo_status_t) {
        description = String(cString: cairo_status_to_string(status))
    }
}
