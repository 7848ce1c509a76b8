import GtkKit

/// Text sizes on the customer screens, for a person standing a metre away: every line a
/// customer must read is at least 24 px (18 pt at 96 dpi). Pango markup rather than CSS: the
/// one app-wide stylesheet belongs to TesseraStyle, and GTK's title classes stop at 20 px.
/// Large text multiplies every size by `largeScale`, as the stylesheet does the buttons' own text.
enum KioskText {
    enum Size: Int {
        case code = 120, title = 36, large = 28, button = 20, buttonDetail = 18
    }

    /// The same as `StyleProvider.largeTextScale`, so a label grows as much as a button's text.
    static let largeScale = 1.5

    /// A service button's words: its name, and under it in smaller type the wait a ticket taken
    /// now would get ("about 5 min") or why it gives none, when there is something to say.
    @MainActor static func setButton(_ label: Label, name: String, detail: String?, scale: Double = 1) {
        let lines = [markup(name, .button, scale: scale)]
            + (detail.map { [markup($0, .buttonDetail, bold: false, scale: scale)] } ?? [])
        label.setMarkup(lines.joined(separator: "\n"))
    }

    @MainActor static func set(_ label: Label, _ text: String, _ size: Size, bold: Bool = true, tabular: Bool = false,
                               scale: Double = 1) {
        label.setMarkup(markup(text, size, bold: bold, tabular: tabular, scale: scale))
    }

    private static func markup(_ text: String, _ size: Size, bold: Bool = true, tabular: Bool = false,
                               scale: Double = 1) -> String {
        let features = tabular ? " font_features='tnum'" : ""
        let points = Int((Double(size.rawValue) * scale).rounded())
        return "<span size='\(points)pt' weight='\(bold ? "bold" : "normal")'\(features)>" + Markup.escaped(text) + "</span>"
    }
}
