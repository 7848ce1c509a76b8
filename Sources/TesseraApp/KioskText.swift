import GtkKit

/// Text sizes on the customer screens, for a person standing a metre away: every line a
/// customer must read is at least 24 px (18 pt at 96 dpi). Pango markup rather than CSS: the
/// one app-wide stylesheet belongs to TesseraStyle, and GTK's title classes stop at 20 px.
enum KioskText {
    enum Size: Int {
        case code = 120, title = 36, large = 28, button = 20, buttonDetail = 18
    }

    /// A service button's words: its name, and under it in smaller type the wait a ticket taken
    /// now would get ("about 5 min"), when it is known.
    @MainActor static func setButton(_ label: Label, name: String, detail: String?) {
        let lines = [markup(name, .button)] + (detail.map { [markup($0, .buttonDetail, bold: false)] } ?? [])
        label.setMarkup(lines.joined(separator: "\n"))
    }

    @MainActor static func set(_ label: Label, _ text: String, _ size: Size, bold: Bool = true, tabular: Bool = false) {
        label.setMarkup(markup(text, size, bold: bold, tabular: tabular))
    }

    private static func markup(_ text: String, _ size: Size, bold: Bool = true, tabular: Bool = false) -> String {
        let features = tabular ? " font_features='tnum'" : ""
        return "<span size='\(size.rawValue)pt' weight='\(bold ? "bold" : "normal")'\(features)>" + Markup.escaped(text) + "</span>"
    }
}
