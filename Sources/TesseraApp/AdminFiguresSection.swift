import CGtk
import GtkKit
import Localization
import ReportCharts
import TesseraFeatures
import TesseraStyle

/// The admin page's figures: the manager's one-page report (the PDF's own drawing, by
/// `ReportCharts`) for today or the last seven days, read again as the store changes, and saved
/// as that PDF and its CSV.
@MainActor final class AdminFiguresSection {
    private enum Layout {
        /// The page is drawn at A4's shape, this wide on screen: its 8.5 pt footnotes at 12 px.
        static let width: Int32 = 840
    }

    let root = Box(orientation: .vertical, spacing: 12)
    let figures: AdminFigures
    let page = DrawingArea()
    private var spanButtons: [(AdminFigures.Span, StyledButton)] = []
    private var save: StyledButton!
    private var reading = false
    /// After every reading or save: the page's one message may have changed.
    var onChange: (@MainActor () -> Void)?

    init(figures: AdminFigures) {
        self.figures = figures
        root.append(AdminField.heading(localized("The day's figures")))
        let row = Box(orientation: .horizontal, spacing: 10)
        for (span, title) in [(AdminFigures.Span.today, localized("Today")), (.lastSevenDays, localized("Last 7 days"))] {
            let button = StyledButton(title, style: .secondary, context: .desk).onClicked { [weak self] in
                Task { await self?.figures.show(span) }
            }
            spanButtons.append((span, button))
            row.append(button.widget)
        }
        save = StyledButton(localized("Save as PDF and CSV"), style: .secondary, context: .desk).onClicked { [weak self] in
            Task { await self?.figures.save() }
        }
        row.append(save.widget)
        root.append(row)
        let width = Double(Layout.width), height = width * ReportPDF.pageHeight / ReportPDF.pageWidth
        page.setContentSize(width: Layout.width, height: Int32(height.rounded(.up)))
        page.halign = .start
        page.accessibleLabel = localized("Charts of the figures: tickets and waits by hour, the share served within the target wait")
        page.onDraw { [weak self] cairo, width, _ in
            guard let sheet = self?.figures.sheet else { return }
            let scale = Double(width) / ReportPDF.pageWidth
            cairo_save(cairo)
            cairo_scale(cairo, scale, scale)
            ReportPDF.drawPage(sheet, on: cairo, width: ReportPDF.pageWidth, height: ReportPDF.pageHeight)
            cairo_restore(cairo)
        }
        root.append(page)
        figures.onChange = { [weak self] in self?.redraw() }
    }

    /// Reads the figures again (a change in the store moved them), one reading at a time.
    func refresh() {
        guard !reading else { return }
        reading = true
        Task {
            await figures.reload()
            reading = false
        }
    }

    private func redraw() {
        for (span, button) in spanButtons {
            if span == figures.span { button.style(.primary) } else { button.style(.secondary) }
        }
        page.queueDraw()
        onChange?()
    }
}
